#!/usr/bin/python3
"""Runs Inputs/linalg_fill.mlir over a buffer with a launch past the
streaming-store threshold (full blocks, then one cut short at n) and with a
grid too small to stream: the first n elements must hold the value and the
rest of the buffer must be untouched.

usage: linalg_fill.py TILERUN KERNEL.mlir
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel = sys.argv[1], sys.argv[2]
size = 4200 * 1024
failed = 0
with tempfile.TemporaryDirectory() as d:
    for grid, n in ((4200, size - 1000), (4200, size), (3, 2500)):
        out0 = np.full(size, -7.0, np.float32)
        np.save(os.path.join(d, "out.npy"), out0)
        res = os.path.join(d, "res.npy")
        subprocess.run([tilerun, "run", kernel, "--grid", str(grid),
                        "--arg", f"0=@{d}/out.npy", "--arg", f"1={n}",
                        "--arg", "2=1.5", "--save", f"0={res}"], check=True)
        got = np.load(res)
        want = out0.copy()
        want[:min(n, grid * 1024)] = np.float32(1.5)
        bad = np.flatnonzero(got != want)
        status = "ok" if bad.size == 0 else f"FAIL at {bad[:5].tolist()}"
        print(f"fill grid={grid} n={n}: {status}")
        failed += bad.size != 0
print(f"{failed} failed")
sys.exit(1 if failed else 0)
