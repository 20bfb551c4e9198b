#!/usr/bin/env bash
# Time `jetgate facts --files-only --json` (host files only: no CUDA driver
# probe, no Python probe) against `python3 -m torch.utils.collect_env`, the
# tool users paste into bug reports today. Runs are interleaved (one of each
# per round, after one warm-up of each) so both see the same machine state.
#
#   bench/facts.sh PATH/TO/jetgate [ROUNDS]      (ROUNDS default 20)
#   PYTHON=python3.12 bench/facts.sh build/src/jetgate 50
#
# Prints per-tool median / mean / min wall time in milliseconds and the ratio
# jetgate median / collect_env median. Exit 0 when both ran, 1 when
# collect_env could not run (torch not importable), 2 on a usage error.
set -euo pipefail

usage() { echo "usage: $0 PATH/TO/jetgate [ROUNDS]" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || usage
JG=$1
ROUNDS=${2:-20}
PY=${PYTHON:-python3}
[ -x "$JG" ] || { echo "$0: $JG: not an executable" >&2; exit 2; }
case $ROUNDS in ''|*[!0-9]*|0) usage ;; esac

now_ns() { date +%s%N; }
# run_ms CMD...: wall time of one run in ms (3 decimals); output discarded.
run_ms() {
  local t0 t1
  t0=$(now_ns)
  "$@" >/dev/null 2>&1 || return 1
  t1=$(now_ns)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", (b - a) / 1e6 }'
}
# stats FILE: "median mean min" of one number per line.
stats() {
  sort -g "$1" | awk '{ v[NR] = $1; s += $1 }
    END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2;
          printf "%.3f %.3f %.3f\n", m, s / NR, v[1] }'
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
facts=("$JG" facts --files-only --json)
cenv=("$PY" -m torch.utils.collect_env)

run_ms "${facts[@]}" >/dev/null || { echo "$0: '${facts[*]}' failed" >&2; exit 2; }
have_cenv=1
run_ms "${cenv[@]}" >/dev/null || have_cenv=0
for _ in $(seq "$ROUNDS"); do
  run_ms "${facts[@]}" >> "$tmp/facts"
  [ "$have_cenv" = 1 ] && run_ms "${cenv[@]}" >> "$tmp/cenv"
done

read -r fm fa fn < <(stats "$tmp/facts")
echo "rounds: $ROUNDS (interleaved, after one warm-up run each)"
printf '%-44s %10s %10s %10s\n' "command" "median ms" "mean ms" "min ms"
printf '%-44s %10s %10s %10s\n' "jetgate facts --files-only --json" "$fm" "$fa" "$fn"
if [ "$have_cenv" = 0 ]; then
  echo "$PY -m torch.utils.collect_env: could not run (is torch importable by $PY?)" >&2
  exit 1
fi
read -r cm ca cn < <(stats "$tmp/cenv")
printf '%-44s %10s %10s %10s\n' "$PY -m torch.utils.collect_env" "$cm" "$ca" "$cn"
awk -v f="$fm" -v c="$cm" 'BEGIN { printf "ratio (median jetgate / median collect_env): %.4f (%.2f %%)\n", f / c, 100 * f / c }'
