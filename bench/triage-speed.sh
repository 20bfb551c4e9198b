#!/bin/sh
# Triage speed on a large paste, two builds side by side:
#   bench/triage-speed.sh JETGATE_A JETGATE_B [MB] [ROUNDS]
# The paste is MB megabytes (default 20) of lines drawn in a fixed order from
# the corpus's pasted parts (tests/data/corpus), so both builds read the same
# text; ROUNDS (default 3) interleaved runs each, the median user+sys seconds
# printed per build and their ratio. Output JSON is compared too (cmp).
set -eu
A=$1 B=$2 MB=${3:-20} ROUNDS=${4:-3}
here=$(cd "$(dirname "$0")/.." && pwd)
W=$(mktemp -d) && trap 'rm -rf "$W"' EXIT
python3 - "$here/tests/data/corpus" "$W/paste.txt" "$MB" <<'PY'
import glob, sys
src = [l for f in sorted(glob.glob(sys.argv[1] + "/*.txt"))
       for l in open(f, encoding="utf-8").read().split("----\n", 1)[1].split("\n") if l]
size, out, i = int(sys.argv[3]) << 20, open(sys.argv[2], "w", encoding="utf-8"), 0
while out.tell() < size:
    out.write(src[(i * 7919) % len(src)] + "\n"); i += 1
PY
cpu() { /usr/bin/time -f '%U %S' "$@" >"$W/out.json" 2>"$W/t" || true; awk 'END { print $1 + $2 }' "$W/t"; }
: >"$W/a"; : >"$W/b"
for r in $(seq "$ROUNDS"); do
  cpu "$A" triage --json "$W/paste.txt" >>"$W/a"; cp "$W/out.json" "$W/a.json"
  cpu "$B" triage --json "$W/paste.txt" >>"$W/b"
done
med() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ma=$(med "$W/a") mb=$(med "$W/b")
echo "paste: $MB MB; median CPU s of $ROUNDS runs: A $ma, B $mb, B/A $(awk -v a="$ma" -v b="$mb" 'BEGIN { printf "%.2f", b / a }')"
cmp -s "$W/a.json" "$W/out.json" && echo "same JSON output" || echo "JSON output differs"
