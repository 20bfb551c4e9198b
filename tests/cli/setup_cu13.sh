# jetgate setup for a tier that pins JetPack 7.2's upstream CUDA torch (issue 26,
# deliverable 3), end to end with real pip, offline: a fake upstream cu130 torch in a
# "system" Python's site-packages, the JetPack 7.2 AGX Orin fixture root, and a local
# --find-links folder of tiny stand-in wheels named as the facts' channel row names the
# nvidia-*-cu13 wheels (jetson-facts.md §7.4). setup installs the missing ones into the
# venv after every check, torch stays byte-identical (RECORD fingerprint), and each is
# checked again; wheels that do not resolve are refused before anything is created.
. "$(dirname "$0")/lib.sh.inc"
need_setup_python "setup for a cu13 tier"
UP=2.11.0+cu130
# The JetPack 7.2 AGX Orin fixture (identity only) with thor-jp70's CUDA 13.0 toolkit,
# driver library and device nodes laid over it: a composed host, since
# no public capture of a whole JetPack 7.2 Orin root is on record.
FIX=$JG_SOURCE_DIR/tests/fixtures/roots
ROOT=$T/root; cp -a "$FIX/agx-orin-devkit-r39.2.0" "$ROOT"
(cd "$FIX/thor-jp70" && cp -a --parents dev usr etc/os-release "$ROOT/")
CU13="nvidia-cudnn-cu13 nvidia-nccl-cu13 nvidia-cusparselt-cu13 nvidia-nvshmem-cu13"
W=$T/wheels; mkdir -p "$W" "$T/vendor"

# Wheels with RECORD hashes (tests/cli/lane_wheels.py) and an in-tree build backend.
cp "$JG_SOURCE_DIR/tests/cli/lane_wheels.py" "$T/"   # the wheel writer jgwheel.py uses
cat >"$T/jgwheel.py" <<'PY'
import sys
from lane_wheels import wheel
def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    import tomllib
    p = tomllib.load(open("pyproject.toml", "rb"))["project"]
    return wheel(wheel_directory, p["name"], p["version"], p.get("dependencies", ()))
if __name__ == "__main__":
    up, out, vendor = sys.argv[1], sys.argv[2], sys.argv[3]
    # the upstream build: a +cu130 version and a CUDA library, as download.pytorch.org's
    wheel(vendor, "torch", up, files={"torch/__init__.py": "__version__ = %r\n" % up,
                                      "torch/lib/libtorch_cuda.so": "x"})
    for name, lib in (("nvidia-cudnn-cu13", "cudnn"), ("nvidia-nccl-cu13", "nccl"),
                      ("nvidia-cusparselt-cu13", "cusparselt"), ("nvidia-nvshmem-cu13", "nvshmem")):
        wheel(out, name, "13.0.1", files={"nvidia/%s/lib/lib%s.so" % (lib, lib): "stand-in"})
    wheel(out, "leaf", "1.0")
PY
"$PY3" "$T/jgwheel.py" "$UP" "$W" "$T/vendor"

# The "system" Python: the real interpreter over a copy of its prefix whose
# site-packages holds only the upstream torch.
system_python "$T/sys" "$T/vendor/torch-$UP-py3-none-any.whl"
# ...and pip (the real one's), so that setup's dry-run resolve runs before the venv exists.
ln -s "$("$PY3" -c 'import os, pip; print(os.path.dirname(pip.__file__))')" "$SITE/pip"
TORCH_INIT=$(echo "$SITE"/torch/__init__.py)
TORCH_SUM=$(sha256sum "$TORCH_INIT" | cut -d' ' -f1)

# The policy: tier target is this JetPack 7.2 AGX Orin devkit, pinning the upstream build.
"$PY3" - "$JG_SOURCE_DIR/src/policy/default-policy.json" "$T/p72.json" "$UP" <<'PY'
import json, sys
pol = json.load(open(sys.argv[1]))
t = next(t for t in pol["tiers"] if t["id"] == "target")
t["name"] = "Jetson AGX Orin, JetPack 7.2"
t["hardware"].update({"module_parts": ["p3701-0000"], "soc": "tegra234"})
t["hardware"]["memory_class"] = None  # p3701-0000: 32 GB only inferred
t["software"].update({"jetpack": "7.2", "l4t": "39.2.0", "cuda": "13.0", "ubuntu": "24.04"})
t["pytorch"] = {"kind": "wheel", "torch": sys.argv[3], "sha256": None,
                "pin": "https://download.pytorch.org/whl/cu130/torch-2.11.0%2Bcu130-cp312-cp312-manylinux_2_28_aarch64.whl"}
json.dump(pol, open(sys.argv[2], "w"))
PY
mkdir -p "$T/a"; cp "$T/jgwheel.py" "$T/lane_wheels.py" "$T/a/"
printf '[build-system]\nrequires = []\nbuild-backend = "jgwheel"\nbackend-path = ["."]\n\n[project]\nname = "app"\nversion = "1.0"\ndependencies = ["torch", "leaf"]\n' >"$T/a/pyproject.toml"
setup() { "$JETGATE" setup --policy "$T/p72.json" --tier target --root "$ROOT" --python "$SYS/bin/python3" --no-index "$@"; }
dist() { "$1" -c 'import importlib.metadata as m, sys; print(m.version(sys.argv[1]))' "$2"; }

# 1. A wheel missing from --find-links: refused before the venv is made.
mkdir -p "$T/short"; cp "$W"/*.whl "$T/short/"; rm "$T/short"/nvidia_nvshmem_cu13-*.whl
expect_rc 1 setup --find-links "$T/short" --venv "$T/v1" "$T/a"
expect_err 'its nvidia-\* wheels nvidia-cudnn-cu13 nvidia-nccl-cu13 nvidia-cusparselt-cu13 nvidia-nvshmem-cu13 are installed after every check'
expect_err 'stopped before anything was created: the nvidia-\* wheels'
expect_err 'nvidia-nvshmem-cu13'
[ -e "$T/v1" ] && fail "a refused setup created the venv $T/v1"

# 2. One that would replace torch (it asks for another): refused before anything, too.
mkdir -p "$T/greedy"; cp "$T/short"/*.whl "$T/greedy/"
"$PY3" -c 'import sys; sys.path.insert(0, sys.argv[1]); import jgwheel; jgwheel.wheel(sys.argv[2], "nvidia-nvshmem-cu13", "13.0.1", ["torch>=2.12"])' "$T" "$T/greedy"
expect_rc 1 setup --find-links "$T/greedy" --venv "$T/v1" "$T/a"
expect_err 'stopped before anything was created'
[ -e "$T/v1" ] && fail "a refused setup created the venv $T/v1"

# 3. The happy path: the four wheels installed into the venv, torch kept byte for byte.
expect_rc 0 setup --find-links "$W" "$T/a"
expect_err "setup: torch $UP (the tier's upstream CUDA build)"
expect_err "installing the nvidia-\* wheels the tier's torch needs: $CU13 (under .*jetgate-constraints.txt, torch pinned)"
expect_err "installed $CU13; torch is the same build (RECORD fingerprint)"
for w in $CU13; do
  expect_err "setup: $w 13.0.1 present (version not pinned by the channel row); installed by this run"
  [ "$(dist "$T/a/.venv/bin/python" "$w")" = 13.0.1 ] || fail "$w is not in the venv"
  [ -n "$(ls "$SITE" | grep -i "${w//-/_}" || true)" ] && fail "$w went into the system Python"
done
expect_out "setup: torch $UP kept (the tier's upstream CUDA build; RECORD sha256"
expect_err 'pip check: no broken requirements'
grep -q "^torch==$UP\$" "$T/a/.venv/jetgate-constraints.txt" || fail "constraints file lacks the torch pin"
[ "$(dist "$T/a/.venv/bin/python" torch)" = "$UP" ] || fail "the venv does not see the upstream torch"
[ "$(sha256sum "$TORCH_INIT" | cut -d' ' -f1)" = "$TORCH_SUM" ] || fail "torch's files changed"
"$T/a/.venv/bin/python" -c 'import leaf' || fail "setup did not install the project's leaf"

# 4. Again on that venv: nothing missing, nothing installed, each still checked.
expect_rc 0 setup --find-links "$W" "$T/a"
grep -q 'installing the nvidia' "$T/err" && fail "setup reinstalled wheels already present"
expect_err "setup: nvidia-cudnn-cu13 13.0.1 present (version not pinned by the channel row)\$"
finish
