#!/usr/bin/env python3
"""The offloaded rank-1 surgery of jetgate's native probe, written in PyTorch.

Weights: LAYERS fp16 matrices (rows x cols) in pinned host memory. Each is
uploaded, edited on the GPU by W <- W - d (d^T W) with d a unit vector, and
written back. Two ways:
  plain      one stream, a loop of non-blocking copies and the edit;
  pipelined  three streams, each with its own device buffer, so one layer's
             upload, another's edit and a third's download overlap.
Also the copy-engine limit: pinned uploads alone, downloads alone, and both at
once on two streams. GB/s counts bytes moved up plus bytes moved down.
Prints one JSON object.
"""
import argparse
import json
import time

import torch


def timed(fn, reps):
    best = None
    for _ in range(reps):
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        fn()
        torch.cuda.synchronize()
        t = time.perf_counter() - t0
        best = t if best is None else min(best, t)
    return best


def edit(w, d):
    v = d @ w                   # d^T W, fp16 inputs, fp32 accumulation inside
    w.addr_(d, v, alpha=-1.0)   # W - d v^T


def plain(host, d):
    s = torch.cuda.Stream()
    with torch.cuda.stream(s):
        for h in host:
            g = h.to("cuda", non_blocking=True)
            edit(g, d)
            h.copy_(g, non_blocking=True)


def pipelined(host, d, bufs, streams):
    for i, h in enumerate(host):
        k = i % len(streams)
        with torch.cuda.stream(streams[k]):
            bufs[k].copy_(h, non_blocking=True)
            edit(bufs[k], d)
            h.copy_(bufs[k], non_blocking=True)


def copies(host, bufs, streams, up, down):
    n = len(host)
    for i in range(n):
        if up:
            with torch.cuda.stream(streams[0]):
                bufs[0].copy_(host[i], non_blocking=True)
        if down:
            with torch.cuda.stream(streams[1]):
                host[(i + n // 2) % n].copy_(bufs[1], non_blocking=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mib", type=int, default=1024, help="fp16 weights in total (MiB)")
    ap.add_argument("--layers", type=int, default=32)
    ap.add_argument("--reps", type=int, default=3, help="timed repetitions; the best is kept")
    a = ap.parse_args()
    cols = 4096
    rows = a.mib * 1024 * 1024 // 2 // a.layers // cols
    total = a.layers * rows * cols * 2
    g = torch.Generator().manual_seed(0)
    host = [((torch.rand(rows, cols, generator=g) - 0.5)).half().pin_memory() for _ in range(a.layers)]
    d = torch.rand(rows, generator=g) - 0.5
    d = (d / d.norm()).half().cuda()
    streams = [torch.cuda.Stream() for _ in range(3)]
    bufs = [torch.empty(rows, cols, dtype=torch.half, device="cuda") for _ in range(3)]
    # Warm-up: allocator, cuBLAS handles, kernels.
    pipelined(host[:3], d, bufs, streams)
    plain(host[:3], d)
    torch.cuda.synchronize()
    gb = lambda moved, t: moved / t / 1e9
    res = {
        "torch": torch.__version__, "cuda": torch.version.cuda,
        "device": torch.cuda.get_device_name(0),
        "layers": a.layers, "rows": rows, "cols": cols, "bytes": total, "reps": a.reps,
        "h2d_gbps": gb(total, timed(lambda: copies(host, bufs, streams, True, False), a.reps)),
        "d2h_gbps": gb(total, timed(lambda: copies(host, bufs, streams, False, True), a.reps)),
        "both_gbps": gb(2 * total, timed(lambda: copies(host, bufs, streams, True, True), a.reps)),
        "plain_gbps": gb(2 * total, timed(lambda: plain(host, d), a.reps)),
        "pipelined_gbps": gb(2 * total, timed(lambda: pipelined(host, d, bufs, streams), a.reps)),
    }
    print(json.dumps(res, indent=2, sort_keys=True))


if __name__ == "__main__":
    main()
