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
