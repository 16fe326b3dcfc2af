#!/usr/bin/python3
"""Runs Inputs/streaming_store.mlir, whose launch writes 16 MiB (past the
streaming-store threshold), with rows starting on a cache line (shift 0:
non-temporal line stores) and off it (shift 1 and 8: element stores), with a
last row cut short by the mask (its program keeps guarded stores), and with a
grid too small to stream. Every element must be exact and nothing outside
the stored elements written.

usage: streaming_stores.py TILERUN KERNEL.mlir
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel = sys.argv[1], sys.argv[2]
rows, cols, pad = 4096, 1024, 16
x = np.random.default_rng(0).standard_normal(rows * cols).astype(np.float32)
failed = 0
with tempfile.TemporaryDirectory() as d:
    np.save(os.path.join(d, "x.npy"), x)
    for grid, shift, n in ((rows, 0, rows * cols), (rows, 1, rows * cols),
                           (rows, 8, rows * cols), (rows, 0, rows * cols - 100),
                           (16, 0, rows * cols)):
        out = os.path.join(d, "out.npy")
        subprocess.run([tilerun, "run", kernel, "--grid", str(grid),
                        "--arg", f"1=@{d}/x.npy",
                        "--arg", f"0=zeros:float32:{rows * cols + pad}",
                        "--arg", f"2={shift}", "--arg", f"3={n}",
                        "--save", f"0={out}"],
                       check=True)
        got = np.load(out)
        want = np.zeros(rows * cols + pad, np.float32)
        n = min(n, grid * cols)
        want[shift:shift + n] = x[:n] * np.float32(2) + np.float32(1)
        bad = np.flatnonzero(got != want)
        status = "ok" if bad.size == 0 else f"FAIL at {bad[:5].tolist()}"
        print(f"grid={grid} shift={shift} n={n}: {status}")
        failed += bad.size != 0
print(f"{failed} failed")
sys.exit(1 if failed else 0)
