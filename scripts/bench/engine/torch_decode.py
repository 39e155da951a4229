"""The PyTorch contender of `npm run bench`'s decoding part (scripts/bench/engine/decode.mjs):
causal multi-head self-attention decoded one row at a time with a key/value cache, in float64
on the CPU, one thread, as lab.kvCacheDecode computes it (docs/engine.md): each step projects
its new row only, stores its key and value in a cache of kvHeads·d_k columns (under a window a
ring of `window` slots after `sinks` fixed ones), lets every query head attend over the cached
rows of its key/value head (the grouped heads by repeat_interleave) and mixes the heads by W_O.

    /usr/bin/python3 torch_decode.py --serve

Stdin lines, one JSON line back each (attn_bench --serve's decode protocol, plus two requests):
    decode N D_MODEL HEADS KV_HEADS WINDOW SINKS ITERATIONS [WARMUP]   (WINDOW 0: none)
        times ITERATIONS decodes of N rows one by one (time.perf_counter_ns around each):
        {"times_ms": [...], "checksum": {"output": sum, "cacheCells": 2·held·kvHeads·d_k}}
    output N D_MODEL HEADS KV_HEADS WINDOW SINKS
        the decoded rows (N × D_MODEL) as base64 little-endian float64, for the agreement check
    info    versions, threads and which BLAS is loaded (threadpoolctl)
    quit

Inputs: the input rows and W_Q, W_K, W_V, W_O from the engine's splitmix64 (streams 3 … 7 of
seed 1, entries 2u - 1, the weights times 1/sqrt(d_model)), as attention_bench.cpp and
decode.mjs draw them. run.mjs sets the environment (one BLAS thread, OpenBLAS's own choice of
kernels).
"""

import base64
import math
import sys
import time

import torch

from torch_attention import Contender, seeded_matrix, serve

INPUT_STREAM, WEIGHT_STREAMS = 3, (4, 5, 6, 7)


def decoder_inputs(n, d_model, heads, kv_heads):
    kv_width = kv_heads * (d_model // heads)
    scale = 1 / math.sqrt(d_model)
    widths = (d_model, kv_width, kv_width, d_model)
    weights = [seeded_matrix(d_model, w, s) * scale for w, s in zip(widths, WEIGHT_STREAMS)]
    return [torch.from_numpy(m) for m in [seeded_matrix(n, d_model, INPUT_STREAM), *weights]]


def decode(x, w_q, w_k, w_v, w_o, heads, kv_heads, window, sinks):
    """The output rows of decoding x row by row, and the cells the cache holds at the end."""
    n, d_model = x.shape
    d_k = d_model // heads
    kv_width = kv_heads * d_k
    capacity = min(n, sinks + window) if window else n
    key_cache = torch.empty(capacity, kv_width, dtype=torch.float64)
    value_cache = torch.empty(capacity, kv_width, dtype=torch.float64)
    output = torch.empty(n, d_model, dtype=torch.float64)
    sink_slots = torch.arange(sinks)
    held = 0
    for t in range(n):
        row = x[t : t + 1]
        q, k, v = row @ w_q, row @ w_k, row @ w_v
        # Under a window: the sinks keep their slots, later rows take a ring of `window`.
        slot = t if not window or t < sinks else sinks + (t - sinks) % window
        key_cache[slot] = k[0]
        value_cache[slot] = v[0]
        if not window or t < sinks + window:
            keys, values = key_cache[: t + 1], value_cache[: t + 1]
        else:
            # The sinks, then the last `window` rows, in order of position.
            recent = sinks + (torch.arange(t - window + 1, t + 1) - sinks) % window
            slots = torch.cat([sink_slots, recent])
            keys, values = key_cache.index_select(0, slots), value_cache.index_select(0, slots)
        held = keys.shape[0]
        # (held, kv_heads, d_k) → (heads, held, d_k): query head i reads key/value head i // (h/g).
        group = heads // kv_heads
        keys = keys.view(held, kv_heads, d_k).transpose(0, 1).repeat_interleave(group, dim=0)
        values = values.view(held, kv_heads, d_k).transpose(0, 1).repeat_interleave(group, dim=0)
        scores = q.view(heads, 1, d_k) @ keys.transpose(1, 2) / math.sqrt(d_k)
        weights = torch.softmax(scores, dim=-1)
        output[t] = ((weights @ values).reshape(1, d_model) @ w_o)[0]
    return output, 2 * held * kv_width


class Decoder:
    def __init__(self):
        torch.set_num_threads(1)
        self.inputs = {}

    def inputs_for(self, n, d_model, heads, kv_heads):
        key = (n, d_model, heads, kv_heads)
        if key not in self.inputs:
            self.inputs[key] = decoder_inputs(*key)
        return self.inputs[key]

    def run(self, n, d_model, heads, kv_heads, window, sinks):
        return decode(*self.inputs_for(n, d_model, heads, kv_heads), heads, kv_heads, window, sinks)

    def batch(self, shape, iterations, warmup):
        for _ in range(warmup):
            self.run(*shape)
        times = []
        for _ in range(iterations):
            start = time.perf_counter_ns()
            result = self.run(*shape)
            del result
            times.append((time.perf_counter_ns() - start) / 1e6)
        output, cache_cells = self.run(*shape)
        return {"n": shape[0], "iterations": iterations, "times_ms": times,
                "checksum": {"output": float(output.sum()), "cacheCells": cache_cells}}

    def output(self, shape):
        output, _ = self.run(*shape)
        data = output.numpy().astype("<f8").tobytes()
        return {"output": base64.b64encode(data).decode()}


def decode_reply(decoder, words):
    if words[0] == "info":
        return Contender("torch").info()
    if words[0] == "decode" and 8 <= len(words) <= 9:
        numbers = [int(w) for w in words[1:]]
        return decoder.batch(numbers[:6], numbers[6], numbers[7] if len(numbers) == 8 else 1)
    if words[0] == "output" and len(words) == 7:
        return decoder.output([int(w) for w in words[1:]])
    raise ValueError("expected decode N D_MODEL HEADS KV_HEADS WINDOW SINKS ITERATIONS [WARMUP], "
                     "output N D_MODEL HEADS KV_HEADS WINDOW SINKS, info or quit")


if __name__ == "__main__":
    if sys.argv[1:] != ["--serve"]:
        sys.exit(__doc__)
    decoder = Decoder()
    serve(lambda words: decode_reply(decoder, words))
