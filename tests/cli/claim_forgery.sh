# Forgery and misuse suite for 'jetgate claim' (issue 7 item 5): every variant
# is derived from the one good record by a small edit, and each must be
# refused with its OWN reason code. The good record itself must pass, so a
# refusal for the wrong reason cannot hide behind a refusal for another.
. "$(dirname "$0")/lib.sh.inc"
GOOD="$JG_SOURCE_DIR/tests/data/claims/good-orin.json"
SHA=3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345
NOW=2026-12-02T12:00:00Z
STALE_NOW=2027-01-22T12:00:00Z

python3 - "$GOOD" "$T" <<'PY'
import copy, json, sys
good = json.load(open(sys.argv[1])); out = sys.argv[2]
def recount(p):
    ks = ["pass", "fail", "skip", "unsupported", "error"]
    p["counts"] = {k: sum(c["status"] == k for c in p["checks"]) for k in ks}
    p["counts"]["total"] = len(p["checks"])
def check(p, cid):
    return next(c for c in p["checks"] if c["id"] == cid)
def variant(name, edit, fix_counts=True):
    d = copy.deepcopy(good); p = d["predicate"]; edit(d, p)
    if fix_counts: recount(p)
    json.dump(d, open(f"{out}/{name}.json", "w"), indent=2)
def tampered(d, p): check(p, "torch.cuda_available")["status"] = "fail"   # status left "passed"
def other_commit(d, p):
    d["subject"][0]["digest"]["gitCommit"] = "0" * 40; p["commit"]["sha"] = "0" * 40
def disagree(d, p): p["commit"]["sha"] = "1" * 40
def failed(d, p): p["status"] = "failed"; check(p, "native.tensor_op")["status"] = "fail"
def x86(d, p):
    p["platform"].update(arch="x86_64", is_jetson=False, module_part=None, soc=None,
                         compute_capability="9.0", l4t=None, jetpack=None, gpu_name="NVIDIA H200")
def arm64(d, p):
    p["platform"].update(is_jetson=False, module_part=None, soc=None, compute_capability=None,
                         l4t=None, jetpack=None)
def arm64_claims_jetson(d, p):   # generic arm64 that says nothing else but is_jetson false
    p["platform"]["is_jetson"] = False
def skipped(d, p): check(p, "torch.tensor_op")["status"] = "skip"
def zero(d, p): p["checks"] = []
def major2(d, p): d["predicateType"] = "https://jetgate.dev/evidence/gate-run/v2"
def other_gate(d, p): p["gate"] = "model-download"
def pull_request(d, p): p["run"]["event"] = "pull_request"
def labels(d, p): p["run"]["runner_labels"].remove("orin")
def l4t(d, p): p["platform"]["l4t"] = "36.4.4"
def module(d, p): p["platform"]["module_part"] = "p3701-0004"
def future(d, p): p["finished_at"] = "2026-12-03T12:00:00Z"
def dirty(d, p): p["commit"]["dirty"] = True
def dup_check(d, p): p["checks"].append(dict(check(p, "torch.surgery"), status="fail"))
def no_l4t(d, p): del p["platform"]["l4t"]
def no_finish(d, p): del p["finished_at"]
for n, f in [("tampered-status", tampered), ("other-commit", other_commit),
             ("commit-disagree", disagree), ("failed", failed), ("x86_64", x86),
             ("generic-arm64", arm64), ("not-jetson-flag", arm64_claims_jetson),
             ("skipped-required", skipped), ("zero-checks", zero), ("major2", major2),
             ("other-gate", other_gate), ("pull-request", pull_request),
             ("labels", labels), ("l4t", l4t), ("module", module), ("future", future),
             ("dirty", dirty), ("dup-check", dup_check), ("no-l4t", no_l4t),
             ("no-finish", no_finish)]:
    variant(n, f)
variant("counts-forged", tampered, fix_counts=False)
d = copy.deepcopy(good); d["predicate"]["checks"] = "all passed"
json.dump(d, open(f"{out}/bad-type.json", "w"), indent=2)
text = json.dumps(good, indent=2)
open(f"{out}/dup-keys.json", "w").write(text.replace('"status": "passed"', '"status": "failed", "status": "passed"', 1))
open(f"{out}/truncated.json", "w").write(text[: len(text) // 2])
PY

claim() { expect_rc "$1" "$JETGATE" claim --tier target --commit $SHA --json "${@:2}"; }
# refused CASE CODE [NOW]: exit 1, the reason code present, and absent for the good record.
refused() {
  claim 1 --now "${3:-$NOW}" "$T/$1.json"
  grep -q "\"code\": \"$2\"" "$T/out" || fail "$1: no reason $2 in: $(grep '"code"' "$T/out" | tr -s ' ' | tr '\n' ' ')"
}

# The control: the good record is claimable, with no reason at all.
claim 0 --now $NOW "$GOOD"
expect_out '"claimable": true'
if grep -q '"code"' "$T/out"; then fail "good record has reasons: $(grep '"code"' "$T/out")"; fi

refused tampered-status required_check_failed
refused counts-forged counts_mismatch
refused other-commit commit_mismatch
refused commit-disagree commit_disagree
refused failed status_not_passed
refused x86_64 arch_not_aarch64
refused generic-arm64 not_jetson
if grep -q '"code": "arch_not_aarch64"' "$T/out"; then fail "generic arm64 refused as non-aarch64"; fi
refused not-jetson-flag not_jetson
refused skipped-required required_check_skipped
refused zero-checks no_checks
refused other-gate wrong_gate
refused pull-request event_not_allowed
refused labels runner_labels_missing
expect_out 'lacks the label(s) orin'
refused l4t l4t_mismatch
refused module module_mismatch
refused future finished_in_future
refused dirty dirty_tree
refused dup-check duplicate_check
refused no-l4t l4t_mismatch
refused no-finish finished_at_unknown

# Stale evidence without a waiver.
claim 1 --now $STALE_NOW "$GOOD"
expect_out '"code": "stale"'

# Waivers: in force -> stale accepted; expired -> ignored with a reason; over
# failed evidence -> its own refusal.
mkpolicy() {
  python3 - "$JG_SOURCE_DIR/src/policy/default-policy.json" "$1" "$2" "$3" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
p["waivers"] = [{"gate": "jetson-runtime", "tier": "target", "reason": "runner in repair",
                 "issue": "https://github.com/example/project/issues/7",
                 "opened": sys.argv[2], "expires": sys.argv[3]}]
json.dump(p, open(sys.argv[4], "w"))
PY
}
mkpolicy 2027-01-10 2027-02-01 "$T/waiver-ok.json"
mkpolicy 2026-12-20 2027-01-10 "$T/waiver-expired.json"
mkpolicy 2027-01-01 2027-02-15 "$T/waiver-long.json"
claim 0 --policy "$T/waiver-ok.json" --now $STALE_NOW "$GOOD"
expect_out '"code": "stale_waived"'
claim 1 --policy "$T/waiver-expired.json" --now $STALE_NOW "$GOOD"
expect_out '"code": "waiver_expired"'
expect_out '"code": "stale"'
claim 1 --policy "$T/waiver-long.json" --now $STALE_NOW "$GOOD"
expect_out '"code": "waiver_too_long"'
claim 1 --policy "$T/waiver-ok.json" --now $STALE_NOW "$T/failed.json"
expect_out '"code": "waiver_not_applicable"'
expect_out '"code": "status_not_passed"'
claim 1 --policy "$T/waiver-ok.json" --now $STALE_NOW "$T/x86_64.json"
expect_out '"code": "waiver_not_applicable"'

# A policy that drops the base labels cannot drop them from the claim.
python3 - "$JG_SOURCE_DIR/src/policy/default-policy.json" "$T/lax.json" "$GOOD" "$T/nolabel.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1])); p["gates"][0]["runner_labels"] = ["self-hosted"]
json.dump(p, open(sys.argv[2], "w"))
e = json.load(open(sys.argv[3])); e["predicate"]["run"]["runner_labels"] = ["self-hosted", "orin", "jetpack-6"]
json.dump(e, open(sys.argv[4], "w"))
PY
claim 1 --policy "$T/lax.json" --now $NOW "$T/nolabel.json"
expect_out 'lacks the label(s) linux, ARM64, jetson'
# Nor can a policy that lists pull_request as a trigger make such evidence count.
python3 - "$JG_SOURCE_DIR/src/policy/default-policy.json" "$T/pr-policy.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1])); p["gates"][0]["triggers"].append("pull_request")
json.dump(p, open(sys.argv[2], "w"))
PY
claim 1 --policy "$T/pr-policy.json" --now $NOW "$T/pull-request.json"
expect_out '"code": "event_not_allowed"'

# Bad input: exit 2, file and position named, nothing on stdout.
claim 2 --now $NOW "$T/dup-keys.json"
expect_err "dup-keys.json:[0-9]*:[0-9]*: duplicate object key"
[ ! -s "$T/out" ] || fail "stdout not empty on bad input"
claim 2 --now $NOW "$T/truncated.json"
expect_err "truncated.json:[0-9]*:[0-9]*:"
claim 2 --now $NOW "$T/major2.json"
expect_err "major2.json: predicateType: unknown schema major v2"
claim 2 --now $NOW "$T/bad-type.json"
expect_err "bad-type.json: predicate.checks: expected an array"
# One bad file among good ones still fails the whole call, before any output.
claim 2 --now $NOW "$GOOD" "$T/truncated.json"
[ ! -s "$T/out" ] || fail "stdout not empty when a later file is bad"

# One good record among bad ones is enough; each file keeps its own reasons.
claim 0 --now $NOW "$T/x86_64.json" "$GOOD"
expect_out '"code": "arch_not_aarch64"'
finish
