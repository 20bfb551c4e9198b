#!/usr/bin/env python3
"""Would a word-statistics classifier help where no rule speaks? Measured on the development
set only (10-fold cross-validation; the validation set is never read).

A multinomial naive Bayes over the words of each paste is trained on nine tenths of the
development reports and asked for the layer of the other tenth, ten times. Printed: its
accuracy alone, and on the reports where `jetgate triage` gives no error or warning
finding (the only place a fallback could add anything), how many it would get right.

Usage: bag-of-words-cv.py JETGATE [--corpus DIR]
"""
import collections
import importlib.util
import math
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("corpus", os.path.join(HERE, "doctor-corpus.py"))
corpus_mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(corpus_mod)


def words(text):
    return set(w.strip(".") for w in re.findall(r"[a-z][a-z0-9_.+-]{2,}", text.lower()))


def train(rows):
    count, freq = collections.Counter(), collections.defaultdict(collections.Counter)
    for _, layer, body, _ in rows:
        count[layer] += 1
        freq[layer].update(words(body))
    vocab = set().union(*(set(f) for f in freq.values()))
    return count, freq, vocab


def predict(model, body):
    count, freq, vocab = model
    total = sum(count.values())
    best, best_score = None, -math.inf
    for layer in count:
        size = sum(freq[layer].values()) + len(vocab)
        score = math.log(count[layer] / total)
        score += sum(math.log((freq[layer][w] + 1) / size) for w in words(body) if w in vocab)
        if score > best_score:
            best, best_score = layer, score
    return best


def main(argv):
    corpus = corpus_mod.DEFAULT_CORPUS
    if "--corpus" in argv:
        corpus = argv[argv.index("--corpus") + 1]
    rows = []
    for name, head, body in corpus_mod.reports(corpus):
        if corpus_mod.split_of(head["source"]) != "dev":
            continue
        top = corpus_mod.first_diagnosis(corpus_mod.triage(argv[1], body).get("findings", []))
        rows.append((name, head["layer"], body, top is None))
    random.Random(1).shuffle(rows)
    right = silent = silent_right = 0
    for k in range(10):
        test = rows[k::10]
        model = train([r for i, r in enumerate(rows) if i % 10 != k])
        for _, layer, body, none in test:
            ok = predict(model, body) == layer
            right += ok
            silent += none
            silent_right += ok and none
    print("naive Bayes alone, 10-fold on %d development reports: %d = %.1f %%"
          % (len(rows), right, 100.0 * right / len(rows)))
    print("where jetgate gives no error or warning finding: %d reports, naive Bayes right on %d"
          % (silent, silent_right))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
