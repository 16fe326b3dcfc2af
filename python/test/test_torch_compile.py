"""torch.compile on the CPU through Triton: PyTorch Inductor with
``cpu_backend = "triton"`` emits Triton kernels for CPU tensors, and
tilerun's backend compiles and runs them. Three small models, forward and
backward, match eager; a launch hook proves that every fused kernel ran
through tilerun (a run through Inductor's C++ backend launches none).

Needs torch >= 2.10 (its Inductor, which pins Triton 3.6) and Triton 3.6 in
the environment, as build/triton-env has them."""

import warnings

import pytest

torch = pytest.importorskip("torch", reason="torch is not installed in this environment")
triton = pytest.importorskip("triton", reason="Triton 3.6 is not installed in this environment")
inductor_config = pytest.importorskip("torch._inductor.config", reason="this torch has no Inductor")
if not hasattr(inductor_config, "cpu_backend"):
    pytest.skip("this torch's Inductor has no cpu_backend setting", allow_module_level=True)
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402

import tilerun  # noqa: E402
import tilerun.backend  # noqa: E402

RTOL, ATOL = 1e-4, 1e-4


class MLP(nn.Module):
    def __init__(self, d=64, hidden=128):
        super().__init__()
        self.fc1 = nn.Linear(d, hidden)
        self.norm = nn.LayerNorm(hidden)
        self.fc2 = nn.Linear(hidden, d)

    def forward(self, x):
        return self.fc2(F.gelu(self.norm(self.fc1(x))))


class SoftmaxCrossEntropy(nn.Module):
    def __init__(self, d=48, classes=100):
        super().__init__()
        self.head = nn.Linear(d, classes)

    def forward(self, x, target):
        logits = self.head(x)
        probs = torch.softmax(logits, dim=-1)
        return F.cross_entropy(logits, target, label_smoothing=0.1) + probs.max(-1).values.mean()


class Attention(nn.Module):
    def __init__(self, d=64, heads=4):
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


class Launches:
    """Triton's launch-enter hook: the name of every kernel launched and
    whether its compiled function is a tilerun kernel."""

    def __init__(self):
        self.names = []
        self.foreign = []

    def __call__(self, metadata):
        data = metadata.get()
        self.names.append(data["name"])
        if not isinstance(data["function"], tilerun.Kernel):
            self.foreign.append(data["name"])

    def take(self):
        names, self.names = self.names, []
        return names


@pytest.fixture(scope="module")
def launches(tmp_path_factory):
    """Inductor with cpu_backend="triton", tilerun's driver active, private
    Inductor and Triton caches (so that the kernels really compile), and the
    launch hook installed before any launcher is made."""
    hook = Launches()
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TORCHINDUCTOR_CACHE_DIR", str(tmp_path_factory.mktemp("inductor")))
        mp.setenv("TRITON_CACHE_DIR", str(tmp_path_factory.mktemp("triton")))
        torch._dynamo.reset()
        triton.knobs.runtime.launch_enter_hook.add(hook)
        try:
            with tilerun.backend.activate(), inductor_config.patch(cpu_backend="triton"):
                yield hook
        finally:
            triton.knobs.runtime.launch_enter_hook.remove(hook)
            torch._dynamo.reset()


def _grads(model, inputs):
    return [a.grad for a in inputs if a.requires_grad] + [p.grad for p in model.parameters()]


def _zero(model, inputs):
    for a in list(inputs) + list(model.parameters()):
        a.grad = None


def _check(launches, model, inputs):
    """Compiled forward and backward against eager, each with Triton
    kernels launched through tilerun."""
    compiled = torch.compile(model)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = compiled(*inputs)
    forward = launches.take()
    assert not [w for w in caught if "CPU backend" in str(w.message)], [str(w.message) for w in caught]
    tangent = torch.randn_like(out)
    (out * tangent).sum().backward()
    backward = launches.take()
    got = _grads(model, inputs)
    _zero(model, inputs)

    ref = model(*inputs)
    (ref * tangent).sum().backward()
    want = _grads(model, inputs)
    _zero(model, inputs)

    torch.testing.assert_close(out, ref, rtol=RTOL, atol=ATOL)
    assert len(got) == len(want) and all(g is not None for g in got)
    for g, w in zip(got, want):
        torch.testing.assert_close(g, w, rtol=RTOL, atol=ATOL)
    # Inductor's kernels (triton_poi_*, triton_per_*, triton_red_*) ran,
    # in the forward graph and in the backward graph, all through tilerun.
    assert forward and all(n.startswith("triton_") for n in forward), forward
    assert backward and all(n.startswith("triton_") for n in backward), backward
    assert not launches.foreign, launches.foreign
    return forward, backward


def test_backend_is_inductors_cpu_backend(launches):
    # Inductor's set_driver_to_cpu() finds a CPU backend by this name.
    from tilerun.backend.driver import CPUDriver
    assert triton.backends.backends["cpu"].driver is CPUDriver
    from torch._inductor.runtime import triton_helpers
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        triton_helpers.set_driver_to_cpu()
    assert isinstance(triton.runtime.driver.active, CPUDriver)


def test_mlp_layernorm(launches):
    torch.manual_seed(0)
    forward, backward = _check(launches, MLP(), (torch.randn(32, 64, requires_grad=True),))
    assert any("layer_norm" in n for n in forward), forward


def test_softmax_cross_entropy(launches):
    torch.manual_seed(1)
    _check(launches, SoftmaxCrossEntropy(),
           (torch.randn(40, 48, requires_grad=True), torch.randint(0, 100, (40,))))


def test_attention_block(launches):
    torch.manual_seed(2)
    forward, _ = _check(launches, Attention(), (torch.randn(2, 16, 64, requires_grad=True),))
    assert any("softmax" in n for n in forward), forward


def test_dynamic_shapes_and_looped_reductions(launches):
    # Sizes as kernel arguments (dynamic=True), and rows long enough for
    # Inductor's looped (non-persistent) reductions.
    def f(x):
        return torch.log_softmax(x * 2, dim=-1).sum(0), x.amax(1)

    compiled = torch.compile(f, dynamic=True)
    for rows, cols in ((7, 33), (5, 3000)):
        x = torch.randn(rows, cols)
        torch.testing.assert_close(compiled(x), f(x), rtol=RTOL, atol=ATOL)
    names = launches.take()
    assert any(n.startswith("triton_red_") for n in names), names


def test_matmul_template_through_tl_dot(launches):
    # max_autotune with Triton's GEMM templates: Inductor benchmarks its
    # tl.dot configurations through tilerun and fuses the relu epilogue.
    # benchmark_epilogue_fusion is off: torch 2.10 writes the benchmark
    # module of a CPU Triton kernel with an IndentationError (Inductor's
    # imports_for_benchmark_kernel formats the cpu device's multi-line
    # get_raw_stream into an indented template before dedenting it).
    def f(a, b):
        return torch.relu(a @ b)

    with inductor_config.patch(max_autotune=True, max_autotune_gemm_backends="TRITON",
                               benchmark_epilogue_fusion=False):
        compiled = torch.compile(f)
        a, b = torch.randn(64, 96), torch.randn(96, 80)
        torch.testing.assert_close(compiled(a, b), f(a, b), rtol=RTOL, atol=ATOL)
    names = launches.take()
    assert any(n.startswith("triton_tem_") for n in names), names


def test_kernels_load_once(launches, monkeypatch):
    # Relaunching a compiled graph loads no binary again: Triton reloads a
    # kernel (and remakes its launcher) at each launch while the driver's
    # load_binary returns no module.
    def f(x):
        return torch.sigmoid(x) * x + 1

    compiled = torch.compile(f)
    x = torch.randn(1000)
    compiled(x)
    loads = []
    real_load = tilerun.load
    monkeypatch.setattr(tilerun, "load", lambda *a, **k: loads.append(1) or real_load(*a, **k))
    for _ in range(3):
        torch.testing.assert_close(compiled(x), f(x))
    assert len(launches.take()) >= 4 and not loads
