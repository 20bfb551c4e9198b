# jetgate run: the native probes through the fake libcuda.
. "$(dirname "$0")/lib.sh.inc"
. "$(dirname "$0")/run_lib.sh.inc"
# Native probes through the fake libcuda (CPU kernels): pass path, a driver
# error, and a hung driver that becomes a failed check instead of a hung gate.
FAKE_LIB="$JG_BINARY_DIR/tests/fake-libcuda"
# Under qemu-user (JG_EMULATOR) the fake's CPU kernels run emulated: surgery
# alone took 44 s here and overran its 180 s deadline once in a busy suite.
emulated=""
[ -z "${JG_EMULATOR:-}" ] || emulated="--timeout 900"
if [ -f "$FAKE_LIB/libcuda.so.1" ]; then
  # shellcheck disable=SC2086
  LD_LIBRARY_PATH="$FAKE_LIB" JG_FAKE_CUDA_COMPUTE=1 expect_rc 1 "$JETGATE" run --commit $SHA --json \
    --quiet --host-facts "$DATA/facts-orin.json" $emulated
  for id in native.libcuda native.tensor_op native.surgery native.nf4 torch.device_name host.module; do
    [ "$(status_of $id "$T/out")" = pass ] || fail "$id did not pass with the fake libcuda"
  done
  LD_LIBRARY_PATH="$FAKE_LIB" JG_FAKE_CUDA=cuInit:100 expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet
  [ "$(status_of native.libcuda "$T/out")" = fail ] || fail "cuInit 100 did not fail native.libcuda"
  expect_out CUDA_ERROR_NO_DEVICE
  start=$(date +%s)
  LD_LIBRARY_PATH="$FAKE_LIB" JG_FAKE_CUDA=cuInit:hang expect_rc 1 "$JETGATE" run --commit $SHA --json \
    --quiet --timeout 1
  [ $(( $(date +%s) - start )) -lt 60 ] || fail "a hung driver held the gate"
  case "$(status_of native.libcuda "$T/out")" in fail|error) ;; *) fail "a hung cuInit was not reported";; esac
else
  fail "fake libcuda not built at $FAKE_LIB"
fi
finish
