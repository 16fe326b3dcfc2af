#!/usr/bin/python3
"""Runs Inputs/descriptor_gather_scatter.mlir for column offsets inside and
past the tensor, with row indices that include out-of-bounds ones, against
numpy.

usage: descriptor_gather_scatter.py TILERUN KERNEL.mlir
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(3)
x = rng.standard_normal((20, 64)).astype(np.float32)
idx = np.array([3, 19, 0, 25, 7, -1, 11, 5], np.int32)
failed = 0
with tempfile.TemporaryDirectory() as tmp:
    paths = {k: os.path.join(tmp, k + ".npy") for k in ("x", "idx", "out")}
    np.save(paths["x"], x); np.save(paths["idx"], idx)
    for y in (0, 16, 40):
        np.save(paths["out"], np.zeros((20, 64), np.float32))
        r = subprocess.run([tilerun, "run", kernel, "--grid", "1", "--arg", "0=@" + paths["x"],
                            "--arg", "1=@" + paths["idx"], "--arg", "2=@" + paths["out"],
                            "--arg", "3=20", "--arg", "4=%d" % y, "--save", "2=" + paths["out"]],
                           capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            print("FAIL y=%d: %s" % (y, r.stderr.strip())); failed += 1; continue
        want = np.zeros((20, 64), np.float32)
        for row in idx:
            if 0 <= row < 20:
                cols = np.arange(y, min(y + 32, 64))
                want[row, cols] = 2 * x[row, cols]
        got = np.load(paths["out"])
        if np.array_equal(got, want):
            print("ok y=%d" % y)
        else:
            print("FAIL y=%d: %d elements differ" % (y, int((got != want).sum()))); failed += 1
print("%d failed" % failed)
