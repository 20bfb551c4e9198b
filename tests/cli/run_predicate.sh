# jetgate run --predicate FILE (issue 29): the in-toto test-result
# predicate actions/attest signs beside the evidence. Its result, test lists
# and run URL come from the record just written; its configuration pins the
# policy's bytes and this binary's. Refusals come before any work.
. "$(dirname "$0")/lib.sh.inc"
. "$(dirname "$0")/run_lib.sh.inc"
expect_rc 0 "$JETGATE" run --help
expect_out -- "--predicate FILE"

# The predicate may not overwrite the evidence or the JUnit file, nor go where nothing can be written.
expect_rc 2 "$JETGATE" run --commit $SHA --out ev --predicate ev/jetson-runtime.json
expect_err "jetgate: run: --predicate ev/jetson-runtime.json is the evidence file itself; name another file"
expect_rc 2 "$JETGATE" run --commit $SHA --out ev --junit j.xml --predicate j.xml
expect_err "jetgate: run: --predicate j.xml is the JUnit file itself; name another file"
: >a-file  # a file where a directory would have to be: unwritable even for root
expect_rc 2 "$JETGATE" run --commit $SHA --out ev --predicate a-file/p.json
expect_err "run: --predicate a-file/p.json: cannot write there"
[ ! -e ev/jetson-runtime.json ] || fail "a refused run wrote evidence"

cp "$DATA/policy.json" policy.json
env GITHUB_REPOSITORY=Example/Project GITHUB_RUN_ID=77 GITHUB_RUN_ATTEMPT=2 \
  "$JETGATE" run --commit $SHA --allow-missing --quiet --policy policy.json --out ev \
  --junit ev/j.xml --predicate ev/predicate.json >/dev/null 2>run.err || fail "run failed: $(cat run.err)"
want_bin=
if [ -z "${JG_EMULATOR:-}" ] && [ "${JG_VALGRIND:-0}" != 1 ]; then  # else /proc/self/exe is another program
  want_bin=$(sha256sum "$JETGATE" | cut -d' ' -f1)
fi
python3 - ev/predicate.json ev/jetson-runtime.json "$(sha256sum policy.json | cut -d' ' -f1)" "$want_bin" <<'PY' || fail "predicate: see above"
import json, re, sys
pred = json.load(open(sys.argv[1])); ev = json.load(open(sys.argv[2]))["predicate"]
policy_sha, bin_sha = sys.argv[3], sys.argv[4]
bad = []
def want(cond, what):
    if not cond: bad.append(what)
want(set(pred) == {"result", "configuration", "url", "passedTests", "warnedTests", "failedTests"},
     "members: %s" % sorted(pred))
want(ev["status"] == "not_run" and pred["result"] == "FAILED", "not_run is FAILED, got %s" % pred["result"])
by = {"pass": "passedTests", "unsupported": "warnedTests", "skip": "warnedTests",
      "fail": "failedTests", "error": "failedTests"}
for c in ev["checks"]:
    want(c["id"] in pred[by[c["status"]]], "%s (%s) not in %s" % (c["id"], c["status"], by[c["status"]]))
want(sum(len(pred[k]) for k in ("passedTests", "warnedTests", "failedTests")) == len(ev["checks"]),
     "every check in exactly one list")
want(pred["url"] == "https://github.com/example/project/actions/runs/77/attempts/2", "url " + pred["url"])
conf = {c["name"]: c["digest"]["sha256"] for c in pred["configuration"]}
want(conf.get("policy.json") == policy_sha, "policy digest: %s" % conf)
jet = [v for k, v in conf.items() if re.fullmatch(r"jetgate \d+\.\d+\.\d+", k)]
want(len(jet) == 1 and re.fullmatch(r"[0-9a-f]{64}", jet[0]), "binary digest: %s" % conf)
want(not bin_sha or (jet and jet[0] == bin_sha), "binary digest is not sha256 of the binary")
for b in bad: print("  " + b, file=sys.stderr)
sys.exit(1 if bad else 0)
PY
# An absolute --policy path is named by its file name only (no home directory in what is signed).
"$JETGATE" run --commit $SHA --allow-missing --quiet --policy "$T/policy.json" --out ev \
  --predicate p2.json >/dev/null 2>&1 || fail "run with an absolute policy failed"
grep -q '"name": "policy.json"' p2.json || fail "absolute policy path not reduced to its name"
grep -q "$T" p2.json && fail "the predicate holds the temp dir's path"
# Without a run the url is left out; the embedded default policy is named as such.
"$JETGATE" run --commit $SHA --allow-missing --quiet --out ev --predicate p3.json >/dev/null 2>&1 || true
grep -q '"url"' p3.json && fail "url without a run"
grep -q '"name": "embedded default policy"' p3.json || fail "embedded policy not named"
finish
