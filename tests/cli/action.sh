# The composite action's logic (scripts/action.sh) run as a runner would run
# it: a throwaway consumer project (a tiny PyTorch-style package with a
# device helper and a test, its policy from `jetgate init`) and a fake
# GitHub Actions environment. On this x86 host the gate is not_run: the
# outputs, the job summary and the evidence must say exactly that, and a
# second run must reuse the build in the tool cache.
. "$(dirname "$0")/lib.sh.inc"
unset JETGATE_POLICY GITHUB_SHA RUNNER_LABELS INPUT_BINARY INPUT_TIER || true
export PYTHONPATH="$JG_SOURCE_DIR/tests/fake-python" FAKE_TORCH=orin
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.invalid GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.invalid
ACTION="$JG_SOURCE_DIR/scripts/action.sh"
ARCH=$(uname -m)
[ "$ARCH" != aarch64 ] || { echo "this test asserts the not_run path of a non-ARM64 host; on aarch64 run it through the Jetson lane"; }

# The consumer: src/tinyproj (device helper), tests/, pyproject.toml.
C="$T/consumer"
mkdir -p "$C/src/tinyproj" "$C/tests"
cat >"$C/pyproject.toml" <<'TOML'
[project]
name = "tinyproj"
version = "0.0.1"
dependencies = ["torch"]
TOML
cat >"$C/src/tinyproj/__init__.py" <<'PY'
def resolve_device(device="auto"):
    """What device=auto means for this project: cuda when torch sees a GPU."""
    import torch
    if device != "auto":
        return device
    return "cuda" if torch.cuda.is_available() else "cpu"
PY
cat >"$C/tests/test_device.py" <<'PY'
from tinyproj import resolve_device
def test_auto_is_cuda():
    assert resolve_device() == "cuda"
PY
printf 'conditional-evidence/\n' >"$C/.gitignore"
git -C "$C" init -q
(cd "$C" && "$JETGATE" init --tier target --python python3 \
  --device-auto 'PYTHONPATH=src:$PYTHONPATH python3 -c "import tinyproj; print(tinyproj.resolve_device())"' \
  --tests 'PYTHONPATH=src:$PYTHONPATH python3 -m pytest -q tests --junitxml="$JETGATE_JUNIT"' >/dev/null) ||
  fail "jetgate init failed in the consumer"
git -C "$C" add -A && git -C "$C" commit -qm "tiny project"
HEAD=$(git -C "$C" rev-parse HEAD)

# The runner's environment. GITHUB_ACTION_REF is the pinned commit of the action.
REF=0123456789abcdef0123456789abcdef01234567
LABELS=self-hosted,linux,ARM64,jetson,orin,jetpack-6
act() { # act NAME [VAR=VALUE...]: one action run; its files under $T/NAME
  local n=$1; shift
  mkdir -p "$T/$n" "$T/runner-temp"
  : >"$T/$n/output"; : >"$T/$n/summary"
  set +e
  env GITHUB_ACTION_PATH="$JG_SOURCE_DIR" GITHUB_WORKSPACE="$C" GITHUB_SHA="$HEAD" \
    GITHUB_OUTPUT="$T/$n/output" GITHUB_STEP_SUMMARY="$T/$n/summary" RUNNER_TEMP="$T/runner-temp" \
    RUNNER_TOOL_CACHE="$T/tool-cache" GITHUB_ACTION_REF=$REF GITHUB_RUN_ATTEMPT=1 \
    GITHUB_EVENT_NAME=workflow_dispatch INPUT_LABELS=$LABELS INPUT_ALLOW_MISSING=false "$@" \
    bash "$ACTION" >"$T/$n/stdout" 2>"$T/$n/stderr"
  echo $? >"$T/$n/rc"
  set -e
}
output() { sed -n "s/^$2=//p" "$T/$1/output" | tail -1; }
want_output() { # want_output RUN KEY VALUE
  [ "$(output "$1" "$2")" = "$3" ] || fail "$1: output $2 is '$(output "$1" "$2")', wanted '$3'"
}
[ "$(cat "$T/first/rc" 2>/dev/null)" = "" ] || true

# First run: builds jetgate into the tool cache.
act first
[ "$(cat "$T/first/rc")" = 0 ] || { fail "action.sh exited $(cat "$T/first/rc")"; sed 's/^/  /' "$T/first/stderr" | tail -30 >&2; }
want_output first build built
echo "action: jetgate built in $(output first build-seconds) s, gate $(output first gate-seconds) s (not_run here)"
grep -q '^[0-9][0-9.]*$' <<<"$(output first build-seconds)" || fail "no build-seconds output"
want_output first status not_run
want_output first exit-code 1
want_output first evidence conditional-evidence/jetgate/jetson-runtime.json
want_output first junit conditional-evidence/jetgate/jetson-runtime.junit.xml
want_output first predicate conditional-evidence/jetgate/jetson-runtime.predicate.json
want_output first tier ""
want_output first claim-tier target
want_output first claim refused
want_output first policy "$C/.jetgate/policy.json"
want_output first retention-days 30
BIN="$T/tool-cache/jetgate/0.1.0-$REF/$ARCH/jetgate"
want_output first jetgate "$BIN"
[ -x "$BIN" ] && [ -f "$T/tool-cache/jetgate/0.1.0-$REF/$ARCH.complete" ] || fail "no complete build in the tool cache"
"$BIN" --version | grep -q '^jetgate 0.1.0' || fail "the cached binary is not jetgate 0.1.0"

# The evidence: jetgate's own file, for the consumer's commit, with the labels.
EV="$C/conditional-evidence/jetgate/jetson-runtime.json"
python3 - "$EV" "$HEAD" "$LABELS" <<'PY' || fail "the evidence is not what the action should have written"
import json, sys
p = json.load(open(sys.argv[1]))["predicate"]
assert p["status"] == "not_run", p["status"]
assert "not an ARM64 host" in p["reasons"], p["reasons"]
assert p["commit"]["sha"] == sys.argv[2] and p["commit"]["dirty"] is False, p["commit"]
assert p["run"]["runner_labels"] == sys.argv[3].split(","), p["run"]["runner_labels"]
ids = [c["id"] for c in p["checks"]]
assert "project.device_auto" in ids and "project.tests" in ids, ids
PY
grep -q '<testcase classname="jetson-runtime" name="host.arm64"' "$C/conditional-evidence/jetgate/jetson-runtime.junit.xml" ||
  fail "the JUnit report lacks host.arm64"
grep -q '"result": "FAILED"' "$C/conditional-evidence/jetgate/jetson-runtime.predicate.json" ||
  fail "the predicate action.yml's attest step signs is not the not_run gate's FAILED result"
[ ! -e "$C/conditional-evidence/jetson-runtime.json" ] || fail "the action wrote the project's own evidence name"

# The summary: every check with status, reason and duration; the claim per tier.
S="$T/first/summary"
grep -q '^## jetgate: jetson-runtime `not_run` at `'"${HEAD:0:12}"'`' "$S" || fail "summary heading"
grep -q '^- not an ARM64 host$' "$S" || fail "summary lacks the not_run reason"
grep -q '^| check | status | required | reason | duration |$' "$S" || fail "summary lacks the checks table"
n=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["predicate"]["checks"]))' "$EV")
rows=$(grep -c '^| `[a-z_]*\.[a-z_0-9]*` | [a-z_]* | \(yes\|no\) | .* | [0-9]*\.[0-9][0-9] s |$' "$S" || true)
[ "$rows" = "$n" ] || fail "summary has $rows check rows, the evidence $n checks"
grep -q '^| `host.arm64` | fail | yes | ' "$S" || fail "summary lacks the failing host.arm64 row"
for t in target evaluate legacy; do
  grep -q "^| \`$t\` | .* | refused | .*arch_not_aarch64" "$S" || fail "summary lacks the refused claim of tier $t"
done
grep -q 'Matched tier: none (this hardware matches no tier). Claim decision for `target`: \*\*refused\*\*.' "$S" ||
  fail "summary lacks the matched tier and the decision"
grep -q "Policy: \`$C/.jetgate/policy.json\`" "$S" || fail "summary does not name the policy"

# Second run: the build in the tool cache is reused, not rebuilt.
rm -rf "$T/runner-temp/jetgate-action/build"
touch -d '2001-01-01' "$BIN"
act second INPUT_TIER=evaluate INPUT_ALLOW_MISSING=true
[ "$(cat "$T/second/rc")" = 0 ] || fail "second run exited $(cat "$T/second/rc")"
want_output second build cached
want_output second claim-tier evaluate
want_output second claim refused
want_output second exit-code 0   # not_run with allow-missing
[ ! -e "$T/runner-temp/jetgate-action/build" ] || fail "the second run built again"
[ "$(stat -c %Y "$BIN")" = "$(date -d 2001-01-01 +%s)" ] || fail "the cached binary was replaced"
grep -q 'building jetgate' "$T/second/stderr" && fail "the second run says it builds"

# A given binary (path or command on PATH) is used as is; a missing one is an error.
act given INPUT_BINARY="$JETGATE"
want_output given build given
# The summary names where the binary came from in a sentence (not "jetgate given build").
grep -q 'written by the jetgate binary given to the action\.' "$T/given/summary" || fail "the summary does not say the binary was given"
grep -q "written by jetgate from the runner's tool cache\." "$T/second/summary" || fail "the summary does not say the binary was cached"
grep -q 'written by jetgate built from source on this runner\.' "$T/first/summary" || fail "the summary does not say jetgate was built"
grep -q 'jetgate \(built\|cached\|given\) build' "$T"/*/summary && fail "the summary says 'jetgate <how> build'"
want_output given jetgate "$JETGATE"
act missing INPUT_BINARY=/nonexistent/jetgate
[ "$(cat "$T/missing/rc")" = 2 ] || fail "a missing binary: exit $(cat "$T/missing/rc"), wanted 2"
grep -q "binary: '/nonexistent/jetgate' is not an executable" "$T/missing/stderr" || fail "missing binary not named"
# A policy input overrides discovery, and a broken one stops before the gate.
echo '{' >"$T/broken.json"
act broken INPUT_BINARY="$JETGATE" INPUT_POLICY="$T/broken.json"
[ "$(cat "$T/broken/rc")" = 2 ] || fail "a broken policy: exit $(cat "$T/broken/rc"), wanted 2"
grep -q 'broken.json:' "$T/broken/stderr" || fail "the broken policy is not named"
# The tier the hardware matches comes from the claims: a stand-in jetgate
# whose `run` writes a real-shaped passing AGX Orin record (every other
# command is the real one) makes the summary name tier target.
# (The record is dated now: only a record of this run counts.)
cat >"$T/fake-jetgate" <<SH
#!/bin/sh
if [ "\$1" = run ]; then
  mkdir -p conditional-evidence/jetgate
  python3 -c 'import json, sys, time
d = json.load(open(sys.argv[1])); now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
d["predicate"]["started_at"] = d["predicate"]["finished_at"] = now
json.dump(d, open("conditional-evidence/jetgate/jetson-runtime.json", "w"))' "$JG_SOURCE_DIR/tests/data/claims/good-orin.json"
  echo '<testsuites/>' >conditional-evidence/jetgate/jetson-runtime.junit.xml
  exit 0
fi
exec "$JETGATE" "\$@"
SH
chmod +x "$T/fake-jetgate"
act orin INPUT_BINARY="$T/fake-jetgate" GITHUB_REPOSITORY=example/project # the record's repository
[ "$(cat "$T/orin/rc")" = 0 ] || fail "orin run exited $(cat "$T/orin/rc"): $(tail -5 "$T/orin/stderr")"
want_output orin status passed
want_output orin exit-code 0
want_output orin tier target
want_output orin claim-tier target
grep -q 'Matched tier: `target`' "$T/orin/summary" || fail "the Orin record does not match tier target"
grep -q '^| `evaluate` | Jetson AGX Thor | refused | .*soc_mismatch' "$T/orin/summary" ||
  fail "the Orin record is not refused for Thor by its SoC"
grep -q '^| `host.module` | pass | yes | ' "$T/orin/summary" || fail "the Orin summary lacks passing host.module"
rm -rf "$C/conditional-evidence"
# Issue #29: a tier that requires a signature cannot be decided in the gate
# step (the signing step runs after it; verifying needs the network). The
# same record under a policy whose target requires attestation: with the
# signature the only thing missing, claim reads pending and says what to
# run, never refused or claimable; Thor's tier (wrong SoC) stays refused.
python3 -c 'import json, sys
p = json.load(open(sys.argv[1]))
p["attestation"] = {"signer_workflow": "OWNER/jetgate/.github/workflows/jetson-gate.yml"}
for t in p["tiers"]:
    t["require_attestation"] = True
json.dump(p, open(sys.argv[2], "w"))' "$C/.jetgate/policy.json" "$T/attest-policy.json"
act orinsig INPUT_BINARY="$T/fake-jetgate" INPUT_POLICY="$T/attest-policy.json" GITHUB_REPOSITORY=example/project
[ "$(cat "$T/orinsig/rc")" = 0 ] || fail "orinsig run exited $(cat "$T/orinsig/rc"): $(tail -5 "$T/orinsig/stderr")"
want_output orinsig claim-tier target
want_output orinsig claim "$( [ "$(output orin claim)" = claimable ] && echo pending || output orin claim)"
[ "$(output orin claim)" = claimable ] || fail "the Orin record is not claimable for target without a signature requirement ($(output orin claim)): the pending case is not exercised"
grep -q '^| `target` | .* | pending | attestation_missing |$' "$T/orinsig/summary" || fail "the summary does not say target is pending on attestation_missing"
grep -q 'claim pending signature verification: .*run `jetgate claim --verify-with-gh` in the release workflow' "$T/orinsig/summary" ||
  fail "the summary does not say the claim is pending signature verification"
grep -q '^| `evaluate` | Jetson AGX Thor | refused | .*soc_mismatch' "$T/orinsig/summary" ||
  fail "a tier refused for its hardware became pending"
rm -rf "$C/conditional-evidence"

# The reusable workflow passes every action input through (its caller cannot
# add a step), except binary (it builds from the pinned commit) and root (a
# container's or a test's platform directory), and every input reaches
# action.sh as INPUT_*.
if python3 -c 'import yaml' 2>/dev/null; then
python3 - "$JG_SOURCE_DIR" <<'PY' || fail "an action input does not reach the reusable workflow or action.sh"
import sys, yaml
src = sys.argv[1]
a = yaml.safe_load(open(src + "/action.yml"))
w = yaml.safe_load(open(src + "/.github/workflows/jetson-gate.yml"))
on = w.get("on", w.get(True))
gate = [s for s in w["jobs"]["jetson-runtime"]["steps"] if s.get("id") == "gate"][0]
missing = set(a["inputs"]) - set(gate["with"]) - {"binary", "root"}
assert not missing, "not passed by jetson-gate.yml: %s" % sorted(missing)
computed = {"labels", "attest"}   # from tier-labels; always signed there
assert set(gate["with"]) - computed <= set(on["workflow_call"]["inputs"]), "inputs the caller cannot set"
env = [s for s in a["runs"]["steps"] if s.get("id") == "gate"][0]["env"]
for i in set(a["inputs"]) - {"attest"}:   # attest is action.yml's own signing step's
    assert "INPUT_" + i.upper().replace("-", "_") in env, "action.yml does not pass %s to action.sh" % i
PY
else
  echo "action: inputs pass-through not checked: python3 has no yaml module (python3-yaml)" >&2
fi

# Issue #28 defect 3: no input or policy value forges an output line. The
# runner's reading of $GITHUB_OUTPUT (lines end at \n, \r or \r\n; NAME=VALUE
# or NAME<<DELIMITER ... DELIMITER) decides what each output is.
outputs_of() { # FILE: the outputs as the runner reads them, as JSON
  python3 - "$1" <<'PY'
import json, re, sys
lines = re.split(r"\r\n|\r|\n", open(sys.argv[1], newline="").read())
out, i = {}, 0
while i < len(lines):
    line = lines[i]; i += 1
    if not line:
        continue
    eq, hd = line.find("="), line.find("<<")
    if eq >= 0 and (hd < 0 or eq < hd):
        out[line[:eq]] = line[eq + 1:]
        continue
    assert hd > 0, "not an output line: %r" % line
    name, delim, value = line[:hd], line[hd + 2:], []
    while lines[i] != delim:
        value.append(lines[i]); i += 1
    i += 1
    out[name] = "\n".join(value)
print(json.dumps(out))
PY
}
: >"$T/gha-out"
GITHUB_OUTPUT="$T/gha-out" bash -c '. "$1"; gha_out claim-tier "$2"; gha_out status "$3"' _ \
  "$JG_SOURCE_DIR/scripts/action-output.sh" $'target\nexit-code=0\rstatus=passed' 'not_run'
[ "$(outputs_of "$T/gha-out")" = '{"claim-tier": "target\nexit-code=0\nstatus=passed", "status": "not_run"}' ] ||
  fail "gha_out let a value add output lines: $(outputs_of "$T/gha-out")"
act forged INPUT_BINARY="$JETGATE" INPUT_TIER=$'target\nexit-code=0\nstatus=passed'
[ "$(cat "$T/forged/rc")" = 2 ] || fail "a tier input with a newline: exit $(cat "$T/forged/rc"), wanted 2"
grep -q "^::error title=jetgate::tier: 'target%0Aexit-code=0%0Astatus=passed' is not a tier id" "$T/forged/stderr" ||
  fail "the forged tier is not refused in one escaped line: $(head -3 "$T/forged/stderr")"
grep -q '^exit-code=\|^status=' "$T/forged/output" && fail "a forged tier reached the outputs"
python3 - "$C/.jetgate/policy.json" "$T/space-tier.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1])); p["tiers"][0]["id"] = "tar get"
json.dump(p, open(sys.argv[2], "w"))
PY
act spacetier INPUT_BINARY="$JETGATE" INPUT_POLICY="$T/space-tier.json"
[ "$(cat "$T/spacetier/rc")" = 2 ] || fail "a tier id with a space: exit $(cat "$T/spacetier/rc"), wanted 2"
grep -q "tiers\[0\].id: 'tar get' is not an id" "$T/spacetier/stderr" || fail "the tier id with a space is not refused by the policy"

# Issue #28 defect 7: a record left from an earlier run is never this run's.
mkdir -p "$C/conditional-evidence/jetgate"
cp "$JG_SOURCE_DIR/tests/data/claims/good-orin.json" "$C/conditional-evidence/jetgate/jetson-runtime.json"
printf '#!/bin/sh\n[ "$1" = run ] && exit 2\nexec "%s" "$@"\n' "$JETGATE" >"$T/silent-jetgate"
chmod +x "$T/silent-jetgate"
act stale INPUT_BINARY="$T/silent-jetgate"
want_output stale status error
want_output stale exit-code 2
[ -z "$(output stale evidence)" ] || fail "a stale record became this run's evidence"
grep -q 'wrote no evidence of this run' "$T/stale/summary" || fail "the summary does not say no evidence of this run"
printf '#!/bin/sh\nif [ "$1" = run ]; then mkdir -p conditional-evidence/jetgate; cp "%s" conditional-evidence/jetgate/jetson-runtime.json; exit 0; fi\nexec "%s" "$@"\n' \
  "$JG_SOURCE_DIR/tests/data/claims/good-orin.json" "$JETGATE" >"$T/old-jetgate"
chmod +x "$T/old-jetgate"
act oldrecord INPUT_BINARY="$T/old-jetgate"
want_output oldrecord status error   # a record dated before this run started
rm -rf "$C/conditional-evidence"

# Outside GitHub Actions the script refuses instead of guessing.
set +e; env -u GITHUB_OUTPUT bash "$ACTION" >/dev/null 2>"$T/noenv.err"; rc=$?; set -e
[ "$rc" = 2 ] && grep -q 'GITHUB_ACTION_PATH is not set\|GITHUB_OUTPUT is not set' "$T/noenv.err" || fail "no runner environment: exit $rc"
finish
