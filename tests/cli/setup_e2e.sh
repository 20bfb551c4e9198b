# jetgate setup end to end with real pip, offline: a fake NVIDIA torch
# (version with an nv tag) in a "system" Python's site-packages, a local
# --find-links index offering a newer PyPI-like CPU torch that a plain
# resolve would pick, and projects that require torch and packages that
# depend on it. After setup the vendor build is the one imported; a plain
# `pip install` in the same venv is shown to replace it (the danger is
# real); each unsafe case is refused with its reason.
. "$(dirname "$0")/lib.sh.inc"
need_setup_python "setup"
NV=2.5.0a0+872d972e41.nv24.08.17622132   # the version of tier target's pinned wheel
ORIN=$JG_SOURCE_DIR/tests/fixtures/roots/agx-orin-64gb-jp62
W=$T/wheels; mkdir -p "$W"

# Wheels with RECORD hashes (tests/cli/lane_wheels.py), and an in-tree PEP 517
# backend so projects build offline.
cp "$JG_SOURCE_DIR/tests/cli/lane_wheels.py" "$T/"   # the wheel writer jgwheel.py uses
cat >"$T/jgwheel.py" <<'PY'
import os, sys
from lane_wheels import wheel
def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    import tomllib
    with open("pyproject.toml", "rb") as f:
        p = tomllib.load(f)["project"]
    return wheel(wheel_directory, p["name"], p["version"], p.get("dependencies", ()),
                 extras=p.get("optional-dependencies"))
if __name__ == "__main__":
    nv, out = sys.argv[1], sys.argv[2]
    torch = lambda build, extra: {"torch/__init__.py": "__version__ = %r\nBUILD = %r\n" % (extra, build),
                                  "torch/lib/libtorch_cuda.so" if build == "nvidia" else "torch/cpu.txt": "x"}
    wheel(out, "torch", nv, files=torch("nvidia", nv))
    wheel(out, "torch", "2.6.0", files=torch("pypi-cpu", "2.6.0"))
    wheel(out, "helper", "1.0", ["torch>=2.1"])
    wheel(out, "helper2", "1.0", ["torch>=2.5"])
    wheel(out, "leaf", "1.0")
PY
"$PY3" "$T/jgwheel.py" "$NV" "$W"
mkdir -p "$T/vendor" && mv "$W/torch-$NV-py3-none-any.whl" "$T/vendor/"

# The "system" Python: the real interpreter's binary over a copy of its
# prefix whose site-packages holds only NVIDIA's torch.
system_python "$T/sys" "$T/vendor/torch-$NV-py3-none-any.whl"
imported() { "$1" -c 'import torch; print(torch.__version__, torch.BUILD)'; }
[ "$(imported "$SYS/bin/python3")" = "$NV nvidia" ] || fail "the system Python does not import the vendor torch"

project() { # project DIR NAME 'DEPS' ['EXTRAS TOML']
  mkdir -p "$1"; cp "$T/jgwheel.py" "$T/lane_wheels.py" "$1/"
  printf '[build-system]\nrequires = []\nbuild-backend = "jgwheel"\nbackend-path = ["."]\n\n[project]\nname = "%s"\nversion = "1.0"\ndependencies = [%s]\n%s\n' \
    "$2" "$3" "${4:-}" >"$1/pyproject.toml"
}
setup() { "$JETGATE" setup --root "$ORIN" --python "$SYS/bin/python3" --no-index --find-links "$W" "$@"; }

# 1. The happy path: torch and a package that depends on torch.
#    Run as the support doc prints it: `jetgate setup --tier target .` in the project.
project "$T/a" app '"torch>=2.0", "helper"'
in_a() { (cd "$T/a" && setup --tier target .); }
expect_rc 0 in_a
cp "$T/out" "$T/setup-a.out"
expect_out "setup: torch $NV kept (NVIDIA build; RECORD sha256"
expect_out "jetgate doctor --python ./.venv/bin/python"
expect_err 'this host is tier target'
expect_err 'pip check: no broken requirements'
expect_err "setup: pip's index: none (--no-index)"   # which index pip uses is said
VPY=$T/a/.venv/bin/python
[ "$(imported "$VPY")" = "$NV nvidia" ] || fail "after setup the venv does not import the vendor torch"
"$VPY" -c 'import helper' || fail "setup did not install helper"
grep -q "^torch==$NV\$" "$T/a/.venv/jetgate-constraints.txt" || fail "constraints file lacks the pin"
# The next commands it prints: activate, then doctor (on the fixture's platform).
doctor_in_venv() { (cd "$T/a" && . .venv/bin/activate && "$JETGATE" doctor --root "$ORIN"); }
expect_rc 0 doctor_in_venv
expect_out 'pytorch-build'
grep -q '^  \. \./\.venv/bin/activate$' "$T/setup-a.out" || fail "setup did not print the activate command"
# ...and `jetgate run` as printed: in the activated venv, python3 is the venv's, so
# the gate's framework checks see the vendor torch. This x86 host is no Jetson:
# the gate is not_run (exit 1) but the record names the kept torch.
grep -q '^  jetgate run --python \./\.venv/bin/python$' "$T/setup-a.out" || fail "setup did not print jetgate run"
run_in_venv() { (cd "$T/a" && . .venv/bin/activate && "$JETGATE" run --python ./.venv/bin/python --quiet --commit 0123456789abcdef0123456789abcdef01234567 --out "$T/a-ev"); }
expect_rc 1 run_in_venv
python3 - "$T/a-ev/jetson-runtime.json" "$NV" <<'PY' || fail "jetgate run in the venv did not record the vendor torch"
import json, sys
d = json.load(open(sys.argv[1]))
assert d["predicate"]["status"] == "not_run", d["predicate"]["status"]
assert d["predicate"]["platform"]["torch"] == sys.argv[2], d["predicate"]["platform"]["torch"]
PY

# 2. The project itself asks for another torch: stopped before pip runs, with the line.
#    (Steps 2 and 3 use step 1's venv, before step 4 breaks it: making a venv
#    is the slow part.)
V2=$T/a/.venv
project "$T/c" cee '"torch>=2.6"'
expect_rc 1 setup --venv "$V2" "$T/c"
expect_err "^$T/c/pyproject.toml:9: torch.replace: torch >=2.6"
expect_err 'stopped before anything was created'
project "$T/q" quant '"torch"' '[project.optional-dependencies]
quant = ["bitsandbytes"]'
expect_rc 0 setup --venv "$V2" "$T/q"    # without the extra, bitsandbytes is not installed
expect_rc 1 setup --venv "$V2" --extra quant "$T/q"
expect_err 'pyproject.toml:[0-9]*: bitsandbytes: '

# 3. A uv.lock project: the locked packages without torch, --no-deps, pip check.
project "$T/d" dee '"torch>=2.0", "helper"'
cat >"$T/d/uv.lock" <<'EOT'
version = 1
requires-python = ">=3.10"

[[package]]
name = "dee"
version = "1.0"
source = { editable = "." }
dependencies = [{ name = "helper" }, { name = "torch" }]

[[package]]
name = "helper"
version = "1.0"
source = { registry = "https://pypi.org/simple" }
dependencies = [{ name = "torch" }]

[[package]]
name = "torch"
version = "2.6.0"
source = { registry = "https://pypi.org/simple" }
EOT
expect_rc 0 setup --venv "$V2" "$T/d"
expect_err 'uv.lock:[0-9]*: torch.replace: torch ==2.6.0'
expect_err 'left out of the export'
grep -q '^helper==1.0$' "$V2/jetgate-lock-export.txt" || fail "export lacks helper==1.0"
grep -q '^torch' "$V2/jetgate-lock-export.txt" && fail "export holds torch"
[ "$(imported "$V2/bin/python")" = "$NV nvidia" ] || fail "lock install replaced torch"

# 3b. Issue #28 defect 1: the lock's hashes reach pip, which checks them; a lock
#     whose values are off their grammar is refused before pip runs.
project "$T/e" ee '"torch>=2.0", "leaf"'
lock_e() { # LEAF-VERSION HASH
  cat >"$T/e/uv.lock" <<EOT
version = 1
[[package]]
name = "ee"
version = "1.0"
source = { editable = "." }
dependencies = [{ name = "leaf" }, { name = "torch" }]
[[package]]
name = "leaf"
version = "$1"
source = { registry = "https://pypi.org/simple" }
wheels = [{ url = "https://x/leaf-1.0-py3-none-any.whl", hash = "sha256:$2" }]
[[package]]
name = "torch"
version = "2.6.0"
source = { registry = "https://pypi.org/simple" }
EOT
}
LH=$(sha256sum "$W/leaf-1.0-py3-none-any.whl" | cut -d' ' -f1)
lock_e 1.0 "$(printf '%064d' 0)"
expect_rc 1 setup --venv "$V2" "$T/e"   # a wheel that is not the locked one
expect_err 'pip stopped, torch untouched'
lock_e 1.0 "$LH"
expect_rc 0 setup --venv "$V2" "$T/e"
grep -q "^leaf==1.0 --hash=sha256:$LH\$" "$V2/jetgate-lock-export.txt" || fail "export lacks leaf's hash"
lock_e '1.0\ntorch==2.6.0' "$LH"
expect_rc 2 setup --venv "$V2" "$T/e"
expect_err "uv.lock:[0-9]*: '1.0\\\\x0atorch==2.6.0' is not a valid version"
[ "$(imported "$V2/bin/python")" = "$NV nvidia" ] || fail "a forged lock replaced torch"

# 4. A dependency the vendor build does not satisfy (torch>=2.5; 2.5.0a0 is a
#    pre-release of 2.5.0): pip's resolve (the venv's pip) explains the
#    conflict and setup stops before installing anything, torch untouched...
project "$T/b" bee '"helper2"'
expect_rc 1 setup --venv "$T/a/.venv" "$T/b"
expect_err 'resolve.conflict: pip cannot install this with the vendor torch family pinned: .*helper2 1.0 depends on torch>=2.5'
expect_err 'stopped before anything was created'
[ "$(imported "$VPY")" = "$NV nvidia" ] || fail "a refused setup changed torch"
# ...while a plain pip install in the same venv replaces it: the danger is real.
"$VPY" -m pip install -q --no-index --no-compile --disable-pip-version-check --find-links "$W" "$T/b" >/dev/null 2>&1 || fail "plain pip install failed"
[ "$(imported "$VPY")" = "2.6.0 pypi-cpu" ] || fail "plain pip install did not replace the vendor torch"
# and setup, run again on that venv, refuses it: not the NVIDIA build.
expect_rc 1 setup --venv "$T/a/.venv" "$T/a"
expect_err 'refusing: torch 2.6.0 ships no CUDA library'

# 5. Unsafe venvs and hosts, each refused with its reason.
expect_rc 2 setup --venv / "$T/a"
expect_err 'refusing to make / a virtual environment'
expect_rc 2 env HOME="$T" "$JETGATE" setup --root "$ORIN" --python "$SYS/bin/python3" --venv "$T" "$T/a"
expect_err 'it is $HOME or above it'
expect_rc 2 setup --venv "$T/a" "$T/a"
expect_err 'it is the project root'
"$SYS/bin/python3" -m venv --without-pip "$T/nosys"
expect_rc 2 setup --venv "$T/nosys" "$T/a"
expect_err 'without system site packages: it cannot see the vendor torch'
mkdir -p "$T/junk" && : >"$T/junk/file"
expect_rc 2 setup --venv "$T/junk" "$T/a"
expect_err 'is not a virtual environment'
expect_rc 1 "$JETGATE" setup --root "$JG_SOURCE_DIR/tests/fixtures/roots/x86_64-dgpu" "$T/a"
expect_err 'not a Jetson of any tier of the policy: hardware: '
expect_rc 1 setup --tier evaluate "$T/a"
expect_err 'this host is tier target (Jetson AGX Orin 64 GB), not evaluate'
# 6. --wheel: a venv that sees no torch gets the tier's pinned wheel only when
#    the policy records its sha256 and the file has it. (The fake wheel stands
#    in for NVIDIA's: same name and version as the pin.)
WHL=$T/vendor/torch-$NV-py3-none-any.whl
SHA=$("$PY3" -c 'import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],"rb").read()).hexdigest())' "$WHL")
mkdir -p "$T/bare/lib/$VER/site-packages" "$T/bare/bin"
cp "$SYS/bin/python3" "$T/bare/bin/python3"
for e in "$SYS/lib/$VER"/*; do
  [ "$(basename "$e")" = site-packages ] || ln -s "$(readlink "$e")" "$T/bare/lib/$VER/"
done
"$PY3" - "$JG_SOURCE_DIR/src/policy/default-policy.json" "$T" "$SHA" <<'PYEOF'
import json, sys
pol = json.load(open(sys.argv[1]))
t = next(t for t in pol["tiers"] if t["id"] == "target")
t["pytorch"]["sha256"] = sys.argv[3]
json.dump(pol, open(sys.argv[2] + "/sha.json", "w"))
t["pytorch"]["sha256"] = "0" * 64
json.dump(pol, open(sys.argv[2] + "/badsha.json", "w"))
PYEOF
wsetup() { "$JETGATE" setup --root "$ORIN" --python "$T/bare/bin/python3" --venv "$T/wv" --no-index --find-links "$W" "$@"; }
expect_rc 1 wsetup "$T/a"
expect_err 'sees no torch: pass --wheel'
expect_rc 1 wsetup --wheel "$WHL" "$T/a"
expect_err 'the policy records no sha256'
expect_rc 1 wsetup --policy "$T/badsha.json" --wheel "$WHL" "$T/a"
expect_err "has sha256 $SHA, not the 0000"
expect_rc 1 wsetup --policy "$T/sha.json" --wheel "$W/torch-2.6.0-py3-none-any.whl" "$T/a"
expect_err 'is not the tier.s pin'
# Project c's own torch>=2.6 stops setup after the wheel is verified and
# before anything is created: no venv, nothing installed.
expect_rc 1 wsetup --policy "$T/sha.json" --wheel "$WHL" "$T/c"
expect_err 'matches tier target.s torch pin'
expect_err 'stopped before anything was created'
[ -e "$T/wv" ] && fail "a refused setup created the venv $T/wv"
expect_rc 0 wsetup --policy "$T/sha.json" --wheel "$WHL" "$T/a"
[ "$(imported "$T/wv/bin/python")" = "$NV nvidia" ] || fail "--wheel did not give the venv the vendor torch"
finish
