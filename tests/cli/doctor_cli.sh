# jetgate doctor: options, input errors, every fixture sysroot end to end
# (exit code and top finding), the checklist, --host-facts, and goldens.
# After an intended change: scripts/regen-goldens.sh, then review its diff.
. "$(dirname "$0")/lib.sh.inc"
R="$JG_FIXTURES/roots"
D="$JG_SOURCE_DIR/tests/data"
G="$JG_SOURCE_DIR/tests/golden/doctor"

expect_rc 0 "$JETGATE" doctor --help
for o in --root --facts --host-facts --python --json --verbose; do expect_out " $o"; done
expect_rc 2 "$JETGATE" doctor --root "$R/agx-orin-64gb-jp62" --facts "$D/facts/orin-jp62-live-healthy.json"
expect_err "exclude each other"
expect_rc 2 "$JETGATE" doctor --frobnicate
expect_rc 2 "$JETGATE" doctor extra
expect_rc 2 "$JETGATE" doctor --facts "$T/none.json"
expect_err "none.json"
printf '{"schema": "jetgate.facts/1",\n "mode": }\n' >"$T/bad.json"
expect_rc 2 "$JETGATE" doctor --facts "$T/bad.json"
expect_err "bad.json:2:"
echo '{"findings": []}' >"$T/other.json"
expect_rc 2 "$JETGATE" doctor --facts "$T/other.json"
expect_err "not a jetgate facts document"
expect_rc 2 "$JETGATE" doctor --root "$T/does-not-exist"

# A healthy saved facts document: every layer ok, exit 0; ASCII marks in the C locale.
expect_rc 0 "$JETGATE" doctor --facts "$D/facts/orin-jp62-live-healthy.json"
for l in hardware kernel-driver cuda-driver container-runtime cuda-libraries pytorch-build \
         python-packages permissions configuration project; do expect_out "^\[ok\] $l$"; done
expect_out "a real CUDA kernel ran"
expect_rc 0 "$JETGATE" doctor --json --facts - <"$D/facts/orin-jp62-live-healthy.json"
expect_out '"healthy": true'
expect_out '"facts_mode": "file"'
if locale -a 2>/dev/null | grep -qi '^c\.utf-\?8$'; then
  LC_ALL=C.UTF-8 expect_rc 0 "$JETGATE" doctor --facts "$D/facts/orin-jp62-live-healthy.json"
  expect_out "^\[✓\] hardware$"
fi

# Every fixture end to end: exit code and the top finding.
check_fixture() { # case rc top-id
  expect_rc "$2" "$JETGATE" doctor --root "$R/$1" --json
  top=$(grep -m1 '"id":' "$T/out" | sed 's/.*"id": "\(.*\)",*/\1/')
  [ "$top" = "$3" ] || fail "$1: top finding '$top', wanted '$3'"
  grep -q '"facts_mode": "sysroot"' "$T/out" || fail "$1: facts_mode is not sysroot"
  grep -q '"healthy": false' "$T/out" || fail "$1: healthy without a kernel run"
}
check_fixture agx-orin-64gb-jp62 0 cuda-driver.not-verified
check_fixture orin-nano-super-jp62 0 cuda-driver.not-verified
check_fixture thor-jp70 0 cuda-driver.not-verified
check_fixture agx-xavier-jp51 0 cuda-driver.no-nvml-before-jp6
check_fixture nano-jp46 0 cuda-driver.no-nvml-before-jp6
check_fixture bare-bsp-no-jetpack 1 cuda-libraries.toolkit-missing
check_fixture unknown-l4t 1 cuda-libraries.toolkit-missing
check_fixture container-no-runtime 1 hardware.no-nvidia-gpu  # the container sees no GPU: said plainly (issue 27)
check_fixture container-nvidia-runtime 0 cuda-driver.not-verified
check_fixture dgx-spark-like 0 hardware.not-a-jetson
check_fixture generic-arm64-server 1 hardware.no-nvidia-gpu
check_fixture x86_64-dgpu 0 hardware.x86-host

# Under --root the CUDA layers are "not verified", never a tick.
expect_rc 0 "$JETGATE" doctor --root "$R/agx-orin-64gb-jp62"
expect_out '^\[!\] cuda-driver: not verified (no CUDA kernel ran)$'
expect_out '^\[!\] pytorch-build: not verified'
expect_out 'CUDA is not verified'
# ... and the exit code is stated as the code behaves, in --help and the README (the
# README once said doctor exits 1 wherever no kernel ran; under --root it exits 0).
expect_rc 0 "$JETGATE" doctor --root "$R/agx-orin-64gb-jp62" --json
grep -q '"healthy": false' "$T/out" || fail "--root: healthy is not false though no kernel ran"
expect_rc 0 "$JETGATE" doctor --help
expect_out "With --root no"
expect_out "kernel runs: the live probes are 'not probed', never failures, so doctor exits 0"
grep -q 'exits 1 where no CUDA kernel ran' "$JG_SOURCE_DIR/README.md" && fail "README: doctor exits 1 wherever no kernel ran"
grep -q 'failures, so doctor exits 0 unless the files under DIR show a blocking problem' \
  "$JG_SOURCE_DIR/README.md" || fail "README does not state doctor's exit code under --root"
expect_rc 1 "$JETGATE" doctor --root "$R/bare-bsp-no-jetpack"
expect_out '^\[x\] cuda-libraries$'
expect_out 'fix: sudo apt update && sudo apt install nvidia-jetpack'
expect_out 'Most likely cause: cuda-libraries'
expect_rc 1 "$JETGATE" doctor --root "$R/bare-bsp-no-jetpack" -v
expect_out 'evidence: cuda.toolkit = missing'
expect_out 'confidence high'

# A container (L4T R36) on a host whose facts say R35: the L4T major mismatch.
"$JETGATE" facts --root "$R/agx-xavier-jp51" --json >"$T/host.json"
expect_rc 1 "$JETGATE" doctor --root "$R/container-nvidia-runtime" --host-facts "$T/host.json" --json
expect_out '"id": "cuda-driver.l4t-major-mismatch"'
expect_rc 2 "$JETGATE" doctor --root "$R/container-nvidia-runtime" --host-facts "$T/none.json"

# Nothing identifying is printed.
for fmt in "" --json -v; do
  expect_rc 0 "$JETGATE" doctor --root "$R/agx-orin-64gb-jp62" $fmt
  grep -q CANARY "$T/out" "$T/err" && fail "serial-number canary printed ($fmt)"
done

# Live on this machine: whatever it finds, no kernel run means not healthy.
set +e; "$JETGATE" doctor --json --python /nonexistent/python >"$T/out" 2>"$T/err"; rc=$?; set -e
[ "$rc" = 0 ] || [ "$rc" = 1 ] || fail "live doctor exit $rc"
grep -q '"facts_mode": "live"' "$T/out" || fail "live doctor: facts_mode is not live"
if grep -q '"kernel_ran": false' "$T/out"; then
  [ "$rc" = 1 ] || fail "live doctor: no kernel ran but exit $rc"
  grep -q '"healthy": false' "$T/out" || fail "live doctor: healthy without a kernel"
fi

# Goldens: the whole --json output for each fixture, byte for byte.
n=0
for root in "$R"/*/; do
  case=$(basename "$root")
  set +e; "$JETGATE" doctor --root "$root" --json >"$T/out" 2>"$T/err"; set -e
  check_golden "$G/$case.json" "$T/out"
  n=$((n + 1))
done
[ "$n" -ge 12 ] || fail "only $n fixture roots"
expect_rc 0 "$JETGATE" doctor --root "$R/nano-jp46" -v
expect_out "this module has no JetPack 6"
# Live: the environment is read and a failing probe is re-run with one thing changed.
# (Works with or without a GPU: the result may be "works" or "still fails".)
expect_rc_any() { set +e; "$@" >"$T/out" 2>"$T/err"; set -e; }
CUDA_VISIBLE_DEVICES= expect_rc_any "$JETGATE" doctor --json
expect_out 'CUDA_VISIBLE_DEVICES = '
if ! grep -q '"healthy": true' "$T/out"; then
  expect_out '"id": "unset-CUDA_VISIBLE_DEVICES"'
  expect_out '"change": "CUDA_VISIBLE_DEVICES unset"'
fi
CUDA_VISIBLE_DEVICES= expect_rc_any "$JETGATE" doctor --json --no-experiments
expect_out '"experiments": \[\]'
expect_rc 0 "$JETGATE" doctor --help
expect_out ' --no-experiments'
# `facts` asks for versions only and never imports torch: a doctor reading
# those facts says CUDA is not verified, not that torch fails to import.
if command -v python3 >/dev/null; then
  PYTHONPATH="$JG_SOURCE_DIR/tests/fake-python" FAKE_TORCH=orin "$JETGATE" facts --json >"$T/versions.json" 2>/dev/null ||
    fail "facts --json with the fake torch failed"
  grep -q '"imported": null' "$T/versions.json" || fail "a versions-only probe says torch was imported or failed to"
  # (the native layers' verdict is this host's: with or without a libcuda)
  set +e; "$JETGATE" doctor --facts "$T/versions.json" >"$T/out" 2>"$T/err"; set -e
  expect_out 'pytorch-build: not verified'
  grep -q 'torch-not-importable' "$T/out" && fail "doctor blames torch's import on facts that never imported it"
fi
finish

# The layer walk (issue 27), live on this machine with the fake libcuda and the
# fake torch: every step is in the text and the JSON with what it measured; an
# interpreter that cannot start (PYTHONHOME pointing nowhere) is never healthy,
# and unsetting PYTHONHOME proves it.
FAKE_LIB="$JG_BINARY_DIR/tests/fake-libcuda"
walk_env() { set +e; env LD_LIBRARY_PATH="$FAKE_LIB" JG_FAKE_CUDA_COMPUTE=1 JG_FAKE_CUDA_DISCRETE=1 \
  PYTHONPATH="$JG_SOURCE_DIR/tests/fake-python" FAKE_TORCH=h200 "$@" >"$T/out" 2>"$T/err"; set -e; }
walk_env "$JETGATE" doctor
for s in hardware kernel-driver jetson libcuda limits device-visibility context-and-kernel \
         interpreter cuda-libraries torch; do expect_out "^\[.*\] $s: "; done
expect_out "Layer walk (bottom up"
expect_out "measured: the loader picked .*fake-libcuda/libcuda.so.1"
expect_out "measured: native tensor op (child): pass"
expect_out "measured: .*torch/ found in .*fake-python \[PYTHONPATH\]"
walk_env "$JETGATE" doctor --json
expect_out '"walk": \['
expect_out '"step": "context-and-kernel"'
if command -v python3 >/dev/null; then
  walk_env PYTHONHOME=/nonexistent "$JETGATE" doctor --json
  expect_out '"healthy": false'
  expect_out '"id": "configuration.interpreter-does-not-start"'
  expect_out '"id": "unset-PYTHONHOME"'
  python3 - "$T/out" <<'PY' || fail "PYTHONHOME: the interpreter step is not a failure proven by experiment"
import json, sys
d = json.load(open(sys.argv[1]))
s = next(s for s in d["walk"] if s["step"] == "interpreter")
assert s["status"] == "fail" and s["experiment"]["result"] == "works", s
assert d["findings"][0]["id"] == "configuration.interpreter-does-not-start", d["findings"][0]
PY
fi
