# The adoption path of the README end to end, offline: checkout -> setup ->
# gate -> evidence -> claim, through scripts/action.sh run the way the runner
# runs the composite action. The consumer is a throwaway vision package (src
# layout, torch + torchvision, a `test` extra bringing its test runner) whose
# policy comes from the README's `jetgate init` line. The "Jetson" is the AGX
# Orin fixture root (tests/fixtures/roots), the fake libcuda named "Orin",
# and a "system" Python whose site-packages holds NVIDIA-like torch and
# torchvision (tests/cli/lane_wheels.py); a local wheel folder stands in for
# the index and offers the CPU torch a plain resolve would pick.
# Asserted: the project is installed into a venv with the vendor torch and
# torchvision kept (RECORD verified), the hooks run in that venv, the claim is
# CLAIMABLE for tier target with its pins, and each way it goes wrong is
# refused with its own reason. The times of setup and gate are printed.
. "$(dirname "$0")/lib.sh.inc"
need_setup_python "the lane"
FAKE_LIB="$JG_BINARY_DIR/tests/fake-libcuda"
[ -f "$FAKE_LIB/libcuda.so.1" ] || { fail "fake libcuda not built at $FAKE_LIB"; finish; }
unset JETGATE_POLICY GITHUB_SHA RUNNER_LABELS PYTHONPATH FAKE_TORCH INPUT_BINARY INPUT_TIER || true
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.invalid GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.invalid
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
ORIN=$JG_SOURCE_DIR/tests/fixtures/roots/agx-orin-64gb-jp62
NV=2.5.0a0+872d972e41.nv24.08.17622132 NVV=0.20.0a0+afc54f7
W=$T/index; mkdir -p "$W" "$T/vendor"
"$PY3" "$JG_SOURCE_DIR/tests/cli/lane_wheels.py" "$JG_SOURCE_DIR/tests/fake-python/torch" "$T/vendor" "$W"

# The "system" Python: the real interpreter over a copy of its prefix whose
# site-packages holds only NVIDIA's torch and torchvision.
system_python "$T/sys" "$T/vendor"/*.whl
"$SYS/bin/python3" -c 'import torch, torchvision; assert torch.cuda.is_available() and torchvision.BUILD == "nvidia"' ||
  fail "the system Python does not see the vendor torch and torchvision"

# The consumer, as a maintainer writes it, and its policy as the README says.
C=$T/tinyvision
mkdir -p "$C/src/tinyvision" "$C/tests"
cp "$JG_SOURCE_DIR/tests/cli/lane_wheels.py" "$C/"
cat >"$C/pyproject.toml" <<'TOML'
[build-system]
requires = []
build-backend = "lane_wheels"
backend-path = ["."]

[project]
name = "tinyvision"
version = "0.1.0"
dependencies = ["torch>=2.1", "torchvision"]

[project.optional-dependencies]
test = ["jgtest"]
TOML
cat >"$C/src/tinyvision/__init__.py" <<'PY'
def resolve_device(device="auto"):
    """What device=auto means here: cuda when torch sees a GPU."""
    import torch
    if device != "auto":
        return device
    return "cuda" if torch.cuda.is_available() else "cpu"
def classify(x):
    import torch, torchvision  # noqa: F401  (the vision stack must import)
    t = torch.Tensor(x)
    if resolve_device() == "cuda":
        t = t.cuda()
    return (t @ torch.eye(len(x[0]))).cpu().rows
PY
cat >"$C/tests/test_device.py" <<'PY'
from tinyvision import classify, resolve_device
def test_auto_is_cuda():
    assert resolve_device() == "cuda"
def test_runs_on_the_gpu():
    assert classify([[1.0, 2.0], [3.0, 4.0]]) == [[1.0, 2.0], [3.0, 4.0]]
PY
printf '__pycache__/\n*.egg-info/' >"$C/.gitignore"   # a real file with no final newline
git -C "$C" init -q
(cd "$C" && "$JETGATE" init --tier target \
  --device-auto '"$JETGATE_PYTHON" -c "import tinyvision; print(tinyvision.resolve_device())"' \
  --tests '"$JETGATE_PYTHON" -m jgtest tests --junitxml="$JETGATE_JUNIT"' >"$T/init.out") ||
  fail "jetgate init failed in the consumer"
grep -qx '\*\.egg-info/' "$C/.gitignore" && grep -qx 'conditional-evidence/' "$C/.gitignore" ||
  fail "init did not add conditional-evidence/ to the .gitignore as a line of its own: $(cat "$C/.gitignore")"
git -C "$C" add -A && git -C "$C" commit -qm "tinyvision with its jetgate policy"
HEAD=$(git -C "$C" rev-parse HEAD)

LABELS=self-hosted,linux,ARM64,jetson,orin,jetpack-6
act() { # act NAME [VAR=VALUE...]: one action run on the "Jetson"; its files under $T/NAME
  local n=$1; shift
  mkdir -p "$T/$n" "$T/runner-temp"
  : >"$T/$n/output"; : >"$T/$n/summary"
  set +e
  env GITHUB_ACTION_PATH="$JG_SOURCE_DIR" GITHUB_WORKSPACE="$C" GITHUB_SHA="$(git -C "$C" rev-parse HEAD)" \
    GITHUB_OUTPUT="$T/$n/output" GITHUB_STEP_SUMMARY="$T/$n/summary" RUNNER_TEMP="$T/runner-temp" \
    RUNNER_TOOL_CACHE="$T/tool-cache" GITHUB_RUN_ATTEMPT=1 GITHUB_EVENT_NAME=workflow_dispatch \
    GITHUB_REPOSITORY=example/tinyvision INPUT_BINARY="$JETGATE" INPUT_LABELS=$LABELS \
    INPUT_ALLOW_MISSING=false INPUT_ROOT="$ORIN" INPUT_PYTHON="$SYS/bin/python3" \
    INPUT_SETUP=true INPUT_EXTRAS=test INPUT_SETUP_ARGS="--no-index --find-links $W" \
    LD_LIBRARY_PATH="$FAKE_LIB" JG_FAKE_CUDA_COMPUTE=1 JG_FAKE_CUDA_NAME=Orin "$@" \
    bash "$JG_SOURCE_DIR/scripts/action.sh" >"$T/$n/stdout" 2>"$T/$n/stderr"
  echo $? >"$T/$n/rc"
  set -e
  [ "$(cat "$T/$n/rc")" = 0 ] || { fail "$n: action.sh exited $(cat "$T/$n/rc")"; tail -20 "$T/$n/stderr" >&2; }
}
output() { sed -n "s/^$2=//p" "$T/$1/output" | tail -1; }
want_output() { # want_output RUN KEY VALUE
  [ "$(output "$1" "$2")" = "$3" ] || fail "$1: output $2 is '$(output "$1" "$2")', wanted '$3'"
}
EV=$C/conditional-evidence/jetgate/jetson-runtime.json
check_status() { # check_status ID STATUS
  python3 -c 'import json,sys
p = json.load(open(sys.argv[1]))["predicate"]
c = [c for c in p["checks"] if c["id"] == sys.argv[2]][0]
sys.exit(c["status"] != sys.argv[3] and print(c, file=sys.stderr) is None)' "$EV" "$1" "$2" ||
    fail "check $1 is not $2"
}

# 1. The documented path: setup installs the project with the test extra, the
#    gate passes with the hooks in that venv, the claim is CLAIMABLE.
act good
want_output good setup installed
VPY=$T/runner-temp/jetgate-action/venv/bin/python
want_output good python "$VPY"
want_output good status passed
want_output good exit-code 0
want_output good tier target
want_output good claim claimable
grep -q "setup: torch $NV kept (NVIDIA build; RECORD sha256" "$T/good/stderr" "$T/good/stdout" ||
  fail "setup did not report torch kept with its RECORD verified"
"$VPY" -c 'import torch, torchvision, tinyvision, jgtest
assert torch.__version__.startswith("2.5.0a0+872d972e41.nv24.08"), torch.__version__
assert torchvision.BUILD == "nvidia" and torchvision.__version__ == "'"$NVV"'", torchvision.__version__
assert "site-packages" in tinyvision.__file__ and "/sys/" not in tinyvision.__file__' ||
  fail "the venv does not hold the project over the vendor torch and torchvision"
"$VPY" -m pip list --path "$(dirname "$(dirname "$VPY")")/lib/$VER/site-packages" 2>/dev/null |
  grep -qi '^torch' && fail "setup installed a torch or torchvision into the venv"
for id in project.device_auto project.tests torch.device_name host.module native.device; do
  check_status "$id" pass
done
[ -z "$(git -C "$C" status --porcelain)" ] || fail "the action left the checkout dirty: $(git -C "$C" status --porcelain)"
python3 - "$EV" "$HEAD" "$LABELS" <<'PY' || fail "the evidence is not the passing record of the consumer's commit"
import json, sys
p = json.load(open(sys.argv[1]))["predicate"]
assert p["status"] == "passed", (p["status"], p["reasons"])
assert p["commit"]["sha"] == sys.argv[2] and p["commit"]["dirty"] is False, p["commit"]
assert p["run"]["runner_labels"] == sys.argv[3].split(","), p["run"]["runner_labels"]
assert p["platform"]["torch"] == "2.5.0a0+872d972e41.nv24.08", p["platform"]["torch"]
PY
expect_rc 0 env GITHUB_REPOSITORY=example/tinyvision "$JETGATE" claim --tier target --commit "$HEAD" \
  --policy "$C/.jetgate/policy.json" "$EV"
expect_out 'CLAIMABLE'
grep -q '^| `target` | .* | claimable | ' "$T/good/summary" || fail "the summary does not show target claimable"
grep -q '^Times: jetgate given [0-9.]* s, setup [0-9.]* s, gate [0-9.]* s\.$' "$T/good/summary" ||
  fail "the summary lacks the times"
echo "lane_e2e: setup $(output good setup-seconds) s, gate $(output good gate-seconds) s (jetgate given)"

# 1b. The project's own tier, written on the "Jetson" by `init --tier-from-host`
#     (with two checks it does not need narrowed, with the reason): claimable too.
(cd "$C" && "$JETGATE" init --force --tier-from-host --root "$ORIN" --python "$SYS/bin/python3" --tier agx64 \
  --not-required 'native.surgery:tinyvision offloads no weights;torch.surgery:tinyvision offloads no weights' \
  --device-auto '"$JETGATE_PYTHON" -c "import tinyvision; print(tinyvision.resolve_device())"' \
  --tests '"$JETGATE_PYTHON" -m jgtest tests --junitxml="$JETGATE_JUNIT"' >"$T/init-host.out") ||
  fail "init --tier-from-host failed: $(cat "$T/init-host.out")"
python3 -c 'import json,sys
t = json.load(open(sys.argv[1]))["tiers"][-1]
assert t["pytorch"]["torchvision"] == {"version": sys.argv[2], "pin": None, "sha256": None}, t["pytorch"]' \
  "$C/.jetgate/policy.json" "$NVV" || fail "the host tier does not pin the installed torchvision"
git -C "$C" commit -qam "tinyvision's own tier"
act host
want_output host status passed
want_output host claim-tier agx64
want_output host claim claimable
grep -q '^| `agx64` | Jetson AGX Orin 64GB (JetPack 6.2) | claimable | ' "$T/host/summary" ||
  fail "the host's own tier is not claimable: $(grep agx64 "$T/host/summary")"
grep -qx "torchvision==$NVV" "$T/runner-temp/jetgate-action/venv/jetgate-constraints.txt" ||
  fail "setup's constraints do not pin the installed torchvision"

# 2. Without setup the hooks run with the system Python: the project is not
#    installed, both project checks fail, and the claim says so.
act nosetup INPUT_SETUP=false
want_output nosetup setup skipped
want_output nosetup status failed
want_output nosetup claim refused
check_status project.device_auto fail
check_status project.tests fail
grep -q "No module named 'tinyvision'" "$T/nosetup/stderr" "$T/nosetup/stdout" ||
  fail "the failing hook's output is not shown"
grep -q '^| `target` | .* | refused | .*required_check_failed' "$T/nosetup/summary" ||
  fail "the refusal does not name the project checks: $(grep '`target`' "$T/nosetup/summary")"

# 3. Another tier than the hardware: refused for the hardware, with its codes.
#    (3 and 3b run the gate in the venv that 1b set up, as a caller passing its
#    own interpreter does: python: VENV, setup: false; a setup each would
#    repeat 1b's.)
act thor INPUT_TIER=evaluate INPUT_SETUP=false INPUT_PYTHON="$VPY"
want_output thor python "$VPY"
want_output thor status passed
want_output thor claim-tier evaluate
want_output thor claim refused
grep -q '^| `evaluate` | .* | refused | .*soc_mismatch' "$T/thor/summary" || fail "tier evaluate not refused by SoC"

# 3b. An untracked file makes the tree dirty: the evidence says so, and the
#    claim is refused naming the reason.
echo scratch >"$C/notes.txt"
act dirty INPUT_SETUP=false INPUT_PYTHON="$VPY"
want_output dirty status passed
want_output dirty claim refused
grep -q '^| `target` | .* | refused | .*dirty_tree' "$T/dirty/summary" || fail "a dirty tree is not refused"
grep -q 'notes.txt' "$T/dirty/stderr" "$T/dirty/stdout" || fail "the dirty tree's file is not named"
grep -q '^- `notes.txt` (??)$' "$T/dirty/summary" || fail "the summary does not name the dirty tree's file"
grep -q 'The checkout is dirty' "$T/good/summary" && fail "a clean run's summary says dirty"
rm "$C/notes.txt"

# 4. A setup command that tries to replace torch is stopped by the constraints:
#    the gate does not run and the step fails with the reason.
act replace INPUT_SETUP_COMMAND="pip install --no-index --find-links $W torch==2.6.0"
want_output replace setup failed
want_output replace status error
want_output replace exit-code 1
grep -q 'the setup command exited' "$T/replace/summary" || fail "the summary does not say the setup command failed"
grep -qi 'conflict\|ResolutionImpossible\|Cannot install torch==2.6.0' "$T/replace/summary" ||
  fail "the setup command was not stopped by the constraints: $(tail -8 "$T/replace/summary")"
"$VPY" -c 'import torch; assert torch.__version__.startswith("2.5.0a0")' || fail "the setup command replaced torch"

# 5. The project itself asks for the PyPI torch: setup refuses before pip
#    runs, names the line, and no gate runs.
sed -i 's/"torch>=2.1"/"torch>=2.6"/' "$C/pyproject.toml"
git -C "$C" commit -qam "want torch 2.6"
rm -rf "$C/conditional-evidence"
act greedy
want_output greedy setup failed
grep -q 'pyproject.toml:[0-9]*: torch.replace: torch >=2.6' "$T/greedy/summary" ||
  fail "the summary does not name the line that would replace torch"
[ ! -e "$EV" ] || fail "a refused setup still ran the gate"

# 7. A real Jetson project's dependency files (roboflow/inference, copied as
#    data: tests/data/projects/README.md), installed the way its own Jetson
#    job does (pip install -r requirements/requirements.jetson.txt) as the
#    action's setup-command. Every package is an empty stand-in at the lowest
#    version allowed, inference-models with its real Requires-Dist. Its
#    inference-models~=0.36.0 pulls bitsandbytes (PyPI's aarch64 wheel, which
#    tier target marks unsupported) and torchvision: jetgate's constraints make
#    pip refuse, naming the path, before the gate; torch and torchvision stay.
R=$JG_SOURCE_DIR/tests/data/projects/roboflow-inference
"$PY3" "$JG_SOURCE_DIR/tests/cli/lane_wheels.py" --stubs "$R/requirements/requirements.jetson.txt" \
  "$R/inference_models/pyproject.toml" "$W"
C=$T/inference
mkdir -p "$C/src/inference_jetson" "$C/requirements"
cp "$R/requirements/requirements.jetson.txt" "$C/requirements/"
cp "$JG_SOURCE_DIR/tests/cli/lane_wheels.py" "$C/"
printf '[build-system]\nrequires = []\nbuild-backend = "lane_wheels"\nbackend-path = ["."]\n\n[project]\nname = "inference_jetson"\nversion = "0.1.0"\ndependencies = []\n' >"$C/pyproject.toml"
: >"$C/src/inference_jetson/__init__.py"
printf '__pycache__/\n' >"$C/.gitignore"
git -C "$C" init -q
(cd "$C" && "$JETGATE" init --tier target --device-auto '"$JETGATE_PYTHON" -c "print(\"cuda\")"' >/dev/null) ||
  fail "jetgate init failed in the inference copy"
git -C "$C" add -A && git -C "$C" commit -qm "inference's Jetson requirements"
act inference INPUT_EXTRAS= \
  INPUT_SETUP_COMMAND="pip install --no-index --find-links $W -r requirements/requirements.jetson.txt"
want_output inference setup failed
want_output inference exit-code 1
grep -q 'the setup command exited' "$T/inference/summary" || fail "inference: the summary does not say the setup command failed"
grep -qi 'inference.models 0.36.0 depends on bitsandbytes' "$T/inference/summary" ||
  fail "inference: the transitive bitsandbytes is not named with its path: $(tail -15 "$T/inference/summary")"
"$T/runner-temp/jetgate-action/venv/bin/python" -c 'import torch, torchvision
assert torch.__version__.startswith("2.5.0a0") and torchvision.BUILD == "nvidia"' ||
  fail "inference: the refused install touched torch or torchvision"
[ ! -e "$C/conditional-evidence" ] || fail "inference: a refused setup still ran the gate"
finish
