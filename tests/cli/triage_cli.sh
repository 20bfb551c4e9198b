# jetgate triage: options, unreadable input, stdin, the example reports
# (tests/data/examples-reports) through the CLI, JSON inputs, large pastes streamed
# (their time and memory bounds: triage_bounds.sh).
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
expect_out "^CUDA is blocked. Most likely cause: container-runtime"
# A project-layer error stops the run but is not the CUDA stack's: the headline says so.
printf 'RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!\n' >"$T/two.txt"
expect_rc 1 "$JETGATE" triage "$T/two.txt"
expect_out "^Blocked, but not by the CUDA stack. Most likely cause: project"

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

# Large pastes are streamed: a text paste, and one that starts like JSON (tried
# as JSON only up to the 16 MiB cap of src/util/sysroot.h, then streamed as text).
# The 100 MB pastes with their time and memory bounds are triage_bounds.sh, in the
# plain build's lane; here, under ASan, the same paths at the smallest sizes that
# reach them. Under valgrind or an emulator (JG_VALGRIND=1, JG_EMULATOR) 2 MB.
big="$T/big.txt" size=2000000 jsize=17000000
[ "${JG_VALGRIND:-0}" = 1 ] && jsize=2000000
[ -n "${JG_EMULATOR:-}" ] && jsize=2000000
mkpaste() { # mkpaste BYTES: a report, then BYTES of one repeated error line, then a 200 kB line
  cat "$X/19-nonroot-user-in-container-no-video-group.txt"
  yes 'Traceback: File "x.py", line 1: ImportError: libcudart.so.12: cannot open shared object file' | head -c "$1"
  head -c 200000 /dev/zero | tr '\0' 'y'; echo
}
mkpaste $size >"$big"
expect_rc 1 "$JETGATE" triage --json "$big"
expect_out '"kind": "text"'
{ echo '{'; mkpaste $jsize; } >"$T/big.json"
expect_rc 1 "$JETGATE" triage --json "$T/big.json"
expect_out '"kind": "text"'
# --reply: a Markdown answer for the reporter, from the same diagnosis.
expect_rc 1 "$JETGATE" triage --reply "$X/16-amd64-image-on-xavier.txt"
expect_out '^\*\*Diagnosis\*\* (container-runtime, confidence high)'
expect_out '^> WARNING: The requested image.s platform (linux/amd64)'
expect_out '^\*\*Fix:\*\* build or pull an arm64'
expect_out 'jetgate doctor -v'
expect_out 'the L4T / JetPack release'
# a package's traceback: the reply quotes the frame that names the package too
printf '%s\n' 'Traceback (most recent call last):' '  File "/home/ann/p/run.py", line 3, in <module>' \
  '  File "/home/ann/venv/lib/python3.10/site-packages/transformers/models/llama/tokenization_llama.py", line 3, in <module>' \
  "ModuleNotFoundError: No module named 'sentencepiece'" >"$T/tb.txt"
expect_rc 1 "$JETGATE" triage --reply "$T/tb.txt"
expect_out '^\*\*Diagnosis\*\* (python-packages'
expect_out "^> ModuleNotFoundError: No module named 'sentencepiece'"
expect_out 'raised in line 3: File "~/venv/lib/python3.10/site-packages/transformers/models/llama/tokenization_llama.py'
# a standard-library frame (importlib, ctypes) after the package's: the package raised it
printf '%s\n' 'Traceback (most recent call last):' \
  '  File "/home/ann/venv/lib/python3.10/site-packages/transformers/models/llama/tokenization_llama.py", line 3, in <module>' \
  '  File "<frozen importlib._bootstrap>", line 1027, in _find_and_load' \
  '  File "/usr/lib/python3.10/importlib/__init__.py", line 126, in import_module' \
  "ModuleNotFoundError: No module named 'sentencepiece'" >"$T/tb2.txt"
expect_rc 1 "$JETGATE" triage --reply "$T/tb2.txt"
expect_out '^\*\*Diagnosis\*\* (python-packages'
expect_out 'raised in line 2: File "~/venv/lib/python3.10/site-packages/transformers/models/llama/tokenization_llama.py'
# a missing libcudart off a Jetson: no JetPack named; CUDA 11 and later by their major only
printf '%s\n' 'ImportError: libcudart.so.12: cannot open shared object file: No such file or directory' >"$T/cudart.txt"
expect_rc 1 "$JETGATE" triage "$T/cudart.txt"
expect_out 'needs the runtime of CUDA 12, which the loader does not find'
grep -q -e "JetPack does not ship" -e "find the JetPack first" "$T/out" && fail "a Jetson cause or fix for a report that shows no Jetson"
# a CPU-only torch, a 209 and an 803 with no platform named: general fixes, no JetPack wheel,
# no Orin compat root, no arm64 image advice
printf '%s\n' 'AssertionError: Torch not compiled with CUDA enabled' >"$T/cpu.txt"
printf '%s\n' 'RuntimeError: CUDA error: no kernel image is available for execution on the device' >"$T/209.txt"
printf '%s\n' 'Error 803: system has unsupported display driver / cuda driver combination' >"$T/803.txt"
for f in cpu 209 803; do
  expect_rc 1 "$JETGATE" triage "$T/$f.txt"
  grep -q -e "find the JetPack first" -e "compat_orin" -e "JetPack's driver" "$T/out" &&
    fail "$f: a Jetson fix for a report that shows no Jetson"
done
expect_rc 1 "$JETGATE" triage "$T/cpu.txt"
expect_out "download.pytorch.org/whl/cu<XYZ>"
# numpy 1.15's RuntimeWarning with the ABI error's words is harmless: no finding
printf '%s\n' '_bootstrap.py:219: RuntimeWarning: numpy.dtype size changed, may indicate binary incompatibility. Expected 96, got 88' >"$T/np.txt"
expect_rc 0 "$JETGATE" triage --json "$T/np.txt"
grep -q numpy-abi "$T/out" && fail "a numpy RuntimeWarning read as the ABI error"
# current GPU names that share digits with pre-Kepler ones are not read as too old
printf '%s\n' 'GPU 0: NVIDIA GeForce RTX 4060 (UUID: GPU-x)' 'GeForce GTX 4600' 'GT 1030, RTX 5080, GTX 1050' >"$T/gpus.txt"
expect_rc 0 "$JETGATE" triage --json "$T/gpus.txt"
grep -q pre-kepler "$T/out" && fail "a current GPU read as older than Kepler"
# CMake finding a suitable CUDA is no version requirement unmet
printf '%s\n' '-- Found CUDA: /usr/local/cuda (found suitable version "11.8", minimum required is "9.0")' >"$T/cmake.txt"
expect_rc 0 "$JETGATE" triage --json "$T/cmake.txt"
grep -q toolkit-version-required "$T/out" && fail "a suitable CUDA read as the wrong version"
expect_rc 0 "$JETGATE" triage --reply "$D/facts/orin-jp62-live-healthy.json"
expect_out 'nothing in this report shows a broken layer'
expect_rc 2 "$JETGATE" triage --reply --json "$X/16-amd64-image-on-xavier.txt"
expect_err 'jetgate: triage: --reply and --json exclude each other'
finish
