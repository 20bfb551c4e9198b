# jetgate constraints: the real metadata probe against fake site-packages
# (dist-info directories made here), pinned output, refusals with reasons,
# and the output fed to pip itself. --check is constraints_check.sh.
. "$(dirname "$0")/lib.sh.inc"
# The interpreter itself, not a version-manager shim (a shim costs a second a call).
PY3=$(python3 -c 'import sys; print(sys.executable)')
NV=2.5.0a0+872d972e41.nv24.08.17622132
TV=0.20.0a0+afc54f7

# mkdist SITE NAME VERSION [RECORD-FILE...] -- a dist-info importlib.metadata reads.
# Requires-Dist lines come from $REQS.
mkdist() {
  site=$1 name=$2 ver=$3; shift 3
  d="$site/$name-$ver.dist-info"; mkdir -p "$d"
  printf 'Metadata-Version: 2.1\nName: %s\nVersion: %s\n' "$name" "$ver" >"$d/METADATA"
  for r in ${REQS:-}; do printf 'Requires-Dist: %s\n' "$r" >>"$d/METADATA"; done
  : >"$d/RECORD"
  # Each file RECORD names exists: Python 3.12+ leaves missing ones out of dist.files.
  for f in "$@"; do
    printf '%s,,\n' "$f" >>"$d/RECORD"
    mkdir -p "$site/$(dirname "$f")" && : >"$site/$f"
  done
  printf '%s/METADATA,,\n' "$name-$ver.dist-info" >>"$d/RECORD"
}
# mkpy NAME SITE [MACHINE]: an interpreter that sees SITE first and reports MACHINE.
mkpy() {
  printf '#!/bin/sh\nPYTHONPATH="%s" "%s" "$@" | sed "s/\\"machine\\": \\"[^\\"]*\\"/\\"machine\\": \\"%s\\"/"\n' \
    "$2" "$PY3" "${3:-aarch64}" >"$T/$1"
  chmod +x "$T/$1"
}
CUDA_LIB=torch/lib/libtorch_cuda.so
mkdist "$T/nv" torch "$NV" torch/__init__.py "$CUDA_LIB"
mkdist "$T/nv" torchvision "$TV" torchvision/__init__.py
mkpy py-nv "$T/nv"

expect_rc 0 "$JETGATE" constraints --help
expect_out -- '--check FILE'
expect_out -- '--python PY'

# The probe itself: metadata only, CUDA library seen in RECORD, no torch import.
PYTHONPATH="$T/nv" "$PY3" "$JG_SOURCE_DIR/src/python/constraints_probe.py" >"$T/probe.json"
grep -q '"cuda_libraries": \["libtorch_cuda.so"\]' "$T/probe.json" || fail "probe lacks the CUDA library"
grep -q "\"version\": \"$NV\"" "$T/probe.json" || fail "probe lacks the torch version"
# Python 3.6 / 3.7 (JetPack 4) have no importlib.metadata: with it hidden, the
# probe's own dist-info reader must give the same answer.
PYTHONPATH="$T/nv" "$PY3" -c 'import importlib, sys
importlib.__dict__.pop("metadata", None); sys.modules["importlib.metadata"] = None
exec(compile(open(sys.argv[1]).read(), sys.argv[1], "exec"))' \
  "$JG_SOURCE_DIR/src/python/constraints_probe.py" >"$T/probe36.json"
cmp -s "$T/probe.json" "$T/probe36.json" ||
  fail "probe without importlib.metadata differs: $(cat "$T/probe36.json")"

expect_rc 0 "$JETGATE" constraints --python "$T/py-nv"
expect_out "^torch==$NV\$"
expect_out "^torchvision==$TV\$"
expect_out '^bitsandbytes<0$'
grep -q torchaudio "$T/out" && fail "torchaudio pinned though not installed"
cp "$T/out" "$T/constraints.txt"

# A policy whose every tier supports bitsandbytes: no exclusion line.
sed 's/"bitsandbytes": "unsupported"/"bitsandbytes": "supported"/' \
  "$JG_SOURCE_DIR/src/policy/default-policy.json" >"$T/bnb-ok.json"
expect_rc 0 "$JETGATE" constraints --python "$T/py-nv" --policy "$T/bnb-ok.json"
grep -q bitsandbytes "$T/out" && fail "bitsandbytes excluded though every tier supports it"
expect_rc 0 "$JETGATE" constraints --python "$T/py-nv" --tier target
expect_out 'tier target marks bitsandbytes unsupported'
expect_rc 2 "$JETGATE" constraints --python "$T/py-nv" --tier nosuch
expect_err "no tier 'nosuch'"

# Refusals, each with its reason.
refuse() { # refuse DIR VERSION REASON [RECORD...]
  dir=$1 ver=$2 why=$3; shift 3
  mkdist "$T/$dir" torch "$ver" torch/__init__.py "$@"; mkpy "py-$dir" "$T/$dir"
  expect_rc 1 "$JETGATE" constraints --python "$T/py-$dir"
  expect_err "refusing to pin: .*$why"
  [ -s "$T/out" ] && fail "$dir: printed constraints while refusing"
  REQS=
}
refuse cpu 2.5.1+cpu 'CPU-only build (+cpu)' "$CUDA_LIB"
refuse cu 2.5.1+cu124 'download.pytorch.org CUDA build' "$CUDA_LIB"
refuse nocuda 2.5.1 'ships no CUDA library'
REQS=nvidia-cublas-cu12==12.4.5.8
refuse pypi 2.5.1 'depends on nvidia-\* wheels (nvidia-cublas-cu12' "$CUDA_LIB"
# A reported version is validated as PEP 440 before it is written: this one
# would pin nothing (its marker never holds) and is refused instead.
mkdist "$T/inj" torch '2.5.0a0+872d972e41.nv24.08 ; python_version < "0"' torch/__init__.py "$CUDA_LIB"
mkpy py-inj "$T/inj"
expect_rc 1 "$JETGATE" constraints --python "$T/py-inj"
expect_err "refusing to pin: torch's version '2.5.0a0+872d972e41.nv24.08 ; python_version < \"0\"' is not a PEP 440 version"
[ -s "$T/out" ] && fail "printed constraints for a version that is not PEP 440"
mkdist "$T/lab" torch 2.5.0 torch/__init__.py "$CUDA_LIB"; mkpy py-lab "$T/lab"
expect_rc 0 "$JETGATE" constraints --python "$T/py-lab"   # jetson-ai-lab: plain version, CUDA, no nvidia-*
expect_out '^torch==2.5.0$'
mkpy py-x86 "$T/nv" x86_64
expect_rc 1 "$JETGATE" constraints --python "$T/py-x86"
expect_err 'not aarch64'
expect_rc 2 "$JETGATE" constraints --python "$T/no-such-python"
expect_err 'cannot ask the interpreter'

# The output is a constraints file pip accepts: the vendor torch wins over a
# newer wheel, and a requirement of bitsandbytes cannot resolve.
# pip install --dry-run is pip 22.2+ (Debian 11 has 20.3).
if "$PY3" -m pip install --help 2>/dev/null | grep -q -- '--dry-run'; then
  mkdir -p "$T/wheels"
  "$PY3" - "$T/wheels" "$NV" <<'PY'
import sys, zipfile
out, nv = sys.argv[1], sys.argv[2]
def wheel(name, ver, requires=()):
    di = "%s-%s.dist-info" % (name, ver)
    meta = "Metadata-Version: 2.1\nName: %s\nVersion: %s\n" % (name, ver)
    meta += "".join("Requires-Dist: %s\n" % r for r in requires)
    with zipfile.ZipFile("%s/%s-%s-py3-none-any.whl" % (out, name, ver), "w") as z:
        z.writestr(di + "/METADATA", meta)
        z.writestr(di + "/WHEEL", "Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        z.writestr(di + "/RECORD", "")
for name, ver, req in [("torch", nv, ()), ("torch", "2.6.0", ()), ("torchvision", "0.20.0a0+afc54f7", ()),
                       ("bitsandbytes", "0.45.0", ()), ("app", "1.0", ("torch>=2.0",)),
                       ("appbnb", "1.0", ("torch>=2.0", "bitsandbytes"))]:
    wheel(name, ver, req)
PY
  pip_dry() { "$PY3" -m pip install --dry-run --no-index --find-links "$T/wheels" \
      --target "$T/tgt" -c "$T/constraints.txt" "$@"; }
  expect_rc 0 pip_dry app
  expect_out "Would install app-1.0 torch-$NV"
  expect_rc 1 pip_dry appbnb
  expect_err 'ResolutionImpossible'
else
  echo "skipped: the pip acceptance part (needs pip 22.2+ for install --dry-run; here: $("$PY3" -m pip --version 2>&1 | cut -c1-40))" >&2
fi

finish
