#!/usr/bin/env python3
"""Runs Triton 3.6's tutorials, unmodified, on the CPU through tilerun's
backend, with the tutorials' own correctness checks.

usage: run.py [-v] [--all] [--sabotage] [--tutorials DIR] [NAME ...]

NAMEs are tutorial names or their number prefixes (01, 05-layer-norm, ...);
default: every tutorial in SPECS (what CI runs); --all adds the slow extras
in EXTRA. Each tutorial runs in a process of its own, read from its original
file (../shared/third_party/triton-3.6/python/tutorials beside the
checkout: never copied), with Triton's cache in a fresh temporary directory.
Prints PASS / FAIL and the time per tutorial, and a tutorial's output when
it fails (-v: always). --sabotage makes every kernel launch a no-op, so
every check must fail: it shows that the checks really look at the kernels'
results.

What the runner changes, the same for every tutorial:
- tilerun's driver is made Triton's active one (tilerun.backend.activate()),
  so `triton.runtime.driver.active.get_active_torch_device()` gives the CPU
  and the tutorials' is_cuda() / is_hip() are both false: each tutorial
  takes the path it takes on a non-CUDA, non-HIP target.
- Benchmarks are not run: triton.testing.Mark.run (the `.run(...)` of a
  `@triton.testing.perf_report` function) does nothing and is logged.
  Autotuning still benchmarks its configs with do_bench, on the CPU.
- A tutorial file runs as a module named tutorial_NN (not "__main__"): the
  `if __name__ == "__main__":` blocks of 06 (benchmark) and 09 (command
  line, validation at 8192x8192, benchmark and proton profile) do not run.
Per tutorial, SPECS below says which top-level statements are left out,
what is called instead, and which check decides PASS; `notes` says why.
Statements to leave out are named by their source text, and a name that no
longer matches exactly one statement is an error, not a silent skip.
"""
import argparse
import ast
import functools
import io
import os
import subprocess
import sys
import tempfile
import time
import types

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
DEFAULT_TUTORIALS = os.path.join(ROOT, "..", "shared", "third_party", "triton-3.6", "python", "tutorials")


class CheckFailed(Exception):
    pass


def _expect(ok, message):
    if not ok:
        raise CheckFailed(message)


# --- checks for tutorials that print their comparison instead of asserting -


def _check_01(ns, out):
    # The tutorial prints "The maximum difference between torch and triton
    # is ..."; an elementwise fp32 add must be exact.
    diff = ns["torch"].max(ns["torch"].abs(ns["output_torch"] - ns["output_triton"])).item()
    _expect("The maximum difference between torch and triton is" in out, "the comparison was not printed")
    _expect(diff == 0.0, f"maximum difference between torch and triton is {diff}, not 0")


def _check_03(ns, out):
    # The tutorial prints "✅ Triton and Torch match" or "❌ Triton and Torch
    # differ" (its torch.allclose(atol=1e-2)).
    _expect("❌" not in out, "the tutorial printed ❌ Triton and Torch differ")
    _expect(out.count("✅ Triton and Torch match") == 1, "the tutorial did not print ✅ Triton and Torch match")


def _check_04(ns, out):
    # The tutorial only prints tables (tabulate): the runner checks them.
    # Table 1: output == where(keep, x / (1 - p), 0) with p = 0.5. Table 2:
    # seeded dropout keeps each x as x / (1 - p) or drops it to 0, is the
    # same for the same seed and differs for another one.
    tables = ns["__tutorial_tables__"]
    _expect(len(tables) == 2, f"expected 2 printed tables, got {len(tables)}")
    (_, *x), (_, *keep), (_, *y) = tables[0]
    _expect(y == [xi / (1 - 0.5) if k else 0.0 for xi, k in zip(x, keep)],
            f"dropout: output {y} for input {x} and keep mask {keep}")
    (_, *x), (_, *a), (_, *b), (_, *c) = tables[1]
    _expect(all(ai in (0.0, xi / (1 - 0.5)) for xi, ai in zip(x, a)), f"seeded dropout: {a} for input {x}")
    _expect(a == b, f"seeded dropout with seed 123 twice: {a} and {b}")
    _expect(a != c, f"seeded dropout with seeds 123 and 512 gave the same {a}")
    _expect(0 < sum(ai != 0 for ai in a) < len(a), f"seeded dropout kept all or nothing: {a}")


def _check_07(ns, out):
    # The tutorial prints the maximum difference between torch.asin and
    # libdevice.asin; the runner requires at most 1e-6 (single-precision
    # asin of values in [0, 1) is within a few ulp).
    diff = ns["torch"].max(ns["torch"].abs(ns["output_torch"] - ns["output_triton"])).item()
    _expect(diff <= 1e-6, f"maximum difference between torch and triton is {diff}")


def _check_09(expected_passes):
    def check(ns, out):
        # validate() prints "label: ✅" or "❌" (its torch.allclose against
        # the naive kernel, atol=1.0) or "⭕" for a disabled variant.
        _expect("❌" not in out, "a variant printed ❌ (differs from the naive kernel)")
        _expect(out.count("✅") == expected_passes,
                f"expected {expected_passes} variants to print ✅, got {out.count('✅')}")
    return check


# --- what runs before a tutorial --------------------------------------------


def _cuda_means_cpu():
    """09 hard-codes the device "cuda" (torch.randn(..., device="cuda") in
    validate(), torch.empty(..., device="cuda") in its allocator) and asks
    torch.cuda for the SM count (torch.cuda.get_device_properties("cuda")
    .multi_processor_count) and the compute capability (is_hopper() calls
    torch.cuda.get_device_capability() without checking is_cuda() first).
    Choosing the CPU device for it: device="cuda" in torch.randn / torch.empty
    gives a CPU tensor, the SM count is the CPU's core count and the
    capability is (0, 0), no CUDA architecture (so is_hopper() is false)."""
    import torch

    def on_cpu(factory):
        @functools.wraps(factory)
        def wrapper(*args, **kwargs):
            if kwargs.get("device") == "cuda":
                kwargs["device"] = "cpu"
            return factory(*args, **kwargs)
        return wrapper

    torch.randn = on_cpu(torch.randn)
    torch.empty = on_cpu(torch.empty)
    torch.cuda.get_device_capability = lambda device=None: (0, 0)
    torch.cuda.get_device_properties = lambda device=None: types.SimpleNamespace(
        multi_processor_count=os.cpu_count() or 1, name="cpu")


def _tabulate_recorder(ns_tables):
    """04 prints with tabulate (not in the test environment): tabulate is
    replaced by one that records the rows (the check reads them) and prints
    them plainly (or with the real tabulate where it is installed)."""
    try:
        import tabulate as real
    except ImportError:
        real = None

    def tabulate(rows, *args, **kwargs):
        ns_tables.append([list(r) for r in rows])
        if real is not None:
            return real.tabulate(rows, *args, **kwargs)
        return "\n".join("  ".join(str(v) for v in r) for r in rows)

    sys.modules["tabulate"] = types.SimpleNamespace(tabulate=tabulate)


# --- the tutorials -----------------------------------------------------------
#
# file: the tutorial's file name. skip: top-level statements not run (their
# source text, or its start). stop_at: the first top-level statement not run
# (it and everything after it). then: source run in the tutorial's module
# after it. pytest: test ids run with pytest instead (the module is imported
# by pytest, with tilerun's pytest plugin). check: the runner's check where
# the tutorial prints instead of asserting. setup: run before the tutorial.

SPECS = {
    "01-vector-add": dict(
        file="01-vector-add.py", check=_check_01,
        notes="Runs as it is (size 98432). Its check prints the maximum difference; "
              "the runner requires it to be 0."),
    "02-fused-softmax": dict(
        file="02-fused-softmax.py",
        notes="Runs as it is (1823x781) with its own assert torch.allclose."),
    "03-matrix-multiplication": dict(
        file="03-matrix-multiplication.py", check=_check_03,
        notes="Runs as it is (512x512x512 fp16), autotuning over the configs the tutorial "
              "picks for a non-CUDA target (get_hip_autotune_config: 8 configs). Its check "
              "prints ✅/❌ (torch.allclose, atol=1e-2): the runner requires ✅. The fp8 check "
              "is behind is_cuda() in the tutorial, so it does not run."),
    "04-low-memory-dropout": dict(
        file="04-low-memory-dropout.py", check=_check_04,
        setup=lambda ns: _tabulate_recorder(ns.setdefault("__tutorial_tables__", [])),
        notes="Runs as it is (10 elements). The tutorial has no check, only printed tables; "
              "tabulate is replaced by a recorder and the runner checks the tables (dropout "
              "formula, same seed same mask, another seed another mask)."),
    "05-layer-norm": dict(
        file="05-layer-norm.py",
        skip=["test_layer_norm(1151, 8192, torch.float16)"],
        then="torch.manual_seed(0)\n"
             "test_layer_norm(1151, 8192, torch.float32)\n"
             "torch.manual_seed(0)\n"
             "test_layer_norm(64, 1024, torch.float16)\n",
        notes="The module-level test_layer_norm(1151, 8192, torch.float16) is replaced by the "
              "tutorial's own test_layer_norm (forward and backward, its asserts) at "
              "(1151, 8192, float32) and (64, 1024, float16). At 1151x8192 in fp16 the reference "
              "fails, not the kernels: torch's CPU layer_norm backward accumulates dw/db in fp16 "
              "(error 0.07 against a float64 reference, tilerun's kernels 0.01, atol 1e-2)."),
    "06-fused-attention": dict(
        file="06-fused-attention.py",
        pytest=["test_op[triton-fp8-fwd-False-True-64-1024-2-1]",
                "test_op[triton-fp16-bwd-False-True-64-1024-2-1]",
                "test_op[triton-fp8-fwd-False-True-128-128-2-1]",
                "test_op[triton-fp16-bwd-False-True-128-128-2-1]"],
        notes="The tutorial's pytest test_op (so its single testing config, BLOCK_M=128, "
              "BLOCK_N=64) at Z=1, H=2, causal, of its parametrization: (N_CTX=1024, HEAD_DIM=64) "
              "and (N_CTX=128, HEAD_DIM=128), forward in fp8 (e5m2) and forward+backward in fp16 "
              "(the tutorial skips forward-only fp16: the backward test checks the forward too). "
              "On a non-CUDA target the kernel makes its tensor descriptors on the device "
              "(tl.make_tensor_descriptor); the allocator the tutorial sets "
              "(torch.empty(..., device=\"cuda\")) is never called by tilerun's launcher."),
    "07-extern-functions": dict(
        file="07-extern-functions.py", check=_check_07,
        skip=["assert x.is_cuda and output_triton.is_cuda"],
        stop_at="if is_cuda():",
        notes="libdevice.asin with the default library (98432 elements). Left out: "
              "`assert x.is_cuda and output_triton.is_cuda` (CUDA-only: the tensors are on the "
              "CPU) and the second half (`if is_cuda(): ... else: raise RuntimeError('unknown "
              "backend')`: it passes a path to NVIDIA's or AMD's bitcode library, and raises "
              "on any other backend). The tutorial prints the maximum difference; the runner "
              "requires at most 1e-6."),
    "08-grouped-gemm": dict(
        file="08-grouped-gemm.py",
        notes="Runs as it is (group of 1024^3, 512^3, 256^3, 128^3 fp16 GEMMs, autotuned over "
              "its 6 configs) with its own assert torch.allclose. The TMA variant is behind "
              "supports_tma() (is_cuda() and capability >= 9): it does not run."),
    "09-persistent-matmul": dict(
        file="09-persistent-matmul.py", setup=lambda ns: _cuda_means_cpu(), check=_check_09(4),
        then="torch.manual_seed(0)\n"
             "validate(32, 32, 32, torch.float16)\n"
             "validate(512, 512, 512, torch.float16)\n",
        notes="The tutorial's validate() (its __main__ block: validate(32, 32, 32) and "
              "validate(8192, 8192, 512)) at (32, 32, 32) and (512, 512, 512), fp16: naive, "
              "torch and persistent matmuls, 24 autotuned configs each. The device is chosen "
              "for it as _cuda_means_cpu() says (it hard-codes \"cuda\"). cuBLAS is off "
              "(cublas is None without CUDA) and the TMA / tensor-descriptor variants are "
              "behind supports_tma() (is_cuda() and capability >= 9): they print ⭕ (not "
              "run); 09-persistent-matmul-tma runs them."),
}

EXTRA = {
    "09-persistent-matmul-tma": dict(
        file="09-persistent-matmul.py", setup=lambda ns: _cuda_means_cpu(), check=_check_09(8),
        then="HAS_TENSOR_DESC = HAS_HOST_TENSOR_DESC = HAS_WARP_SPECIALIZE = True\n"
             "torch.manual_seed(0)\n"
             "validate(32, 32, 32, torch.float16)\n",
        notes="As 09-persistent-matmul, with the tutorial's HAS_TENSOR_DESC, HAS_HOST_TENSOR_DESC "
              "and HAS_WARP_SPECIALIZE set as supports_tma() / supports_ws() set them on CUDA "
              "with capability >= 9 (is_hopper() stays false, as on Blackwell): TMA (host "
              "TensorDescriptor), TMA persistent and device-descriptor persistent run too, each "
              "with warp_specialize False and True; validate(32, 32, 32) only (about 70 s: every "
              "variant autotunes over its configs)."),
}

ALL = {**SPECS, **EXTRA}


# --- running one tutorial (in a child process) ------------------------------


class _Tee(io.TextIOBase):
    def __init__(self, stream):
        self.stream, self.parts = stream, []

    def write(self, s):
        self.parts.append(s)
        return self.stream.write(s)

    def flush(self):
        self.stream.flush()

    def text(self):
        return "".join(self.parts)


def _select(source, tree, spec, path):
    """The top-level statements to run, by the spec's skip / stop_at."""
    def text(stmt):
        return ast.get_source_segment(source, stmt) or ""

    body = list(tree.body)
    if spec.get("stop_at"):
        hits = [i for i, s in enumerate(body) if text(s).startswith(spec["stop_at"])]
        if len(hits) != 1:
            raise SystemExit(f"{path}: stop_at {spec['stop_at']!r} matches {len(hits)} statements, not 1")
        body = body[:hits[0]]
    for skip in spec.get("skip", []):
        hits = [s for s in body if text(s).startswith(skip)]
        if len(hits) != 1:
            raise SystemExit(f"{path}: skip {skip!r} matches {len(hits)} statements, not 1")
        body.remove(hits[0])
    return body


def _disable_benchmarks():
    import triton.testing

    def run(self, *args, **kwargs):
        print(f"[run.py: benchmark {getattr(self.fn, '__name__', '?')}.run() not run]")

    triton.testing.Mark.run = run


def _sabotage():
    """Every kernel launch does nothing (outputs keep whatever they held)."""
    from tilerun.backend import driver
    driver.CPULauncher.__call__ = lambda self, *args: None


def run_child(name, tutorials, sabotage):
    spec = ALL[name]
    path = os.path.abspath(os.path.join(tutorials, spec["file"]))
    import tilerun.backend
    tilerun.backend.activate()
    _disable_benchmarks()
    if sabotage:
        _sabotage()
    if spec.get("pytest"):
        import pytest
        ids = [f"{path}::{t}" for t in spec["pytest"]]
        rc = pytest.main(["-q", "-p", "tilerun.backend.pytest_plugin", "-p", "no:cacheprovider",
                          "--rootdir", os.path.dirname(path), *ids])
        return 0 if rc == 0 else 1
    with open(path, encoding="utf-8") as f:
        source = f.read()
    tree = ast.parse(source, path)
    tree.body = _select(source, tree, spec, path)
    module = types.ModuleType(f"tutorial_{name[:2]}")
    module.__file__ = path
    sys.modules[module.__name__] = module
    ns = module.__dict__
    if spec.get("setup"):
        spec["setup"](ns)
    sys.argv = [path]
    tee = _Tee(sys.stdout)
    sys.stdout = tee
    try:
        exec(compile(tree, path, "exec"), ns)
        if spec.get("then"):
            exec(compile(spec["then"], f"<run.py: {name}>", "exec"), ns)
        sys.stdout.flush()
        if spec.get("check"):
            spec["check"](ns, tee.text())
    except CheckFailed as e:
        sys.stdout = tee.stream
        print(f"run.py: check failed: {e}")
        return 1
    finally:
        sys.stdout = tee.stream
    return 0


# --- the parent ---------------------------------------------------------------


def resolve(names, everything):
    """Tutorial names from NAMEs (a name, or its number: 09 is
    09-persistent-matmul, not the EXTRA 09-persistent-matmul-tma)."""
    if not names:
        return list(ALL if everything else SPECS)
    chosen = []
    for n in names:
        hits = [k for k in ALL if k == n] or [k for k in SPECS if k.startswith(n + "-")] or \
            [k for k in ALL if k.startswith(n + "-")]
        if len(hits) != 1:
            raise SystemExit(f"run.py: {n!r} names {hits or 'no tutorial'}; tutorials: {', '.join(ALL)}")
        chosen.append(hits[0])
    return chosen


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("names", nargs="*")
    ap.add_argument("--all", action="store_true", help="also run EXTRA (slow)")
    ap.add_argument("--tutorials", default=DEFAULT_TUTORIALS)
    ap.add_argument("--sabotage", action="store_true", help="no-op kernel launches: every check must fail")
    ap.add_argument("-v", action="store_true", help="print each tutorial's output")
    ap.add_argument("--list", action="store_true", help="list the tutorials and what is changed")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    opts = ap.parse_args()
    if opts.child:
        sys.exit(run_child(opts.child, opts.tutorials, opts.sabotage))
    if opts.list:
        for name in resolve(opts.names, True):
            print(f"{name}{'  (--all)' if name in EXTRA else ''}\n    {ALL[name]['notes']}")
        return
    if not os.path.isdir(opts.tutorials):
        sys.exit(f"Triton's tutorials are not at {os.path.abspath(opts.tutorials)} (shared/third_party "
                 "beside the checkout; --tutorials DIR)")
    failed = []
    start = time.time()
    for name in resolve(opts.names, opts.all):
        with tempfile.TemporaryDirectory(prefix="tilerun-tutorial-") as tmp:
            env = dict(os.environ, TRITON_CACHE_DIR=os.path.join(tmp, "triton-cache"))
            cmd = [sys.executable, os.path.abspath(__file__), "--child", name, "--tutorials", opts.tutorials]
            if opts.sabotage:
                cmd.append("--sabotage")
            t = time.time()
            # In the temporary directory: tutorials that save files write there.
            p = subprocess.run(cmd, cwd=tmp, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True)
            dt = time.time() - t
        ok = p.returncode == 0
        if opts.v or not ok:
            print(p.stdout, end="" if p.stdout.endswith("\n") else "\n")
        print(f"{'PASS' if ok else 'FAIL'} {name} ({dt:.1f} s)", flush=True)
        if not ok:
            failed.append(name)
    n = len(resolve(opts.names, opts.all))
    print(f"run.py: {n - len(failed)} of {n} tutorials passed in {time.time() - start:.0f} s"
          + (f"; failed: {', '.join(failed)}" if failed else ""))
    if opts.sabotage:
        # Every check must have failed.
        sys.exit(0 if len(failed) == n else 1)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
