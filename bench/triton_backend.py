#!/usr/bin/env python3
"""Stock Triton kernels on the CPU: tilerun's backend against Triton's
interpreter (TRITON_INTERPRET=1, the only other way to run them here) and
torch's own CPU operators, measured in one run. Run it with a Python that
has triton==3.6.0, torch and tilerun's package installed (scripts/test.sh
makes build/triton-env):

  build/triton-env/bin/python bench/triton_backend.py [--smoke]

Targets: at least 1000x the interpreter on vector add, fused softmax and
matmul; at least 1x torch on softmax, layernorm and matmul. Times are the
best of N launches through @triton.jit's own launch path (Python
included), after one launch that compiles and is checked against torch.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

KERNELS = r'''
import time
import torch, triton, triton.language as tl

@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) + tl.load(y_ptr + offs, mask=m), mask=m)

@triton.jit
def softmax_kernel(out_ptr, in_ptr, stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    x = tl.load(in_ptr + row * stride + offs, mask=m, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * stride + offs, e / tl.sum(e, axis=0), mask=m)

@triton.jit
def layernorm_kernel(out_ptr, in_ptr, w_ptr, b_ptr, stride, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    x = tl.load(in_ptr + row * stride + offs, mask=m, other=0.0)
    mean = tl.sum(x, axis=0) / n_cols
    d = tl.where(m, x - mean, 0.0)
    rstd = 1 / tl.sqrt(tl.sum(d * d, axis=0) / n_cols + eps)
    w = tl.load(w_ptr + offs, mask=m)
    b = tl.load(b_ptr + offs, mask=m)
    tl.store(out_ptr + row * stride + offs, d * rstd * w + b, mask=m)

@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0); pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM); rn = pn * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k in range(0, K, BK):
        a = tl.load(a_ptr + rm[:, None] * K + (k + rk)[None, :])
        b = tl.load(b_ptr + (k + rk)[:, None] * N + rn[None, :])
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], acc)

def run(name, size, reps):
    torch.manual_seed(0)
    if name == "vec_add":
        x, y = torch.randn(size), torch.randn(size); out = torch.empty(size)
        f = lambda: add_kernel[(triton.cdiv(size, 1024),)](x, y, out, size, BLOCK=1024)
        check = lambda: torch.equal(out, x + y)
    elif name == "softmax":
        x = torch.randn(size, 1024); out = torch.empty_like(x)
        f = lambda: softmax_kernel[(size,)](out, x, 1024, 1024, BLOCK=1024)
        check = lambda: torch.allclose(out, torch.softmax(x, 1), atol=1e-6)
    elif name == "layernorm":
        x = torch.randn(size, 1024); out = torch.empty_like(x)
        w, b = torch.randn(1024), torch.randn(1024)
        f = lambda: layernorm_kernel[(size,)](out, x, w, b, 1024, 1024, 1e-5, BLOCK=1024)
        check = lambda: torch.allclose(out, torch.nn.functional.layer_norm(x, (1024,), w, b, 1e-5),
                                       atol=1e-4, rtol=1e-4)
    else:
        # The blocks a Triton user would autotune over: each is checked and
        # timed, and the fastest is the result (its blocks printed with it).
        a, b = torch.randn(size, size), torch.randn(size, size); c = torch.empty(size, size)
        times = {}
        for bm, bn, bk in MATMUL_BLOCKS:
            f = lambda: matmul_kernel[(size // bm, size // bn)](a, b, c, size, size, size, BM=bm, BN=bn, BK=bk)
            times[f"{bm}x{bn}x{bk}"] = timed(f, lambda: torch.allclose(c, a @ b, atol=1e-3, rtol=1e-3),
                                             name, reps)
        return times
    return {"": timed(f, check, name, reps)}

MATMUL_BLOCKS = [(64, 64, 32), (128, 128, 32), (128, 128, 64)]

def timed(f, check, name, reps):
    f()
    assert check(), name + ": wrong result"
    times = []
    for _ in range(reps):
        t = time.perf_counter(); f(); times.append(time.perf_counter() - t)
    return min(times)
'''

# (kernel, size, interpreter's size): vector add of size floats, softmax and
# layernorm of size rows of 1024 floats, size^3 matmul.
CASES = [("vec_add", 1 << 22, 1 << 16), ("softmax", 4096, 64), ("layernorm", 4096, 64),
         ("matmul", 1024, 256)]


def time_in_subprocess(name, size, interpret, reps):
    env = dict(os.environ)
    if interpret:
        env["TRITON_INTERPRET"] = "1"
    # @triton.jit needs its source in a file.
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(KERNELS + f"\nfor blocks, t in run({name!r}, {size}, {reps}).items(): print(t, blocks)\n")
    try:
        out = subprocess.run([sys.executable, f.name], env=env, capture_output=True, text=True)
    finally:
        os.unlink(f.name)
    if out.returncode:
        if interpret and "untyped_storage" in out.stderr:
            return None  # Triton's interpreter needs torch >= 2
        raise SystemExit(f"{name} ({'interpreter' if interpret else 'tilerun'}): {out.stderr[-2000:]}")
    # One line "SECONDS [BLOCKS]" per block configuration (matmul has several).
    times = {}
    for line in out.stdout.splitlines():
        words = line.split()
        if words:
            times[words[1] if len(words) > 1 else ""] = float(words[0])
    return times


def torch_time(name, size, reps):
    import torch
    torch.set_num_threads(os.cpu_count() or 1)
    if name == "softmax":
        x = torch.randn(size, 1024)
        f = lambda: torch.softmax(x, 1)
    elif name == "layernorm":
        x, w, b = torch.randn(size, 1024), torch.randn(1024), torch.randn(1024)
        f = lambda: torch.nn.functional.layer_norm(x, (1024,), w, b, 1e-5)
    elif name == "matmul":
        a, b = torch.randn(size, size), torch.randn(size, size)
        f = lambda: a @ b
    else:
        x, y = torch.randn(size), torch.randn(size)
        f = lambda: x + y
    f()
    times = []
    for _ in range(reps):
        t = time.perf_counter(); f(); times.append(time.perf_counter() - t)
    return min(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--smoke", action="store_true")
    opts = ap.parse_args()
    ok = True
    for name, size, small in CASES:
        # The interpreter is timed on a smaller problem (it would take hours
        # at full size), after a warm-up launch, and scaled by the work ratio:
        # its time is linear in programs times loop iterations, each one the
        # same numpy work at both sizes. Both run the same blocks; matmul
        # runs each block configuration of MATMUL_BLOCKS, and torch is set
        # against tilerun's fastest, as @triton.autotune would pick it.
        isize = small if not opts.smoke else small // 4
        scale = (size / isize) ** (3 if name == "matmul" else 1)
        ti = time_in_subprocess(name, isize, True, 1) if name != "layernorm" else None
        tt = time_in_subprocess(name, size, False, 3 if opts.smoke else 10)
        for blocks, t in tt.items():
            label = f"{name} ({blocks} blocks)" if blocks else name
            if ti is None and name != "layernorm":
                import torch
                print(f"{label}: tilerun {t * 1e3:.3f} ms, interpreter not runnable with torch "
                      f"{torch.__version__} (it needs Tensor.untyped_storage, torch >= 2)")
                ok = False
            elif ti is not None:
                speed = ti[blocks] * scale / t
                print(f"{label}: tilerun {t * 1e3:.3f} ms, interpreter {ti[blocks] * scale * 1e3:.0f} ms "
                      f"(scaled), ratio {speed:.0f} (target >= 1000)", flush=True)
                ok = ok and speed >= 1000
        if name != "vec_add":
            blocks, t = min(tt.items(), key=lambda kv: kv[1])
            to = torch_time(name, size, 10)
            label = f"{name} ({blocks} blocks)" if blocks else name
            print(f"{label}: tilerun {t * 1e3:.3f} ms; torch {to * 1e3:.3f} ms, torch / tilerun "
                  f"{to / t:.2f} (target >= 1)", flush=True)
            ok = ok and to / t >= 1
    print("all targets met" if ok else "some targets missed")
    return 0 if ok or opts.smoke else 1


sys.exit(main())
