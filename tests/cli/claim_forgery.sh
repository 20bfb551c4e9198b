# Forgery and misuse suite for 'jetgate claim' (issues 7 and 10): every
# variant is derived from the one good record by a small edit, and each must
# be refused with its OWN reason code. The good record itself must pass, so a
# refusal for the wrong reason cannot hide behind a refusal for another.
. "$(dirname "$0")/lib.sh.inc"
GOOD="$JG_SOURCE_DIR/tests/data/claims/good-orin.json"
DEFAULT="$JG_SOURCE_DIR/src/policy/default-policy.json"
SHA=3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345
NOW=2026-12-02T12:00:00Z
STALE_NOW=2027-01-22T12:00:00Z
cd "$T"
unset GITHUB_REPOSITORY GITHUB_SERVER_URL || true

python3 - "$GOOD" "$T" "$DEFAULT" <<'PY'
import copy, json, sys
good = json.load(open(sys.argv[1])); out = sys.argv[2]
policy = json.load(open(sys.argv[3]))
def recount(p):
    ks = ["pass", "fail", "skip", "unsupported", "error"]
    p["counts"] = {k: sum(c.get("status") == k for c in p["checks"]) for k in ks}
    p["counts"]["total"] = len(p["checks"])
def check(p, cid):
    return next(c for c in p["checks"] if c["id"] == cid)
def variant(name, edit, fix_counts=True):
    d = copy.deepcopy(good); p = d["predicate"]; edit(d, p)
    if fix_counts: recount(p)
    json.dump(d, open(f"{out}/{name}.json", "w"), indent=2)
def pl(**kw):
    return lambda d, p: p["platform"].update(**kw)
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
def arm64_claims_jetson(d, p): p["platform"]["is_jetson"] = False
def skipped(d, p): check(p, "torch.tensor_op")["status"] = "skip"
def unsupported(d, p): check(p, "torch.tensor_op")["status"] = "unsupported"
def odd_status(d, p): check(p, "torch.tensor_op")["status"] = "passed"
def missing(d, p): p["checks"].remove(check(p, "native.nf4"))
def zero(d, p): p["checks"] = []
def major2(d, p): d["predicateType"] = "https://jetgate.dev/evidence/gate-run/v2"
def evil(d, p): d["predicateType"] = "https://jetgate.dev/evidence/gate-run/v1.0-evil"
def v01(d, p): d["predicateType"] = "https://jetgate.dev/evidence/gate-run/v01"
def other_gate(d, p): p["gate"] = "model-download"
def pull_request(d, p): p["run"]["event"] = "pull_request"
def labels(d, p): p["run"]["runner_labels"].remove("jetson")
def base_labels(d, p): p["run"]["runner_labels"] = ["self-hosted", "linux", "ARM64", "jetson"]
def future(d, p): p["finished_at"] = "2026-12-03T12:00:00Z"
def nov31(d, p): p["finished_at"] = "2026-11-31T10:05:00Z"
def start_bad(d, p): p["started_at"] = "yesterday"
def start_late(d, p): p["started_at"] = "2026-12-01T11:00:00Z"
def dirty(d, p): p["commit"]["dirty"] = True
def env_sha(d, p): p["commit"]["source"] = "GITHUB_SHA"
def fork(d, p): p["commit"]["repository"] = "github.com/someone/fork"
def no_repo(d, p): del p["commit"]["repository"]
def extra_subject(d, p):
    d["subject"].append({"name": "git-commit", "digest": {"gitCommit": "4" * 40}})
def dup_check(d, p): p["checks"].append(dict(check(p, "torch.surgery"), status="fail"))
def no_l4t(d, p): del p["platform"]["l4t"]
def no_finish(d, p): del p["finished_at"]
def reasons(d, p): p["reasons"] = ["required check torch.surgery: fail: wrong result"]
def optional_project(d, p):   # project checks failed, marked optional by the record
    for cid in ("project.device_auto", "project.tests"):
        check(p, cid).update(status="fail", required=False)
def da_skip(d, p): check(p, "project.device_auto").update(status="skip", reason="not configured")
def empty_junit(d, p): check(p, "project.tests")["measurements"].update(tests=0)
def skipped_junit(d, p): check(p, "project.tests")["measurements"].update(skipped=3)
# Issue #28 defect 9: passes the record's own measurements contradict, foreign names.
def da_cpu(d, p): check(p, "project.device_auto")["measurements"].update(resolved="cpu")
def da_exit(d, p): check(p, "project.device_auto")["measurements"].update(exit_code=1)
def tests_exit(d, p): check(p, "project.tests")["measurements"].update(exit_code=1)
def subject_name(d, p): d["subject"][0]["name"] = "sbom"
def tool_name(d, p): p["tool"]["name"] = "othertool"
def unknown_fail(d, p):
    p["checks"].append({"id": "vendor.extra", "status": "fail", "required": False,
                        "reason": "x", "duration_s": 0, "measurements": {}})
def container(d, p): p["platform"]["container_digest"] = "sha256:" + "a" * 64
cases = [("tampered-status", tampered), ("other-commit", other_commit),
         ("commit-disagree", disagree), ("failed", failed), ("x86_64", x86),
         ("generic-arm64", arm64), ("not-jetson-flag", arm64_claims_jetson),
         ("skipped-required", skipped), ("unsupported-required", unsupported),
         ("odd-status", odd_status), ("missing-check", missing), ("zero-checks", zero),
         ("major2", major2), ("v1-evil", evil), ("v01", v01), ("other-gate", other_gate),
         ("pull-request", pull_request), ("labels", labels), ("base-labels", base_labels),
         ("l4t", pl(l4t="36.4.4")), ("module", pl(module_part="p3701-0004")),
         ("future", future), ("nov31", nov31), ("start-bad", start_bad),
         ("start-late", start_late), ("dirty", dirty), ("env-sha", env_sha), ("fork", fork),
         ("no-repo", no_repo), ("extra-subject", extra_subject), ("dup-check", dup_check),
         ("no-l4t", no_l4t), ("no-finish", no_finish), ("reasons-on-passed", reasons),
         ("optional-project", optional_project), ("da-skip", da_skip),
         ("empty-junit", empty_junit), ("skipped-junit", skipped_junit),
         ("da-cpu", da_cpu), ("da-exit", da_exit), ("tests-exit", tests_exit),
         ("subject-name", subject_name), ("tool-name", tool_name),
         ("unknown-fail", unknown_fail), ("container", container),
         ("torch-cpu", pl(torch="2.5.0+cpu", torch_cuda=None)),
         ("torch-other", pl(torch="2.8.0a0+5228986c39.nv25.06", torch_cuda="12.9")),
         ("cuda-11", pl(cuda_toolkit="11.4.315")), ("ubuntu-20", pl(os="Ubuntu 20.04.6 LTS")),
         ("mem-32", pl(memory_class="32 GB")), ("cudnn-8", pl(cudnn="8.9.4")),
         ("trt-8", pl(tensorrt="8.6.2.3")),
         ("r35-line", lambda d, p: p["platform"]["raw"].update(nv_tegra_release=
             "# R35 (release), REVISION: 4.1, GCID: 33958178, BOARD: t186ref, EABI: aarch64, DATE: x")),
         ("h200-name", pl(gpu_name="NVIDIA H200"))]
for n, f in cases:
    variant(n, f)
variant("counts-forged", tampered, fix_counts=False)
d = copy.deepcopy(good); d["predicate"]["checks"] = "all passed"
json.dump(d, open(f"{out}/bad-type.json", "w"), indent=2)
text = json.dumps(good, indent=2)
open(f"{out}/dup-keys.json", "w").write(text.replace('"status": "passed"', '"status": "failed", "status": "passed"', 1))
open(f"{out}/truncated.json", "w").write(text[: len(text) // 2])

# Policies: the default with both hooks (the baseline), variants of it.
def write(name, p): json.dump(p, open(f"{out}/{name}.json", "w"), indent=2)
hooks = copy.deepcopy(policy); g = hooks["gates"][0]
g["hooks"] = {"device_auto": {"command": "python -m proj.device"},
              "tests": {"command": "pytest --junitxml=\"$JETGATE_JUNIT\""}}
write("hooks", hooks)
p = copy.deepcopy(hooks); p["gates"][0]["hooks"]["tests"] = None; write("one-hook", p)
p = copy.deepcopy(policy); p["gates"][0]["project_checks_opt_out"] = "inference-only wheel, no test suite yet"
write("optout", p)
p = copy.deepcopy(hooks); del p["gates"][0]["allow_unsupported"]; write("no-allow", p)
p = copy.deepcopy(hooks); p["tiers"][0]["software"]["cudnn"] = "9.3"; write("cudnn", p)
p = copy.deepcopy(hooks); p["tiers"][0]["software"]["tensorrt"] = "10.3"; write("tensorrt", p)
p = copy.deepcopy(hooks); del p["tiers"][0]["pytorch"]["torch"]; write("no-version", p)
p = copy.deepcopy(hooks)
p["tiers"][0]["pytorch"] = {"kind": "container", "pin": "nvcr.io/nvidia/example:r36.4.0",
                            "torch": "2.5.0a0+872d972e41.nv24.08", "digest": "sha256:" + "a" * 64,
                            "fallback": dict(policy["tiers"][0]["pytorch"])}
write("container-pin", p)
p = copy.deepcopy(p); p["tiers"][0]["pytorch"]["digest"] = "sha256:" + "b" * 64
del p["tiers"][0]["pytorch"]["fallback"]; write("container-pin-other", p)
for name, opened, expires, issue in [
        ("waiver-ok", "2026-11-25", "2026-12-20", "https://github.com/example/project/issues/7"),
        ("waiver-stale", "2027-01-10", "2027-02-01", "https://github.com/example/project/issues/7"),
        ("waiver-expired", "2026-11-01", "2026-11-20", "https://github.com/example/project/issues/7"),
        ("waiver-long", "2026-11-20", "2027-01-28", "https://github.com/example/project/issues/7"),
        ("waiver-foreign", "2026-11-25", "2026-12-20", "https://github.com/other/project/issues/7")]:
    p = copy.deepcopy(hooks)
    p["waivers"] = [{"gate": "jetson-runtime", "tier": "target", "reason": "runner in repair",
                     "issue": issue, "opened": opened, "expires": expires}]
    write(name, p)
PY

claim() { expect_rc "$1" "$JETGATE" claim --tier target --commit $SHA --repo example/project --json "${@:2}"; }
# refused CASE CODE [NOW] [POLICY]: exit 1 and the reason code present.
refused() {
  claim 1 --policy "$T/${4:-hooks}.json" --now "${3:-$NOW}" "$T/$1.json"
  grep -q "\"code\": \"$2\"" "$T/out" || fail "$1: no reason $2 in: $(grep '"code"' "$T/out" | tr -s ' ' | tr '\n' ' ')"
}
codes() { grep -o '"code": "[a-z_]*"' "$T/out" | sort -u | tr '\n' ' '; }

# The control: the good record is claimable under a policy that runs the project's checks.
claim 0 --policy hooks.json --now $NOW "$GOOD"
expect_out '"claimable": true'
expect_out '"covers": "project_and_jetgate"'
if grep -q '"code"' "$T/out"; then fail "good record has reasons: $(codes)"; fi

# 1. Project checks are part of the contract.
claim 1 --now $NOW "$GOOD"                       # the embedded default: no hooks
expect_out '"code": "project_checks_not_configured"'
expect_out 'jetgate init'
claim 1 --policy one-hook.json --now $NOW "$GOOD" # device_auto alone is not enough
expect_out '"code": "project_checks_not_configured"'
claim 0 --policy optout.json --now $NOW "$GOOD"   # a written opt-out claims jetgate's probes only
expect_out '"covers": "jetgate_probes_only"'
expect_out '"opt_out_reason": "inference-only wheel, no test suite yet"'
expect_rc 0 "$JETGATE" claim --tier target --commit $SHA --repo example/project --policy optout.json --now $NOW "$GOOD"
expect_out "covers jetgate's own probes only, not the project's code (opted out: inference-only wheel"
refused da-skip required_check_skipped
refused empty-junit project_tests_junit_contradicts
refused skipped-junit project_tests_junit_contradicts
refused da-cpu project_device_auto_contradicts
refused da-exit project_device_auto_contradicts
refused tests-exit project_tests_exit_contradicts
refused subject-name subject_name_foreign
refused tool-name tool_foreign

# 2. The policy alone decides: status, counts, reasons and required flags recomputed.
refused tampered-status required_check_failed
refused counts-forged counts_mismatch
refused reasons-on-passed reasons_on_passed
refused optional-project required_check_failed
refused unsupported-required required_check_unsupported
refused odd-status required_check_status_unknown
refused missing-check required_check_missing
refused failed status_not_passed
refused skipped-required required_check_skipped
refused zero-checks no_checks
refused dup-check duplicate_check
# One acceptance rule: without allow_unsupported, bitsandbytes "unsupported" is refused
# (the gate's verdict says the same: tests/unit/test_gate_checks.c).
claim 1 --policy no-allow.json --now $NOW "$GOOD"
expect_out '"code": "required_check_unsupported"'
# Unknown checks that failed are said, never decisive.
claim 0 --policy hooks.json --now $NOW "$T/unknown-fail.json"
expect_out '"code": "unknown_check_failed"'

# 4. Everything the tier names is compared with the record.
refused x86_64 arch_not_aarch64
refused generic-arm64 not_jetson
if grep -q '"code": "arch_not_aarch64"' "$T/out"; then fail "generic arm64 refused as non-aarch64"; fi
refused not-jetson-flag not_jetson
refused l4t l4t_mismatch
refused no-l4t l4t_mismatch
refused module module_mismatch
refused mem-32 memory_class_mismatch
refused ubuntu-20 ubuntu_mismatch
refused cuda-11 cuda_mismatch
refused r35-line l4t_release_line_contradicts
refused h200-name gpu_name_contradicts
refused torch-cpu torch_pin_mismatch
expect_out '"code": "torch_not_cuda"'
refused torch-other torch_pin_mismatch
expect_out 'torch 2.8.0a0+5228986c39.nv25.06 is not the tier.s pinned build 2.5.0a0+872d972e41.nv24.08'
claim 0 --policy cudnn.json --now $NOW "$GOOD"      # cuDNN 9.3.0 is a 9.3 release
refused cudnn-8 cudnn_mismatch "$NOW" cudnn
claim 0 --policy tensorrt.json --now $NOW "$GOOD"   # TensorRT 10.3.0.30 is a 10.3 release
refused trt-8 tensorrt_mismatch "$NOW" tensorrt
claim 1 --policy no-version.json --now $NOW "$GOOD"
expect_out '"code": "tier_pytorch_version_not_pinned"'
# A container pin: the image digest the run recorded, else the fallback wheel.
claim 0 --policy container-pin.json --now $NOW "$T/container.json"
claim 0 --policy container-pin.json --now $NOW "$GOOD"   # native venv on the fallback wheel
refused container torch_pin_mismatch "$NOW" container-pin-other

# 5. Bound to code: commit, HEAD, repository.
refused other-commit commit_mismatch
refused commit-disagree commit_disagree
refused extra-subject subject_other_commit
refused dirty dirty_tree
refused env-sha commit_not_head
refused fork repository_mismatch
refused no-repo repository_unknown

# Times.
refused future finished_in_future
refused no-finish finished_at_unknown
refused nov31 finished_at_unknown
refused start-bad started_at_unknown
refused start-late started_after_finished
claim 1 --policy hooks.json --now $STALE_NOW "$GOOD"
expect_out '"code": "stale"'

# 6. Waivers never make evidence claimable.
claim 1 --policy waiver-ok.json --now $NOW "$GOOD"
expect_out '"code": "waived"'
expect_out 'not claimed (waived until 2026-12-20, issue https://github.com/example/project/issues/7)'
expect_out '"expires": "2026-12-20"'
claim 1 --policy waiver-stale.json --now $STALE_NOW "$GOOD"
expect_out '"code": "stale"'
expect_out '"code": "waived"'
if grep -q 'stale_waived' "$T/out"; then fail "a waiver accepted stale evidence"; fi
claim 0 --policy waiver-expired.json --now $NOW "$GOOD"
expect_out '"code": "waiver_expired"'
claim 1 --policy waiver-long.json --now $NOW "$GOOD"
expect_out '"code": "waiver_too_long"'
claim 1 --policy waiver-foreign.json --now $NOW "$GOOD"
expect_out '"code": "waiver_foreign_issue"'

# Lint refuses waivers longer than 30 days and issues of another repository.
GITHUB_REPOSITORY=example/project expect_rc 0 "$JETGATE" lint --policy waiver-ok.json
GITHUB_REPOSITORY=example/project expect_rc 1 "$JETGATE" lint --policy waiver-long.json
expect_out 'policy.waiver-too-long: waivers\[0\] spans 69 days; a waiver lasts at most 30'
GITHUB_REPOSITORY=example/project expect_rc 1 "$JETGATE" lint --policy waiver-foreign.json
expect_out 'policy.waiver-foreign-issue: waivers\[0\] cites https://github.com/other/project/issues/7, not an issue of github.com/example/project'

# 7. Runner labels: the plan's four are required, tier labels only recommended.
refused labels runner_labels_missing
expect_out 'lacks the label(s) jetson'
claim 0 --policy hooks.json --now $NOW "$T/base-labels.json"
expect_out '"code": "tier_labels_missing"'
# A policy that drops the base labels cannot drop them from the claim.
python3 - hooks.json lax.json "$GOOD" nolabel.json <<'PY'
import json, sys
p = json.load(open(sys.argv[1])); p["gates"][0]["runner_labels"] = ["self-hosted"]
json.dump(p, open(sys.argv[2], "w"))
e = json.load(open(sys.argv[3])); e["predicate"]["run"]["runner_labels"] = ["self-hosted", "orin", "jetpack-6"]
json.dump(e, open(sys.argv[4], "w"))
PY
claim 1 --policy lax.json --now $NOW nolabel.json
expect_out 'lacks the label(s) linux, ARM64, jetson'
refused other-gate wrong_gate
refused pull-request event_not_allowed
# Nor can a policy that lists pull_request as a trigger make such evidence count.
python3 - hooks.json pr-policy.json <<'PY'
import json, sys
p = json.load(open(sys.argv[1])); p["gates"][0]["triggers"].append("pull_request")
json.dump(p, open(sys.argv[2], "w"))
PY
claim 1 --policy pr-policy.json --now $NOW "$T/pull-request.json"
expect_out '"code": "event_not_allowed"'

# Bad input: exit 2, file and position named, nothing on stdout.
claim 2 --now $NOW "$T/dup-keys.json"
expect_err "dup-keys.json:[0-9]*:[0-9]*: duplicate object key"
[ ! -s "$T/out" ] || fail "stdout not empty on bad input"
claim 2 --now $NOW "$T/truncated.json"
expect_err "truncated.json:[0-9]*:[0-9]*:"
claim 2 --now $NOW "$T/major2.json"
expect_err "major2.json: predicateType: unknown schema major v2"
claim 2 --now $NOW "$T/v1-evil.json"
expect_err 'v1-evil.json: predicateType: "https://jetgate.dev/evidence/gate-run/v1.0-evil" is not exactly https://jetgate.dev/evidence/gate-run/v1'
claim 2 --now $NOW "$T/v01.json"
expect_err 'v01.json: predicateType: .* is not exactly'
claim 2 --now $NOW "$T/bad-type.json"
expect_err "bad-type.json: predicate.checks: expected an array"
# One bad file among good ones still fails the whole call, before any output.
claim 2 --policy hooks.json --now $NOW "$GOOD" "$T/truncated.json"
[ ! -s "$T/out" ] || fail "stdout not empty when a later file is bad"

# One good record among bad ones is enough; each file keeps its own reasons.
claim 0 --policy hooks.json --now $NOW "$T/x86_64.json" "$GOOD"
expect_out '"code": "arch_not_aarch64"'
finish
