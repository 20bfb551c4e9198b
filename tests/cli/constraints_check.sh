# jetgate constraints --check: would installing this file on the Jetson
# replace the vendor torch or add bitsandbytes? Requirements files (pip's
# line rules, includes), pyproject.toml (extras, groups, dynamic files, uv
# indexes), uv.lock (reachability with extras and markers) and pylock.toml,
# each answered as pip / uv would install it.
. "$(dirname "$0")/lib.sh.inc"
PY3=$(python3 -c 'import sys; print(sys.executable)')
NV=2.5.0a0+872d972e41.nv24.08.17622132
TV=0.20.0a0+afc54f7
# A vendor-torch interpreter: site-packages with dist-info only, machine aarch64.
mkdist() {
  d="$T/nv/$1-$2.dist-info"; mkdir -p "$d"
  printf 'Metadata-Version: 2.1\nName: %s\nVersion: %s\n' "$1" "$2" >"$d/METADATA"
  printf '%s/__init__.py,,\n' "$1" >"$d/RECORD"
  [ -z "${3:-}" ] || printf '%s\n' "$3" >>"$d/RECORD"
  # Each file RECORD names exists: Python 3.12+ leaves missing ones out of dist.files.
  while IFS=, read -r f _; do mkdir -p "$T/nv/$(dirname "$f")" && : >"$T/nv/$f"; done <"$d/RECORD"
}
mkdist torch "$NV" torch/lib/libtorch_cuda.so,,
mkdist torchvision "$TV"
printf '#!/bin/sh\nPYTHONPATH="%s" "%s" "$@" | sed "s/\\"machine\\": \\"[^\\"]*\\"/\\"machine\\": \\"aarch64\\"/"\n' \
  "$T/nv" "$PY3" >"$T/py-nv"
chmod +x "$T/py-nv"
# These cases judge the files' own lines (tests/cli/constraints_resolve.sh follows
# the graph with pip): --no-resolve, which the output then states.
chk() { "$JETGATE" constraints --no-resolve --python "$T/py-nv" --check "$@"; }
nfind() { # nfind FILE N: exactly N findings for FILE
  got=$(grep -c "^$1:" "$T/out" || true)
  [ "$got" = "$2" ] || fail "$1: wanted $2 findings, got $got"
}

expect_rc 0 "$JETGATE" constraints --help
expect_out 'would installing FILE on the Jetson'
expect_out -- '--extra NAME'
expect_out -- '--group NAME'

# --- requirements files, as pip reads them ---------------------------------
mkdir -p "$T/req/sub"
cat >"$T/req/requirements.txt" <<EOT
# uv export --format requirements-txt
--extra-index-url https://pypi.jetson-ai-lab.dev/jp6/cu126
-r sub/more.txt
-c constraints.txt
numpy==1.26.4 \\
    --hash=sha256:0123
torch==$NV ; platform_machine == "aarch64" and python_version >= "3.8"
torch>=2.0,<2.6
torch==2.6.0 ; platform_machine == "x86_64" or sys_platform == "darwin"
torchvision==$TV    # via project
bitsandbytes==0.45.0 ; sys_platform == 'win32'
EOT
printf 'safetensors\n' >"$T/req/sub/more.txt"
printf 'bitsandbytes==0.45.0\ntorch==%s\n' "$NV" >"$T/req/constraints.txt"
expect_rc 0 chk "$T/req/requirements.txt"
expect_out 'keeps the vendor torch'

# pip joins "tor\" + "ch==2.4.0" into torch==2.4.0; a comment line ending in
# a backslash joins nothing; includes are read relative to the including file.
printf 'tor\\\nch==2.4.0\n# note \\\nnumpy\n-r sub/bad.txt\n' >"$T/req/joined.txt"
printf 'torchaudio==2.6.0+cpu\n-c ../cons.txt\n' >"$T/req/sub/bad.txt"
printf 'torch==2.6.0\nbitsandbytes==0.45.0\n' >"$T/req/cons.txt"
expect_rc 1 chk "$T/req/joined.txt"
expect_out "^$T/req/joined.txt:1: torch.replace: torch ==2.4.0"
expect_out "^$T/req/sub/bad.txt:1: torch.local-version: torchaudio ==2.6.0+cpu"
expect_out "^$T/req/sub/../cons.txt:1: torch.replace: torch ==2.6.0: .*(a constraint"
nfind "$T/req/joined.txt" 1; nfind "$T/req/sub/bad.txt" 1
nfind "$T/req/sub/../cons.txt" 1   # a constrained bitsandbytes installs nothing
printf -- '-r missing.txt\n' >"$T/req/dangling.txt"
expect_rc 2 chk "$T/req/dangling.txt"
expect_err 'cannot read .*missing.txt (included from'
printf -- '-r https://example.org/r.txt\n' >"$T/req/remote.txt"
expect_rc 2 chk "$T/req/remote.txt"
expect_err 'which is not fetched'
printf -- '-r loop.txt\n' >"$T/req/loop.txt"
expect_rc 2 chk "$T/req/loop.txt"
expect_err 'nested deeper than'

# One finding per bad line, each with its own rule at its own line.
cat >"$T/bad.txt" <<'EOT'
# bad lines follow
torch==2.6.0
torch>=2.6 ; platform_machine == "aarch64"
torchvision==0.21.0+cpu
--index-url https://download.pytorch.org/whl/cpu
bitsandbytes==0.45.0
torchaudio
torch @ https://download.pytorch.org/whl/cu124/torch-2.5.1%2Bcu124-cp310-cp310-linux_aarch64.whl
EOT
expect_rc 1 chk "$T/bad.txt"
for want in 2:torch.replace 3:torch.replace 4:torch.local-version 5:index.pytorch \
            6:bitsandbytes 7:torch.replace 8:torch.local-version; do
  expect_out "^$T/bad.txt:${want%%:*}: ${want#*:}: "
done
nfind "$T/bad.txt" 7

# A local project line (-e .) is followed into its pyproject.toml.
mkdir -p "$T/loc"
printf '[project]\nname = "loc"\ndependencies = ["torch>=2.6"]\n' >"$T/loc/pyproject.toml"
printf -- '-e .\n' >"$T/loc/requirements.txt"
expect_rc 1 chk "$T/loc/requirements.txt"
expect_out "^$T/loc/./pyproject.toml:3: torch.replace: torch >=2.6"

# --- pyproject.toml: what `pip install .[EXTRA]` / `uv sync --extra` needs ---
mkdir -p "$T/pp"
cat >"$T/pp/pyproject.toml" <<'EOT'
[project]
"name" = "My_App"
dependencies = [
  "numpy>=1.24",
  "torch>=2.0 ; platform_machine == 'aarch64'",
  "torch==2.6.0 ; sys_platform == 'darwin'",
]

[project.optional-dependencies]
quant = ["bitsandbytes>=0.43"]
new = ["torch>=2.6"]
all = ["my-app[quant]"]

[dependency-groups]
test = ["pytest", {include-group = "gpu"}]
gpu = ["torchvision==0.21.0"]
EOT
expect_rc 0 chk "$T/pp/pyproject.toml"             # no extra: bitsandbytes is not installed
expect_out 'keeps the vendor torch (from .*) and adds no bitsandbytes'
expect_rc 1 chk "$T/pp/pyproject.toml" --extra quant
expect_out "^$T/pp/pyproject.toml:10: bitsandbytes: "
nfind "$T/pp/pyproject.toml" 1
expect_rc 1 chk "$T/pp/pyproject.toml" --extra ALL  # a self-reference pulls in quant
expect_out "^$T/pp/pyproject.toml:10: bitsandbytes: "
expect_rc 1 chk "$T/pp/pyproject.toml" --extra new
expect_out "^$T/pp/pyproject.toml:11: torch.replace: torch >=2.6"
expect_rc 1 chk "$T/pp/pyproject.toml" --group test  # include-group reaches gpu
expect_out "^$T/pp/pyproject.toml:16: torch.replace: torchvision ==0.21.0"
expect_rc 2 chk "$T/pp/pyproject.toml" --extra nosuch
expect_err "no extra 'nosuch'"
expect_rc 2 chk "$T/pp/pyproject.toml" --group nosuch
expect_err "no dependency group 'nosuch'"
expect_rc 2 "$JETGATE" constraints --python "$T/py-nv" --extra quant
expect_err "go with --check"

# setuptools' dynamic dependencies from a file; a backend-computed list is refused.
mkdir -p "$T/dyn"
printf '[project]\nname = "d"\ndynamic = ["dependencies"]\n[tool.setuptools.dynamic]\ndependencies = {file = ["requirements.txt"]}\n' >"$T/dyn/pyproject.toml"
printf 'torch==2.6.0\n' >"$T/dyn/requirements.txt"
expect_rc 1 chk "$T/dyn/pyproject.toml"
expect_out "^$T/dyn/requirements.txt:1: torch.replace"
printf '[project]\nname = "d"\ndynamic = ["dependencies"]\n' >"$T/dyn/pyproject.toml"
expect_rc 2 chk "$T/dyn/pyproject.toml"
expect_err 'dependencies are dynamic'
printf '[tool.poetry]\nname = "p"\n' >"$T/dyn/pyproject.toml"
expect_rc 2 chk "$T/dyn/pyproject.toml"
expect_err "Poetry's \[tool.poetry\]"

# uv: a non-explicit PyTorch index serves torch to everything; an explicit one
# only to the packages whose source names it (and only under its extra).
mkdir -p "$T/uvix"
cat >"$T/uvix/pyproject.toml" <<'EOT'
[project]
name = "uvix"
dependencies = ["torch>=2.0"]
[project.optional-dependencies]
cu124 = []
[[tool.uv.index]]
name = "pytorch-cu124"
url = "https://download.pytorch.org/whl/cu124"
explicit = true
[tool.uv.sources]
torch = [{ index = "pytorch-cu124", extra = "cu124" }]
EOT
expect_rc 0 chk "$T/uvix/pyproject.toml"
expect_rc 1 chk "$T/uvix/pyproject.toml" --extra cu124
expect_out "^$T/uvix/pyproject.toml:8: index.pytorch: .*uv reads"

# --- uv.lock: only what is reachable with the selection is installed ------
cat >"$T/uv.lock" <<'EOT'
version = 1
requires-python = ">=3.10"

[[ package ]]
name = "app"
version = "0.1.0"
source = { editable = "." }
dependencies = [
    { name = "torch", version = "2.5.0a0+872d972e41.nv24.08.17622132", source = { registry = "https://pypi.jetson-ai-lab.dev/jp6/cu126" }, marker = "platform_machine == 'aarch64'" },
    { name = "torch", version = "2.6.0", source = { registry = "https://pypi.org/simple" }, marker = "platform_machine != 'aarch64'" },
    { name = "peft", extra = ["bnb"] },
]

[package.optional-dependencies]
quant = [{ name = "bitsandbytes" }]
cu = [{ name = "torchaudio", marker = "extra == 'extra-3-app-cu'" }]

[package.dev-dependencies]
dev = [{ name = "torchvision" }]

[[package]]
name = "torch"
version = "2.5.0a0+872d972e41.nv24.08.17622132"
source = { registry = "https://pypi.jetson-ai-lab.dev/jp6/cu126" }

[[package]]
name = "torch"
version = "2.6.0"
source = { registry = "https://pypi.org/simple" }
dependencies = [{ name = "bitsandbytes" }]

[[package]]
name = "peft"
version = "0.13.0"
source = { registry = "https://pypi.org/simple" }
[package.optional-dependencies]
bnb = [{ name = "safetensors" }]
unused = [{ name = "bitsandbytes" }]

[[package]]
name = "safetensors"
version = "0.4.5"
source = { registry = "https://pypi.org/simple" }

[[package]]
"name" = "bitsandbytes"
version = "0.45.0"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "torchaudio"
version = "2.6.0"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "torchvision"
version = "0.21.0"
source = { registry = "https://pypi.org/simple" }
EOT
expect_rc 0 chk "$T/uv.lock"   # x86 torch and bitsandbytes behind an unselected extra: not installed
expect_out 'keeps the vendor torch'
expect_rc 1 chk "$T/uv.lock" --extra quant
expect_out "^$T/uv.lock:47: bitsandbytes: "
nfind "$T/uv.lock" 1
expect_rc 1 chk "$T/uv.lock" --extra cu     # uv's conflict-marker spelling of the extra
expect_out "^$T/uv.lock:52: torch.replace: no vendor torchaudio"
expect_rc 1 chk "$T/uv.lock" --group dev
expect_out "^$T/uv.lock:57: torch.replace: torchvision ==0.21.0"
expect_rc 2 chk "$T/uv.lock" --extra nosuch
expect_err "no extra 'nosuch' in the lock"

# --- pylock.toml (PEP 751): markers over extras and dependency groups ------
cat >"$T/pylock.toml" <<EOT
lock-version = "1.0"
created-by = "test"
extras = ["quant"]
dependency-groups = ["dev"]
default-groups = []

[[packages]]
name = "torch"
version = "$NV"
marker = "platform_machine == 'aarch64'"

[[packages.wheels]]
name = "torch-2.6.0-cp310-cp310-manylinux_2_28_aarch64.whl"
upload-time = 2024-10-29T17:00:00Z

[[packages]]
name = "bitsandbytes"
version = "0.45.0"
marker = "'quant' in extras"

[[packages]]
name = "torchvision"
version = "0.21.0"
marker = "'dev' in dependency_groups"
EOT
expect_rc 0 chk "$T/pylock.toml"
expect_rc 1 chk "$T/pylock.toml" --extra quant --group dev
expect_out "^$T/pylock.toml:18: bitsandbytes"
expect_out "^$T/pylock.toml:23: torch.replace: torchvision"
printf '[[packages]]\nname = "torch"\n[packages.vcs]\ntype = "git"\n' >"$T/pylock.v.toml"
expect_rc 1 chk "$T/pylock.v.toml"
expect_out "pylock.v.toml:2: torch.replace: torch: the lock entry has no version"

# --- strict TOML: refused with the line, never half-read --------------------
printf '[[package]]\nname = "torch"\nname = "numpy"\n' >"$T/dup.lock"
expect_rc 2 chk "$T/dup.lock"
expect_err "dup.lock:3: key 'name' is defined twice"
printf '[[package]]\nname = "torch\n' >"$T/open.lock"
expect_rc 2 chk "$T/open.lock"
expect_err 'open.lock:2: unterminated string'
printf 'version = 1\n' >"$T/empty.lock"
expect_rc 2 chk "$T/empty.lock"
expect_err 'not a uv.lock file'
printf 'a = 1\n' >"$T/other.toml"
expect_rc 2 chk "$T/other.toml"
expect_err 'not pyproject.toml, uv.lock or pylock.toml'
expect_rc 2 chk "$T/absent.txt"
expect_err 'absent.txt: cannot read'

# --- CPU CI: no vendor torch here, so the tier's pin says which torch ------
X86=$T/py-x86
printf '#!/bin/sh\nexec "%s" "$@"\n' "$PY3" >"$X86"; chmod +x "$X86"
printf 'numpy==1.26.4\ntorch==%s\n' "$NV" >"$T/tier-ok.txt"
expect_rc 0 "$JETGATE" constraints --no-resolve --python "$X86" --tier target --check "$T/tier-ok.txt"
expect_err "judging torch lines against tier target's pinned wheel"
expect_out "keeps the vendor torch (from tier target's pinned wheel)"
printf 'numpy==1.26.4\ntorch==2.6.0\ntorchvision==0.21.0\n' >"$T/tier-bad.txt"
expect_rc 1 "$JETGATE" constraints --no-resolve --python "$X86" --tier target --check "$T/tier-bad.txt"
expect_out "tier-bad.txt:2: torch.replace: torch ==2.6.0: the vendor torch $NV (from tier target's pinned wheel)"
expect_out "tier-bad.txt:3: torch.replace: no vendor torchvision is known"
# Without --tier, the tier the project claims (project.tier, written by init) is the one.
python3 - "$JG_SOURCE_DIR/src/policy/default-policy.json" "$T/project-tier.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1])); p["project"] = {"tier": "target"}
json.dump(p, open(sys.argv[2], "w"))
PY
expect_rc 1 "$JETGATE" constraints --no-resolve --python "$X86" --policy "$T/project-tier.json" --check "$T/tier-bad.txt"
expect_out "tier-bad.txt:2: torch.replace: torch ==2.6.0: the vendor torch $NV (from tier target's pinned wheel)"
# A container tier: the policy records the torch its image holds, so CPU CI
# judges against that; a container pin without it gives no torch to judge by.
# (The image tag and torch version here are test values, not facts.)
"$PY3" - "$JG_SOURCE_DIR/src/policy/default-policy.json" "$T" <<'PYEOF'
import json, sys
pol = json.load(open(sys.argv[1]))
t = next(t for t in pol["tiers"] if t["id"] == "target")
t["pytorch"] = {"kind": "container", "pin": "example.org/jetson/pytorch:test", "digest": None,
                "torch": "2.6.0a0+df5bbc09d1.nv24.12"}
json.dump(pol, open(sys.argv[2] + "/container.json", "w"))
del t["pytorch"]["torch"]
json.dump(pol, open(sys.argv[2] + "/container-notorch.json", "w"))
PYEOF
printf 'torch>=2.5\n' >"$T/ctr-ok.txt"
expect_rc 0 "$JETGATE" constraints --no-resolve --python "$X86" --policy "$T/container.json" --tier target --check "$T/ctr-ok.txt"
expect_out "keeps the vendor torch (from tier target's container pin"
printf 'torch==2.5.1\n' >"$T/ctr-bad.txt"
expect_rc 1 "$JETGATE" constraints --no-resolve --python "$X86" --policy "$T/container.json" --tier target --check "$T/ctr-bad.txt"
expect_out "ctr-bad.txt:1: torch.replace: torch ==2.5.1: the vendor torch 2.6.0a0+df5bbc09d1.nv24.12"
expect_rc 1 "$JETGATE" constraints --no-resolve --python "$X86" --policy "$T/container-notorch.json" --tier target --check "$T/ctr-ok.txt"
expect_err 'every torch line will be a finding'
# The evaluate tier pins no PyTorch source: nothing to judge against.
expect_rc 1 "$JETGATE" constraints --no-resolve --python "$X86" --tier evaluate --check "$T/tier-ok.txt"
expect_err 'every torch line will be a finding'
finish
