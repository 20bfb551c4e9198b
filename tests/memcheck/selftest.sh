# tests/memcheck/memcheck.sh must fail when a command has no run in its plan
# and when valgrind reports an error; a pass of it means nothing otherwise.
. "$JG_SOURCE_DIR/tests/cli/lib.sh.inc"
M=$JG_SOURCE_DIR/tests/memcheck/memcheck.sh
BAD=$JG_BINARY_DIR/tests/memcheck/libjg_memcheck_bad.so
[ -f "$BAD" ] || { echo "FAIL: $BAD not built" >&2; exit 1; }

# A command left out: the coverage check fails before anything runs.
expect_rc 1 env JG_MEMCHECK_DROP=probe bash "$M"
expect_err '^FAIL: probe: no run with a verdict'
expect_err '^FAIL: probe: no run on an error path'
expect_err '^FAIL: probe: option --library is used by no run'
grep -q 'under memcheck' "$T/out" && fail "the plan ran although coverage was incomplete"

# A memory error in jetgate (preloaded: jetgate itself is clean): the runs fail.
expect_rc 1 env LD_PRELOAD="$BAD" JG_MEMCHECK_ONLY=matrix bash "$M"
expect_err "valgrind's exit code: errors in jetgate itself"
expect_err 'valgrind found errors'
expect_err 'points to uninitialised byte'
expect_err 'definitely lost'
grep -q -- '-> exit' "$T/err" && fail "an exit code differed: only valgrind's findings should fail here"
finish
