# Crash consistency of evidence writing: SIGKILL `jetgate run` at every
# file-system call that writes (tests/killpoint shim) and check that the
# evidence file is always either the old complete record or the new one.
. "$(dirname "$0")/lib.sh.inc"
# Outside any git checkout: there a --commit is recorded unverified (issue 10).
cd "$T"
shim=$JG_BINARY_DIR/tests/killpoint/libjg_killpoint.so
[ -f "$shim" ] || { fail "killpoint shim not built: $shim"; finish; }
old=1111111111111111111111111111111111111111
new=2222222222222222222222222222222222222222
out=$T/evidence
gate() { "$JETGATE" run --commit "$1" --out "$out" --allow-missing --quiet --python /bin/false; }
gate "$old" >/dev/null 2>&1 || fail "first run failed"
cp "$out/jetson-runtime.json" "$T/old.json"
check_file() {
  python3 - "$out/jetson-runtime.json" "$old" "$new" <<'PY' || fail "kill point $1: evidence torn or foreign"
import json, sys
doc = json.load(open(sys.argv[1]))
sha = doc["subject"][0]["digest"]["gitCommit"]
assert sha in sys.argv[2:], sha
assert doc["predicate"]["counts"]["total"] == len(doc["predicate"]["checks"])
PY
}
# ASan wants to be first in the library list; the shim only wraps libc calls.
export ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0"
n=1 kills=0
while [ $n -le 400 ]; do
  cp "$T/old.json" "$out/jetson-runtime.json"
  set +e
  JG_KILL_AT=$n LD_PRELOAD=$shim "$JETGATE" run --commit "$new" --out "$out" --allow-missing \
    --quiet --python /bin/false >/dev/null 2>&1
  rc=$?
  set -e
  check_file $n
  [ $rc = 137 ] || break
  kills=$((kills + 1))
  n=$((n + 1))
done
[ $kills -ge 3 ] || fail "only $kills kill points reached: the shim did not interpose"
grep -q "$new" "$out/jetson-runtime.json" || fail "the run that was not killed did not write the new record"
echo "killed at $kills points; evidence always whole"
finish
