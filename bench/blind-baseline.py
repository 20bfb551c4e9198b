#!/usr/bin/env python3
"""How far the pasted lines alone can take a reader: a careful reader's blind labels
(bench/blind-labels.tsv) scored like `jetgate triage` on the same corpus, side by side.

The blind labels were made on 2026-12-03 by eleven reader sessions (the 534 reports of rounds
one to four, then the 194 of round five, the 106 of round six, the 108 of round seven, the
127 of round eight and the 116 of round nine as they arrived) that saw only the pasted part of
each report, under a random id: no header, no file name, no thread, no
search, no tool output. They name the layer an experienced maintainer would blame first
from those lines, with a confidence. Scoring them against the thread's layer measures
the ceiling of paste-only diagnosis on this corpus: what the thread's later replies add
and no reading of the paste can.

Usage: blind-baseline.py [JETGATE] [--corpus DIR]
  per set (dev / validation): the blind reader's accuracy (and by its confidence), and,
  given JETGATE, jetgate's on the same reports; reports added after the labels were made
  are counted as not labelled.
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("corpus", os.path.join(HERE, "doctor-corpus.py"))
corpus_mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus_mod)


def blind_labels(path):
    labels = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            rid, layer, confidence = line.rstrip("\n").split("\t")[:3]
            labels[rid] = (layer, confidence)
    return labels


def main(argv):
    corpus = corpus_mod.DEFAULT_CORPUS
    if "--corpus" in argv:
        corpus = argv[argv.index("--corpus") + 1]
    jetgate = argv[1] if len(argv) > 1 and not argv[1].startswith("--") else None
    labels = blind_labels(os.path.join(HERE, "blind-labels.tsv"))
    tally = {}
    for name, head, body in corpus_mod.reports(corpus):
        which = corpus_mod.split_of(head["source"])
        t = tally.setdefault(which, {"n": 0, "unlabelled": 0, "blind": 0, "jetgate": 0, "conf": {}})
        rid = name[:-4]
        if rid not in labels:
            t["unlabelled"] += 1
            continue
        t["n"] += 1
        layer, confidence = labels[rid]
        right = layer == head["layer"]
        t["blind"] += right
        c = t["conf"].setdefault(confidence, [0, 0])
        c[0] += right
        c[1] += 1
        if jetgate:
            top = corpus_mod.first_diagnosis(corpus_mod.triage(jetgate, body).get("findings", []))
            t["jetgate"] += bool(top) and top["layer"] == head["layer"]
    for which in ("dev", "validation"):
        t = tally.get(which)
        if not t or not t["n"]:
            continue
        pct = lambda k: 100.0 * t[k] / t["n"]
        line = "%-10s blind reader %3d/%3d = %5.1f %%" % (which, t["blind"], t["n"], pct("blind"))
        if jetgate:
            line += "   jetgate %3d/%3d = %5.1f %%" % (t["jetgate"], t["n"], pct("jetgate"))
        print(line + ("   (%d not labelled)" % t["unlabelled"] if t["unlabelled"] else ""))
        for conf in ("high", "medium", "low"):
            ok, n = t["conf"].get(conf, [0, 0])
            if n:
                print("           blind reader, %-6s %3d/%3d = %5.1f %%" % (conf, ok, n, 100.0 * ok / n))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
