"""PyTorch and NumPy contenders of `npm run bench` (scripts/bench/run.mjs): scaled dot-product
attention forward, no mask, the same full trace the engine computes (scores, scaled, rowMax,
exps, rowSum, weights, output), on the same seeded inputs, one thread.

    /usr/bin/python3 torch_attention.py --serve --backend torch|numpy

Stdin lines, one JSON line back each (the protocol of attn_bench --serve, plus two requests):
    N D ITERATIONS [WARMUP]   times ITERATIONS calls one by one (time.perf_counter_ns around
                              each, building the trace included): {"times_ms": [...], "checksum": {...}}
    trace N D                 one call's trace, every field as base64 little-endian float64, so
                              run.mjs can compare it element by element with the engine's
    info                      versions, threads and which BLAS is loaded (threadpoolctl)
    quit

Run with /usr/bin/python3 (Debian's torch 1.13 and numpy) and OPENBLAS_NUM_THREADS=1; run.mjs
sets the environment. Inputs: Q, K, V filled row by row with 2u - 1, u from the engine's
splitmix64 with state seed*256 + k (seed 1; k = 0, 1, 2), as scripts/bench/engine/inputs.mjs
and attention_bench.cpp generate them.
"""

import argparse
import base64
import json
import math
import re
import sys
import time

import numpy as np

MASK64 = (1 << 64) - 1
INPUT_SEED = 1


def seeded_matrix(rows, cols, stream):
    """The engine's splitmix64 (docs/engine.md), u with 53 random bits, entries 2u - 1."""
    state = (INPUT_SEED * 256 + stream) & MASK64
    out = np.empty(rows * cols, dtype=np.float64)
    for i in range(rows * cols):
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        z ^= z >> 31
        out[i] = 2 * ((z >> 11) * 2.0**-53) - 1
    return out.reshape(rows, cols)


def numpy_attention(q, k, v):
    # Each step a fresh array, as the engine's trace keeps every intermediate.
    scores = q @ k.T
    scaled = scores / math.sqrt(q.shape[1])
    row_max = scaled.max(axis=1)
    exps = np.exp(scaled - row_max[:, None])
    row_sum = exps.sum(axis=1)
    weights = exps / row_sum[:, None]
    output = weights @ v
    return dict(scores=scores, scaled=scaled, rowMax=row_max, exps=exps, rowSum=row_sum,
                weights=weights, output=output)


def torch_attention(torch, q, k, v):
    scores = torch.mm(q, k.t())
    scaled = scores / math.sqrt(q.shape[1])
    row_max = scaled.amax(dim=1)
    exps = torch.exp(scaled - row_max[:, None])
    row_sum = exps.sum(dim=1)
    weights = exps / row_sum[:, None]
    output = torch.mm(weights, v)
    return dict(scores=scores, scaled=scaled, rowMax=row_max, exps=exps, rowSum=row_sum,
                weights=weights, output=output)


class Contender:
    def __init__(self, backend):
        self.backend = backend
        self.inputs = {}
        if backend == "torch":
            import torch

            torch.set_num_threads(1)
            self.torch = torch
            self.call = lambda x: torch_attention(torch, *x)
            self.as_numpy = lambda t: t.numpy()
        else:
            self.call = lambda x: numpy_attention(*x)
            self.as_numpy = lambda a: a

    def inputs_for(self, n, d):
        if (n, d) not in self.inputs:
            mats = [seeded_matrix(n, d, s) for s in range(3)]
            if self.backend == "torch":
                mats = [self.torch.from_numpy(m) for m in mats]
            self.inputs[(n, d)] = mats
        return self.inputs[(n, d)]

    def batch(self, n, d, iterations, warmup):
        x = self.inputs_for(n, d)
        for _ in range(warmup):
            self.call(x)
        times = []
        for _ in range(iterations):
            # Freeing the trace is timed too, as in attn_bench: a caller pays for both.
            start = time.perf_counter_ns()
            trace = self.call(x)
            del trace
            times.append((time.perf_counter_ns() - start) / 1e6)
        last = {f: self.as_numpy(t) for f, t in self.call(x).items()}
        checksum = {f: float(last[f].sum()) for f in ("scores", "weights", "output")}
        return {"n": n, "d": d, "iterations": iterations, "times_ms": times, "checksum": checksum}

    def trace(self, n, d):
        fields = self.call(self.inputs_for(n, d))
        encode = lambda a: base64.b64encode(np.ascontiguousarray(a, dtype="<f8").tobytes()).decode()
        return {"fields": {f: encode(self.as_numpy(t)) for f, t in fields.items()}}

    def info(self):
        out = {"python": sys.version.split()[0], "numpy": np.__version__}
        try:
            from threadpoolctl import threadpool_info
        except ImportError:
            out["blas"] = None  # unknown: python3-threadpoolctl is not installed
        else:
            out["blas"] = [{key: lib.get(key) for key in
                            ("internal_api", "version", "threading_layer", "architecture",
                             "num_threads", "filepath")}
                           for lib in threadpool_info() if lib.get("user_api") == "blas"]
        if self.backend == "torch":
            out["torch"] = self.torch.__version__
            out["torchThreads"] = self.torch.get_num_threads()
            # "generic": torch calls the system's libblas.so.3, i.e. whatever Debian's
            # alternatives point it to (OpenBLAS once libopenblas0-pthread is installed).
            found = re.search(r"BLAS_INFO=(\w+)", self.torch.__config__.show())
            out["torchBlasInfo"] = found.group(1) if found else None
        return out


def serve(answer):
    """One JSON line back for each stdin line until "quit": answer(words), or the error."""
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "quit":
            break
        try:
            reply = answer(words)
        except (ValueError, IndexError, RuntimeError) as error:
            reply = {"error": f"{line.strip()!r}: {error}"}
        print(json.dumps(reply), flush=True)


def attention_reply(contender, words):
    if words[0] == "info":
        return contender.info()
    if words[0] == "trace":
        return contender.trace(int(words[1]), int(words[2]))
    numbers = [int(w) for w in words]
    if not 3 <= len(numbers) <= 4:
        raise ValueError("expected N D ITERATIONS [WARMUP]")
    return contender.batch(*numbers[:3], numbers[3] if len(numbers) == 4 else 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", action="store_true", required=True)
    parser.add_argument("--backend", choices=("torch", "numpy"), required=True)
    args = parser.parse_args()
    contender = Contender(args.backend)
    serve(lambda words: attention_reply(contender, words))


if __name__ == "__main__":
    main()
