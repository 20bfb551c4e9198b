# constraints --check on real projects' files (tests/data/projects, sources
# in its README): each answer is what pip or uv would install on a Jetson of
# the target tier, judged in CPU CI against that tier's pinned NVIDIA wheel
# (torch 2.5.0a0+872d972e41.nv24.08.17622132, Python 3.10). docs/install.md
# has the same table with the reasons.
. "$(dirname "$0")/lib.sh.inc"
D=$JG_SOURCE_DIR/tests/data/projects
X86=$T/py; printf '#!/bin/sh\nexec python3 "$@"\n' >"$X86"; chmod +x "$X86"
chk() { (cd "$D/$1" && "$JETGATE" constraints --python "$X86" --tier target --check "$2" ${3:+--extra "$3"}); }
only() { # only RULE-AT-LINE...: exactly these findings, nothing else
  n=0
  for w in "$@"; do expect_out "^$w"; n=$((n + 1)); done
  got=$(grep -c '^[^ ]*:[0-9]*: ' "$T/out" || true)
  [ "$got" = "$n" ] || fail "wanted $n findings, got $got: $(cat "$T/out")"
  grep -q 'cannot be evaluated' "$T/err" && fail "a marker was not evaluated: $(cat "$T/err")"
  return 0
}

# nanochat: uv.lock without an extra installs PyPI's torch 2.9.1; with gpu /
# cpu, uv takes the download.pytorch.org builds.
expect_rc 1 chk nanochat uv.lock
only 'uv.lock:2220: torch.replace: torch ==2.9.1'
expect_rc 1 chk nanochat uv.lock gpu
only 'uv.lock:2338: torch.local-version: torch ==2.9.1+cu128'
expect_rc 1 chk nanochat uv.lock cpu
only 'uv.lock:2289: torch.local-version: torch ==2.9.1+cpu'
expect_rc 1 chk nanochat pyproject.toml
only 'pyproject.toml:15: torch.replace: torch ==2.9.1'
expect_rc 1 chk nanochat pyproject.toml gpu
only 'pyproject.toml:15: torch.replace' 'pyproject.toml:59: torch.replace' \
     'pyproject.toml:50: index.pytorch: index https://download.pytorch.org/whl/cu128'

# vllm: requirements/cuda.txt pins torch 2.9.1 and its audio/vision builds;
# nothing in the -r included common.txt touches torch (its markers hold on aarch64).
expect_rc 1 chk vllm/requirements cuda.txt
only 'cuda.txt:8: torch.replace: torch ==2.9.1' 'cuda.txt:9: torch.replace: no vendor torchaudio' \
     'cuda.txt:11: torch.replace: no vendor torchvision'

# lerobot: torch>=2.2.1 keeps the vendor build; torchvision>=0.21.0 does not
# (no Jetson torchvision is pinned, and PyPI's pins its own torch).
expect_rc 1 chk lerobot pyproject.toml
only 'pyproject.toml:72: torch.replace: no vendor torchvision is known'
expect_rc 1 chk lerobot pyproject.toml pi0,stretch
only 'pyproject.toml:72: torch.replace: no vendor torchvision is known'
finish
