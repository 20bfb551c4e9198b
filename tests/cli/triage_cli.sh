# jetgate triage: options, unreadable input, stdin, the example reports
# (tests/data/examples-reports) through the CLI, JSON inputs, and a 100 MB paste in bounded time
# and memory.
. "$(dirname "$0")/lib.sh.inc"
D="$JG_SOURCE_DIR/tests/data"
X="$D/examples-reports"
[ -d "$X" ] || { echo "FAIL: $X missing: the example reports are required" >&2; exit 1; }

expect_rc 0 "$JETGATE" triage --help
for o in --json --help; do expect_out " $o"; done
expect_out "collect_env"
expect_rc 2 "$JETGATE" triage
expect_rc 2 "$JETGATE" triage a b
expect_rc 2 "$JETGATE" triage --frobnicate x
expect_rc 2 "$JETGATE" triage "$T/none.txt"
expect_err "jetgate: triage: $T/none.txt: No such file or directory"
: >"$T/empty.txt"
expect_rc 2 "$JETGATE" triage "$T/empty.txt"
expect_err "empty input"
expect_rc 2 "$JETGATE" triage "$T"

# Every example report blocks CUDA and names the README's layer first.
for f in "$X"/*.txt; do
  layer=$(grep -F "| $(basename "$f") |" "$X/README.md" | awk -F'|' '{gsub(/ /, "", $5); print $5}')
  [ -n "$layer" ] || fail "$(basename "$f"): no README row"
  # #12's paste shows no container or Jetson (see test_triage_reports.c): not a guess
  case $(basename "$f") in 12-docker-build-*) layer=cuda-libraries ;; esac
  expect_rc 1 "$JETGATE" triage --json "$f"
  top=$(grep -m1 '"layer":' "$T/out" | sed 's/.*"layer": "\(.*\)",*/\1/')
  [ "$top" = "$layer" ] || fail "$(basename "$f"): top layer '$top', README '$layer'"
done

# Standard input, human output.
expect_rc 1 "$JETGATE" triage - <"$X/16-amd64-image-on-xavier.txt"
expect_out "^input: text, 2 line(s)$"
expect_out "Most likely cause: container-runtime"
expect_out "docker run --platform=linux/arm64"

# JSON inputs: a healthy facts document passes (exit 0), an evidence record is read.
expect_rc 0 "$JETGATE" triage --json "$D/facts/orin-jp62-live-healthy.json"
expect_out '"kind": "facts"'
expect_out '"healthy": true'
expect_rc 1 "$JETGATE" triage --json "$D/reports/evidence-cpu-torch.json"
expect_out '"kind": "evidence"'
expect_rc 0 "$JETGATE" triage - <"$JG_SOURCE_DIR/tests/golden/facts/agx-orin-64gb-jp62.json"
expect_out "^input: facts"

# Nothing identifying is echoed from the paste.
expect_rc 1 "$JETGATE" triage --json "$D/reports/scrub-home-and-prompt.txt"
grep -q jason "$T/out" && fail "a user name was echoed"

# 100 MB paste: streamed; time and peak memory are measured and bounded (under ASan
# its free-memory quarantine is capped, or the allocator's own hoard would be measured).
# Under valgrind (JG_VALGRIND=1) the paste is 2 MB and only memory errors are
# checked: time and RSS there are valgrind's; the other lanes enforce the bounds.
# The same under an emulator (JG_EMULATOR, the aarch64 suite under qemu-user).
big="$T/big.txt" size=100000000
[ "${JG_VALGRIND:-0}" = 1 ] && size=2000000
[ -n "${JG_EMULATOR:-}" ] && size=2000000
{ cat "$X/19-nonroot-user-in-container-no-video-group.txt"
  yes 'Traceback: File "x.py", line 1: ImportError: libcudart.so.12: cannot open shared object file' | head -c $size
  head -c 200000 /dev/zero | tr '\0' 'y'; echo; } >"$big"
command -v python3 >/dev/null || { echo "FAIL: python3 is needed to measure memory" >&2; exit 1; }
read -r secs kb rc <<EOF2
$(python3 - "$JETGATE" "$big" <<'PY'
import os, resource, subprocess, sys, time
t = time.monotonic()
rc = subprocess.run([sys.argv[1], "triage", "--json", sys.argv[2]], stdout=subprocess.DEVNULL,
                    env=dict(os.environ, ASAN_OPTIONS="quarantine_size_mb=16")).returncode
print("%.2f %d %d" % (time.monotonic() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, rc))
PY
)
EOF2
echo "$size-byte text paste: ${secs} s, peak RSS ${kb} KiB, exit ${rc}"
[ "$rc" = 1 ] || fail "big paste: exit $rc"
if [ "$size" = 100000000 ]; then
  [ "$kb" -lt 131072 ] || fail "100 MB paste: peak RSS ${kb} KiB is not bounded"
  awk -v s="$secs" 'BEGIN { exit !(s < 120) }' || fail "100 MB paste took ${secs} s"
fi
# A 100 MB input that starts like JSON: tried as JSON only up to the cap, then streamed.
{ echo '{'; cat "$big"; } >"$T/big.json"
expect_rc 1 "$JETGATE" triage --json "$T/big.json"
expect_out '"kind": "text"'
# --reply: a Markdown answer for the reporter, from the same diagnosis.
expect_rc 1 "$JETGATE" triage --reply "$X/16-amd64-image-on-xavier.txt"
expect_out '^\*\*Diagnosis\*\* (container-runtime, confidence high)'
expect_out '^> WARNING: The requested image.s platform (linux/amd64)'
expect_out '^\*\*Fix:\*\* build or pull an arm64'
expect_out 'jetgate doctor -v'
expect_out 'the L4T / JetPack release'
expect_rc 0 "$JETGATE" triage --reply "$D/facts/orin-jp62-live-healthy.json"
expect_out 'nothing in this report shows a broken layer'
expect_rc 2 "$JETGATE" triage --reply --json "$X/16-amd64-image-on-xavier.txt"
expect_err 'jetgate: triage: --reply and --json exclude each other'
finish
