"""The PyTorch contender of `npm run bench:train` (scripts/bench/train/contenders.mjs).

    torch_train.py --info    one JSON line: torch's version, its threads, the BLAS it loaded
    torch_train.py           reads one job (JSON) on stdin, prints one JSON line:
        {"roundMs": [...], "check": {"maxAttentionDifference": x, "predictionsAgree": b}}

The job holds the trainer's resolved options (`config`), its initial parameters by name
(`values`, as lab.createTrainer().parameters() gives them) and its attention() on the task's
probe example (`probe`). The model is the trainer's own architecture (cpp/include/attn/train/
model.hpp) written with torch ops in float64: token embedding + sinusoidal positions (iris:
value * w_f + b_f per feature) -> post-norm encoder layers (x.W + b projections, scaled
dot-product attention per head, causal for induction, ReLU feed-forward, layer norm eps 1e-5)
-> a linear head per position (iris: mean of the rows -> Linear -> ReLU -> Linear). It starts
from the trainer's weights, and first checks its attention weights and predictions on the
probe against the trainer's. Then it times training steps: `steps` untimed, then `rounds`
rounds of `steps` steps, each a fresh random batch of the trainer's batch size (data drawn
inside the step, as the trainer draws its own), forward, mean cross-entropy, backward, global
norm clipping, and torch.optim's Adam, AdamW or SGD with the trainer's hyperparameters.
Attention dropout is left out (the default models train without it).

Run with Debian's /usr/bin/python3 and OPENBLAS_NUM_THREADS=1 (contenders.mjs sets it).
"""
import json
import math
import os
import sys
import time

import torch

torch.set_num_threads(1)
torch.set_default_dtype(torch.float64)


def info():
    out = {"torch": torch.__version__, "threads": torch.get_num_threads()}
    try:
        from threadpoolctl import threadpool_info
        out["blas"] = [{key: lib.get(key) for key in ("internal_api", "version", "num_threads", "filepath")}
                       for lib in threadpool_info() if lib.get("user_api") == "blas"]
    except ImportError:
        # Without threadpoolctl, the BLAS libraries this process mapped (Debian's libblas3 is
        # the reference BLAS; OpenBLAS is libopenblas*).
        mapped = {line.split()[-1] for line in open("/proc/self/maps") if len(line.split()) >= 6}
        files = sorted(f for f in mapped if "blas" in os.path.basename(f))
        out["blas"] = [{"internal_api": None, "version": None, "num_threads": None, "filepath": f} for f in files]
    return out


def tensor(value):
    return torch.tensor(value, dtype=torch.float64)


def positional_encoding(n, d):
    position = torch.arange(n, dtype=torch.float64).unsqueeze(1)
    i = torch.arange(0, d, 2, dtype=torch.float64)
    angle = position / torch.pow(10000.0, i / d)
    pe = torch.zeros(n, d)
    pe[:, 0::2] = torch.sin(angle)
    pe[:, 1::2] = torch.cos(angle[:, : d // 2])
    return pe


class Model:
    """The trainer's model, its parameters leaf tensors named as the trainer names them."""

    def __init__(self, config, values):
        self.task = config["task"]
        self.heads = config["model"]["heads"]
        self.layers = config["model"]["layers"]
        self.length = config["length"]
        self.params = {name: tensor(v).requires_grad_() for name, v in values.items()}
        d = config["model"]["dModel"]
        self.pe = positional_encoding(self.length, d)

    def p(self, name):
        return self.params[name]

    def layer(self, i, x, causal, keep):
        """One post-norm encoder layer on x (B x n x d); returns the output and the weights."""
        pre = f"layer{i}."
        b, n, d = x.shape
        h, dk = self.heads, d // self.heads

        def project(which):
            y = x @ self.p(pre + "attention.w" + which) + self.p(pre + "attention.b" + which)
            return y.view(b, n, h, dk).transpose(1, 2)

        q, k, v = project("Q"), project("K"), project("V")
        scores = q @ k.transpose(-1, -2) / math.sqrt(dk)
        if causal:
            scores = scores.masked_fill(torch.triu(torch.ones(n, n, dtype=torch.bool), 1), float("-inf"))
        weights = torch.softmax(scores, dim=-1)
        if keep is not None:
            keep.append(weights.detach())
        heads = (weights @ v).transpose(1, 2).reshape(b, n, d)
        attended = heads @ self.p(pre + "attention.wO") + self.p(pre + "attention.bO")
        x = torch.layer_norm(x + attended, (d,), self.p(pre + "norm1.gamma"), self.p(pre + "norm1.beta"), 1e-5)
        hidden = torch.relu(x @ self.p(pre + "feedForward.w1") + self.p(pre + "feedForward.b1"))
        ff = hidden @ self.p(pre + "feedForward.w2") + self.p(pre + "feedForward.b2")
        return torch.layer_norm(x + ff, (d,), self.p(pre + "norm2.gamma"), self.p(pre + "norm2.beta"), 1e-5)

    def forward(self, inputs, keep=None):
        """Logits: toy (B x n x vocabulary) from tokens (B x n); iris (B x 3) from features (B x 4)."""
        if self.task == "iris":
            x = inputs.unsqueeze(-1) * self.p("features.w") + self.p("features.b")
        else:
            x = self.p("embedding")[inputs] + self.pe
        for i in range(self.layers):
            x = self.layer(i, x, self.task == "induction", keep)
        if self.task == "iris":
            hidden = torch.relu(x.mean(dim=1) @ self.p("classifier.w1") + self.p("classifier.b1"))
            return hidden @ self.p("classifier.w2") + self.p("classifier.b2")
        return x @ self.p("head.w") + self.p("head.b")


def batch(config, size):
    """A random batch of the task's shape (the timing does not depend on the symbols drawn)."""
    n, vocabulary = config["length"], config["vocabulary"]
    if config["task"] == "iris":
        return torch.randn(size, 4), torch.randint(0, 3, (size,))
    tokens = torch.randint(0, vocabulary, (size, n))
    if config["task"] == "reverse":
        return tokens, tokens.flip(1)
    if config["task"] == "sort":
        return tokens, tokens.sort(dim=1).values
    return tokens, torch.roll(tokens, -1, dims=1)


def loss_of(model, config, data):
    inputs, targets = data
    logits = model.forward(inputs)
    if config["task"] == "iris":
        return torch.nn.functional.cross_entropy(logits, targets)
    if config["task"] == "induction":
        # Scored positions h <= p <= n - 2 (a fixed h = n/2 here: the same count of rows).
        first = config["length"] // 2
        logits, targets = logits[:, first:-1], targets[:, first:-1]
    return torch.nn.functional.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))


def optimizer_for(config, params):
    lr, decay = config["learningRate"], config["weightDecay"]
    if config["optimizer"] == "sgd":
        return torch.optim.SGD(params, lr=lr, weight_decay=decay)
    if config["optimizer"] == "adamw":
        return torch.optim.AdamW(params, lr=lr, weight_decay=decay)
    return torch.optim.Adam(params, lr=lr, weight_decay=decay)


def check_probe(model, config, probe):
    """Our attention weights and predictions on the probe from the same initial weights."""
    if config["task"] == "iris":
        return None  # the probe's standardised features are not part of attention()
    tokens = torch.tensor([[int(t) for t in probe["tokens"]]])
    keep = []
    with torch.no_grad():
        logits = model.forward(tokens, keep)
    worst = 0.0
    for layer, ours in zip(keep, probe["weights"]):
        worst = max(worst, float((layer[0] - tensor(ours)).abs().max()))
    predicted = [str(int(c)) for c in logits[0].argmax(dim=-1)]
    agree = all(p == "" or p == q for p, q in zip(probe["predictions"], predicted))
    return {"maxAttentionDifference": worst, "predictionsAgree": agree}


def run(job):
    config = job["parameters"]["config"]
    model = Model(config, job["parameters"]["values"])
    check = check_probe(model, config, job["parameters"]["probe"])
    params = list(model.params.values())
    optimizer = optimizer_for(config, params)

    def step():
        optimizer.zero_grad()
        loss = loss_of(model, config, batch(config, config["batchSize"]))
        loss.backward()
        if config["clipNorm"] > 0:
            torch.nn.utils.clip_grad_norm_(params, config["clipNorm"])
        optimizer.step()

    return {"roundMs": timed_rounds(step, job["steps"], job["rounds"]), "check": check}


def timed_rounds(step, steps, rounds):
    """`steps` calls of step() to warm up, then `rounds` rounds of `steps` calls, each timed:
    the milliseconds of each round (both training benchmarks' PyTorch rows)."""
    for _ in range(steps):
        step()
    round_ms = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(steps):
            step()
        round_ms.append((time.perf_counter() - start) * 1000)
    return round_ms


if __name__ == "__main__":
    print(json.dumps(info() if "--info" in sys.argv else run(json.load(sys.stdin))))
