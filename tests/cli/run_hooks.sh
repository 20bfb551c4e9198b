# jetgate run: project hooks, runner safety for pull requests, and canaries
# that must never reach the evidence, the JUnit file or --json output.
. "$(dirname "$0")/lib.sh.inc"
. "$(dirname "$0")/run_lib.sh.inc"
# Project hooks from a policy: device=auto and a JUnit-reporting test command.
printf '%s\n' 'printf "<testsuite tests=\"2\" failures=\"0\"><testcase/><testcase/></testsuite>" > "$JETGATE_JUNIT"' > tests-hook.sh
sed -e 's|"device_auto": null|"device_auto": {"command": "echo cuda"}|' \
    -e 's|"tests": null|"tests": {"command": "sh tests-hook.sh", "junit": "report.xml"}|' \
    "$DATA/policy.json" > hooks.json
expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet --policy hooks.json
[ "$(status_of project.device_auto "$T/out")" = pass ] || fail "device_auto hook did not pass"
[ "$(status_of project.tests "$T/out")" = pass ] || fail "tests hook did not pass"

# A failing hook: run prints the last of its output (scrubbed) on stderr, and the
# configured hook is required whatever required_checks says.
sed -e 's|"tests": null|"tests": {"command": "echo collecting; echo \\"No module named pytest\\" >\&2; exit 1"}|' \
    "$DATA/policy.json" > failing-hook.json
expect_rc 1 "$JETGATE" run --commit $SHA --json --quiet --policy failing-hook.json --out ev-hook
expect_err 'jetgate: run: project.tests fail: tests hook exited with code 1 and left no JUnit report'
expect_err '^  | No module named pytest$'
[ "$(required_of project.tests "$T/out")" = True ] || fail "a configured hook is not required"

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

# The project's own JUnit (pytest's, written where `jetgate init` puts it: inside the evidence
# folder the action uploads) is scrubbed in place: pytest's hostname attribute and local
# paths in failure text go, the counts stay. A real pytest report, a home path planted.
mkdir -p jdir
sed 's|test_employee.py:70|/home/canaryuser/actions-runner/_work/proj/test_employee.py:70|' \
  "$DATA/pytest-junit.xml" > pytest-home.xml
grep -q 'hostname="fv-az1250-48"' pytest-home.xml || fail "the fixture lost its hostname"
printf 'cp pytest-home.xml "$JETGATE_JUNIT"\n' > pytest-hook.sh
sed -e 's|"tests": null|"tests": {"command": "sh pytest-hook.sh", "junit": "jdir/project-tests.junit.xml"}|' \
    "$DATA/policy.json" > pytest-policy.json
env USER=canaryuser HOSTNAME=canary-host HOME=/home/canaryuser \
  "$JETGATE" run --commit $SHA --json --quiet --policy pytest-policy.json > "$T/out" 2>"$T/err" || true
J=jdir/project-tests.junit.xml
[ -s $J ] || fail "the project's JUnit report is gone"
for c in hostname= fv-az1250-48 canaryuser /home/; do
  grep -q -- "$c" $J && fail "'$c' stayed in the project's JUnit report"
done
grep -q '<testsuite name="pytest" errors="0" failures="1" skipped="3" tests="10" time="0.064" timestamp="2023-07-09T10:34:09.502021">' $J ||
  fail "the scrubbed report lost its testsuite attributes"
grep -q '<home>/actions-runner/_work/proj/test_employee.py:70: Failed' $J || fail "the home path was not visibly redacted"
grep -q '10 tests, 1 failures, 0 errors, 3 skipped' "$T/out" || fail "the scrubbed report was not counted"
finish
