#!/usr/bin/python3
"""Runs Inputs/amd_layouts.mlir (tensors in AMD's amd_mfma / amd_wmma
layouts) and compares its row sums and its copy with numpy.

usage: amd_layouts.py TILERUN KERNEL.mlir [TILERUN RUN OPTIONS...]
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
x = np.random.default_rng(3).integers(-50, 50, (32, 64)).astype(np.float32)
with tempfile.TemporaryDirectory() as d:
    np.save(os.path.join(d, "x.npy"), x.reshape(-1))
    subprocess.run([tilerun, "run", kernel, "--grid", "1",
                    "--arg", f"0=@{d}/x.npy", "--arg", "1=empty:float32:32",
                    "--arg", "2=empty:float32:2048",
                    "--save", f"1={d}/rows.npy", "--save", f"2={d}/copy.npy", *extra],
                   check=True)
    rows = np.load(os.path.join(d, "rows.npy"))
    copy = np.load(os.path.join(d, "copy.npy")).reshape(32, 64)
print("rows:", "ok" if np.array_equal(rows, x.sum(axis=1)) else f"FAIL {rows}")
print("copy:", "ok" if np.array_equal(copy, x) else "FAIL")
