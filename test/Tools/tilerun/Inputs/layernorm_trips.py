#!/usr/bin/python3
"""Runs Triton's layernorm (Inputs/layernorm_b1024.ttir: 1024-column blocks,
mean and variance accumulated in tiles over `for off in range(0, N, 1024)`)
with rows of one to five blocks. Rows of up to four blocks take the unrolled
versions of tilerun-unroll-short-reduction-loops, longer rows the loop; all
must compute what the loop computes. Mean and Rstd are compared bit for bit
with a float32 replay of the loop's order (the tile accumulator, block by
block, then the lane reduction: 64 partial sums over the row's 64-element
chunks, folded pairwise), Y with numpy. With every x = -0.0 the loop's
accumulator (+0.0 + -0.0) is +0.0, so Mean must be +0.0, not -0.0.

usage: layernorm_trips.py TILERUN KERNEL.ttir
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel = sys.argv[1], sys.argv[2]
rows, eps = 6, 1e-5
rng = np.random.default_rng(7)
failed = 0


BLOCK = 1024
f32 = np.float32


def lane_sum(tile):
    """The lane reduction of a 1024-element tile, in tilerun's order."""
    p = tile[:64].copy()
    for c in range(64, BLOCK, 64):
        p = p + tile[c:c + 64]
    half = 32
    while half >= 1:
        p[:half] = p[:half] + p[half:2 * half]
        half //= 2
    return p[0]


def replay(x, n):
    """Mean and Rstd of each row as the loop computes them, in float32."""
    trips = -(-n // BLOCK)
    means, rstds = [], []
    for row in x:
        cols = np.zeros(trips * BLOCK, f32)
        cols[:n] = row[:n]
        acc = np.zeros(BLOCK, f32)
        for t in range(trips):
            acc = acc + cols[t * BLOCK:(t + 1) * BLOCK]
        mean = f32(lane_sum(acc) / f32(n))
        acc = np.zeros(BLOCK, f32)
        for t in range(trips):
            d = cols[t * BLOCK:(t + 1) * BLOCK] - mean
            d[np.arange(t * BLOCK, (t + 1) * BLOCK) >= n] = f32(0)
            acc = acc + d * d
        var = f32(lane_sum(acc) / f32(n))
        rstds.append(f32(1) / np.sqrt(var + f32(eps)))
        means.append(mean)
    return np.array(means, f32), np.array(rstds, f32)


def run(d, x, n, stride, w, b):
    paths = {}
    for name, arr in (("X", x), ("W", w), ("B", b)):
        paths[name] = os.path.join(d, name + ".npy")
        np.save(paths[name], arr)
    outs = {k: os.path.join(d, k + "_out.npy") for k in ("Y", "Mean", "Rstd")}
    cmd = [tilerun, "run", kernel, "--grid", str(rows),
           "--arg", f"X=@{paths['X']}", "--arg", f"W=@{paths['W']}",
           "--arg", f"B=@{paths['B']}",
           "--arg", f"Y=zeros:float32:{rows}x{stride}",
           "--arg", f"Mean=zeros:float32:{rows}", "--arg", f"Rstd=zeros:float32:{rows}",
           "--arg", f"stride={stride}", "--arg", f"N={n}", "--arg", f"eps={eps}"]
    for k, p in outs.items():
        cmd += ["--save", f"{k}={p}"]
    subprocess.run(cmd, check=True)
    return {k: np.load(p) for k, p in outs.items()}


with tempfile.TemporaryDirectory() as d:
    for n, stride in ((1024, 1024), (1000, 1008), (2048, 2048), (3000, 3000),
                      (4096, 4096), (4100, 4112)):
        x = rng.standard_normal((rows, stride)).astype(np.float32)
        w = rng.standard_normal(stride).astype(np.float32)
        b = rng.standard_normal(stride).astype(np.float32)
        got = run(d, x, n, stride, w, b)
        xs = x[:, :n].astype(np.float64)
        mean = xs.mean(axis=1)
        rstd = 1.0 / np.sqrt(((xs - mean[:, None]) ** 2).mean(axis=1) + eps)
        y = (xs - mean[:, None]) * rstd[:, None] * w[:n] + b[:n]
        exact_mean, exact_rstd = replay(x, n)
        ok = (np.array_equal(got["Mean"], exact_mean)
              and np.array_equal(got["Rstd"], exact_rstd)
              and np.allclose(got["Mean"], mean, rtol=1e-4, atol=1e-5)
              and np.allclose(got["Rstd"], rstd, rtol=1e-4)
              and np.allclose(got["Y"][:, :n], y, rtol=1e-4, atol=1e-4)
              and not got["Y"][:, n:].any())
        print(f"N={n} stride={stride}: {'ok' if ok else 'FAIL'}")
        failed += not ok
    # Signed zeros: the accumulator starts at +0.0.
    x = np.full((rows, 1024), -0.0, np.float32)
    got = run(d, x, 1024, 1024, np.ones(1024, np.float32),
              np.zeros(1024, np.float32))
    ok = not np.signbit(got["Mean"]).any() and not got["Mean"].any()
    print(f"N=1024 all -0.0: {'ok' if ok else 'FAIL: Mean ' + str(got['Mean'])}")
    failed += not ok
print(f"{failed} failed")
sys.exit(1 if failed else 0)
