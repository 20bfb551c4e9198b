#!/bin/bash
# Every embedded PTX kernel file must load on the oldest driver jetgate
# supports and assemble for every GPU it must run on:
# - `.version` at most 6.5, the PTX ISA of CUDA 10.2 (JetPack 4.6: Nano, TX2),
#   so the driver's JIT accepts it; ptxas refuses instructions newer than the
#   file's `.version`, so assembling proves the ISA level too;
# - `.target sm_53`, the oldest Jetson GPU (Nano / TX1);
# - assembled for sm_53 (Nano, TX1), sm_62 (TX2), sm_72 (Xavier), sm_87 (Orin),
#   sm_90 (H100 / H200) and sm_110 (Thor), each that this ptxas knows. A
#   target it does not list under --gpu-name (CUDA 13's ptxas no longer lists
#   sm_53, sm_62, sm_72) is named as NOT CHECKED, never counted as assembled.
# Exit 0 when every checked target assembles, 1 when one does not or none
# could be checked, 77 (ctest: skipped) when no ptxas is installed.
# JG_PTXAS, when set, names the assembler (empty: behave as if none is installed).
set -u
TARGETS="sm_53 sm_62 sm_72 sm_87 sm_90 sm_110"
if [ "${JG_PTXAS+set}" = set ]; then
  PTXAS=$JG_PTXAS
else
  PTXAS=$(command -v ptxas || true)
  [ -n "$PTXAS" ] || { [ -x /usr/local/cuda/bin/ptxas ] && PTXAS=/usr/local/cuda/bin/ptxas; }
fi
if [ -z "$PTXAS" ]; then
  echo "SKIPPED: ptxas not found (PATH or /usr/local/cuda/bin); PTX not assembled" >&2
  exit 77
fi
[ "$#" -gt 0 ] || { echo "FAIL: no PTX files given" >&2; exit 1; }
release=$("$PTXAS" --version | grep -o 'release [0-9.]*' | head -1)
echo "ptxas: $release"
# The real targets this ptxas accepts, from its --gpu-name list.
known=" $("$PTXAS" --help | tr "',\t " '\n\n\n\n' | grep -xE 'sm_[0-9]+' | sort -u | tr '\n' ' ')"
fails=0 checked=0 unchecked=""
for arch in $TARGETS; do
  case $known in *" $arch "*) ;; *) unchecked="$unchecked $arch"; continue ;; esac
  checked=$((checked + 1))
done
for f in "$@"; do
  v=$(sed -n 's/^\.version \([0-9]*\)\.\([0-9]*\)$/\1 \2/p' "$f")
  if [ -z "$v" ]; then
    echo "FAIL: $f has no '.version MAJOR.MINOR' line" >&2; fails=$((fails + 1))
  elif [ $((${v% *} * 10 + ${v#* })) -gt 65 ]; then
    echo "FAIL: $f is .version ${v/ /.}; a CUDA 10.2 driver loads at most 6.5" >&2; fails=$((fails + 1))
  fi
  grep -q '^\.target sm_53$' "$f" || { echo "FAIL: $f is not .target sm_53" >&2; fails=$((fails + 1)); }
  for arch in $TARGETS; do
    case $unchecked in *" $arch"*) continue ;; esac
    if "$PTXAS" -arch="$arch" "$f" -o /dev/null; then
      echo "ok: $(basename "$f") assembles for $arch"
    else
      echo "FAIL: $(basename "$f") does not assemble for $arch" >&2
      fails=$((fails + 1))
    fi
  done
done
[ -z "$unchecked" ] ||
  echo "NOT CHECKED:$unchecked: ptxas $release does not list them under --gpu-name (not assembled, not counted)"
[ "$checked" -gt 0 ] || { echo "FAIL: ptxas knows none of $TARGETS" >&2; exit 1; }
[ "$fails" = 0 ] || exit 1
