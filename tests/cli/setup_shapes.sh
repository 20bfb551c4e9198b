# jetgate setup and constraints --check on every project shape, offline with
# real pip: a monorepo sub-project built by setup.py with requirements files
# and a stub uv.lock; refusals leave no venv; a clean git tree stays clean;
# a dependency's dependency that brings torchvision / bitsandbytes is named
# with its path (pip's resolve, local --find-links of tiny wheels built
# here); a tier that pins torchvision beside torch gets it from --wheel
# (sha256 checked) and keeps it; offline, what was not followed is said.
. "$(dirname "$0")/lib.sh.inc"
PY3=$(python3 -c 'import sys; print(sys.executable)')
"$PY3" -c 'import venv, ensurepip, setuptools, pip' 2>/dev/null ||
  { echo "skipped (python3 lacks venv / ensurepip / setuptools / pip)" >&2; exit 77; }
# Every part asserts what pip's resolve said (pip 22.2+: install --dry-run
# --report); with an older pip (Debian 11's 20.3) jetgate says the graph
# was NOT followed, with pip's own error, which these assertions do not fit.
"$PY3" -m pip install --help 2>/dev/null | grep -q -- '--dry-run' ||
  { echo "skipped (pip 22.2+ needed for install --dry-run --report; here: $("$PY3" -m pip --version 2>&1 | cut -c1-40))" >&2; exit 77; }
WHEELPKG=
for py in "$PY3" /usr/bin/python3; do
  WHEELPKG=$("$py" -c 'import wheel, os; print(os.path.dirname(wheel.__path__[0]))' 2>/dev/null) && break
done
"$PY3" -c 'import setuptools.command.bdist_wheel' 2>/dev/null || [ -n "$WHEELPKG" ] ||
  { echo "skipped (no 'wheel' package and setuptools < 70.1: a setup.py project cannot be built offline)" >&2; exit 77; }
command -v git >/dev/null || { echo "skipped (git missing)" >&2; exit 77; }
NV=2.5.0a0+872d972e41.nv24.08.17622132; TV=0.20.0a0+afc54f7
ORIN=$JG_SOURCE_DIR/tests/fixtures/roots/agx-orin-64gb-jp62
W=$T/wheels; V=$T/vendor; mkdir -p "$W" "$V"
cat >"$T/mk.py" <<'PY'
import sys
sys.path.insert(0, sys.argv.pop(1))
from lane_wheels import wheel as write_wheel
def wheel(out, name, ver, requires=()):
    files = {name.replace("-", "_") + "/__init__.py": "__version__ = %r\n" % ver}
    if name == "torch":
        files["torch/lib/libtorch_cuda.so"] = "x"
    write_wheel(out, name, ver, requires, files=files)
w, v, nv, tv = sys.argv[1:5]
wheel(v, "torch", nv); wheel(v, "torchvision", tv, ["torch==" + nv])
wheel(w, "torch", "2.6.0"); wheel(w, "torchvision", "0.21.0", ["torch"])  # an index build that does not pin torch
wheel(w, "vis-core", "1.0", ["torchvision"]); wheel(w, "inference-models", "0.36.0", ["vis-core>=1"])
wheel(w, "bitsandbytes", "0.45.0", ["torch"]); wheel(w, "quant-dep", "1.0", ["bitsandbytes"])
wheel(w, "helper", "1.0", ["torch>=2.1"]); wheel(w, "testkit", "1.0")
wheel(w, "torchvision", "0.19.0", ["torch==2.4.0"]); wheel(w, "strict-vis", "1.0", ["torchvision==0.19.0"])
PY
"$PY3" "$T/mk.py" "$JG_SOURCE_DIR/tests/cli" "$W" "$V" "$NV" "$TV"

# The "system" Python: the real interpreter over a copy of its prefix whose
# site-packages holds NVIDIA's torch, pip and the setuptools build tools.
system_python "$T/sys"
PKGS=$("$PY3" -c 'import setuptools, os; print(os.path.dirname(setuptools.__path__[0]))')
# (with their dist-info: setuptools' commands are entry points)
for p in setuptools pkg_resources _distutils_hack pip distutils-precedence.pth \
         "$(basename "$PKGS"/setuptools-*info)" "$(basename "$PKGS"/pip-*info)"; do
  [ -e "$PKGS/$p" ] && ln -s "$PKGS/$p" "$SITE/"
done
if [ -n "$WHEELPKG" ]; then
  for p in "$WHEELPKG/wheel" "$WHEELPKG"/wheel-*info; do [ -e "$p" ] && ln -s "$p" "$SITE/"; done
fi
PIP_ROOT_USER_ACTION=ignore "$PY3" -m pip install -q --no-index --no-deps --no-compile --disable-pip-version-check --target "$SITE" "$V/torch-$NV-py3-none-any.whl"
export PIP_NO_BUILD_ISOLATION=0 PIP_FIND_LINKS= # pip's quirk: 0 turns isolation off (offline builds)
setup() { "$JETGATE" setup --root "$ORIN" --python "$SYS/bin/python3" --no-index --find-links "$W" "$@"; }

# A monorepo: the sub-project apps/sp is a setup.py project with requirements
# files (-r, -c, -e .) and a stub uv.lock, in a clean git work tree.
R=$T/repo; P=$R/apps/sp; mkdir -p "$P/sp" "$R/shared"
printf 'from setuptools import setup\nsetup(name="sp", version="1.0", packages=["sp"], install_requires=["helper"])\n' >"$P/setup.py"
: >"$P/sp/__init__.py"
printf -- '-c ../../shared/constraints.txt\n-r base.txt\n-e .\n' >"$P/requirements.txt"
printf 'helper\n' >"$P/base.txt"; printf 'helper==1.0\n' >"$R/shared/constraints.txt"
printf 'version = 1\n' >"$P/uv.lock"
(cd "$R" && git init -q . && git add -A && git -c user.email=t@t -c user.name=t commit -qm init)
clean() { [ -z "$(git -C "$R" status --porcelain)" ] || { fail "$1: the tree is dirty:"; git -C "$R" status --porcelain >&2; }; }

# 1. The stub lock is refused before anything exists, with the way out.
expect_rc 2 setup "$P"
expect_err 'uv.lock.*no \[\[package\]\]'
expect_err 'nothing was created; pass --ignore-lock'
[ -e "$P/.venv" ] && fail "a refused setup created $P/.venv"
clean "after a refusal"
# 2. The requirements files install the setup.py project; the tree stays clean.
expect_rc 0 setup --requirements requirements.txt "$P"
expect_err 'pip resolved [0-9]* package(s) for Python .* with the vendor torch family pinned'
expect_out "torch $NV kept"
"$P/.venv/bin/python" -c 'import sp, helper' || fail "sp / helper not installed"
clean "after setup"
# 3. A dependency's dependency brings torchvision and bitsandbytes: named with
#    its path, refused before the venv exists.
printf 'inference-models~=0.36.0\nquant-dep\n' >"$P/requirements.jetson.txt"
commit() { git -C "$R" add -A && git -C "$R" -c user.email=t@t -c user.name=t commit -qm more; }
commit
expect_rc 1 setup --venv "$T/v3" --requirements requirements.jetson.txt "$P"
expect_err 'requirements.jetson.txt:1: torch.transitive: inference-models~=0.36.0 -> vis-core 1.0 -> torchvision 0.21.0'
expect_err 'requirements.jetson.txt:2: bitsandbytes: quant-dep 1.0 -> bitsandbytes 0.45.0'
expect_err 'stopped before anything was created'
[ -e "$T/v3" ] && fail "a refused setup created $T/v3"
# 3b. A system Python without pip (a Jetson without python3-pip): the same prefix with its
#    pip left out. The new venv has pip (ensurepip), and its pip resolves the whole graph
#    before anything goes into the venv: the same findings, and the venv is removed again.
SYSSITE=$SITE
system_python "$T/nopip"; NOPIP=$SYS; SYS=$T/sys
for e in "$SYSSITE"/*; do case $(basename "$e") in pip|pip-*) ;; *) ln -s "$(readlink -f "$e")" "$SITE/$(basename "$e")" ;; esac; done
SITE=$SYSSITE
"$NOPIP/bin/python3" -c 'import pip' 2>/dev/null && fail "the pip-less Python imports pip"
"$NOPIP/bin/python3" -c 'import torch, ensurepip' || fail "the pip-less Python lacks torch or ensurepip"
npsetup() { "$JETGATE" setup --root "$ORIN" --python "$NOPIP/bin/python3" --no-index --find-links "$W" "$@"; }
expect_rc 1 npsetup --venv "$T/vnp" --requirements requirements.jetson.txt "$P"
expect_err 'has no pip: the new venv.s pip resolves the graph before anything is installed into it'
expect_err 'requirements.jetson.txt:1: torch.transitive: inference-models~=0.36.0 -> vis-core 1.0 -> torchvision 0.21.0'
expect_err 'requirements.jetson.txt:2: bitsandbytes: quant-dep 1.0 -> bitsandbytes 0.45.0'
expect_err 'stopped before installing anything (the venv it made is removed)'
grep -q 'NOT followed' "$T/err" && fail "the pip-less setup still says the graph was not followed"
[ -e "$T/vnp" ] && fail "a refused pip-less setup left $T/vnp"
# ...and a clean graph resolves with the venv's pip and installs.
expect_rc 0 npsetup --venv "$T/vnp" --requirements base.txt "$P"
expect_err 'pip resolved [0-9]* package(s) for Python .* with the vendor torch family pinned'
"$T/vnp/bin/python" -c 'import helper' || fail "helper not installed by the pip-less setup"
rm -rf "$T/vnp"
# A torchvision that pins another torch cannot be installed beside the
# vendor build: pip's own explanation, before anything is created.
printf 'strict-vis\n' >"$P/requirements.strict.txt"
commit
expect_rc 1 setup --venv "$T/v3" --requirements requirements.strict.txt "$P"
expect_err 'resolve.conflict: pip cannot install this with the vendor torch family pinned: .*torchvision 0.19.0 depends on torch==2.4.0'
[ -e "$T/v3" ] && fail "a refused setup created $T/v3"
# ...and the same from constraints --check, on CPU CI (the tier's pins).
cj() { "$JETGATE" constraints --python "$PY3" --tier target --check "$@"; }
expect_rc 1 cj "$P/requirements.jetson.txt" --no-index --find-links "$W"
expect_out 'torch.transitive: inference-models~=0.36.0 -> vis-core 1.0 -> torchvision 0.21.0: .*fix: get a torchvision built against the vendor torch'
expect_out 'dependencies of dependencies followed: pip resolved'
# Offline without the wheels: said plainly, exit 1, never an all-clear.
expect_rc 1 cj "$P/requirements.jetson.txt" --no-index
expect_out 'dependencies of dependencies NOT followed: .*No matching distribution found for inference-models'
grep -q 'keeps the vendor torch' "$T/out" && fail "an unfollowed graph was called an all-clear"
expect_rc 0 cj "$P/base.txt" --no-index --find-links "$W"
expect_out 'keeps the vendor torch'
# A setup.py is code: --check runs none (issue 28: a metadata check on an
# untrusted pull request), so its dependencies are said NOT followed;
# --allow-builds lets pip's resolve run it to read them (the interpreter
# with the build tools; pip builds the metadata in its own temporary
# directory, so the checkout stays clean).
expect_rc 1 "$JETGATE" constraints --python "$SYS/bin/python3" --tier target --check "$P/setup.py" --no-index --find-links "$W"
expect_out 'dependencies of dependencies NOT followed: .*setup.py is a setuptools project whose dependencies are known only by running its code.*--allow-builds'
grep -q 'keeps the vendor torch' "$T/out" && fail "an unbuilt setup.py was called an all-clear"
expect_rc 0 "$JETGATE" constraints --python "$SYS/bin/python3" --tier target --check "$P/setup.py" --no-index --find-links "$W" --allow-builds
expect_out 'dependencies of dependencies followed: pip resolved 3 package(s)'
clean "after constraints --check setup.py"
# The same for a requirements file that installs that project (-e .): the
# local project is named as not followed, never built.
expect_rc 1 cj "$P/requirements.txt" --no-index --find-links "$W"
expect_out "NOT followed: $P/requirements.txt:3 \\., a source that only building"
expect_rc 0 "$JETGATE" constraints --python "$SYS/bin/python3" --tier target --check "$P/requirements.txt" --no-index --find-links "$W" --allow-builds
expect_out 'dependencies of dependencies followed: pip resolved'
# A dependency published only as an sdist whose setup.py writes a marker:
# --check never builds it (no marker) and names it as not followed;
# --allow-builds builds it, running its code (the marker appears).
SD=$T/sdists; mkdir -p "$SD/src/markerpkg-1.0"
printf 'open(%s, "w").write("ran")\nfrom setuptools import setup\nsetup(name="markerpkg", version="1.0")\n' \
  "'$T/sdist-ran'" >"$SD/src/markerpkg-1.0/setup.py"
tar -C "$SD/src" -czf "$SD/markerpkg-1.0.tar.gz" markerpkg-1.0
printf 'markerpkg\n' >"$T/req-sdist.txt"
expect_rc 1 "$JETGATE" constraints --python "$SYS/bin/python3" --tier target --check "$T/req-sdist.txt" --no-index --find-links "$SD"
expect_out 'dependencies of dependencies NOT followed: .*No matching distribution found for markerpkg.*no sdist or source tree is built without --allow-builds'
[ -e "$T/sdist-ran" ] && fail "constraints --check ran an sdist's setup.py"
grep -q 'keeps the vendor torch' "$T/out" && fail "an unbuilt sdist was called an all-clear"
expect_rc 0 "$JETGATE" constraints --python "$SYS/bin/python3" --tier target --check "$T/req-sdist.txt" --no-index --find-links "$SD" --allow-builds
expect_out 'dependencies of dependencies followed: pip resolved 1 package(s)'
[ -e "$T/sdist-ran" ] || fail "--allow-builds did not build the sdist (its setup.py did not run)"

# 4. torchvision pinned beside torch: installed from --wheel (sha256 checked)
#    and protected; without the pin the refusal says where builds are.
TVW=$V/torchvision-$TV-py3-none-any.whl
TSHA=$("$PY3" -c 'import hashlib,sys; print(hashlib.sha256(open(sys.argv[1],"rb").read()).hexdigest())' "$TVW")
"$PY3" - "$JG_SOURCE_DIR/src/policy/default-policy.json" "$T/tv.json" "$TVW" "$TV" "$TSHA" <<'PYEOF'
import json, sys
pol = json.load(open(sys.argv[1]))
t = next(t for t in pol["tiers"] if t["id"] == "target")
t["pytorch"]["torchvision"] = {"version": sys.argv[4], "pin": sys.argv[3], "sha256": sys.argv[5]}
json.dump(pol, open(sys.argv[2], "w"))
PYEOF
printf 'torchvision\nhelper\n' >"$P/requirements.vision.txt"
commit
expect_rc 1 setup --venv "$T/v4" --requirements requirements.vision.txt "$P"
expect_err 'no vendor torchvision is known.*fix: get a torchvision built against the vendor torch'
[ -e "$T/v4" ] && fail "a refused setup created $T/v4"
expect_rc 0 setup --venv "$T/v4" --policy "$T/tv.json" --wheel "$TVW" --requirements requirements.vision.txt "$P"
expect_err "matches tier target.s torchvision pin"
expect_err 'torchvision / torchaudio fingerprinted too'
[ "$("$T/v4/bin/python" -c 'import torchvision; print(torchvision.__version__)')" = "$TV" ] ||
  fail "the venv does not import the pinned torchvision"
# constraints --check on CPU CI: the pinned torchvision keeps the vendor build.
expect_rc 1 cj "$P/requirements.vision.txt" --no-index --find-links "$W"
expect_out 'requirements.vision.txt:1: torch.replace: no vendor torchvision is known'
expect_rc 0 cj "$P/requirements.vision.txt" --no-index --find-links "$W" --policy "$T/tv.json"
expect_out 'keeps the vendor torch'
# 4b. A real Jetson project's file (roboflow/inference, tests/data/projects/
#    README.md) against stand-in wheels of every package it reaches
#    (tests/cli/lane_wheels.py: the lowest allowed versions, inference-models
#    with its real Requires-Dist): torchvision is on no index here and the
#    default tier pins none, so pip stops there, which is named, and the rest
#    is said to be NOT followed; with torchvision pinned beside torch the
#    graph is followed to bitsandbytes, named with its path.
RI=$JG_SOURCE_DIR/tests/data/projects/roboflow-inference
RW=$T/rw; mkdir -p "$RW"
"$PY3" "$JG_SOURCE_DIR/tests/cli/lane_wheels.py" --stubs "$RI/requirements/requirements.jetson.txt" \
  "$RI/inference_models/pyproject.toml" "$RW" >/dev/null
expect_rc 1 cj "$RI/requirements/requirements.jetson.txt" --no-index --find-links "$RW"
expect_out 'requirements.jetson.txt:3: torch.transitive: inference-models -> torchvision: a dependency asks for torchvision, which no index given to pip offers'
expect_out 'dependencies of dependencies NOT followed: pip stopped at that missing package'
"$PY3" - "$T/tv.json" "$T/tv-real.json" <<'PYEOF'
import json, sys
pol = json.load(open(sys.argv[1]))
t = next(t for t in pol["tiers"] if t["id"] == "target")
t["pytorch"]["torchvision"] = {"version": "0.20.0"}  # a test value: a plain release satisfies "torchvision"
json.dump(pol, open(sys.argv[2], "w"))
PYEOF
expect_rc 1 cj "$RI/requirements/requirements.jetson.txt" --no-index --find-links "$RW" --policy "$T/tv-real.json"
expect_out 'requirements.jetson.txt:3: bitsandbytes: inference-models~=0.36.0 -> bitsandbytes 0.46.1'
expect_out 'dependencies of dependencies followed: pip resolved'
grep -q 'torch.transitive' "$T/out" && fail "the pinned torchvision was reported as foreign"

# 5. A pyproject.toml project (setuptools, PEP 621): an extra whose package
#    brings bitsandbytes is refused before anything exists (pip's resolve
#    names the path); a PEP 735 dependency group is installed.
Q=$R/apps/pp; mkdir -p "$Q/pp"; : >"$Q/pp/__init__.py"
cat >"$Q/pyproject.toml" <<'EOT'
[build-system]
requires = ["setuptools"]
build-backend = "setuptools.build_meta"

[project]
name = "pp"
version = "1.0"
dependencies = ["helper"]

[project.optional-dependencies]
quant = ["quant-dep"]

[dependency-groups]
test = ["testkit>=1"]
EOT
commit
expect_rc 1 setup --venv "$T/v5" --extra quant "$Q"
expect_err 'pyproject.toml:11: bitsandbytes: pp 1.0 -> quant-dep 1.0 -> bitsandbytes 0.45.0'
[ -e "$T/v5" ] && fail "a refused setup created $T/v5"
expect_rc 0 setup --venv "$T/v5" --group test "$Q"
"$T/v5/bin/python" -c 'import pp, helper, testkit' || fail "pp / helper / the test group not installed"
# 6. A pylock.toml: its packages without the torch family, --no-deps, then the project.
cat >"$Q/pylock.toml" <<'EOT'
lock-version = "1.0"
created-by = "hand"

[[packages]]
name = "helper"
version = "1.0"

[[packages]]
name = "torch"
version = "2.6.0"
EOT
commit
expect_rc 0 setup --venv "$T/v5" "$Q"
expect_err 'pylock.toml:[0-9]*: torch.replace: torch ==2.6.0'
expect_err 'left out of the export'
grep -q '^helper==1.0$' "$T/v5/jetgate-lock-export.txt" || fail "the pylock export lacks helper==1.0"
grep -q '^torch' "$T/v5/jetgate-lock-export.txt" && fail "the pylock export holds torch"
clean "after every case"
finish
