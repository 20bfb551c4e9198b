#!/usr/bin/env python3
"""Each line of a phrases file (TAB-separated: expected finding id, a tool's own
message, lines joined by \\n) through one `jetgate triage --batch -`: the first
error/warning finding must be the one the line names; a line naming an info
finding must give it among the findings. The files: the rows' examples
(`jetgate __generate doctor-examples`) and tests/data/doctor/phrases.tsv (the
C rules' lines). Usage: triage-phrases.py JETGATE FILE.tsv... (exit 1 on a miss)."""
import json, subprocess, sys
J = sys.argv[1]; cases = []
for path in sys.argv[2:]:
    for raw in open(path, encoding="utf-8"):
        raw = raw.rstrip("\n")
        if not raw or raw.startswith("#"): continue
        want, line = raw.split("\t", 1)
        cases.append((want, line))
data = b"".join((line.replace("\\n", "\n") + "\n").encode() + b"\0" for _, line in cases)
p = subprocess.run([J, "triage", "--batch", "-"], input=data, capture_output=True)
results = [json.loads(l) for l in p.stdout.splitlines()]
if p.returncode != 0 or len(results) != len(cases):
    sys.exit("jetgate triage --batch exited %d after %d of %d lines: %s" % (
        p.returncode, len(results), len(cases), p.stderr.decode()[:300]))
bad = 0
for (want, line), d in zip(cases, results):
    top = next((f["id"] for f in d["findings"] if f["severity"] in ("error", "warning")), "none")
    info = any(f["id"] == want and f["severity"] == "info" for f in d["findings"])
    if top != want and not info:
        bad += 1; print("WRONG %s: got %s for %r" % (want, top, line[:90]))
n = len(cases)
print("%d/%d phrases give the expected finding first" % (n - bad, n)); sys.exit(1 if bad else 0)
