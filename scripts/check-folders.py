#!/usr/bin/env python3
"""The folder graph of src/ (an edge A -> B when a file in src/A includes
"B/..."), and its cycles: a folder must not reach itself through others, so
that each folder can be read, tested and replaced from the bottom up.
Usage: scripts/check-folders.py [SRC]   (exit 1 on a cycle, naming it)"""
import os, re, sys

src = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "src")
edges = {}
for root, _, files in os.walk(src):
    rel = os.path.relpath(root, src)
    if rel == ".":
        continue
    top = rel.split(os.sep)[0]
    for name in files:
        if not name.endswith((".c", ".h")):
            continue
        for inc in re.findall(r'^#include "([a-z_]+)/', open(os.path.join(root, name)).read(), re.M):
            if inc != top and os.path.isdir(os.path.join(src, inc)):
                edges.setdefault(top, {}).setdefault(inc, name)
# Tarjan's strongly connected components
index, low, stack, on, sccs, n = {}, {}, [], set(), [], [0]
def visit(v):
    index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
    for w in edges.get(v, {}):
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        c = []
        while True:
            w = stack.pop(); on.discard(w); c.append(w)
            if w == v: break
        if len(c) > 1: sccs.append(sorted(c))
for v in sorted(set(edges) | {w for e in edges.values() for w in e}):
    if v not in index:
        visit(v)
for c in sccs:
    print("cycle: {%s}: %s" % (", ".join(c), "; ".join(
        "%s -> %s (%s)" % (a, b, f) for a in c for b, f in sorted(edges.get(a, {}).items()) if b in c)))
print("%d folders, %d edges, %d cycle(s)" % (len(index), sum(len(e) for e in edges.values()), len(sccs)))
sys.exit(1 if sccs else 0)
