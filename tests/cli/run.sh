# jetgate run end to end on this (non-Jetson) machine: help, usage errors,
# not_run on a host without the prerequisites, evidence and JUnit files, the
# model download selection and run metadata. More in run_*.sh.
. "$(dirname "$0")/lib.sh.inc"
. "$(dirname "$0")/run_lib.sh.inc"
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
EV=conditional-evidence/jetgate/jetson-runtime.json  # jetgate's own folder: never a project's file
[ -f $EV ] || fail "no $EV"
grep -q '"status": "not_run"' $EV || fail "evidence status is not not_run"
grep -q "\"$HOST_REASON\"" $EV || fail "reason '$HOST_REASON' for not_run missing"
grep -q "\"gitCommit\": \"$SHA\"" $EV || fail "subject lacks the commit"
grep -q '"source": "flag"' $EV || fail "commit source is not flag"
grep -q '"id": "torch.tensor_op"' $EV || fail "framework checks missing"
expect_rc 0 "$JETGATE" run --commit $SHA --allow-missing --out ev2 --junit j.xml \
  --runner-labels "self-hosted,ARM64"
expect_err "framework: importing torch"  # progress for the slow step
grep -q '"ARM64"' ev2/jetson-runtime.json || fail "runner labels not recorded"
grep -q '<testcase classname="jetson-runtime" name="host.arm64"' j.xml || fail "JUnit lacks host.arm64"
grep -q '<skipped message="not configured"/>' j.xml || fail "JUnit lacks skipped hooks"
grep -q "$HOST_FAILURE" j.xml || fail "JUnit lacks the failure '$HOST_FAILURE'"

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
finish
