# Issue 15 row 9: `claim` over 12 evidence files of 4 MiB each stays within
# 64 MB of resident memory (it was 989 MB): each record is judged as it is
# read and freed, and a record holds at most JG_EVIDENCE_MAX_VALUES values, so
# one parsed record is a few MiB whatever its shape. Issue 28 defect 12:
# `report` over 24 such records stays within the same bound. Measured with
# /usr/bin/time -v; this script prints the measured maximum RSS.
. "$(dirname "$0")/lib.sh.inc"
command -v /usr/bin/time >/dev/null || { fail "/usr/bin/time missing (apt-get install time)"; finish; }
cd "$T"
python3 - "$JG_SOURCE_DIR/tests/data/claims/good-orin.json" <<'PY'
import copy, json, sys
good = json.load(open(sys.argv[1]))
CAP = 4 * 1024 * 1024
def fill(name, payload):
    d = copy.deepcopy(good)
    extra = {"id": "vendor.padding", "status": "pass", "required": False, "reason": "padding",
             "duration_s": 0, "measurements": {"data": payload}}
    d["predicate"]["checks"].append(extra)
    text = json.dumps(d, separators=(",", ":"))
    assert len(text) <= CAP, (name, len(text))
    open(name, "w").write(text)
    return len(text)
# The worst shapes under both caps: many small values, many keys, one huge string.
pad = CAP - 8192
print(fill("many-values.json", [1] * 30000 + ["x" * ((pad - 60000) // 100)] * 90))
print(fill("many-keys.json", {"k%05d" % i: "v" * 40 for i in range(30000)}))
print(fill("one-string.json", "s" * pad))
PY
set --
for i in 1 2 3 4; do set -- "$@" many-values.json many-keys.json one-string.json; done
/usr/bin/time -v "$JETGATE" claim --tier target --commit 3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345 \
  --repo example/project --now 2026-12-02T12:00:00Z --json "$@" >"$T/out" 2>"$T/time" || true
grep -q '"file": "one-string.json"' "$T/out" || fail "claim judged not every file: $(head -c 300 "$T/err" "$T/time")"
[ "$(grep -c '"file":' "$T/out")" = 12 ] || fail "not 12 verdicts"
rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$T/time")
echo "claim over 12 x 4 MiB records: max RSS ${rss} kB"
# ASan's shadow memory, valgrind and qemu-user inflate RSS: the bound is
# judged in the plain build's lane, which every CI run has.
case "${JG_SANITIZE:-OFF}/${JG_VALGRIND:-0}/${JG_EMULATOR:-}" in
  OFF/0/) [ -n "$rss" ] && [ "$rss" -lt 65536 ] || fail "claim used ${rss} kB, over 64 MB" ;;
  *) echo "RSS bound not judged in this lane (sanitizer, valgrind or emulator)" ;;
esac
# Issue 28 defect 12: report holds one record at a time: 24 of these records
# stay within 64 MB of resident memory, as claim does.
set --
for i in 1 2 3 4 5 6 7 8; do set -- "$@" many-values.json many-keys.json one-string.json; done
for kind in --support-doc --issue-body; do
  /usr/bin/time -v "$JETGATE" report $kind --now 2026-12-02T12:00:00Z "$@" >report.md 2>report.time ||
    fail "report $kind failed"
  rss=$(sed -n 's/.*Maximum resident set size (kbytes): //p' report.time)
  echo "report $kind over 24 x 4 MiB records: max RSS ${rss} kB"
  case "${JG_SANITIZE:-OFF}/${JG_VALGRIND:-0}/${JG_EMULATOR:-}" in
    OFF/0/) [ -n "$rss" ] && [ "$rss" -lt 65536 ] || fail "report $kind used ${rss} kB, over 64 MB" ;;
  esac
done
[ "$(grep -c '^### Evidence' report.md)" = 24 ] || fail "the issue body lacks some of the 24 records"
# A record over the value cap is bad input naming the cap.
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); d["predicate"]["checks"][0]["measurements"]["x"]=[0]*70000; json.dump(d,open("over.json","w"))' "$JG_SOURCE_DIR/tests/data/claims/good-orin.json"
expect_rc 2 "$JETGATE" claim --tier target --commit 3f2c1a9b7d4e5f60718293a4b5c6d7e8f9012345 --repo example/project over.json
expect_err 'over.json: more than 65536 JSON values and keys'
finish
