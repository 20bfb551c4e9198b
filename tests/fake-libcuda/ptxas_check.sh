#!/bin/bash
# Assemble every embedded PTX kernel file for the GPUs jetgate must run on.
# Exit 0 when all assemble, 1 when one does not, 77 (ctest: skipped) when
# no ptxas is installed: a missing assembler is never reported as a pass.
set -u
PTXAS=$(command -v ptxas || true)
[ -n "$PTXAS" ] || { [ -x /usr/local/cuda/bin/ptxas ] && PTXAS=/usr/local/cuda/bin/ptxas; }
if [ -z "$PTXAS" ]; then
  echo "SKIPPED: ptxas not found (PATH or /usr/local/cuda/bin); PTX not assembled" >&2
  exit 77
fi
[ "$#" -gt 0 ] || { echo "FAIL: no PTX files given" >&2; exit 1; }
"$PTXAS" --version | tail -1
fails=0
for f in "$@"; do
  grep -q '^\.version 7\.0$' "$f" || { echo "FAIL: $f is not .version 7.0" >&2; fails=$((fails + 1)); }
  grep -q '^\.target sm_53$' "$f" || { echo "FAIL: $f is not .target sm_53" >&2; fails=$((fails + 1)); }
  for arch in sm_87 sm_90 sm_110; do
    if "$PTXAS" -arch="$arch" "$f" -o /dev/null; then
      echo "ok: $(basename "$f") assembles for $arch"
    else
      echo "FAIL: $(basename "$f") does not assemble for $arch" >&2
      fails=$((fails + 1))
    fi
  done
done
[ "$fails" = 0 ] || exit 1
