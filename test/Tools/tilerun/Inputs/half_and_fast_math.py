#!/usr/bin/python3
"""f64 -> f16 conversions (edge cases and a sweep) exactly as numpy rounds
them; CUDA's fast libdevice intrinsics against numpy; an f16-accumulator
dot rounded after each K step of 16 as the GPU's MMA rounds it, exactly,
and the corpus' dot_f16_out (TTIR and cuda:90 TTGIR) exactly as an H200
computed it.

usage: half_and_fast_math.py TILERUN KERNEL.mlir CORPUS_EXTRA_DIR
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel, corpus = sys.argv[1:4]
failed = 0


def report(name, ok, detail=""):
    global failed
    print(f"{name}: {'ok' if ok else 'FAIL ' + detail}")
    failed += 0 if ok else 1


def run(src, name, grid, args, saves, d):
    cmd = [tilerun, "run", src, "--grid", str(grid)] + (["--kernel", name] if name else [])
    for a in args:
        cmd += ["--arg", a]
    for s in saves:
        cmd += ["--save", f"{s}={d}/{s}.out.npy"]
    subprocess.run(cmd, check=True)
    return [np.load(f"{d}/{s}.out.npy") for s in saves]


with tempfile.TemporaryDirectory() as d:
    rng = np.random.default_rng(0)
    # f64 -> f16: ties, the overflow threshold, subnormals, NaN, infinities.
    edges = [0.0, -0.0, 1.0, 1 + 2**-11, 1 + 3 * 2**-11, 1 + 2**-11 + 2**-40, 65504.0, 65519.99,
             65520.0, -65520.0, 1e300, 2**-14, 2**-14 - 2**-30, 2**-24, 2**-25, 2**-25 + 2**-60,
             3 * 2**-26, 2**-26, 1e-300, -2**-24, float("inf"), float("-inf"), float("nan"), 0.1, -2.5]
    x = np.concatenate([edges, rng.standard_normal(500) * 10.0 ** rng.integers(-9, 6, 500),
                        rng.uniform(-70000, 70000, 1024 - 500 - len(edges))])
    np.save(f"{d}/in.npy", x)
    (h,) = run(kernel, "f64_to_f16", 1, [f"0=@{d}/in.npy", "1=empty:float16:1024"], ["1"], d)
    with np.errstate(over="ignore"):
        want = x.astype(np.float16)
    same = (h.view(np.uint16) == want.view(np.uint16)) | (np.isnan(h) & np.isnan(want))
    report("f64_to_f16", same.all(), f"{(~same).sum()} differ, first at {x[~same][:3]}")

    xs = rng.uniform(-4, 4, 256).astype(np.float32)
    ys = rng.uniform(0.25, 8, 256).astype(np.float32)
    np.save(f"{d}/x.npy", xs)
    np.save(f"{d}/y.npy", ys)
    (o,) = run(kernel, "fast_math", 1, [f"0=@{d}/x.npy", f"1=@{d}/y.npy", "2=empty:float32:1536"],
               ["2"], d)
    x64, y64 = xs.astype(np.float64), ys.astype(np.float64)
    for i, (name, ref) in enumerate([("fast_expf", np.exp(x64)), ("fast_exp10f", 10 ** x64),
                                     ("fast_fdividef", x64 / y64), ("fast_log2f", np.log2(y64)),
                                     ("fast_powf", y64 ** x64), ("fast_sinf", np.sin(x64))]):
        got = o[i * 256:(i + 1) * 256]
        report(name, np.allclose(got, ref, rtol=2e-6, atol=1e-6), f"max err {np.abs(got - ref).max()}")

    a = rng.standard_normal((32, 32)).astype(np.float16)
    b = rng.standard_normal((32, 32)).astype(np.float16)
    c = (rng.standard_normal((32, 32)) * 4).astype(np.float16)
    for n, v in (("a", a), ("b", b), ("c", c)):
        np.save(f"{d}/{n}.npy", v)
    (got,) = run(kernel, "dot_f16_acc", 1, [f"0=@{d}/a.npy", f"1=@{d}/b.npy", f"2=@{d}/c.npy"],
                 ["2"], d)
    # Each K step: an f32 running sum of the products (exact in f32) in K
    # order, rounded to f16 at the step's end.
    acc = c
    for k0 in (0, 16):
        s = acc.astype(np.float32)
        for k in range(k0, k0 + 16):
            s = s + a[:, k:k + 1].astype(np.float32) * b[k:k + 1].astype(np.float32)
        acc = s.astype(np.float16)
    report("dot_f16_acc", np.array_equal(got, acc), f"{(got != acc).sum()} differ")

    case = os.path.join(corpus, "dot_f16_out")
    for src in ("kernel.ttir", "kernel.ttgir"):
        (got,) = run(os.path.join(case, src), None, 2,
                     [f"{p}_ptr=@{case}/{p}_ptr.in.npy" for p in "abc"], ["c_ptr"], d)
        want = np.load(os.path.join(case, "c_ptr.out.npy"))
        report(f"dot_f16_out {src} vs H200", np.array_equal(got, want), f"{(got != want).sum()} differ")
print(f"{failed} failed")
sys.exit(1 if failed else 0)
