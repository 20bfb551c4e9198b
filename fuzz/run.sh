#!/bin/sh
# Build the libFuzzer targets with clang and run each one for a bounded time:
# every run first replays the target's seeds, then fuzzes until the time is up.
#   fuzz/run.sh --smoke        the seeds, then 2 s per target (scripts/test.sh);
#                              as many targets at once as there are cores
#   fuzz/run.sh SECONDS [NAME] longer runs; crashes land in build/fuzz/crashes/
# Seeds: fuzz/corpus/<name>/ plus the fixture files listed in fuzz/seeds/<name>.txt.
set -eu
cd "$(dirname "$0")/.."
secs=2
[ "${1:-}" = "--smoke" ] && shift
case "${1:-}" in ''|*[!0-9]*) ;; *) secs=$1; shift ;; esac
only=${1:-}
command -v clang >/dev/null || { echo "fuzz: clang not installed (scripts/install-deps.sh)" >&2; exit 1; }
cmake -S . -B build/fuzz -DCMAKE_C_COMPILER=clang -DJETGATE_FUZZ=ON -DJETGATE_TESTS=OFF \
  -DCMAKE_BUILD_TYPE=Debug >/dev/null
# Only the fuzz targets (and the library they link), not the jetgate binary.
targets=$(for f in fuzz/fuzz_*.c; do basename "$f" .c; done)
[ -z "$only" ] || targets=fuzz_$only
# shellcheck disable=SC2086
cmake --build build/fuzz -j "$(nproc 2>/dev/null || echo 2)" --target $targets >/dev/null
mkdir -p build/fuzz/crashes
# The seeds of NAME into its working corpus.
prepare() {
  work=build/fuzz/corpus/$1
  rm -rf "$work"; mkdir -p "$work"
  [ -d "fuzz/corpus/$1" ] && cp -r "fuzz/corpus/$1/." "$work/" 2>/dev/null || true
  if [ -f "fuzz/seeds/$1.txt" ]; then
    while IFS= read -r seed; do
      case "$seed" in ''|'#'*) continue ;; esac
      for f in $seed; do [ -f "$f" ] && cp "$f" "$work/$(echo "$f" | tr '/' '_')"; done
    done < "fuzz/seeds/$1.txt"
  fi
  return 0 # (a listed seed that is absent is not an error)
}
# One target: its result line in build/fuzz/NAME.result, its status in .rc.
fuzz_one() {
  name=$1 work=build/fuzz/corpus/$1
  line=$(printf 'fuzz %-20s %3s seeds, %ss ... ' "$name" "$(ls "$work" | wc -l)" "$secs")
  if "build/fuzz/fuzz/fuzz_$name" -max_total_time="$secs" -timeout=10 -rss_limit_mb=1024 \
       -max_len=65536 -artifact_prefix=build/fuzz/crashes/"$name"- "$work" >build/fuzz/"$name".log 2>&1; then
    echo "$line$(grep -o 'Done [0-9]* runs' build/fuzz/"$name".log | tail -1)" >build/fuzz/"$name".result
    echo 0 >build/fuzz/"$name".rc
  else
    echo "${line}FAILED (see build/fuzz/$name.log)" >build/fuzz/"$name".result
    echo 1 >build/fuzz/"$name".rc
  fi
}
# As many targets at once as there are cores: each fuzzes for secs of wall
# time, so the lane's wall time shrinks and no target fuzzes less time.
jobs=$(nproc 2>/dev/null || echo 1)
status=0 batch=
run_batch() {
  for name in $batch; do fuzz_one "$name" & done
  wait
  for name in $batch; do
    cat build/fuzz/"$name".result
    [ "$(cat build/fuzz/"$name".rc)" = 0 ] || { tail -30 build/fuzz/"$name".log; status=1; }
  done
  batch=
}
for target in $targets; do
  name=${target#fuzz_}
  prepare "$name"
  batch="$batch $name"
  [ "$(echo $batch | wc -w)" -lt "$jobs" ] || run_batch
done
[ -z "$batch" ] || run_batch
exit $status
