# jetgate lint: the project's own workflows pass; each failing variant under
# tests/data/workflows/ reports its own rule id (named in its first line)
# and nothing else; unparsable input exits 2 with file:line:column.
. "$(dirname "$0")/lib.sh.inc"
W="$JG_SOURCE_DIR/tests/data/workflows"
POLICY="$JG_SOURCE_DIR/src/policy/default-policy.json"

expect_rc 0 "$JETGATE" lint --help
expect_out 'usage: jetgate lint'
expect_out -- '--policy FILE'

expect_rc 0 "$JETGATE" lint
expect_out 'policy only'

expect_rc 0 "$JETGATE" lint "$JG_SOURCE_DIR/.github/workflows/ci.yml" \
  "$JG_SOURCE_DIR/.github/workflows/jetson-runtime.yml" "$JG_SOURCE_DIR/.github/workflows/jetson-gate.yml"
expect_out 'no findings'
expect_out '^policy: embedded default policy'
# A project's callers of the reusable workflow and users of the action.
expect_rc 0 "$JETGATE" lint "$W/good-caller.yml" "$W/good-action.yml" "$W/good-action-attest.yml"

# --jetson-only: an unrelated job's finding is not reported; no Jetson job at all is.
expect_rc 1 "$JETGATE" lint "$W/mixed-project-ci.yml"
expect_out 'mixed-project-ci.yml:15:15: uses.pinned: '
expect_rc 0 "$JETGATE" lint --jetson-only "$W/mixed-project-ci.yml" "$JG_SOURCE_DIR/.github/workflows/ci.yml"
expect_rc 1 "$JETGATE" lint --jetson-only "$JG_SOURCE_DIR/.github/workflows/ci.yml"
expect_out 'ci.yml: jetson.none: --jetson-only: none of the 1 workflow(s) has a Jetson job'

# A real project's workflows (roboflow/inference, tests/data/README.md): its
# Jetson test jobs run no jetgate, so they get the safety rules only (here:
# unpinned actions) and a note, never the gate's rules; write permissions its
# steps provably need are accepted in the job that needs them.
R="$W/roboflow-inference"
expect_rc 1 "$JETGATE" lint --jetson-only "$R"/*.yml
[ "$(grep -c '^[^ ]*: [a-z.-]*: ' "$T/out")" = "$(grep -c "^$R/test.jetson_6.0.0.yml:[0-9]*:[0-9]*: uses.pinned: " "$T/out")" ] ||
  fail "--jetson-only on roboflow/inference reports more than its Jetson job's unpinned actions: $(cat "$T/out")"
expect_out "^note: $R/test.jetson_6.0.0.yml:8:3: jetson.not-gate: job 'build' runs on a Jetson but does not run jetgate"
expect_out '^no gate job: 1 Jetson job(s) run no jetgate'
grep -q 'docker.wheels.jetson' "$T/out" && fail "a depot-hosted job named jetson was taken for a Jetson job"
expect_rc 1 "$JETGATE" lint "$R/build-osx-bundle.yml" "$R/docker.wheels.jetson.7.2.0.yml"
grep -q 'permissions.write' "$T/out" && fail "a job's needed contents/id-token write was reported: $(grep permissions "$T/out")"
expect_rc 1 "$JETGATE" lint "$R/publish.pypi.yml"
expect_out "publish.pypi.yml:9:13: permissions.write: 'id-token: write' is needed only by job 'build' (pypa/gh-action-pypi-publish): grant it in that job's permissions"
# The same grant moved into the job (an edited copy): accepted.
python3 - "$R/publish.pypi.yml" "$T/publish-job.yml" <<'PY'
import sys
t = open(sys.argv[1]).read()
t = t.replace("permissions:\n  contents: read\n  id-token: write\n", "permissions:\n  contents: read\n", 1)
t = t.replace("    timeout-minutes: 20\n", "    timeout-minutes: 20\n    permissions: {contents: read, id-token: write}\n", 1)
open(sys.argv[2], "w").write(t)
PY
expect_rc 1 "$JETGATE" lint "$T/publish-job.yml"
grep -q 'permissions' "$T/out" && fail "id-token: write in the publishing job was reported"

# Workflows copied out of jetgate's repository: fine here, where they build or
# call jetgate's own tree; reported in a project, where that tree is not.
expect_rc 0 "$JETGATE" lint "$W/copied/jetson-runtime-v0.1.yml" "$W/copied/jetson-runtime.yml"
P="$T/project"
mkdir -p "$P/.github/workflows"
git -C "$P" init -q
printf 'cmake_minimum_required(VERSION 3.16)\nproject(tinyproj C)\n' >"$P/CMakeLists.txt"
for f in "$W"/copied/*.yml; do
  cp "$f" "$P/.github/workflows/"
  g="$P/.github/workflows/$(basename "$f")"
  expect_rc 1 "$JETGATE" lint "$g"
  [ "$(grep -c "^$g:[0-9]*:[0-9]*: jetson.jetgate-missing: " "$T/out")" = 1 ] &&
    [ "$(grep -c "^$g:" "$T/out")" = 1 ] || fail "$g in a project: wanted one jetson.jetgate-missing, got: $(cat "$T/out")"
done
expect_out "jetson-runtime.yml:[0-9]*:[0-9]*: jetson.jetgate-missing: './.github/workflows/jetson-gate.yml' is not in this repository"
# A local action the project lacks, unless an earlier step checks it out there.
sed 's|uses: example/jetgate@[0-9a-f]* # v0.2.0|uses: ./tools/jetgate|' "$W/good-action.yml" >"$P/.github/workflows/local.yml"
expect_rc 1 "$JETGATE" lint "$P/.github/workflows/local.yml"
expect_out "local.yml:[0-9]*:[0-9]*: jetson.jetgate-missing: local action './tools/jetgate' has no action.yml"
mkdir -p "$P/tools/jetgate" && touch "$P/tools/jetgate/action.yml"
expect_rc 0 "$JETGATE" lint "$P/.github/workflows/local.yml"
expect_rc 0 "$JETGATE" lint --policy "$POLICY" "$JG_SOURCE_DIR/.github/workflows/jetson-runtime.yml"
expect_rc 0 "$JETGATE" lint "$W/good-anchors.yml"

# Tier labels are recommended, as claim (note tier_labels_missing) and matrix
# (recommended_labels) say: their absence is a note, and lint still passes.
for f in "$W"/note-*.yml; do
  rule=$(sed -n '1s/^# Lint must note \([a-z.-]*\).*/\1/p' "$f")
  [ -n "$rule" ] || { fail "$f: first line names no rule"; continue; }
  expect_rc 0 "$JETGATE" lint "$f"
  grep -q "^note: $f:[0-9]*:[0-9]*: $rule: " "$T/out" || fail "$f: no $rule note: $(cat "$T/out")"
done
n=0
for f in "$W"/bad-*.yml; do
  rule=$(sed -n '1s/^# Lint must report \([a-z.-]*\).*/\1/p' "$f")
  [ -n "$rule" ] || { fail "$f: first line names no rule"; continue; }
  nwant=1
  case "$(head -1 "$f")" in *" twice:"*) nwant=2 ;; esac
  expect_rc 1 "$JETGATE" lint "$f"
  got=$(grep -c "^$f:[0-9]*:[0-9]*: $rule: " "$T/out" || true)
  all=$(grep -c "^$f:" "$T/out" || true)
  [ "$got" = "$nwant" ] && [ "$all" = "$nwant" ] ||
    fail "$f: wanted $nwant finding(s) of $rule and no other, got $got of $all"
  n=$((n + 1))
done
[ "$n" -ge 13 ] || fail "only $n failing variants found"

for f in "$W"/invalid-*.yml; do
  expect_rc 2 "$JETGATE" lint "$f"
  expect_err "^jetgate: $f:[0-9]*:[0-9]*: "
done
expect_rc 2 "$JETGATE" lint "$T/absent.yml"
expect_err "absent.yml: cannot read"

# Policy rules: an untrusted trigger for the gate, a malformed policy file.
sed 's/"triggers": \["workflow_dispatch", "schedule", "release"\]/"triggers": ["workflow_dispatch", "pull_request"]/' \
  "$POLICY" >"$T/pr-policy.json"
expect_rc 1 "$JETGATE" lint --policy "$T/pr-policy.json"
expect_out 'policy.triggers'
printf '{"schema_version": 1,\n  "evidence": {' >"$T/broken.json"
expect_rc 2 "$JETGATE" lint --policy "$T/broken.json"
expect_err "broken.json:"
# A different retention in the policy turns the project's own workflow red.
sed 's/"retention_days": 30/"retention_days": 14/' "$POLICY" >"$T/14-days.json"
expect_rc 1 "$JETGATE" lint --policy "$T/14-days.json" "$W/copied/jetson-runtime-v0.1.yml"
expect_out 'jetson.upload.retention-days: retention-days is 30; the policy keeps evidence 14 days'
finish
