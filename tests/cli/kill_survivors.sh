# No child outlives jetgate (issue #15 row 3): `jetgate run` is killed at 20
# random moments with SIGINT, SIGTERM, SIGHUP or SIGKILL while its Python
# probe or its device_auto hook runs, each of which has started a child of its
# own; afterwards no process of the run may be left.
. "$(dirname "$0")/lib.sh.inc"
SHA=0123456789abcdef0123456789abcdef01234567
DATA="$JG_SOURCE_DIR/tests/data/gate"
export PYTHONPATH="$JG_SOURCE_DIR/tests/fake-python" FAKE_TORCH=orin
unset GITHUB_EVENT_NAME || true
cd "$T"
# Job control: each run in its own process group, as a terminal or a CI runner
# starts it (without it, sh starts background jobs with SIGINT ignored).
set -m
# A uniquely named sleep: survivors are found by this name, and only they.
mark=jg-survivor-$$
ln -s "$(command -v sleep)" "$T/$mark"
printf '#!/bin/sh\n"%s" 300 &\nsleep 0.7\nexec python3 "$@"\n' "$T/$mark" > py-slow
chmod +x py-slow
python3 - "$DATA/policy.json" "\"$T/$mark\" 301 & \"$T/$mark\" 302; echo cuda" > hooks.json <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
for g in p["gates"]:
    if g["id"] == "jetson-runtime":
        g["hooks"]["device_auto"] = {"command": sys.argv[2]}
print(json.dumps(p))
PY
survivors() { pgrep -f -- "$mark" 2>/dev/null | tr '\n' ' '; }
sigs="INT TERM HUP KILL"
i=0 found=0
while [ $i -lt 20 ]; do
  sig=$(echo $sigs | cut -d' ' -f$(( i % 4 + 1 )))
  delay=$(awk -v r="$RANDOM" 'BEGIN { printf "%.2f", 0.2 + 2.3 * r / 32767 }')
  "$JETGATE" run --commit $SHA --quiet --policy hooks.json --python ./py-slow --out ev \
    >/dev/null 2>&1 &
  pid=$!
  sleep "$delay"
  kill -s "$sig" $pid 2>/dev/null || true
  # Polled every 50 ms (up to 10 s), so a prompt exit costs no more.
  n=0
  while kill -0 $pid 2>/dev/null && [ $n -lt 200 ]; do sleep 0.05; n=$((n + 1)); done
  if kill -0 $pid 2>/dev/null; then
    fail "kill $i: jetgate did not stop within 10 s of SIG$sig"
    kill -9 $pid 2>/dev/null || true
  fi
  wait $pid 2>/dev/null || true
  # The parent-death signal and the forwarded signal act at once; allow a moment.
  left=""
  n=0
  while [ $n -lt 40 ]; do
    left=$(survivors)
    [ -z "$left" ] && break
    sleep 0.05; n=$((n + 1))
  done
  if [ -n "$left" ]; then
    fail "kill $i (SIG$sig after ${delay}s) left: $(ps -o pid,ppid,pgid,args -p $(echo $left | tr ' ' ,) 2>/dev/null | tail -n +2)"
    found=$((found + 1))
    for p in $left; do kill -9 "$p" 2>/dev/null || true; done
  fi
  i=$((i + 1))
done
echo "20 kills, $found with survivors"
finish
