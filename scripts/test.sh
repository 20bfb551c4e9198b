#!/bin/sh
# The whole test suite: a -Werror build and an ASan+UBSan build, each with
# every ctest test (unit, CLI, fault injection), then the fuzzers for a short
# bounded time when clang's libFuzzer is present.
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
run_suite() {
  dir=$1; shift
  cmake -S . -B "$dir" -DJETGATE_WERROR=ON "$@" >/dev/null
  cmake --build "$dir" -j "$jobs"
  (cd "$dir" && ctest --output-on-failure -j "$jobs")
}
echo "== build + tests (-Werror)"
run_suite build/ci
echo "== build + tests (ASan + UBSan)"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  run_suite build/sanitize -DJETGATE_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
echo "== CLI tests under valgrind"
# Most of their time is spent waiting (deadlines, child processes): run more at once.
(cd build/ci && JG_VALGRIND=1 ctest --output-on-failure -j $((jobs * 2)) -R '^cli/')
if [ -x fuzz/run.sh ]; then
  echo "== fuzz smoke"
  fuzz/run.sh --smoke
fi
