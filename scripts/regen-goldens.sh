#!/bin/sh
# Regenerate the golden files after an intended output change, for review.
# The golden tests (facts_golden, doctor_cli, doctor_catalogue, report) never write into the
# source tree; with JG_GOLDEN_OUT set they also leave what they got there.
# This script collects that, copies it over tests/golden/ and prints the diff:
# read every hunk, and commit only what you checked by hand.
#   scripts/regen-goldens.sh [BUILD_DIR]     (default build/ci, built already)
set -eu
cd "$(dirname "$0")/.."
build=${1:-build/ci}
[ -f "$build/CTestTestfile.cmake" ] || { echo "regen-goldens: $build is not a configured build directory" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# The tests fail while the goldens differ: that is what is being regenerated.
(cd "$build" && JG_GOLDEN_OUT="$out" ctest -R '^cli/(facts_golden|doctor_cli|doctor_catalogue|report)$' >/dev/null) || true
[ -d "$out/tests/golden" ] || { echo "regen-goldens: the golden tests produced nothing" >&2; exit 2; }
cp -R "$out/tests/golden/." tests/golden/
git --no-pager diff --stat -- tests/golden
git --no-pager diff -- tests/golden
git status --short --untracked-files=all -- tests/golden | grep '^??' || true
echo "regen-goldens: review every hunk above; commit only what you checked by hand" >&2
