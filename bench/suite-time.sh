#!/bin/sh
# CPU seconds (user + system of each test's whole process tree) of the test
# suite, per test and per lane, the lanes as scripts/test.sh runs them. CPU
# time, unlike wall time, hardly moves with the machine's load, so a budget
# can be checked on a shared machine: wall time with one core free is about
# the total CPU seconds (ctest -j2 overlaps little once the other core is busy).
#
#   bench/suite-time.sh [--lane ci|sanitize|fuzz|all] [--build] [-R REGEX] [-E REGEX] [--out FILE]
#
# --lane    which lane (default all): ci = the -Werror build with memcheck
#           (ctest -L plain), sanitize = the ASan+UBSan build (ctest -LE plain-only),
#           fuzz = fuzz/run.sh --smoke as one row
# --build   configure and build the lane's folder first (as scripts/test.sh
#           does) and count the build's CPU as a row of its own; without it
#           the folders build/ci and build/sanitize must be built already
# -R REGEX  only the tests whose name matches (ctest's -R)
# -E REGEX  not the tests whose name matches (ctest's -E)
# --out     also write the table (tab-separated: lane, test, cpu_s, wall_s, result)
#
# Each test runs alone (ctest -R '^NAME$'), one after the other, under
# /usr/bin/time: the CPU of a test includes every child it waited for (pip,
# compilers, valgrind); a process left running after the test is not counted.
set -eu
cd "$(dirname "$0")/.."
lane=all build=0 regex= exclude= out=
while [ $# -gt 0 ]; do
  case $1 in
    --lane) lane=$2; shift 2 ;;
    --build) build=1; shift ;;
    -R) regex=$2; shift 2 ;;
    -E) exclude=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) sed -n '2,22s/^# \{0,1\}//p' "$0"; exit 0 ;;
    *) echo "suite-time: unknown argument '$1' (--help)" >&2; exit 2 ;;
  esac
done
case $lane in ci|sanitize|fuzz|all) ;; *) echo "suite-time: --lane is ci, sanitize, fuzz or all" >&2; exit 2 ;; esac
[ -x /usr/bin/time ] || { echo "suite-time: needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
table=$(mktemp); trap 'rm -f "$table" "$table.t"' EXIT

row() { # LANE NAME CPU WALL RESULT
  printf '%s\t%s\t%s\t%s\t%s\n' "$@" >>"$table"
  printf '%-9s %-40s %8s %8s  %s\n' "$@"
}
timed() { # LANE NAME CMD...: one row for CMD
  l=$1 n=$2; shift 2
  set +e; /usr/bin/time -f '%U %S %e' -o "$table.t" "$@" </dev/null >/dev/null 2>&1; rc=$?; set -e
  # (time writes "Command exited with non-zero status N" first when it was not 0)
  read -r u s e <<EOF || { u=0 s=0 e=0; }
$(tail -n 1 "$table.t")
EOF
  case $rc in 0) r=passed ;; 77) r=skipped ;; *) r="failed($rc)" ;; esac
  row "$l" "$n" "$(echo "$u $s" | awk '{ printf "%.1f", $1 + $2 }')" "$e" "$r"
}
run_lane() { # LANE DIR SELECT LABEL CMAKE-ARGS...
  l=$1 dir=$2 sel=$3 label=$4; shift 4
  if [ "$build" = 1 ]; then
    cmake -S . -B "$dir" -DJETGATE_WERROR=ON -DJETGATE_TESTS=ON "$@" >/dev/null
    timed "$l" "(build)" cmake --build "$dir" -j "$(nproc 2>/dev/null || echo 2)"
  fi
  [ -f "$dir/CTestTestfile.cmake" ] || { echo "suite-time: $dir is not built (--build builds it)" >&2; exit 1; }
  (cd "$dir" && ctest -N "$sel" "$label" ${regex:+-R "$regex"} ${exclude:+-E "$exclude"}) |
    sed -n 's/^ *Test *#[0-9]*: //p' >"$table.t.names"
  while read -r name; do
    re=$(printf '%s' "$name" | sed 's/[].[*^$+?(){}|\\]/\\&/g')
    timed "$l" "$name" sh -c 'cd "$1" && ctest -R "^$2\$" --output-on-failure' sh "$dir" "$re"
  done <"$table.t.names"
  rm -f "$table.t.names"
}

printf '%-9s %-40s %8s %8s  %s\n' lane test cpu_s wall_s result
case $lane in ci|all) run_lane ci build/ci -L plain -DJETGATE_MEMCHECK=ON ;; esac
case $lane in sanitize|all)
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    run_lane sanitize build/sanitize -LE plain-only -DJETGATE_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug ;;
esac
case $lane in fuzz|all) timed fuzz "fuzz/run.sh --smoke" fuzz/run.sh --smoke ;; esac

echo
awk -F '\t' '{ cpu[$1] += $3; n[$1]++; all += $3 }
  END { for (l in cpu) printf "total %-9s %4d rows %8.1f CPU s\n", l, n[l], cpu[l]
        printf "total all %14s %8.1f CPU s (about the wall seconds with one core free)\n", "", all }' "$table"
[ -z "$out" ] || cp "$table" "$out"
