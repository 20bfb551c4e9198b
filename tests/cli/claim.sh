# jetgate claim: help, usage errors, the text form, and the exit codes.
. "$(dirname "$0")/lib.sh.inc"
GOOD="$JG_SOURCE_DIR/tests/data/claims/good-orin.json"
SHA=3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345
cd "$T" # outside any checkout: the repository comes from --repo or GITHUB_REPOSITORY
unset GITHUB_REPOSITORY GITHUB_SERVER_URL || true
sed -e 's|"device_auto": null, "tests": null}|"device_auto": {"command": "true"}, "tests": {"command": "true"}}|' \
  "$JG_SOURCE_DIR/src/policy/default-policy.json" > hooks.json
expect_rc 0 "$JETGATE" claim --help
for o in --tier --commit --repo --policy --now --json; do expect_out -- "$o"; done
expect_rc 0 "$JETGATE" help claim
expect_out 'usage: jetgate claim'
expect_rc 2 "$JETGATE" claim --commit $SHA "$GOOD"
expect_err 'jetgate: claim: --tier ID is required'
expect_rc 2 "$JETGATE" claim --tier target --commit abc "$GOOD"
expect_err "'abc' is not 40 lowercase hex digits"
expect_rc 2 "$JETGATE" claim --tier target --commit $SHA
expect_err 'at least one EVIDENCE file'
expect_rc 2 "$JETGATE" claim --tier gold --commit $SHA "$GOOD"
expect_err "no tier 'gold'"
expect_rc 2 "$JETGATE" claim --tier target --commit $SHA --now yesterday "$GOOD"
expect_err "'yesterday' is not an RFC 3339 time"
expect_rc 2 "$JETGATE" claim --tier target --commit $SHA --frobnicate "$GOOD"
expect_rc 2 "$JETGATE" claim --tier target --commit $SHA --repo example/project "$T/absent.json"
expect_err "absent.json: cannot read: No such file"
# No repository to claim for: refused, naming the fix.
expect_rc 1 "$JETGATE" claim --policy hooks.json --tier target --commit $SHA --now 2026-12-02T12:00:00Z "$GOOD"
expect_out '\[repository_not_given\] no repository to claim for: give --repo'
expect_rc 2 "$JETGATE" claim --tier target --commit $SHA --repo 'not a repo' "$GOOD"
expect_err "--repo: 'not a repo' is not owner/name or a repository URL"
# The embedded default configures no project check: never claimable, and says how to fix it.
expect_rc 1 "$JETGATE" claim --tier target --commit $SHA --repo example/project --now 2026-12-02T12:00:00Z "$GOOD"
expect_out '\[project_checks_not_configured\]'
expect_out 'Run `jetgate init --device-auto CMD --tests CMD` to configure them'
export GITHUB_REPOSITORY=example/project
set -- --policy hooks.json

# Text form: decision, tier line, one line per file with its reasons.
expect_rc 0 "$JETGATE" claim "$@" --tier target --commit $SHA --now 2026-12-02T12:00:00Z "$GOOD"
expect_out '^claim: CLAIMABLE for tier target (Jetson AGX Orin 64 GB) on commit '$SHA
expect_out "good-orin.json: accepted"
expect_out '^  repository github.com/example/project, judged at 2026-12-02T12:00:00Z'
# --repo in any spelling of the same repository; another one refuses.
expect_rc 0 "$JETGATE" claim "$@" --tier target --commit $SHA --repo git@github.com:Example/Project.git --now 2026-12-02T12:00:00Z "$GOOD"
expect_rc 1 "$JETGATE" claim "$@" --tier target --commit $SHA --repo https://github.com/someone/fork --now 2026-12-02T12:00:00Z "$GOOD"
expect_out '\[repository_mismatch\] evidence is from repository github.com/example/project, not github.com/someone/fork'
expect_rc 1 "$JETGATE" claim "$@" --tier target --commit $SHA --now 2027-02-02T12:00:00Z "$GOOD"
expect_out '^claim: REFUSED'
expect_out '    - \[stale\] evidence finished 63.1 days ago; the maximum age is 30 days'
# A tier that cannot be claimed as written is refused even with good evidence.
expect_rc 1 "$JETGATE" claim "$@" --tier evaluate --commit $SHA --now 2026-12-02T12:00:00Z "$GOOD"
expect_out 'tier: cannot be claimed as written'
expect_out '\[tier_pytorch_not_pinned\]'
expect_out '\[soc_mismatch\] SoC tegra234, the tier needs tegra264'
# Terminal control characters quoted from a forged record never reach the terminal.
python3 - "$GOOD" "$T/esc.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); d["predicate"]["gate"] = "x\u001b]0;pwned\u0007"
json.dump(d, open(sys.argv[2], "w"))
PY
expect_rc 1 "$JETGATE" claim "$@" --tier target --commit $SHA --now 2026-12-02T12:00:00Z "$T/esc.json"
expect_out '\[wrong_gate\] evidence is from gate x?\]0;pwned?'
if LC_ALL=C grep -q "$(printf '\033')" "$T/out"; then fail "escape character in text output"; fi
# Evidence from stdin.
expect_rc 0 sh -c "\"$JETGATE\" claim --policy hooks.json --tier target --commit $SHA --now 2026-12-02T12:00:00Z - < \"$GOOD\""
finish
