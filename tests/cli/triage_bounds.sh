# jetgate triage on a 100 MB paste: streamed, in bounded time and memory; and a
# 100 MB input that starts like JSON. The functional paths at smaller sizes are
# in triage_cli.sh; this test runs in the plain build's lane (tests/CMakeLists.txt).
. "$(dirname "$0")/lib.sh.inc"
X="$JG_SOURCE_DIR/tests/data/examples-reports"
[ -d "$X" ] || { echo "FAIL: $X missing: the example reports are required" >&2; exit 1; }
# Time and peak memory are measured and bounded (under ASan its free-memory
# quarantine is capped, or the allocator's own hoard would be measured).
# Under valgrind (JG_VALGRIND=1, by hand) the paste is 2 MB and only memory
# errors are checked: time and RSS there are valgrind's. The same under an
# emulator (JG_EMULATOR, the aarch64 suite under qemu-user).
big="$T/big.txt" size=100000000
[ "${JG_VALGRIND:-0}" = 1 ] && size=2000000
[ -n "${JG_EMULATOR:-}" ] && size=2000000
{ cat "$X/19-nonroot-user-in-container-no-video-group.txt"
  yes 'Traceback: File "x.py", line 1: ImportError: libcudart.so.12: cannot open shared object file' | head -c $size
  head -c 200000 /dev/zero | tr '\0' 'y'; echo; } >"$big"
command -v python3 >/dev/null || { echo "FAIL: python3 is needed to measure memory" >&2; exit 1; }
# The time bound is on CPU seconds (user + system): a release or CI machine
# shared with other jobs stretches wall time, not the work done.
read -r secs cpu kb rc <<EOF2
$(python3 - "$JETGATE" "$big" <<'PY'
import os, resource, subprocess, sys, time
t = time.monotonic()
rc = subprocess.run([sys.argv[1], "triage", "--json", sys.argv[2]], stdout=subprocess.DEVNULL,
                    env=dict(os.environ, ASAN_OPTIONS="quarantine_size_mb=16")).returncode
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
print("%.2f %.2f %d %d" % (time.monotonic() - t, ru.ru_utime + ru.ru_stime, ru.ru_maxrss, rc))
PY
)
EOF2
echo "$size-byte text paste: ${secs} s wall, ${cpu} s CPU, peak RSS ${kb} KiB, exit ${rc}"
[ "$rc" = 1 ] || fail "big paste: exit $rc"
if [ "$size" = 100000000 ]; then
  [ "$kb" -lt 131072 ] || fail "100 MB paste: peak RSS ${kb} KiB is not bounded"
  awk -v s="$cpu" 'BEGIN { exit !(s < 120) }' || fail "100 MB paste took ${cpu} s of CPU"
fi
# A 100 MB input that starts like JSON: tried as JSON only up to the cap, then streamed.
{ echo '{'; cat "$big"; } >"$T/big.json"
expect_rc 1 "$JETGATE" triage --json "$T/big.json"
expect_out '"kind": "text"'
finish
