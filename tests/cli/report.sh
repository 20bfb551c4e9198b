# jetgate report: golden markdown for each kind, and bad input.
# After an intended change: scripts/regen-goldens.sh, then review its diff.
. "$(dirname "$0")/lib.sh.inc"
D="$JG_SOURCE_DIR/tests/data/claims"
G="$JG_SOURCE_DIR/tests/golden/report"
NOW=2026-12-02T12:00:00Z
golden() { # golden NAME ARGS...
  name=$1; shift
  expect_rc 0 "$JETGATE" report "$@"
  check_golden "$G/$name" "$T/out"
}
# The project the fixtures were recorded for, and a policy that runs its checks
# (the embedded default with both hooks configured, as `jetgate init` writes them).
export GITHUB_REPOSITORY=example/project
unset GITHUB_SERVER_URL || true
cd "$T"
sed -e 's|"device_auto": null, "tests": null}|"device_auto": {"command": "true"}, "tests": {"command": "true"}}|' \
  "$JG_SOURCE_DIR/src/policy/default-policy.json" > hooks-policy.json
golden support-doc.md --support-doc --policy hooks-policy.json --now $NOW "$D/good-orin.json" "$D/failed-orin.json"
golden release-notes.md --release-notes --policy hooks-policy.json --now $NOW --commit 3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345 "$D/good-orin.json"
golden issue-body.md --issue-body "$D/failed-orin.json"
# Tier target pins NVIDIA's JetPack 6.1 wheel (cp310, loads libcusparseLt.so.0, which JetPack's
# CUDA lacks): its install steps check both before the wheel, from the facts' channel row.
expect_rc 0 "$JETGATE" report --support-doc --policy hooks-policy.json --now $NOW "$D/good-orin.json"
sed -n '/^## Install/,$p' "$T/out" >"$T/install"
grep -q "^python3 -c 'import sys; assert sys.version_info\[:2\] == (3, 10)" "$T/install" || fail "install steps do not check Python 3.10"
grep -q '^ls /usr/local/cuda/lib64/libcusparseLt.so.0$' "$T/install" || fail "install steps do not check cuSPARSELt"
[ "$(grep -n 'libcusparseLt.so.0$' "$T/install" | cut -d: -f1)" -lt "$(grep -n "^python3 -m pip install --no-cache 'https://developer" "$T/install" | cut -d: -f1)" ] ||
  fail "cuSPARSELt is checked after the wheel is installed"

# The embedded default runs none of the project's checks: never claimed, and the fix is named.
expect_rc 0 "$JETGATE" report --support-doc --now $NOW "$D/good-orin.json"
expect_out 'not claimed: the policy does not run the project.s own checks'
expect_out 'jetgate init'
# Another repository's record (a fork's) is never claimed for this one.
GITHUB_REPOSITORY=someone/fork expect_rc 0 "$JETGATE" report --support-doc --policy hooks-policy.json --now $NOW "$D/good-orin.json"
expect_out 'not claimed: no accepted evidence (evidence is from repository github.com/example/project, not github.com/someone/fork)'
# A written opt-out: claimed, and every report says it covers jetgate's own probes only.
sed -e 's|"allow_unsupported"|"project_checks_opt_out": "an inference-only wheel without tests", "allow_unsupported"|' \
  "$JG_SOURCE_DIR/src/policy/default-policy.json" > optout-policy.json
expect_rc 0 "$JETGATE" report --support-doc --policy optout-policy.json --now $NOW "$D/good-orin.json"
expect_out "claimed on commit \`3f2c1a9b7d4e\` (jetgate's own probes only: the policy opts out of the project's checks)"
expect_rc 0 "$JETGATE" report --release-notes --policy optout-policy.json --now $NOW "$D/good-orin.json"
expect_out "on commit 3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345 (jetgate's own probes only"
# A waiver in force: "not claimed (waived until ..., issue ...)", whatever the evidence.
python3 - hooks-policy.json waived-policy.json <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
p["waivers"] = [{"gate": "jetson-runtime", "tier": "target", "reason": "runner in repair",
                 "issue": "https://github.com/example/project/issues/7",
                 "opened": "2026-11-25", "expires": "2026-12-20"}]
json.dump(p, open(sys.argv[2], "w"))
PY
expect_rc 0 "$JETGATE" report --support-doc --policy waived-policy.json --now $NOW "$D/good-orin.json"
expect_out '| not claimed (waived until 2026-12-20, issue https://github.com/example/project/issues/7): runner in repair |'
# torchvision pinned beside torch: the doc installs it from its pin with its
# sha256, and a record that names no torchvision is not claimed.
python3 - hooks-policy.json tv-policy.json <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
t = next(t for t in p["tiers"] if t["id"] == "target")
t["pytorch"]["torchvision"] = {"version": "0.20.0a0+afc54f7", "sha256": "ab" * 32,
                               "pin": "https://example.org/torchvision-0.20.0a0+afc54f7-cp310-cp310-linux_aarch64.whl"}
json.dump(p, open(sys.argv[2], "w"))
PY
expect_rc 0 "$JETGATE" report --support-doc --policy tv-policy.json --now $NOW "$D/good-orin.json"
expect_out 'torch-2.5.0a0+872d972e41.nv24.08.17622132-cp310-cp310-linux_aarch64.whl`, torchvision 0.20.0a0+afc54f7 |'
expect_out "pip install --no-cache --no-deps 'https://example.org/torchvision-0.20.0a0+afc54f7-cp310-cp310-linux_aarch64.whl#sha256=abab"
expect_out 'not claimed: no accepted evidence (torchvision (not recorded) is not the torchvision the tier pins beside torch (0.20.0a0+afc54f7))'
grep -q '| claimed' "$T/out" && fail "a record without the pinned torchvision was claimed"

# Claimed only where the claim logic accepts: a failed record or another
# commit never turns into "claimed".
expect_rc 0 "$JETGATE" report --release-notes --policy hooks-policy.json --now $NOW "$D/failed-orin.json"
if grep -q 'support: claimed' "$T/out"; then fail "failed evidence reported as claimed"; fi
expect_out 'not claimed for Jetson AGX Orin 64 GB (JetPack 6.2): no accepted evidence (gate status is failed'
expect_rc 0 "$JETGATE" report --release-notes --policy hooks-policy.json --now $NOW --commit 9a8b7c6d5e4f30211203948576afbecd01234567 "$D/good-orin.json"
expect_out 'not claimed for Jetson AGX Orin 64 GB (JetPack 6.2): no accepted evidence (evidence is for commit 3f2c'
expect_rc 0 "$JETGATE" report --release-notes --policy hooks-policy.json
expect_out '^Jetson CUDA support is stated per tier, only from'
grep -q 'CPU-only linux/aarch64 lane' "$T/out" && fail 'release notes name an aarch64 CPU lane the policy does not show'
expect_out 'not claimed for Jetson AGX Orin 64 GB (JetPack 6.2): no jetson-runtime evidence given'

# Sanitized: no home path, address, MAC, UUID or e-mail survives.
expect_rc 0 "$JETGATE" report --issue-body "$D/failed-orin.json"
for canary in /home/alice alice@example.org 192.168.1.20 00:1b:44:11:3a:b7 123e4567-e89b; do
  if grep -q -- "$canary" "$T/out"; then fail "issue body leaks $canary"; fi
done

# Usage and bad input: exit 2, nothing on stdout.
expect_rc 0 "$JETGATE" report --help
for o in --support-doc --release-notes --issue-body --policy --commit --now; do expect_out -- "$o"; done
expect_rc 2 "$JETGATE" report "$D/good-orin.json"
expect_err 'exactly one of'
expect_rc 2 "$JETGATE" report --support-doc --issue-body
expect_rc 2 "$JETGATE" report --issue-body
expect_err 'needs at least one EVIDENCE'
expect_rc 2 "$JETGATE" report --release-notes --commit HEAD
head -c 200 "$D/good-orin.json" > "$T/cut.json"
expect_rc 2 "$JETGATE" report --support-doc "$D/good-orin.json" "$T/cut.json"
expect_err 'cut.json:[0-9]*:[0-9]*:'
[ ! -s "$T/out" ] || fail "stdout not empty on bad evidence"
finish
