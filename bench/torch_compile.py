#!/usr/bin/env python3
"""torch.compile on the CPU: Inductor's Triton CPU backend through tilerun
(torch._inductor.config.cpu_backend = "triton") against Inductor's default
C++ backend and eager, measured in one run. Each model's forward, and
forward plus backward, is timed: the best of --iters steps after a warm-up
that compiles, the three variants' steps interleaved (on a machine shared
with other work the best step is the steadiest measure). Run with a
Python that has torch 2.10 and triton 3.6 (build/triton-env):

  build/triton-env/bin/python bench/torch_compile.py [--iters N] [--smoke] [--kernels]

--kernels adds each Triton kernel's time per forward+backward step (from
Triton's launch hooks), the slowest first.

Ratios are times over tilerun's: above 1 means tilerun's Triton kernels are
faster. Matmuls are aten's (extern kernels) in both Inductor backends; the
fused element-wise and reduction kernels are what differ. "kernels" is the
number of Triton launches per forward+backward step that went through
tilerun (0 for the C++ backend and eager).
"""
import argparse
import os
import statistics
import sys
import tempfile
import time

# The package beside this file (before Triton's import, which loads its
# backend entry point).
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))

import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402
import triton  # noqa: E402
import tilerun  # noqa: E402
import tilerun.backend  # noqa: E402


class MLP(nn.Module):
    def __init__(self, d=256, hidden=1024):
        super().__init__()
        self.fc1 = nn.Linear(d, hidden)
        self.norm = nn.LayerNorm(hidden)
        self.fc2 = nn.Linear(hidden, d)

    def forward(self, x):
        return self.fc2(F.gelu(self.norm(self.fc1(x))))


class SoftmaxCrossEntropy(nn.Module):
    def __init__(self, d=128, classes=4096):
        super().__init__()
        self.head = nn.Linear(d, classes)

    def forward(self, x, target):
        logits = self.head(x)
        probs = torch.softmax(logits, dim=-1)
        return F.cross_entropy(logits, target, label_smoothing=0.1) + probs.max(-1).values.mean()


class Attention(nn.Module):
    def __init__(self, d=128, heads=4):
        super().__init__()
        self.heads = heads
        self.norm = nn.LayerNorm(d)
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.norm(x)).view(b, t, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        scores = q @ k.transpose(-1, -2) / (d // self.heads) ** 0.5
        causal = torch.ones(t, t, dtype=torch.bool).tril()
        attn = torch.softmax(scores.masked_fill(~causal, float("-inf")), dim=-1)
        return x + self.out((attn @ v).transpose(1, 2).reshape(b, t, d))


def models(smoke):
    s = 4 if smoke else 1
    torch.manual_seed(0)
    yield "mlp+layernorm", MLP(), (torch.randn(512 // s, 256, requires_grad=True),)
    yield "softmax+cross-entropy", SoftmaxCrossEntropy(), (
        torch.randn(256 // s, 128, requires_grad=True), torch.randint(0, 4096, (256 // s,)))
    yield "attention", Attention(), (torch.randn(8 // s, 128, 128, requires_grad=True),)


class Launches:
    """Triton's launch hooks: tilerun launches counted, and each kernel's
    time summed while `timing`."""

    def __init__(self):
        self.count = 0
        self.timing = False
        self.seconds = {}
        self.start = None

    def enter(self, metadata):
        if isinstance(metadata.get()["function"], tilerun.Kernel):
            self.count += 1
        self.start = time.perf_counter()

    def exit(self, metadata):
        if self.timing:
            name = metadata.get()["name"]
            self.seconds[name] = self.seconds.get(name, 0.0) + time.perf_counter() - self.start


def step(fn, model, inputs, backward):
    out = fn(*inputs)
    if backward:
        out.sum().backward()
        for a in list(inputs) + list(model.parameters()):
            a.grad = None
    return out


VARIANTS = ("tilerun", "cpp", "eager")


def compiled(variant, model):
    if variant == "eager":
        return model
    # Options, not a global config.patch: the backward graph compiles at
    # the first backward call, with the options of the torch.compile it
    # belongs to, and dynamo keeps the two compiled variants apart.
    return torch.compile(model, options={"cpu_backend": "triton" if variant == "tilerun" else "cpp"})


def bench_model(model, inputs, iters, launches, per_kernel_steps=0):
    """Per variant: the first call's seconds (compiling forward and
    backward), tilerun launches per forward+backward step, and the best
    forward and forward+backward times, the variants' steps interleaved so
    that the machine's load falls on all of them alike; then each Triton
    kernel's mean time over per_kernel_steps forward+backward steps."""
    fns = {v: compiled(v, model) for v in VARIANTS}
    first, kernels = {}, {}
    for v, fn in fns.items():
        t = time.perf_counter()
        step(fn, model, inputs, True)
        first[v] = time.perf_counter() - t
        step(fn, model, inputs, True)
        launches.count = 0
        step(fn, model, inputs, True)
        kernels[v] = launches.count
    times = {(v, b): [] for v in VARIANTS for b in (False, True)}
    for _ in range(iters):
        for backward in (False, True):
            for v, fn in fns.items():
                t = time.perf_counter()
                step(fn, model, inputs, backward)
                times[v, backward].append(time.perf_counter() - t)
    launches.seconds, launches.timing = {}, True
    for _ in range(per_kernel_steps):
        step(fns["tilerun"], model, inputs, True)
    launches.timing = False
    per_kernel = {k: t / per_kernel_steps for k, t in launches.seconds.items()}
    return {v: (first[v], min(times[v, False]), min(times[v, True]), kernels[v])
            for v in VARIANTS}, per_kernel


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iters", type=int, default=20)
    ap.add_argument("--smoke", action="store_true", help="smaller inputs, 2 steps")
    ap.add_argument("--kernels", action="store_true", help="each Triton kernel's time")
    args = ap.parse_args()
    iters = 2 if args.smoke else args.iters
    # Private caches unless the caller chose some: the compile times are
    # then those of a cold start.
    for var in ("TORCHINDUCTOR_CACHE_DIR", "TRITON_CACHE_DIR"):
        os.environ.setdefault(var, tempfile.mkdtemp(prefix="tilerun-bench-" + var.split("_")[0].lower() + "-"))

    launches = Launches()
    triton.knobs.runtime.launch_enter_hook.add(launches.enter)
    triton.knobs.runtime.launch_exit_hook.add(launches.exit)
    tilerun.backend.activate()
    print(f"torch {torch.__version__}, triton {triton.__version__}, tilerun {tilerun.version()}, "
          f"{torch.get_num_threads()} torch threads, {os.cpu_count()} cores, best of {iters} steps")
    head = (f"{'model':<22} {'variant':<8} {'first call':>10} {'forward':>10} {'fwd+bwd':>10} "
            f"{'kernels':>7} {'fwd ratio':>9} {'f+b ratio':>9}")
    print(head)
    print("-" * len(head))
    for name, model, inputs in models(args.smoke):
        torch._dynamo.reset()
        rows, per_kernel = bench_model(model, inputs, iters, launches, iters if args.kernels else 0)
        base = rows["tilerun"]
        for v, (first, fwd, fwd_bwd, kernels) in rows.items():
            first_s = "-" if v == "eager" else f"{first:.1f} s"
            print(f"{name:<22} {v:<8} {first_s:>10} {fwd * 1e3:>7.2f} ms {fwd_bwd * 1e3:>7.2f} ms "
                  f"{kernels:>7} {fwd / base[1]:>8.2f}x {fwd_bwd / base[2]:>8.2f}x")
        if args.kernels:
            for k, t in sorted(per_kernel.items(), key=lambda kv: -kv[1]):
                print(f"    {t * 1e3:8.3f} ms  {k}")
        if base[3] == 0 or rows["cpp"][3] != 0:
            sys.exit(f"{name}: expected tilerun launches only for the Triton backend: "
                     f"{base[3]} (triton), {rows['cpp'][3]} (cpp)")
    torch._dynamo.reset()


if __name__ == "__main__":
    main()
