#!/usr/bin/python3
"""Runs Inputs/linalg_rows.mlir (triton-shared's form) with launches that
write past the streaming-store threshold, where each row starting on a cache
line is written in non-temporal 64-element chunks plus an element-wise tail:
rows of 1088 columns (all rows line-aligned, no tail), 1030 columns 1030
apart (one row in eight aligned, a tail of 6) and 1030 columns 1040 apart
(gaps between rows that must stay untouched); and a grid too small to
stream. Every element must be exact and nothing outside the rows written.

usage: linalg_rows.py TILERUN KERNEL.mlir
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel = sys.argv[1], sys.argv[2]
rows = 4096
rng = np.random.default_rng(0)
failed = 0
with tempfile.TemporaryDirectory() as d:
    for ncols, stride, grid in ((1088, 1088, rows // 16), (1030, 1030, rows // 16),
                                (1030, 1040, rows // 16), (1030, 1040, 4)):
        size = rows * stride
        x = rng.standard_normal(size, dtype=np.float32)
        scale = rng.standard_normal(rows, dtype=np.float32)
        bias = rng.standard_normal(ncols, dtype=np.float32)
        out0 = np.full(size, -7.0, np.float32)
        for name, a in (("x", x), ("scale", scale), ("bias", bias), ("out", out0)):
            np.save(os.path.join(d, name + ".npy"), a)
        res = os.path.join(d, "res.npy")
        subprocess.run([tilerun, "run", kernel, "--grid", str(grid),
                        "--arg", f"0=@{d}/out.npy", "--arg", f"1=@{d}/x.npy",
                        "--arg", f"2=@{d}/scale.npy", "--arg", f"3=@{d}/bias.npy",
                        "--arg", f"4={stride}", "--arg", f"5={ncols}",
                        "--save", f"0={res}"], check=True)
        got = np.load(res).reshape(rows, stride)
        want = out0.copy().reshape(rows, stride)
        r = grid * 16
        xs = x.reshape(rows, stride)
        want[:r, :ncols] = xs[:r, :ncols] * scale[:r, None] + bias[None, :]
        bad = np.argwhere(got != want)
        status = "ok" if bad.size == 0 else f"FAIL at {bad[:5].tolist()}"
        print(f"ncols={ncols} stride={stride} grid={grid}: {status}")
        failed += bad.size != 0
print(f"{failed} failed")
sys.exit(1 if failed else 0)
