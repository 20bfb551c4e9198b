# jetgate run end to end on this (non-Jetson) machine: usage errors, commit
# resolution, not_run on a host without the prerequisites, evidence and JUnit
# files, module identity from --host-facts and a mounted device tree, hooks,
# and canaries that must never reach the evidence, JUnit or --json output.
. "$(dirname "$0")/lib.sh.inc"
SHA=0123456789abcdef0123456789abcdef01234567
DATA="$JG_SOURCE_DIR/tests/data/gate"
export PYTHONPATH="$JG_SOURCE_DIR/tests/fake-python" FAKE_TORCH=orin
unset GITHUB_SHA RUNNER_LABELS || true
cd "$T"
# status_of ID FILE: the status of check ID in an evidence document.
status_of() {
  python3 -c 'import json,sys
d = json.load(open(sys.argv[2]))
print([c["status"] for c in d["predicate"]["checks"] if c["id"] == sys.argv[1]][0])' "$1" "$2"
}
# required_of ID FILE
required_of() {
  python3 -c 'import json,sys
d = json.load(open(sys.argv[2]))
print([c["required"] for c in d["predicate"]["checks"] if c["id"] == sys.argv[1]][0])' "$1" "$2"
}

# --help names every option.
expect_rc 0 "$JETGATE" run --help
for o in --policy --python --commit --out --host-facts --runner-labels --select --junit \
         --timeout --allow-missing --quiet --json JETGATE_DEVICE_TREE; do expect_out -- "$o"; done

# Usage and input errors exit 2 before anything runs.
expect_rc 2 "$JETGATE" run --commit ABC
expect_err "not 40 lowercase hexadecimal"
expect_rc 2 "$JETGATE" run --commit "$(echo $SHA | tr a-f A-F)"
expect_rc 2 "$JETGATE" run no-such-gate --commit $SHA
expect_err "gate 'no-such-gate' is not in the policy"
expect_rc 2 "$JETGATE" run ../x --commit $SHA
expect_rc 2 "$JETGATE" run --select everything --commit $SHA
expect_rc 2 "$JETGATE" run --timeout soon --commit $SHA
expect_rc 2 "$JETGATE" run --frobnicate
expect_rc 2 "$JETGATE" run --commit $SHA --host-facts "$DATA/policy.json"
expect_err "not a jetgate facts document"
echo '{"a": 1, "a": 2}' > dup.json
expect_rc 2 "$JETGATE" run --commit $SHA --policy dup.json
expect_err "dup.json:1:"
[ ! -e conditional-evidence ] || fail "a usage error wrote evidence"

# Not a Jetson: not_run, exit 1 (0 with --allow-missing), evidence written anyway.
expect_rc 1 "$JETGATE" run --commit $SHA --quiet
expect_out "not_run"
[ -s "$T/err" ] && fail "--quiet still printed: $(cat "$T/err")"
EV=conditional-evidence/jetson-runtime.json
[ -f $EV ] || fail "no $EV"
grep -q '"status": "not_run"' $EV || fail "evidence status is not not_run"
grep -q '"not an ARM64 host"' $EV || fail "reason for not_run missing"
grep -q "\"gitCommit\": \"$SHA\"" $EV || fail "subject lacks the commit"
grep -q '"source": "flag"' $EV || fail "commit source is not flag"
grep -q '"id": "torch.tensor_op"' $EV || fail "framework checks missing"
expect_rc 0 "$JETGATE" run --commit $SHA --allow-missing --out ev2 --junit j.xml \
  --runner-labels "self-hosted,ARM64"
expect_err "framework: importing torch"  # progress for the slow step
grep -q '"ARM64"' ev2/jetson-runtime.json || fail "runner labels not recorded"
grep -q '<testcase classname="jetson-runtime" name="host.arm64"' j.xml || fail "JUnit lacks host.arm64"
grep -q '<skipped message="not configured"/>' j.xml || fail "JUnit lacks skipped hooks"
grep -q '<failure message="architecture is' j.xml || fail "JUnit lacks the arm64 failure"

# model.download runs only when selected (here: fake torch, no transformers -> error).
expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet --select model-download
[ "$(status_of model.download "$T/out")" = error ] || fail "selected model.download did not run"
expect_rc 1 "$JETGATE" run model-download --commit $SHA --quiet --out ev6
grep -q '"gate": "model-download"' ev6/model-download.json || fail "model-download gate evidence missing"
[ "$(required_of model.download ev6/model-download.json)" = True ] || fail "model.download not required by its gate"

# Run metadata from the GitHub Actions environment.
env RUNNER_LABELS="self-hosted, jetson" GITHUB_RUN_ID=77 GITHUB_EVENT_NAME=workflow_dispatch \
  "$JETGATE" run --commit $SHA --json --quiet --out ev7 > meta.out || true
grep -q '"jetson"' meta.out || fail "RUNNER_LABELS not recorded"
grep -q '"run_id": "77"' meta.out || fail "GITHUB_RUN_ID not recorded"
grep -q '"event": "workflow_dispatch"' meta.out || fail "GITHUB_EVENT_NAME not recorded"

# Commit from GITHUB_SHA, then from git (with the dirty tree recorded).
GITHUB_SHA=$SHA expect_rc 1 "$JETGATE" run --json --quiet
expect_out '"source": "GITHUB_SHA"'
mkdir repo && (cd repo && git init -q && git -c user.name=t -c user.email=t@t commit -q \
  --allow-empty -m x && echo dirt > f)
HEAD_SHA=$(git -C repo rev-parse HEAD)
(cd repo && expect_rc 1 "$JETGATE" run --json --quiet --out "$T/ev3")
expect_out "\"sha\": \"$HEAD_SHA\""
expect_out '"dirty": true'
expect_out '"source": "git"'
(cd / && expect_rc 2 "$JETGATE" run --quiet --out "$T/ev4")
expect_err "git rev-parse HEAD"

# Module identity inside a masked container: --host-facts, or a mounted device tree.
expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet --host-facts "$DATA/facts-orin.json"
expect_out '"identified_by": "host-facts"'
expect_out '"module_part": "p3701-0005"'
mkdir dt && printf 'nvidia,p3737-0000+p3701-0005\0nvidia,p3701-0005\0nvidia,tegra234\0' > dt/compatible
printf 'NVIDIA Jetson AGX Orin Developer Kit\0' > dt/model
printf 'SERIALCANARY1424621812345\0' > dt/serial-number
JETGATE_DEVICE_TREE="$T/dt" expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet
expect_out '"identified_by": "mounted-device-tree"'
expect_out '"soc": "tegra234"'
grep -q SERIALCANARY "$T/out" && fail "device-tree serial reached --json output"

# Native probes through the fake libcuda (CPU kernels): pass path, a driver
# error, and a hung driver that becomes a failed check instead of a hung gate.
FAKE_LIB="$JG_BINARY_DIR/tests/fake-libcuda"
if [ -f "$FAKE_LIB/libcuda.so.1" ]; then
  LD_LIBRARY_PATH="$FAKE_LIB" JG_FAKE_CUDA_COMPUTE=1 expect_rc 1 "$JETGATE" run --commit $SHA --json \
    --quiet --host-facts "$DATA/facts-orin.json"
  for id in native.libcuda native.tensor_op native.surgery native.nf4 torch.device_name host.module; do
    [ "$(status_of $id "$T/out")" = pass ] || fail "$id did not pass with the fake libcuda"
  done
  LD_LIBRARY_PATH="$FAKE_LIB" JG_FAKE_CUDA=cuInit:100 expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet
  [ "$(status_of native.libcuda "$T/out")" = fail ] || fail "cuInit 100 did not fail native.libcuda"
  expect_out CUDA_ERROR_NO_DEVICE
  start=$(date +%s)
  LD_LIBRARY_PATH="$FAKE_LIB" JG_FAKE_CUDA=cuInit:hang expect_rc 1 "$JETGATE" run --commit $SHA --json \
    --quiet --timeout 1
  [ $(( $(date +%s) - start )) -lt 60 ] || fail "a hung driver held the gate"
  case "$(status_of native.libcuda "$T/out")" in fail|error) ;; *) fail "a hung cuInit was not reported";; esac
else
  fail "fake libcuda not built at $FAKE_LIB"
fi

# Project hooks from a policy: device=auto and a JUnit-reporting test command.
printf '%s\n' 'printf "<testsuite tests=\"2\" failures=\"0\"><testcase/><testcase/></testsuite>" > "$JETGATE_JUNIT"' > tests-hook.sh
sed -e 's|"device_auto": null|"device_auto": {"command": "echo cuda"}|' \
    -e 's|"tests": null|"tests": {"command": "sh tests-hook.sh", "junit": "report.xml"}|' \
    "$DATA/policy.json" > hooks.json
expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet --policy hooks.json
[ "$(status_of project.device_auto "$T/out")" = pass ] || fail "device_auto hook did not pass"
[ "$(status_of project.tests "$T/out")" = pass ] || fail "tests hook did not pass"

# A failing hook: run prints the last of its output (scrubbed) on stderr.
sed -e 's|"tests": null|"tests": {"command": "echo collecting; echo \\"No module named pytest\\" >\&2; exit 1"}|' \
    "$DATA/policy.json" > failing-hook.json
expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet --policy failing-hook.json --out ev-hook
expect_err 'jetgate: run: project.tests fail: tests hook exited with code 1 and left no JUnit report'
expect_err '^  | No module named pytest$'
[ "$(required_of project.tests "$T/out")" = True ] || fail "a configured hook is not required"

# Bound to code: the commit is HEAD of the tested checkout; a --commit or GITHUB_SHA
# that differs is refused before anything runs; the repository is recorded.
mkdir checkout && (cd checkout && git init -q && git -c user.email=t@example.org -c user.name=t \
  commit -q --allow-empty -m x && git remote add origin https://ci-bot:PW@github.com/Example/Project.git)
HEAD_SHA=$(git -C checkout rev-parse HEAD)
cd checkout
expect_rc 2 "$JETGATE" run --commit $SHA --quiet --out "$T/ev-co"
expect_err "jetgate: run: --commit $SHA is not HEAD ($HEAD_SHA) of the tested checkout"
GITHUB_SHA=$SHA expect_rc 2 "$JETGATE" run --quiet --out "$T/ev-co"
expect_err "GITHUB_SHA $SHA is not HEAD"
[ ! -e "$T/ev-co" ] || fail "a refused commit still wrote evidence"
expect_rc 1 "$JETGATE" run --commit $HEAD_SHA --json --quiet --out "$T/ev-co"
python3 - "$T/out" "$HEAD_SHA" <<'PY' || fail "commit binding not recorded"
import json, sys
c = json.load(open(sys.argv[1]))["predicate"]["commit"]
assert c == {"sha": sys.argv[2], "source": "git", "dirty": False,
             "repository": "github.com/example/project"}, c
PY
GITHUB_REPOSITORY=Other/Name expect_rc 1 "$JETGATE" run --json --quiet --out "$T/ev-co"
cd "$T"
grep -q '"repository": "github.com/other/name"' "$T/out" || fail "GITHUB_REPOSITORY not recorded"
grep -q 'PW' "$T/ev-co/jetson-runtime.json" && fail "remote credentials reached the evidence"

# Runner safety: a pull_request event on a self-hosted (or unknown) runner never
# runs the project's hooks; a GitHub-hosted runner may.
rm -f report.xml
for ev in pull_request pull_request_target; do
  GITHUB_EVENT_NAME=$ev RUNNER_ENVIRONMENT=self-hosted expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet --policy hooks.json
  [ "$(status_of project.tests "$T/out")" = error ] || fail "$ev: tests hook was not refused"
  [ "$(status_of project.device_auto "$T/out")" = error ] || fail "$ev: device_auto hook was not refused"
  expect_err "never run for a pull_request"
  [ ! -e report.xml ] || fail "$ev: the tests hook ran anyway"
done
GITHUB_EVENT_NAME=pull_request RUNNER_ENVIRONMENT=github-hosted expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet --policy hooks.json
[ "$(status_of project.tests "$T/out")" = pass ] || fail "a GitHub-hosted runner's PR run was refused"

# Canaries: user, host, home, tokens and an address planted in the environment and in
# what the interpreter reports; none may reach the evidence, the JUnit file or --json.
cat > canary-python <<'PY'
#!/bin/sh
echo "ImportError: /home/canaryuser/venv/torch.so from 10.20.30.40 on canary-host as canaryuser $HF_TOKEN hf_PlantedCanaryToken0123456789" >&2
exit 1
PY
chmod +x canary-python
env USER=canaryuser LOGNAME=canaryuser HOSTNAME=canary-host HOME=/home/canaryuser \
  HF_TOKEN=hf_EnvCanaryToken0123456789abc MY_PASSWORD=pw-canary-value \
  GITHUB_WORKFLOW="wf on canary-host 10.20.30.40" \
  "$JETGATE" run --commit $SHA --json --quiet --python ./canary-python --out ev5 \
  --junit j5.xml > json5.out 2>json5.err || true
grep -q 'torch.import' json5.out || fail "no --json output from the canary run"
for f in json5.out ev5/jetson-runtime.json j5.xml; do
  for c in canaryuser canary-host 10.20.30.40 hf_EnvCanary hf_PlantedCanary pw-canary /home/; do
    grep -q -- "$c" "$f" && fail "canary '$c' reached $f"
  done
done
grep -q '<home>' ev5/jetson-runtime.json || fail "the home path was not visibly redacted"
finish
