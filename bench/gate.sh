#!/bin/bash
# Time `jetgate run` on this host: the whole gate and its native part (the
# "native checks took" progress line), N runs. Usage:
#   bench/gate.sh JETGATE [N] [PYTHON]     (evidence goes to a temp dir)
set -u
J=${1:?usage: bench/gate.sh JETGATE [N] [PYTHON]}
N=${2:-3}
PY=${3:-python3}
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
for i in $(seq 1 "$N"); do
  t0=$(date +%s.%N)
  # no --commit: run binds the evidence to this checkout's HEAD (a --commit
  # that is not HEAD is refused)
  "$J" run --out "$D/ev$i" --python "$PY" --allow-missing >/dev/null 2>"$D/err$i"
  rc=$?
  t1=$(date +%s.%N)
  native=$(sed -n 's/.*native checks took \([0-9.]*\) s.*/\1/p' "$D/err$i")
  awk -v i="$i" -v rc="$rc" -v a="$t0" -v b="$t1" -v n="${native:-?}" \
    'BEGIN { printf "run %d: exit %d, whole gate %.2f s, native checks %s s\n", i, rc, b - a, n }'
done
