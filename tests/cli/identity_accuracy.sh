# Platform identity on the real-data fixture roots: scores `jetgate facts
# --root` against tests/fixtures/identity/EXPECTED.tsv (expectations written
# from the sources in tests/fixtures/roots/README.md, not from jetgate) and
# prints the accuracy. Fails on any confidently wrong field, on any
# non-Jetson device called a Jetson, or below 95 % of the stated fields.
# Run alone: JETGATE=build/src/jetgate JG_FIXTURES=tests/fixtures bash tests/cli/identity_accuracy.sh
. "$(dirname "$0")/lib.sh.inc"
python3 - "$JETGATE" "$JG_FIXTURES" <<'PY' || fail "identity accuracy (see above)"
import json, subprocess, sys
jetgate, fixtures = sys.argv[1], sys.argv[2]
rows = []
for line in open(fixtures + "/identity/EXPECTED.tsv", encoding="utf-8"):
    if line.strip() and not line.startswith("#"):
        case, path, want = line.rstrip("\n").split("\t")
        rows.append((case, path, want))
docs = {}
def fact(case, path):
    if case not in docs:
        out = subprocess.run([jetgate, "facts", "--root", fixtures + "/roots/" + case, "--json"],
                             check=True, capture_output=True, text=True).stdout
        docs[case] = json.loads(out)
    node = docs[case]
    for key in path.split("."):
        node = node.get(key, {}) if isinstance(node, dict) else {}
    if not isinstance(node, dict):  # a member of a fact, e.g. jetpack.version.disputed
        return "ok", node
    return node.get("status"), node.get("value")
def shown(v):
    return json.dumps(v) if not isinstance(v, str) else v
stated = right = 0
wrong = []
for case, path, want in rows:
    status, value = fact(case, path)
    if want in ("-", "!true"):
        if status == "ok" and (want == "-" or value is True):
            wrong.append("%s %s: %s stated, the sources do not say so" % (case, path, shown(value)))
        continue
    stated += 1
    if status == "ok" and shown(value) == want:
        right += 1
    elif status == "ok":
        wrong.append("%s %s: %s, expected %s" % (case, path, shown(value), want))
    else:
        print("unknown: %s %s (expected %s): %s" % (case, path, want, status))
cases = sorted({c for c, _, _ in rows})
non_jetson = sorted({c for c, p, w in rows if p == "jetson.is_jetson" and w == "!true"})
called = [c for c in non_jetson if fact(c, "jetson.is_jetson") == ("ok", True)]
pct = 100.0 * right / stated
print("identity accuracy: %d/%d stated fields right (%.1f %%) on %d fixture roots; "
      "confidently wrong: %d; non-Jetson devices called Jetson: %d of %d"
      % (right, stated, pct, len(cases), len(wrong), len(called), len(non_jetson)))
for w in wrong:
    print("WRONG: " + w)
sys.exit(1 if wrong or called or pct < 95.0 else 0)
PY
finish
