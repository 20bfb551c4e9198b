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
  "$JG_SOURCE_DIR/.github/workflows/jetson-runtime.yml"
expect_out 'no findings'
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
expect_rc 1 "$JETGATE" lint --policy "$T/14-days.json" "$JG_SOURCE_DIR/.github/workflows/jetson-runtime.yml"
expect_out 'jetson.upload.retention-days: retention-days is 30; the policy keeps evidence 14 days'
finish
