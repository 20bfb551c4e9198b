#!/bin/sh
# CI's wall time as CI meets it: `.ci/run` in a clean clone, with one core
# kept busy by a spin loop (CI's budget is 8 minutes on a 2-core runner whose
# other core is busy). Each REV is cloned and run in turn in the same session,
# so a change and its base are measured side by side; the last line is the
# ratio of the last REV's wall time to the first's.
#
#   bench/ci-busy.sh [REV...]        (default HEAD)
#
# Prints, per REV, the lanes' own lines (wall and CPU seconds) and
# "REV: N s wall, exit RC". Runs `.ci/run`, so it installs packages when any
# are missing (as root). The clones are removed afterwards.
set -eu
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- HEAD
src=$(pwd)
sh -c 'while :; do :; done' &
busy=$!
trap 'kill "$busy" 2>/dev/null || true' EXIT INT TERM
first= last=
for rev in "$@"; do
  d=$(mktemp -d "${TMPDIR:-/tmp}/jetgate-ci-busy.XXXXXX")
  git clone -q "$src" "$d"
  git -C "$d" checkout -q "$(git rev-parse "$rev")"
  start=$(date +%s)
  rc=0
  (cd "$d" && CI=true sh .ci/run) >"$d.log" 2>&1 || rc=$?
  wall=$(($(date +%s) - start))
  grep -E '^(==|--)|tests passed|^skipped:' "$d.log" || true
  echo "$rev ($(git rev-parse --short "$rev")): $wall s wall, exit $rc (log $d.log)"
  rm -rf "$d"
  [ -n "$first" ] || first=$wall
  last=$wall
done
[ $# -lt 2 ] || awk -v a="$first" -v b="$last" 'BEGIN { printf "ratio last/first: %.2f\n", b / a }'
