#!/bin/sh
# The whole test suite, in three lanes; each test runs in at least one
# (tests/CMakeLists.txt labels them):
#   1. the -Werror build (optimised): the unit tests, the tests that judge
#      time or memory bounds, the static checks, and every command under
#      valgrind's memcheck (tests/memcheck/: each command's modes, an error
#      path each, every option);
#   2. the ASan+UBSan build: the unit tests and every CLI test (output, exit
#      codes, fault injection, the end-to-end runs);
#   3. the fuzzers (clang's libFuzzer): each replays its seeds, then fuzzes for
#      a short bounded time (fuzz/run.sh --smoke).
# Each lane prints its wall and CPU seconds (user + system of everything it ran).
# By hand, any CLI test also runs with every jetgate call under valgrind:
#   (cd build/ci && JG_VALGRIND=1 ctest -R cli/NAME)
set -eu
cd "$(dirname "$0")/.."
jobs=$(nproc 2>/dev/null || echo 2)
mkdir -p build
# cpu_s: CPU seconds of the waited-for children so far. `times` runs in this
# shell: inside $(...) or a pipe it would count only a subshell's children.
cpu() {
  times >build/.times
  cpu_s=$(awk 'NR == 2 { for (i = 1; i <= NF; i++) { split($i, t, "m"); s += t[1] * 60 + t[2] } }
               END { printf "%d", s }' build/.times)
}
lane_start() { echo "== $1"; wall0=$(date +%s); cpu; cpu0=$cpu_s; }
lane_end() { cpu; echo "-- $(( $(date +%s) - wall0 )) s wall, $(( cpu_s - cpu0 )) s CPU"; }
# A skipped test (exit 77: what it needs is missing here) is never a pass:
# each is listed with the reason it printed (its last line starting "skip").
say_skipped() { # DIR CTEST-OUTPUT
  sed -n 's/^[[:space:]]*[0-9]* - \([^ ]*\) (Skipped)$/\1/p' "$2" | while read -r name; do
    why=$(awk -v t="$name" '$2 == "Testing:" && $3 == t { on = 1; next }
      on && /^<end of output>/ { exit } on && tolower($0) ~ /^skip/ { line = $0 }
      END { print line }' "$1/Testing/Temporary/LastTest.log")
    echo "skipped: $name: ${why:-(it printed no reason)}"
  done
}
build_and_test() { # DIR CTEST-LABEL-OPTION LABEL CMAKE-ARGS...
  dir=$1 sel=$2 label=$3; shift 3
  cmake -S . -B "$dir" -DJETGATE_WERROR=ON -DJETGATE_TESTS=ON "$@" >/dev/null
  cmake --build "$dir" -j "$jobs"
  # (the status is kept in a file: a pipeline's status is tee's; `|| status=$?`
  # keeps set -e from ending the group before it is written)
  { status=0; (cd "$dir" && ctest --output-on-failure -j "$jobs" "$sel" "$label") || status=$?
    echo "$status" >"$dir/ctest.rc"; } 2>&1 | tee "$dir/ctest.out"
  say_skipped "$dir" "$dir/ctest.out"
  return "$(cat "$dir/ctest.rc")"
}
lane_start "-Werror build: unit tests, bounds, static checks, every command under memcheck"
build_and_test build/ci -L plain -DJETGATE_MEMCHECK=ON
lane_end
lane_start "ASan + UBSan build: unit and CLI tests"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  build_and_test build/sanitize -LE plain-only -DJETGATE_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
lane_end
lane_start "fuzz smoke"
fuzz/run.sh --smoke
lane_end
