#!/usr/bin/python3
"""Runs Inputs/linalg_tiles.mlir: @static_tiles on blocks of 16 x 20 rows
26 apart (gaps between rows that must stay untouched), @masked_tiles on
24-column blocks of arrays whose last block is cut short in rows, columns or
both, and one whose blocks are all whole. Every element must be exact and
nothing outside the blocks written.

usage: linalg_tiles.py TILERUN KERNEL.mlir
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(0)
failed = 0


def run(name, rows, stride, scalars, grid, ncols):
    global failed
    with tempfile.TemporaryDirectory() as d:
        x = rng.standard_normal(rows * stride, dtype=np.float32)
        out0 = np.full(rows * stride, -7.0, np.float32)
        np.save(os.path.join(d, "x.npy"), x)
        np.save(os.path.join(d, "out.npy"), out0)
        res = os.path.join(d, "res.npy")
        args = ["--arg", f"0=@{d}/out.npy", "--arg", f"1=@{d}/x.npy"]
        for i, v in enumerate(scalars):
            args += ["--arg", f"{i + 2}={v}"]
        subprocess.run([tilerun, "run", kernel, "--kernel", name, "--grid", str(grid)]
                       + args + ["--save", f"0={res}"], check=True)
        got = np.load(res).reshape(rows, stride)
        want = out0.reshape(rows, stride).copy()
        xs = x.reshape(rows, stride)
        want[:, :ncols] = xs[:, :ncols] * np.float32(2) + np.float32(1)
        bad = np.argwhere(got != want)
        status = "ok" if bad.size == 0 else f"FAIL at {bad[:5].tolist()}"
        print(f"{name} rows={rows} cols={ncols} stride={stride}: {status}")
        failed += bad.size != 0


run("static_tiles", 64, 26, [26], 4, 20)
for rows, ncols, stride in ((64, 24, 24), (40, 24, 30), (64, 19, 19), (37, 21, 25)):
    run("masked_tiles", rows, stride, [stride, rows, ncols], (rows + 15) // 16, ncols)
print(f"{failed} failed")
sys.exit(1 if failed else 0)
