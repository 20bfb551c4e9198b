# jetgate claim: help, usage errors, the text form, and the exit codes.
. "$(dirname "$0")/lib.sh.inc"
GOOD="$JG_SOURCE_DIR/tests/data/claims/good-orin.json"
SHA=3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345
expect_rc 0 "$JETGATE" claim --help
for o in --tier --commit --policy --now --json; do expect_out -- "$o"; done
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
expect_rc 2 "$JETGATE" claim --tier target --commit $SHA "$T/absent.json"
expect_err "absent.json: No such file"

# Text form: decision, tier line, one line per file with its reasons.
expect_rc 0 "$JETGATE" claim --tier target --commit $SHA --now 2026-12-02T12:00:00Z "$GOOD"
expect_out '^claim: CLAIMABLE for tier target (Jetson AGX Orin 64 GB) on commit '$SHA
expect_out "good-orin.json: accepted"
expect_rc 1 "$JETGATE" claim --tier target --commit $SHA --now 2027-02-02T12:00:00Z "$GOOD"
expect_out '^claim: REFUSED'
expect_out '    - \[stale\] evidence finished 63.1 days ago; the maximum age is 30 days'
# A tier that cannot be claimed as written is refused even with good evidence.
expect_rc 1 "$JETGATE" claim --tier evaluate --commit $SHA --now 2026-12-02T12:00:00Z "$GOOD"
expect_out 'tier: cannot be claimed as written'
expect_out '\[tier_pytorch_not_pinned\]'
expect_out '\[soc_mismatch\] SoC tegra234, the tier needs tegra264'
# Terminal control characters quoted from a forged record never reach the terminal.
python3 - "$GOOD" "$T/esc.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); d["predicate"]["gate"] = "x\u001b]0;pwned\u0007"
json.dump(d, open(sys.argv[2], "w"))
PY
expect_rc 1 "$JETGATE" claim --tier target --commit $SHA --now 2026-12-02T12:00:00Z "$T/esc.json"
expect_out '\[wrong_gate\] evidence is from gate x?\]0;pwned?'
if LC_ALL=C grep -q "$(printf '\033')" "$T/out"; then fail "escape character in text output"; fi
# Evidence from stdin.
expect_rc 0 sh -c "\"$JETGATE\" claim --tier target --commit $SHA --now 2026-12-02T12:00:00Z - < \"$GOOD\""
finish
