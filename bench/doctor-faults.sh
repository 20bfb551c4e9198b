#!/bin/bash
# Real faults on a GPU machine (issue #13 point 7, issue #27), made without touching the GPU's settings, and
# what `jetgate doctor` says about each (issue #13, point 7):
#   bench/doctor-faults.sh JETGATE OUTDIR [ROUNDS [BASELINE_JETGATE]]
# Each fault changes only the environment of one doctor run: variables, a
# private mount namespace (unshare -m) that hides device nodes or the driver
# library's folder, the toolkit's stub libcuda first on LD_LIBRARY_PATH, a
# module shadowing torch on PYTHONPATH, an interpreter run with -I -S.
# Writes OUTDIR/doctor-faults.md (the table for bench/README.md) and
# OUTDIR/doctor-faults.json (every diagnosis). Needs root for the namespaces.
set -u
J=$(readlink -f "$1") OUT=$2 ROUNDS=${3:-5} BASE=${4:+$(readlink -f "$4")}
W=$(mktemp -d /tmp/jgfault.XXXXXX)
trap 'rm -rf "$W"' EXIT
MD=$OUT/doctor-faults.md JS=$OUT/doctor-faults.json
echo "[" >"$JS"
printf '| fault | expected layer | doctor: first error (confidence) | walk steps failed / not verified | experiments | proven? | right layer |\n|---|---|---|---|---|---|---|\n' >"$MD"

# summarize FAULT EXPECT FILE: one table row from a doctor --json output.
summarize() {
  python3 - "$1" "$2" "$3" >>"$MD" <<'EOF'
import json, sys
fault, want, path = sys.argv[1:4]
try:
    d = json.load(open(path))
except Exception as e:
    print("| %s | %s | no JSON (%s) | | no |" % (fault, want, e)); sys.exit()
errs = [f for f in d["findings"] if f["severity"] == "error"]
warns = [f for f in d["findings"] if f["severity"] == "warning"]
top = errs[0] if errs else (None if d.get("healthy") else (warns[0] if warns else None))
got = top["layer"] if top else ("healthy" if d.get("healthy") else "none")
desc = "%s `%s` (%s)" % (top["layer"], top["id"], top["confidence"]) if top else got
exps = d.get("experiments", [])
ex = "; ".join("%s: %s" % (e["change"], e["detail"] if e["result"] == "error" else e["result"])
               for e in exps) or "none"
proven = any(e["result"] == "works" for e in exps)
untried = exps and all(e["result"] == "error" for e in exps)
failed = [s["step"] for s in d.get("walk", []) if s["status"] in ("fail", "not_verified")]
walk = ", ".join(failed) or "all pass/absent"
print("| %s | %s | %s | %s | %s | %s | %s |" % (fault, want, desc, walk, ex,
      "proven by experiment" if proven else ("not tried" if untried else
                                             ("tried: still fails" if exps else "-")),
      "yes" if got == want else "**no**"))
EOF
}

# run FAULT EXPECT CMD...: doctor under the fault, JSON kept.
n=0
run() {
  local fault=$1 want=$2; shift 2
  n=$((n + 1))
  "$@" >"$W/d$n.json" 2>"$W/e$n.txt"
  summarize "$fault" "$want" "$W/d$n.json"
  [ $n -gt 1 ] && echo "," >>"$JS"
  printf '{"fault": %s, "doctor": ' "$(python3 -c 'import json,sys; print(json.dumps(sys.argv[1]))' "$fault")" >>"$JS"
  if python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$W/d$n.json" 2>/dev/null; then
    cat "$W/d$n.json" >>"$JS"
  else
    echo null >>"$JS"
  fi
  echo "}" >>"$JS"
}

run "none (baseline)" healthy "$J" doctor --json
run "CUDA_VISIBLE_DEVICES= (empty)" configuration env CUDA_VISIBLE_DEVICES= "$J" doctor --json
run "CUDA_VISIBLE_DEVICES=7" configuration env CUDA_VISIBLE_DEVICES=7 "$J" doctor --json
run "CUDA_VISIBLE_DEVICES=GPU-<bogus uuid>" configuration \
  env CUDA_VISIBLE_DEVICES=GPU-00000000-1111-2222-3333-444444444444 "$J" doctor --json

# Device nodes hidden: a tmpfs over /dev in a private mount namespace, with
# the ordinary character devices bound back (not the NVIDIA ones).
cat >"$W/hide-dev.sh" <<'EOF'
set -e
mkdir -p /tmp/jgolddev && mount --bind /dev /tmp/jgolddev
mount -t tmpfs tmpfs /dev
for d in null zero full random urandom tty; do touch /dev/$d; mount --bind /tmp/jgolddev/$d /dev/$d; done
mkdir -p /dev/shm && mount --bind /tmp/jgolddev/shm /dev/shm || true
exec "$@"
EOF
run "GPU device nodes hidden (tmpfs over /dev, unshare -m)" kernel-driver \
  unshare -m bash "$W/hide-dev.sh" "$J" doctor --json

# The driver library's folder hidden: a tmpfs over it, or, when that folder is
# the system library folder (glibc lives there too), /dev/null over each libcuda file.
LIBCUDA=$(ldconfig -p | awk '/libcuda\.so\.1 /{print $NF; exit}')
LIBDIR=$(dirname "$(readlink -f "${LIBCUDA:-/nonexistent}")")
cat >"$W/hide-lib.sh" <<'EOF'
set -e
dir=$1; shift
case $dir in
  /lib*|/usr/lib|/usr/lib64|/usr/lib/x86_64-linux-gnu|/usr/lib/aarch64-linux-gnu)
    for f in "$dir"/libcuda.so*; do mount --bind /dev/null "$f"; done ;;
  *) mount -t tmpfs tmpfs "$dir" ;;
esac
exec "$@"
EOF
echo "libcuda: ${LIBCUDA:-not found} (folder $LIBDIR)" >"$OUT/doctor-faults-notes.txt"
run "driver library folder hidden ($LIBDIR)" cuda-driver \
  unshare -m bash "$W/hide-lib.sh" "$LIBDIR" "$J" doctor --json

# The toolkit's stub libcuda first: linked as libcuda.so.1 in a .../stubs folder.
STUB=$(ls /usr/local/cuda*/targets/*/lib/stubs/libcuda.so /usr/local/cuda*/lib64/stubs/libcuda.so 2>/dev/null | head -1)
if [ -n "$STUB" ]; then
  mkdir -p "$W/lib64/stubs" && ln -s "$STUB" "$W/lib64/stubs/libcuda.so.1"
  run "toolkit stub libcuda first on LD_LIBRARY_PATH" configuration \
    env LD_LIBRARY_PATH="$W/lib64/stubs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$J" doctor --json
else
  echo "| toolkit stub libcuda first | configuration | not run: no toolkit stub on this machine | | |" >>"$MD"
fi

# A module named torch on PYTHONPATH whose import fails like a missing cuDNN.
mkdir -p "$W/shadow/torch"
echo 'raise ImportError("libcudnn.so.9: cannot open shared object file: No such file or directory")' \
  >"$W/shadow/torch/__init__.py"
run "torch shadowed on PYTHONPATH (import fails: libcudnn.so.9)" configuration \
  env PYTHONPATH="$W/shadow" "$J" doctor --json

# The project's interpreter started with -I -S (no site-packages: torch not importable).
printf '#!/bin/sh\nexec python3 -I -S "$@"\n' >"$W/python3-IS" && chmod +x "$W/python3-IS"
run "interpreter python3 -I -S" configuration "$J" doctor --python "$W/python3-IS" --json

# ---- issue 27: faults the earlier rules had not seen, and a host with no GPU visible.
run "PYTHONHOME=/nonexistent (interpreter cannot start)" configuration \
  env PYTHONHOME=/nonexistent "$J" doctor --json
run "ulimit -S -v 4194304 (soft address-space limit)" configuration \
  bash -c 'ulimit -S -v 4194304 && exec "$0" doctor --json' "$J"
run "ulimit -v 4194304 (soft and hard)" configuration \
  bash -c 'ulimit -v 4194304 && exec "$0" doctor --json' "$J"
# The same without CAP_SYS_RESOURCE (root in a container that drops it, or
# any other user): the hard limit cannot be raised, and the doctor must say so.
if command -v setpriv >/dev/null; then
  run "ulimit -v 4194304 (soft and hard), CAP_SYS_RESOURCE dropped" configuration \
    setpriv --bounding-set -sys_resource bash -c 'ulimit -v 4194304 && exec "$0" doctor --json' "$J"
fi
mkdir -p "$W/cwd/torch"
echo 'raise ImportError("Failed to load PyTorch C extensions: torch/_C not built (a source checkout)")' \
  >"$W/cwd/torch/__init__.py"
run "torch/ source folder in the working directory" configuration \
  bash -c 'cd "$1" && exec "$0" doctor --json' "$J" "$W/cwd"
if python3 -m venv --without-pip "$W/venv" 2>>"$OUT/doctor-faults-notes.txt"; then
  run "venv without system site packages" configuration "$J" doctor --python "$W/venv/bin/python3" --json
fi
run "CUDA_VISIBLE_DEVICES=-1" configuration env CUDA_VISIBLE_DEVICES=-1 "$J" doctor --json
cat >"$W/hide-uvm.sh" <<'EOF2'
set -e
mkdir -p /tmp/jgolddev2 && mount --bind /dev /tmp/jgolddev2
mount -t tmpfs tmpfs /dev
for d in /tmp/jgolddev2/*; do n=${d##*/}; [ "$n" = nvidia-uvm ] || [ "$n" = nvidia-uvm-tools ] && continue
  if [ -L "$d" ]; then ln -s "$(readlink "$d")" /dev/$n; continue; fi
  if [ -d "$d" ]; then mkdir -p /dev/$n; else touch /dev/$n; fi; mount --bind "$d" /dev/$n || true; done
mount -o remount,ro /dev   # as root, libcuda would make the node again: a container could not
exec "$@"
EOF2
run "/dev/nvidia-uvm hidden (unshare -m)" kernel-driver unshare -m bash "$W/hide-uvm.sh" "$J" doctor --json
# No GPU visible at all: PCI functions, the driver's procfs folder, the device
# nodes and the driver library hidden in a private mount namespace.
cat >"$W/hide-gpu.sh" <<'EOF2'
set -e
lib=$1; shift
mount -t tmpfs tmpfs /sys/bus/pci/devices 2>/dev/null || true
[ -d /proc/driver/nvidia ] && mount -t tmpfs tmpfs /proc/driver/nvidia || true
mkdir -p /tmp/jgolddev3 && mount --bind /dev /tmp/jgolddev3 && mount -t tmpfs tmpfs /dev
for d in null zero full random urandom tty; do touch /dev/$d; mount --bind /tmp/jgolddev3/$d /dev/$d; done
mkdir -p /dev/shm && mount --bind /tmp/jgolddev3/shm /dev/shm || true
case $lib in
  /lib*|/usr/lib|/usr/lib64|/usr/lib/x86_64-linux-gnu) for f in "$lib"/libcuda.so*; do mount --bind /dev/null "$f"; done ;;
  *) mount -t tmpfs tmpfs "$lib" ;;
esac
exec "$@"
EOF2
run "no NVIDIA GPU visible (PCI, /proc/driver/nvidia, nodes, libcuda hidden)" hardware \
  unshare -m bash "$W/hide-gpu.sh" "$LIBDIR" "$J" doctor --json

echo "]" >>"$JS"
# A non-Jetson host with a CUDA 13 toolkit: no JetPack may be stated.
python3 - "$JS" >>"$OUT/doctor-faults-notes.txt" <<'EOF'
import json, sys
runs = json.load(open(sys.argv[1]))
base = runs[0]["doctor"] or {}
text = json.dumps(base.get("findings", []))
print("baseline findings naming a JetPack:", "JetPack" in text)
print("baseline healthy:", base.get("healthy"), "kernel_ran:", base.get("kernel_ran"))
EOF
# Doctor's own time beyond the torch import: the torch import and one kernel
# alone, then the whole healthy doctor (and the baseline build's, when given),
# ROUNDS times each, interleaved.
{
  for i in $(seq "$ROUNDS"); do
    t0=$(date +%s.%N); python3 -c "import torch; x=torch.ones(2,device='cuda'); torch.cuda.synchronize()"
    t1=$(date +%s.%N); "$J" doctor --json >/dev/null 2>&1; t2=$(date +%s.%N)
    line=$(awk -v a="$t0" -v b="$t1" -v c="$t2" 'BEGIN { printf "torch import + kernel %.2f s; doctor %.2f s; doctor - torch %.2f s", b - a, c - b, (c - b) - (b - a) }')
    if [ -n "$BASE" ]; then
      t3=$(date +%s.%N); "$BASE" doctor --json >/dev/null 2>&1; t4=$(date +%s.%N)
      line="$line; baseline doctor $(awk -v a="$t3" -v b="$t4" -v t="$t1" -v s="$t0" 'BEGIN { printf "%.2f s, - torch %.2f s", b - a, (b - a) - (t - s) }')"
    fi
    echo "$line"
  done
} >>"$OUT/doctor-faults-notes.txt" 2>&1
cat "$MD" "$OUT/doctor-faults-notes.txt"
