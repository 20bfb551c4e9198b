#!/bin/bash
# Everything the issues ask to measure on the GPU machine, in one call, so it
# costs one machine start. Run from the repository root there:
#   bench/device-run.sh JETGATE OUTDIR COMMIT [--surgery]
# Writes OUTDIR/summary.txt (all human output, in order) plus the raw JSON:
# facts-live.json, doctor.json (live, kernels run), jetson-runtime.json
# (evidence, with the Python probe), junit.xml.
set -u
J=$1 OUT=$2 SHA=$3
S=$OUT/summary.txt
section() { printf '\n===== %s\n' "$*" >>"$S"; }
: >"$S"
section "GPU (UUIDs removed)"
nvidia-smi -L 2>&1 | sed 's/ (UUID[^)]*)//' >>"$S"
python3 -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda)' >>"$S" 2>&1
section "bench/facts.sh (10 rounds)"
bench/facts.sh "$J" 10 >>"$S" 2>&1
section "jetgate facts (live)"
"$J" facts >>"$S" 2>&1
"$J" facts --json >"$OUT/facts-live.json" 2>>"$S"
section "jetgate doctor -v"
"$J" doctor -v --json >"$OUT/doctor.json" 2>>"$S"; echo "exit $?" >>"$S"
"$J" doctor --facts "$OUT/facts-live.json" >>"$S" 2>&1
section "bench/gate.sh (3 runs, native part only: no Python)"
bench/gate.sh "$J" 3 /bin/false >>"$S" 2>&1
section "jetgate run"
t0=$(date +%s.%N)
"$J" run --commit "$SHA" --out "$OUT" --junit "$OUT/junit.xml" >>"$S" 2>&1
rc=$?
awk -v a="$t0" -v b="$(date +%s.%N)" -v rc=$rc 'BEGIN { printf "exit %d, wall %.2f s\n", rc, b - a }' >>"$S"
section "jetgate claim --tier target"
"$J" claim --tier target --commit "$SHA" "$OUT/jetson-runtime.json" >>"$S" 2>&1; echo "exit $?" >>"$S"
if [ "${4:-}" = --surgery ]; then
  section "bench/offload_surgery"
  bench/offload_surgery "$J" >>"$S" 2>&1
fi
