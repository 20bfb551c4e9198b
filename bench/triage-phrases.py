#!/usr/bin/env python3
"""Each line of tests/data/doctor/phrases.tsv (a tool's own message) through
`jetgate triage --json -`: the first error/warning finding must be the one the
line names. Usage: triage-phrases.py JETGATE PHRASES.tsv (exit 1 on a miss)."""
import json, subprocess, sys
J = sys.argv[1]; bad = 0; n = 0
for raw in open(sys.argv[2], encoding="utf-8"):
    raw = raw.rstrip("\n")
    if not raw or raw.startswith("#"): continue
    want, line = raw.split("\t", 1)
    text = line.replace("\\n", "\n") + "\n"
    p = subprocess.run([J, "triage", "--json", "-"], input=text.encode(), capture_output=True)
    d = json.loads(p.stdout)
    top = next((f["id"] for f in d["findings"] if f["severity"] in ("error", "warning")), "none")
    n += 1
    if top != want:
        bad += 1; print("WRONG %s: got %s for %r" % (want, top, line[:90]))
print("%d/%d phrases give the expected finding first" % (n - bad, n)); sys.exit(1 if bad else 0)
