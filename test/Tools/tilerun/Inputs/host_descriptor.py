#!/usr/bin/python3
"""Runs Inputs/host_descriptor.mlir with zero and NaN padding, with and
without --check, and compares every buffer with numpy's model of Triton's
host TensorDescriptor (boxes clipped to the tensor, outside reads padded).

usage: host_descriptor.py TILERUN KERNEL.mlir
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel = sys.argv[1], sys.argv[2]
M, N, B = 40, 24, 16
GM, GN = (M + B - 1) // B, (N + B - 1) // B
rng = np.random.default_rng(5)
x = rng.standard_normal((M, N)).astype(np.float32)

def box(a, m0, n0, fill):
    out = np.full((B, B), fill, np.float32)
    for i in range(B):
        for j in range(B):
            if 0 <= m0 + i < M and 0 <= n0 + j < N:
                out[i, j] = a[m0 + i, n0 + j]
    return out

def expected(fill):
    out = np.zeros(GM * GN * B * B, np.float32)
    z = np.full((M, N), -7.0, np.float32)
    acc = np.ones((M, N), np.float32)
    for pm in range(GM):
        for pn in range(GN):
            xb = box(x, pm * B - 3, pn * B + 5, fill)
            p = pm * GN + pn
            out[p * B * B:(p + 1) * B * B] = xb.reshape(-1)
            for i in range(B):
                for j in range(B):
                    zi, zj = pm * B + 1 + i, pn * B + 3 + j
                    if zi < M and zj < N:
                        z[zi, zj] = 2 * xb[i, j]
                    ai, aj = pm * B - 1 + i, pn * B - 2 + j
                    if 0 <= ai < M and 0 <= aj < N:
                        acc[ai, aj] += 2 * xb[i, j]
    return out, z, acc

failed = 0
with tempfile.TemporaryDirectory() as tmp:
    path = lambda k: os.path.join(tmp, k + ".npy")
    np.save(path("x"), x)
    for padding in ("zero", "nan"):
        for checked in ([], ["--check"]):
            np.save(path("z"), np.full((M, N), -7.0, np.float32))
            np.save(path("acc"), np.ones((M, N), np.float32))
            np.save(path("out"), np.zeros(GM * GN * B * B, np.float32))
            args = [tilerun, "run", kernel, "--grid", "%d,%d" % (GM, GN)] + checked
            for name, rank_args in (("x_desc", "x"), ("z_desc", "z"), ("acc_desc", "acc")):
                args += ["--arg", "%s=@%s" % (name, path(rank_args)),
                         "--arg", "%s.shape0=%d" % (name, M), "--arg", "%s.shape1=%d" % (name, N),
                         "--arg", "%s.stride0=%d" % (name, N), "--arg", "%s.stride1=1" % name]
            args += ["--arg", "x_desc.padding=" + padding, "--arg", "out_ptr=@" + path("out")]
            args += ["--save", "out_ptr=" + path("out"), "--save", "z_desc=" + path("z"),
                     "--save", "acc_desc=" + path("acc")]
            r = subprocess.run(args, capture_output=True, text=True, timeout=120)
            tag = padding + (" checked" if checked else "")
            if r.returncode != 0:
                print("FAIL %s: %s" % (tag, r.stderr.strip())); failed += 1; continue
            want = expected(0.0 if padding == "zero" else np.nan)
            for name, w in zip(("out", "z", "acc"), want):
                got = np.load(path(name))
                ok = np.allclose(got, w, rtol=1e-6, atol=1e-6, equal_nan=True)
                print(("ok" if ok else "FAIL") + " %s %s" % (tag, name))
                failed += not ok
print("%d failed" % failed)
