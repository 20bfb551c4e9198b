# jetgate probe: options, exit codes and JSON through the fake libcuda.
. "$(dirname "$0")/lib.sh.inc"
FAKE="$JG_BINARY_DIR/tests/fake-libcuda/libcuda.so.1"
[ -f "$FAKE" ] || { echo "FAIL: fake libcuda not built at $FAKE" >&2; exit 1; }

expect_rc 0 "$JETGATE" probe --help
for o in --json --timeout --library --surgery-mib --layers --buffers --round-robin --mapped; do expect_out "$o"; done
expect_rc 2 "$JETGATE" probe --bogus
expect_rc 2 "$JETGATE" probe warp_drive
expect_err "unknown probe 'warp_drive'"
expect_rc 2 "$JETGATE" probe --buffers 9 surgery
expect_err "jetgate: probe: --buffers"
expect_rc 2 "$JETGATE" probe --timeout 0 driver
expect_err "jetgate: probe: --timeout"

# A healthy (fake) driver passes, with canonical JSON on stdout.
expect_rc 0 "$JETGATE" probe driver --json --library "$FAKE"
expect_out '"status": "pass"'
expect_out '"compute_capability": "8.7"'
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert [p["id"] for p in d["probes"]] == ["driver"]' "$T/out" \
  || fail "probe --json is not one document listing the driver probe"
grep -qi uuid "$T/out" && fail "a UUID field leaked into the probe output"

# A stub library: exit 1, the CUDA error named.
JG_FAKE_CUDA=cuInit:34 expect_rc 1 "$JETGATE" probe driver --json --library "$FAKE"
expect_out '"name": "CUDA_ERROR_STUB_LIBRARY"'
expect_out '"stub": true'

# A hang ends at the deadline, as an error naming the call, well before ctest's timeout.
# Under valgrind the child needs seconds just to reach the hanging call.
deadline=1 bound=10
[ "${JG_VALGRIND:-0}" = 1 ] && deadline=8 bound=25
[ -n "${JG_EMULATOR:-}" ] && deadline=8 bound=25  # and so under qemu-user
[ "${JG_TIMEOUT_SCALE:-1}" -gt 1 ] && deadline=8 bound=25  # and on a loaded release machine
start=$(date +%s)
JG_FAKE_CUDA=cuCtxSynchronize:hang expect_rc 1 "$JETGATE" probe nf4 --timeout $deadline --library "$FAKE"
expect_out 'nf4 *error'
expect_out 'timed out after .* in cuCtxSynchronize'
[ $(( $(date +%s) - start )) -lt $bound ] || fail "a hung probe was not stopped at its deadline"

# All four probes by default; a driver that computes nothing fails three of them.
expect_rc 1 "$JETGATE" probe --library "$FAKE" --surgery-mib 4 --layers 2
for id in driver tensor_op surgery nf4; do expect_out "^$id "; done
[ "$(grep -c ' fail ' "$T/out")" = 3 ] || fail "expected tensor_op, surgery and nf4 to fail on the fake"
finish
