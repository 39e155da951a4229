"""PyTorch contender of `npm run bench:scale` (scripts/bench/scale.mjs): the engine's cost
variants written in plain tensor ops, as PyTorch 1.13 has no fused attention, float64, one
thread, timed like lab.measureCost (time.perf_counter around each call of the kernel alone).

    OPENBLAS_NUM_THREADS=1 /usr/bin/python3 torch_scale.py

Stdin: one JSON request per line, one JSON line back each:
    {"info": true}                                   versions, threads, which BLAS is loaded
    {"variant", "n", "d", "repeats", "block", "window"}  {"seconds": [...], "peakCells": ...}

The variants, each the algorithm the engine's lean kernel runs (docs/benchmarks-scale.md):
    full     softmax(Q·Kᵀ/√d)·V, one n × n matrix
    flash    tiled online softmax (block × block tiles, running max, sum and output per row)
    chunked  Rabe & Staats: per query chunk, per key chunk max, sum and output, then combined
    linear   φ(x) = elu(x) + 1: φ(Q)·(φ(K)ᵀV) / (φ(Q)·φ(K)ᵀ1)
    sparse   sliding window |i − j| ≤ w by a banded gather (n × (2w+1) keys), no n × n matrix
    rnn      h_t = tanh(x_t·W_x + h_{t−1}·W_h + b), a Python loop over t
Inputs: uniform in [−1, 1) from torch's own generator, seeded; the numbers differ from the
engine's (its splitmix64 stream), which does not change the work.
"""

import json
import math
import sys
import time

import torch

torch.set_num_threads(1)
torch.set_grad_enabled(False)
DTYPE = torch.float64


def full(q, k, v, _):
    d = q.shape[1]
    return torch.softmax(q @ k.T / math.sqrt(d), dim=-1) @ v


def row_blocks(q, k, v, o, block_output):
    """Both tiled variants: each block of query rows is computed alone, by block_output(qb, b)."""
    n = q.shape[0]
    b = min(o["block"], n)
    out = torch.empty_like(v)
    for r in range(0, n, b):
        out[r:r + b] = block_output(q[r:r + b] / math.sqrt(q.shape[1]), b)
    return out


def flash(q, k, v, o):
    def block_output(qb, b):
        # The online softmax: one key block at a time, rescaling what came before.
        row_max = torch.full((qb.shape[0], 1), -math.inf, dtype=DTYPE)
        row_sum = torch.zeros((qb.shape[0], 1), dtype=DTYPE)
        acc = torch.zeros((qb.shape[0], v.shape[1]), dtype=DTYPE)
        for c in range(0, k.shape[0], b):
            s = qb @ k[c:c + b].T
            new_max = torch.maximum(row_max, s.max(dim=1, keepdim=True).values)
            rescale = torch.exp(row_max - new_max)
            p = torch.exp(s - new_max)
            row_sum = row_sum * rescale + p.sum(dim=1, keepdim=True)
            acc = acc * rescale + p @ v[c:c + b]
            row_max = new_max
        return acc / row_sum
    return row_blocks(q, k, v, o, block_output)


def chunked(q, k, v, o):
    def block_output(qb, b):
        # Every key chunk on its own (max, sum, output), then one combination per query chunk.
        maxes, sums, outs = [], [], []
        for c in range(0, k.shape[0], b):
            s = qb @ k[c:c + b].T
            m = s.max(dim=1, keepdim=True).values
            e = torch.exp(s - m)
            maxes.append(m)
            sums.append(e.sum(dim=1, keepdim=True))
            outs.append(e @ v[c:c + b])
        m = torch.cat(maxes, dim=1)
        alpha = torch.exp(m - m.max(dim=1, keepdim=True).values)
        total = (torch.cat(sums, dim=1) * alpha).sum(dim=1, keepdim=True)
        return sum(outs[i] * alpha[:, i:i + 1] for i in range(len(outs))) / total
    return row_blocks(q, k, v, o, block_output)


def linear(q, k, v, _):
    fq = torch.nn.functional.elu(q) + 1
    fk = torch.nn.functional.elu(k) + 1
    state = fk.T @ v
    normalizer = fk.sum(dim=0)
    return (fq @ state) / (fq @ normalizer)[:, None]


def sparse(q, k, v, o):
    n, d = q.shape
    w = o["window"]
    offsets = torch.arange(-w, w + 1)
    index = torch.arange(n)[:, None] + offsets[None, :]
    valid = (index >= 0) & (index < n)
    index = index.clamp(0, n - 1)
    s = torch.einsum("nd,nwd->nw", q, k[index]) / math.sqrt(d)
    s = s.masked_fill(~valid, -math.inf)
    return torch.einsum("nw,nwd->nd", torch.softmax(s, dim=-1), v[index])


def rnn(x, w_x, w_h, _):
    h = torch.zeros(w_h.shape[0], dtype=DTYPE)
    b = torch.zeros(w_h.shape[0], dtype=DTYPE)
    states = torch.empty((x.shape[0], w_h.shape[0]), dtype=DTYPE)
    for t in range(x.shape[0]):
        h = torch.tanh(x[t] @ w_x + h @ w_h + b)
        states[t] = h
    return states


VARIANTS = {"full": full, "flash": flash, "chunked": chunked, "linear": linear,
            "sparse": sparse, "rnn": rnn}


def peak_cells(o):
    """The largest single intermediate of one run, as the engine counts it."""
    n, d, b, w = o["n"], o["d"], min(o["block"], o["n"]), o["window"]
    return {"full": n * n, "flash": b * b, "chunked": b * b, "linear": n * d,
            "sparse": n * (2 * w + 1) * d, "rnn": n * d}[o["variant"]]


def measure(o):
    n, d = o["n"], o["d"]
    gen = torch.Generator().manual_seed(o.get("seed", 0))
    draw = lambda rows, cols: torch.rand((rows, cols), generator=gen, dtype=DTYPE) * 2 - 1
    if o["variant"] == "rnn":
        a, b, c = draw(n, d), draw(d, d) / math.sqrt(d), draw(d, d) / math.sqrt(d)
    else:
        a, b, c = draw(n, d), draw(n, d), draw(n, d)
    kernel = VARIANTS[o["variant"]]
    seconds = []
    for _ in range(o["repeats"]):
        start = time.perf_counter()
        kernel(a, b, c, o)
        seconds.append(time.perf_counter() - start)
    return {"seconds": seconds, "peakCells": peak_cells(o)}


def info():
    out = {"python": sys.version.split()[0], "torch": torch.__version__,
           "torchThreads": torch.get_num_threads()}
    try:
        from threadpoolctl import threadpool_info
    except ImportError:
        out["blas"] = None  # unknown: python3-threadpoolctl is not installed
    else:
        out["blas"] = [{key: lib.get(key) for key in
                        ("internal_api", "version", "architecture", "num_threads", "filepath")}
                       for lib in threadpool_info() if lib.get("user_api") == "blas"]
    return out


def main():
    for line in sys.stdin:
        request = json.loads(line)
        reply = info() if request.get("info") else measure(request)
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
