# Signed evidence in a claim (issue 29): `jetgate claim --attestation FILE`
# and `--verify-with-gh` hold each evidence file against what
# `gh attestation verify --format json` printed. The recording
# tests/data/attest/verified-good-orin.json (gh's format: tests/data/README.md)
# verifies tests/data/claims/good-orin.json; every forged or mismatched
# variant below is one edit of it and must be refused with its OWN code,
# and the good one must be accepted, so no refusal hides behind another.
. "$(dirname "$0")/lib.sh.inc"
GOOD="$JG_SOURCE_DIR/tests/data/claims/good-orin.json"
VERIFIED="$JG_SOURCE_DIR/tests/data/attest/verified-good-orin.json"
DEFAULT="$JG_SOURCE_DIR/src/policy/default-policy.json"
SHA=3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345
SIGNER_SHA=0123456789abcdef0123456789abcdef01234567
NOW=2026-12-02T12:00:00Z
cd "$T"
unset GITHUB_REPOSITORY GITHUB_SERVER_URL GH_TOKEN GITHUB_TOKEN || true

# The recording is of exactly this evidence file: if good-orin.json changes,
# the recording's subject digest must be re-derived (and reviewed).
got=$(sha256sum "$GOOD" | cut -d' ' -f1)
grep -q "\"sha256\": \"$got\"" "$VERIFIED" || fail "the recording does not name good-orin.json's sha256 $got"

python3 - "$VERIFIED" "$DEFAULT" "$T" <<'PY'
import copy, json, sys
good = json.load(open(sys.argv[1])); policy = json.load(open(sys.argv[2])); out = sys.argv[3]
def w(name, d): json.dump(d, open(f"{out}/{name}.json", "w"), indent=2)
def cert(d): return d["verificationResult"]["signature"]["certificate"]
def stmt(d): return d["verificationResult"]["statement"]
def variant(name, edit):
    d = copy.deepcopy(good[0]); edit(d); w(name, [d])
variant("wrong-digest", lambda d: stmt(d)["subject"][0]["digest"].update(sha256="0" * 64))
# A workflow of the project's own (or anyone's) can sign anything it writes.
variant("own-workflow", lambda d: cert(d).update(
    buildSignerURI="https://github.com/example/project/.github/workflows/fake-gate.yml@refs/heads/main"))
variant("fork-of-jetgate", lambda d: cert(d).update(
    buildSignerURI="https://github.com/mallory/jetgate/.github/workflows/jetson-gate.yml@" + "0123456789abcdef0123456789abcdef01234567"))
variant("other-signer-commit", lambda d: cert(d).update(buildSignerDigest="f" * 40))
variant("wrong-repo", lambda d: cert(d).update(sourceRepositoryURI="https://github.com/someone/fork"))
variant("wrong-commit", lambda d: cert(d).update(sourceRepositoryDigest="4" * 40))
variant("wrong-run", lambda d: cert(d).update(
    runInvocationURI="https://github.com/example/project/actions/runs/999/attempts/1"))
variant("slsa", lambda d: stmt(d).update(predicateType="https://slsa.dev/provenance/v1"))
variant("failed-result", lambda d: stmt(d)["predicate"].update(result="FAILED"))
variant("github-hosted", lambda d: cert(d).update(runnerEnvironment="github-hosted"))
bad = copy.deepcopy(good[0]); cert(bad).update(sourceRepositoryDigest="4" * 40)
w("bad-then-good", [bad, good[0]])
w("empty", [])
w("not-array", good[0])
w("no-result", [{"attestation": {}}])
# Policies: the default with both hooks and the signer; variants.
hooks = copy.deepcopy(policy)
hooks["gates"][0]["hooks"] = {"device_auto": {"command": "python -m proj.device"},
                              "tests": {"command": "pytest --junitxml=\"$JETGATE_JUNIT\""}}
w("hooks", hooks)
signed = copy.deepcopy(hooks)
signed["attestation"] = {"signer_workflow": "example/jetgate/.github/workflows/jetson-gate.yml",
                         "signer_commits": ["0123456789abcdef0123456789abcdef01234567"]}
w("signed", signed)
req = copy.deepcopy(signed); req["tiers"][0]["require_attestation"] = True; w("required", req)
anyc = copy.deepcopy(req); del anyc["attestation"]["signer_commits"]; w("any-commit", anyc)
host = copy.deepcopy(req)
host["attestation"]["signer_workflow"] = "https://github.com/Example/JetGate/.github/workflows/jetson-gate.yml"
w("host-form", host)
nosigner = copy.deepcopy(hooks); nosigner["tiers"][0]["require_attestation"] = True; w("no-signer", nosigner)
badreq = copy.deepcopy(req); badreq["tiers"][0]["require_attestation"] = "yes"; w("bad-require", badreq)
badsig = copy.deepcopy(req); badsig["attestation"]["signer_workflow"] = "jetson-gate.yml"; w("bad-signer", badsig)
badc = copy.deepcopy(req); badc["attestation"]["signer_commits"] = ["v1.2.0"]; w("bad-commit", badc)
PY

claim() { expect_rc "$1" "$JETGATE" claim --tier target --commit $SHA --repo example/project --now $NOW --json "${@:2}"; }
codes() { grep -o '"code": "[a-z_]*"' "$T/out" | sort -u | tr '\n' ' '; }
# refused ATTESTATION CODE [POLICY]: exit 1 with that reason code.
refused() {
  claim 1 --policy "$T/${3:-required}.json" --attestation "$T/$1.json" "$GOOD"
  grep -q "\"code\": \"$2\"" "$T/out" || fail "$1: no reason $2 in: $(codes)"
}

# The control: without attestation settings nothing changes; with them the
# recording verifies the file, and the claim says by whom and where.
claim 0 --policy hooks.json "$GOOD"
claim 0 --policy required.json --attestation "$VERIFIED" "$GOOD"
expect_out '"code": "attestation_verified"'
expect_out 'signed by https://github.com/example/jetgate/.github/workflows/jetson-gate.yml@0123456789abcdef0123456789abcdef01234567 for github.com/example/project'
# Self-hosted is reported, never refused (Jetson runners are self-hosted).
expect_out '"code": "attestation_runner"'
expect_out 'signed on a self-hosted runner'
claim 0 --policy host-form.json --attestation "$VERIFIED" "$GOOD"
claim 0 --policy required.json --attestation "$T/github-hosted.json" "$GOOD"
expect_out 'signed on a github-hosted runner'
# Any signer commit: accepted and said.
claim 0 --policy any-commit.json --attestation "$VERIFIED" "$GOOD"
expect_out '"code": "attestation_signer_any_commit"'
expect_out "at commit $SIGNER_SHA; the policy names no signer commits"
# A tier that requires it: no attestation, no claim.
claim 1 --policy required.json "$GOOD"
expect_out '"code": "attestation_missing"'
expect_out 'tier target requires a verified attestation'
# Reports judge without signatures: a tier that requires one is never "claimed" in them.
GITHUB_REPOSITORY=example/project expect_rc 0 "$JETGATE" report --release-notes --policy signed.json --now $NOW "$GOOD"
expect_out 'Jetson CUDA support: claimed for Jetson AGX Orin 64 GB'
GITHUB_REPOSITORY=example/project expect_rc 0 "$JETGATE" report --release-notes --policy required.json --now $NOW "$GOOD"
expect_out 'not claimed for Jetson AGX Orin 64 GB (JetPack 6.2): no accepted evidence (tier target requires a verified attestation'
# Given but not required: still checked.
claim 1 --policy signed.json --attestation "$T/wrong-commit.json" "$GOOD"
expect_out '"code": "attestation_commit_mismatch"'
claim 1 --policy hooks.json --attestation "$VERIFIED" "$GOOD"
expect_out '"code": "attestation_signer_not_configured"'

# Forged and mismatched recordings, each with its own reason.
refused empty attestation_missing
refused wrong-digest attestation_digest_mismatch
refused own-workflow attestation_signer_mismatch
refused fork-of-jetgate attestation_signer_mismatch
refused other-signer-commit attestation_signer_commit
refused wrong-repo attestation_repository_mismatch
refused wrong-commit attestation_commit_mismatch
refused wrong-run attestation_run_mismatch
refused slsa attestation_predicate_type
refused failed-result attestation_result_not_passed
# One matching statement among others is enough.
claim 0 --policy required.json --attestation "$T/bad-then-good.json" "$GOOD"
# Another evidence file than the one verified: its digest is not the subject.
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); json.dump(d, open(sys.argv[2], "w"))' "$GOOD" reformatted.json
claim 1 --policy required.json --attestation "$VERIFIED" reformatted.json
expect_out '"code": "attestation_digest_mismatch"'

# Bad input: exit 2, the file and the JSON path named.
claim 2 --policy required.json --attestation "$T/not-array.json" "$GOOD"
expect_err 'not-array.json: (root): expected the JSON array'
claim 2 --policy required.json --attestation "$T/no-result.json" "$GOOD"
expect_err 'no-result.json: \[0\].verificationResult: missing or not an object'
claim 2 --policy required.json --attestation missing.json "$GOOD"
expect_err 'missing.json'
expect_usage "jetgate: claim: --attestation and --verify-with-gh: give one (try 'jetgate claim --help')" \
  "$JETGATE" claim --tier target --commit $SHA --attestation "$VERIFIED" --verify-with-gh "$GOOD"
# The policy's attestation settings are validated when it loads.
claim 2 --policy no-signer.json "$GOOD"
expect_err 'tiers\[0\].require_attestation: the tier requires an attestation, but the policy names no signer'
claim 2 --policy bad-require.json "$GOOD"
expect_err 'tiers\[0\].require_attestation: expected true or false'
claim 2 --policy bad-signer.json "$GOOD"
expect_err 'attestation.signer_workflow: expected OWNER/NAME/.github/workflows/FILE'
claim 2 --policy bad-commit.json "$GOOD"
expect_err 'attestation.signer_commits\[0\]: expected a commit'

# --verify-with-gh runs gh from PATH: a stand-in gh that prints the
# recording when called exactly as documented, and fails like gh otherwise.
mkdir bin
cat >bin/gh <<SH
#!/bin/sh
[ "\$*" = "attestation verify $GOOD --repo example/project --predicate-type https://in-toto.io/attestation/test-result/v0.1 --signer-workflow example/jetgate/.github/workflows/jetson-gate.yml --format json" ] || { echo "unexpected: \$*" >&2; exit 2; }
[ "\${GH_TOKEN:-}" = t0ken ] || { echo "no GH_TOKEN" >&2; exit 1; }
[ -z "\${GH_FAIL:-}" ] || { echo "X Verification failed" >&2; echo "Error: no matching attestations found" >&2; exit 1; }
cat "$VERIFIED"
SH
chmod +x bin/gh
GH_TOKEN=t0ken PATH="$T/bin:$PATH" claim 0 --policy required.json --verify-with-gh "$GOOD"
expect_out '"code": "attestation_verified"'
GH_FAIL=1 GH_TOKEN=t0ken PATH="$T/bin:$PATH" claim 1 --policy required.json --verify-with-gh "$GOOD"
expect_out '"code": "attestation_missing"'
expect_err 'gh verified no attestation for .*: X Verification failed'
GH_TOKEN=t0ken PATH="$T/bin:$PATH" claim 2 --policy required.json --verify-with-gh - <"$GOOD"
expect_err 'claim: --verify-with-gh: gh reads the evidence file itself: give its path, not -'
claim 2 --policy hooks.json --verify-with-gh "$GOOD"
expect_err 'policy names no signer workflow'
PATH=/nonexistent claim 2 --policy required.json --verify-with-gh "$GOOD"
expect_err 'claim: --verify-with-gh: gh is not on PATH'
finish
