"""The PyTorch contender of `npm run bench:train`'s language model
(scripts/bench/train/language-model.mjs).

    torch_language_model.py --info   one JSON line: torch's version, its threads, the BLAS
    torch_language_model.py          reads one job (JSON) on stdin, prints one JSON line:
        {"roundMs": [...], "check": {"loss": x, "engineLoss": y, "lossDifference": |x − y|,
                                     "gradientNorm": …, "engineGradientNorm": …}}

The job names the corpus, the engine's initial parameters (`model`: the model file
attn_language_model_bench's `first` mode wrote, docs/language-model.md), the engine's first
batch (`windows`, its `loss` and `gradientNorm`), the training options and the timing
(`steps`, `rounds`). The model is the engine's Llama-style decoder written with torch ops in
float64, the whole batch as one tensor program: the tied embedding, per layer RMSNorm₁, the
q/k/v projections without biases, RoPE on q and k (rotate_half), key/value heads repeated to
the query heads (repeat_kv), causal softmax attention, o_proj, the residual, RMSNorm₂, SwiGLU,
the residual; the final RMSNorm, logits by the embedding, the mean cross-entropy of every
window's positions 0 … n−2 predicting tokens 1 … n−1. A step: forward, backward,
clip_grad_norm_ over every parameter, torch.optim.AdamW with two groups (weight decay on the
matrices, none on the γs), the engine's learning rate.

First it rebuilds the engine's first batch (the last `repeatWindows` windows end in a random
string read over and over) and checks its loss equals the engine's to 1e-9, and the gradient norm too; then it times
steps on fresh random windows. Run with Debian's /usr/bin/python3 and OPENBLAS_NUM_THREADS=1
(contenders.mjs's pythonEnv sets it).
"""
import json
import math
import sys

import torch
import torch.nn.functional as F

from torch_train import info, timed_rounds

torch.set_num_threads(1)
DTYPE = torch.float64
TOLERANCE = 1e-9
LAYER_TENSORS = ["wQ", "wK", "wV", "wO", "wGate", "wUp", "wDown", "gamma1", "gamma2"]


def is_gain(name):
    """An RMS norm's γ (1 × d_model in the file): scaled, not decayed."""
    return name.split(".")[-1] in ("gamma1", "gamma2", "finalGamma")


def read_model(path):
    """The model file's header and its tensors by name, as leaf tensors (γs as vectors)."""
    data = open(path, "rb").read()
    end = data.index(b"\n")
    header = json.loads(data[:end])
    values = torch.frombuffer(bytearray(data[end + 1:]), dtype=DTYPE)
    tensors, at = {}, 0
    for t in header["tensors"]:
        rows, cols = t["shape"]
        value = values[at:at + rows * cols].reshape(rows, cols)
        at += rows * cols
        name = t["name"]
        tensors[name] = (value.reshape(cols) if is_gain(name) else value).clone().requires_grad_(True)
    return header, tensors


class Model:
    def __init__(self, config, tensors):
        self.c = config
        self.t = tensors
        self.layers = [{k: tensors[f"layers[{l}].{k}"] for k in LAYER_TENSORS}
                       for l in range(config["layers"])]
        n, d_k = config["context"], config["dModel"] // config["heads"]
        half = d_k // 2
        theta = torch.tensor([config["ropeBase"] ** (-2.0 * i / d_k) for i in range(half)], dtype=DTYPE)
        angles = torch.arange(n, dtype=DTYPE)[:, None] * theta[None, :]
        self.cos = torch.cat([angles.cos(), angles.cos()], -1)
        self.sin = torch.cat([angles.sin(), angles.sin()], -1)
        self.blocked = torch.ones(n, n, dtype=torch.bool).triu(1)

    def rms_norm(self, x, gamma):
        return x / torch.sqrt((x * x).mean(-1, keepdim=True) + self.c["eps"]) * gamma

    def rope(self, x):
        half = x.shape[-1] // 2
        turned = torch.cat([-x[..., half:], x[..., :half]], -1)
        return x * self.cos + turned * self.sin

    def layer(self, x, p):
        b, n, d = x.shape
        heads, kv_heads = self.c["heads"], self.c["kvHeads"]
        d_k = d // heads
        h1 = self.rms_norm(x, p["gamma1"])
        q = self.rope((h1 @ p["wQ"]).view(b, n, heads, d_k).transpose(1, 2))
        k = self.rope((h1 @ p["wK"]).view(b, n, kv_heads, d_k).transpose(1, 2))
        v = (h1 @ p["wV"]).view(b, n, kv_heads, d_k).transpose(1, 2)
        k = k.repeat_interleave(heads // kv_heads, 1)
        v = v.repeat_interleave(heads // kv_heads, 1)
        scores = (q @ k.transpose(-1, -2) / math.sqrt(d_k)).masked_fill(self.blocked, float("-inf"))
        attended = (torch.softmax(scores, -1) @ v).transpose(1, 2).reshape(b, n, d)
        h = x + attended @ p["wO"]
        h2 = self.rms_norm(h, p["gamma2"])
        return h + (F.silu(h2 @ p["wGate"]) * (h2 @ p["wUp"])) @ p["wDown"]

    def loss(self, ids):
        x = F.embedding(ids, self.t["embedding"])
        for p in self.layers:
            x = self.layer(x, p)
        unembedding = self.t["embedding"] if self.c["tied"] else self.t["unembedding"]
        logits = self.rms_norm(x, self.t["finalGamma"]) @ unembedding.T
        return F.cross_entropy(logits[:, :-1].reshape(-1, logits.shape[-1]), ids[:, 1:].reshape(-1))


def windows(tokens, batch, context):
    """The engine's batch: a window of context tokens from each start; where a window has a
    passage, it is written over the window from `from` to its end, over and over."""
    rows = []
    for w in batch:
        row = tokens[w["start"]:w["start"] + context]
        passage, at = w.get("passage", []), w.get("from", 0)
        if passage:
            row[at:] = (passage * context)[:context - at]
        rows.append(row)
    return torch.tensor(rows, dtype=torch.int64)


def random_windows(generator, places, batch, repeat, context, vocab):
    """A fresh batch with the engine's shape of repeats (language_model_window), drawn with
    torch's generator rather than the engine's stream: the timing needs the same work, not the
    same numbers."""
    def below(n):
        return int(torch.randint(0, n, (1,), generator=generator).item())
    batch_windows = [{"start": below(places)} for _ in range(batch)]
    half = context // 2
    shortest = min(4, half)
    for w in batch_windows[batch - repeat:]:
        n = shortest + below(half - shortest + 1)
        w.update(passage=[below(vocab) for _ in range(n)], **{"from": below(context - 2 * n + 1)})
    return batch_windows


def learning_rate(o, step):
    """language_model_learning_rate: linear warm-up, then a cosine down to the minimum."""
    peak, low, warmup, steps = o["learningRate"], o["minLearningRate"], o["warmupSteps"], o["steps"]
    if step < warmup:
        return peak * (step + 1) / warmup
    if steps == warmup:
        return peak
    return low + 0.5 * (peak - low) * (1 + math.cos(math.pi * (step - warmup) / (steps - warmup)))


def run(job):
    header, tensors = read_model(job["model"])
    config, options = header["config"], header["training"]
    text = open(job["corpus"], encoding="utf-8").read()
    vocabulary = header["tokenizer"]["vocabulary"]
    id_of = {ch: i for i, ch in enumerate(vocabulary)}
    assert vocabulary == sorted(set(text)), "the engine's vocabulary is the corpus's characters in code-point order"
    tokens = [id_of[ch] for ch in text]
    train = tokens[:len(tokens) - len(tokens) // 10]
    model = Model(config, tensors)
    gains = [tensors[name] for name in tensors if is_gain(name)]
    matrices = [tensors[name] for name in tensors if not is_gain(name)]
    optimizer = torch.optim.AdamW([{"params": matrices, "weight_decay": options["weightDecay"]},
                                   {"params": gains, "weight_decay": 0.0}],
                                  lr=options["learningRate"], betas=(options["beta1"], options["beta2"]),
                                  eps=options["eps"])
    context, batch, repeat = config["context"], options["batch"], options["repeatWindows"]
    taken = [0]

    def step(ids):
        for group in optimizer.param_groups:
            group["lr"] = learning_rate(options, taken[0])
        optimizer.zero_grad()
        loss = model.loss(ids)
        loss.backward()
        norm = torch.nn.utils.clip_grad_norm_(matrices + gains, options["clipNorm"]).item()
        optimizer.step()
        taken[0] += 1
        return loss.item(), norm

    # The check: the engine's first batch from the engine's initial parameters.
    loss, norm = step(windows(train, job["windows"], context))
    check = {"loss": loss, "engineLoss": job["loss"], "lossDifference": abs(loss - job["loss"]),
             "gradientNorm": norm, "engineGradientNorm": job["gradientNorm"],
             "gradientNormDifference": abs(norm - job["gradientNorm"])}
    if not (check["lossDifference"] <= TOLERANCE and check["gradientNormDifference"] <= TOLERANCE):
        raise SystemExit(f"PyTorch disagrees with the engine on its first batch: {json.dumps(check)}")

    generator = torch.Generator().manual_seed(0)
    places = len(train) - context + 1

    def random_step():
        # A fresh batch each step, drawn inside the step as the engine's trainer draws its own.
        step(windows(train, random_windows(generator, places, batch, repeat, context, len(vocabulary)), context))

    return {"roundMs": timed_rounds(random_step, job["steps"], job["rounds"]), "check": check}


if __name__ == "__main__":
    if sys.argv[1:] == ["--info"]:
        print(json.dumps(info()))
    else:
        print(json.dumps(run(json.loads(sys.stdin.read()))))
