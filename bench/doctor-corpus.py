#!/usr/bin/env python3
"""Score `jetgate triage` on the corpus of real reports (tests/data/corpus/).

Each report file is a header (source, layer, fix, established[, note]) ended by
a line "----", then only the lines the reporter pasted. The pasted part is fed
to `jetgate triage --json -`; the first error or warning finding's layer is
compared with the layer the thread established.

The split into a development and a validation set was made once, before any
rule was tuned, and depends only on the source URL: the last hex digit of
sha256(URL) in 0-9 -> dev, a-f -> validation. Reports from one thread always
land in the same set.

Usage:
  doctor-corpus.py JETGATE [--corpus DIR] [--verbose | --show dev] [--by-confidence]
      print per-set accuracy and the confident wrong blames (named for the
      development set, counted for validation); --show dev lists only the
      development set's reports (the set rules are tuned on); --by-confidence
      adds each set's accuracy by the first finding's confidence (totals only)
  doctor-corpus.py JETGATE --check DEV_MIN VAL_MIN [MAX_WRONG]
      exit 1 when an accuracy is below its floor, more confident wrong blames
      appear than MAX_WRONG (default 0), or MANIFEST.tsv does not match the
      report files
  doctor-corpus.py --manifest [--corpus DIR]
      rewrite MANIFEST.tsv from the report headers
"""
import hashlib
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CORPUS = os.path.join(HERE, "..", "tests", "data", "corpus")
FIELDS = ("source", "layer", "fix", "established")


def split_of(url):
    return "dev" if hashlib.sha256(url.encode()).hexdigest()[-1] in "0123456789" else "validation"


def read_report(path):
    head, body, in_body = {}, [], False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if in_body:
                body.append(line)
            elif line.rstrip("\n") == "----":
                in_body = True
            elif ":" in line:
                key, val = line.split(":", 1)
                head[key.strip()] = val.strip()
    missing = [k for k in FIELDS if not head.get(k)]
    if missing or not in_body or not "".join(body).strip():
        raise SystemExit("%s: header lacks %s or no pasted lines after ----" % (path, missing))
    return head, "".join(body)


def reports(corpus):
    for name in sorted(os.listdir(corpus)):
        if name.endswith(".txt"):
            head, body = read_report(os.path.join(corpus, name))
            yield name, head, body


def manifest_text(corpus):
    rows = ["id\turl\tlayer\tfix\tset"]
    for name, head, _ in reports(corpus):
        rows.append("\t".join([name[:-4], head["source"], head["layer"],
                               head["fix"].replace("\t", " "), split_of(head["source"])]))
    return "\n".join(rows) + "\n"


def first_diagnosis(findings):
    for f in findings:
        if f.get("severity") in ("error", "warning"):
            return f
    return None


def triage_all(jetgate, bodies):
    """Every body through one `jetgate triage --batch -` (NUL-separated reports,
    one JSON result per line): the same answers as one process per report."""
    data = b"".join(b.encode() + b"\0" for b in bodies)
    p = subprocess.run([jetgate, "triage", "--batch", "-"], input=data,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    results = [json.loads(line) for line in p.stdout.splitlines()]
    if p.returncode != 0 or len(results) != len(bodies):
        raise SystemExit("jetgate triage --batch exited %d after %d of %d reports: %s" % (
            p.returncode, len(results), len(bodies), p.stderr.decode()[:300]))
    return results


def score(jetgate, corpus, verbose):
    sets = {"dev": [0, 0], "validation": [0, 0]}
    by_confidence = {}
    wrong_confident, no_evidence = [], []
    every = list(reports(corpus))
    results = triage_all(jetgate, [body for _, _, body in every])
    for (name, head, body), result in zip(every, results):
        which = split_of(head["source"])
        findings = result.get("findings", [])
        no_evidence += ["%s: %s" % (name, f["id"]) for f in findings if not f.get("evidence")]
        top = first_diagnosis(findings)
        got = top["layer"] if top else "none"
        ok = got == head["layer"]
        sets[which][0] += ok
        sets[which][1] += 1
        if top:
            tally = by_confidence.setdefault((which, top.get("confidence")), [0, 0])
            tally[0] += ok
            tally[1] += 1
        if top and not ok and top.get("confidence") == "high":
            wrong_confident.append((which, name, got, top["id"], head["layer"]))
        if verbose and (verbose is True or verbose == which):
            print("%-4s %-10s %-50s want %-17s got %-17s %s" % (
                "ok" if ok else "MISS", which, name[:50], head["layer"], got, top["id"] if top else ""))
    return sets, wrong_confident, no_evidence, by_confidence


def main(argv):
    corpus = DEFAULT_CORPUS
    if "--corpus" in argv:
        corpus = argv[argv.index("--corpus") + 1]
    manifest = os.path.join(corpus, "MANIFEST.tsv")
    if argv[1:2] == ["--manifest"]:
        with open(manifest, "w", encoding="utf-8") as f:
            f.write(manifest_text(corpus))
        return 0
    jetgate = argv[1]
    verbose = "--verbose" in argv
    if "--show" in argv:  # tune on dev only: --show dev
        verbose = argv[argv.index("--show") + 1]
    sets, wrong, no_evidence, by_confidence = score(jetgate, corpus, verbose)
    for which, (ok, n) in sets.items():
        print("%-10s %3d/%3d = %5.1f %%" % (which, ok, n, 100.0 * ok / n if n else 0))
        for conf in ("high", "medium", "low") if "--by-confidence" in argv else ():
            ok, n = by_confidence.get((which, conf), [0, 0])
            if n:
                print("           first finding %-6s %3d/%3d = %5.1f %%" % (conf, ok, n, 100.0 * ok / n))
    print("confident wrong blames: %d" % len(wrong))
    print("findings without evidence: %d" % len(no_evidence))
    for n in no_evidence[:10]:
        print("  " + n)
    # Validation reports stay unnamed (a count only): naming one invites tuning on it.
    for w in wrong:
        print("  %s %s: %s (%s), thread says %s" % w if w[0] == "dev" or verbose is True
              else "  %s: one report (not named: the validation set is not tuned on)" % w[0])
    if "--check" not in argv:
        return 0
    i = argv.index("--check")
    floors = {"dev": float(argv[i + 1]), "validation": float(argv[i + 2])}
    # the recorded count of confident wrong blames the check tolerates (default none)
    most_wrong = int(argv[i + 3]) if len(argv) > i + 3 and argv[i + 3].isdigit() else 0
    bad = [w for w, (ok, n) in sets.items() if n == 0 or 100.0 * ok / n < floors[w]]
    with open(manifest, encoding="utf-8") as f:
        stale = f.read() != manifest_text(corpus)
    if stale:
        print("MANIFEST.tsv is stale: run bench/doctor-corpus.py --manifest")
    for w in bad:
        print("accuracy on %s below the recorded %.1f %%" % (w, floors[w]))
    if len(wrong) > most_wrong:
        print("confident wrong blames: %d, more than the recorded %d" % (len(wrong), most_wrong))
    return 1 if bad or len(wrong) > most_wrong or stale or no_evidence else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
