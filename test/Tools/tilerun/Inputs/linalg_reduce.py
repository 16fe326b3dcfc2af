#!/usr/bin/python3
"""Runs Inputs/linalg_reduce.mlir on 64 rows of 100 floats, 104 apart, with
NaNs in some rows (at the start, in the vector part, in the tail) and an
infinity in one: the max (NaNs ignored) and the min (NaNs propagated) must
equal numpy's exactly, the sum be within float32 rounding of float64's.

usage: linalg_reduce.py TILERUN KERNEL.mlir
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel = sys.argv[1], sys.argv[2]
rows, cols, stride = 64, 100, 104
rng = np.random.default_rng(0)
x = rng.standard_normal((rows, stride), dtype=np.float32)
x[3, 0] = x[9, 40] = x[17, 97] = np.nan   # first element, a vector lane, the tail
x[12, :] = np.nan                          # a row of NaNs only
x[20, 55] = np.inf
with tempfile.TemporaryDirectory() as d:
    np.save(os.path.join(d, "x.npy"), x.reshape(-1))
    outs = [os.path.join(d, f"{n}.npy") for n in ("max", "min", "sum")]
    cmd = [tilerun, "run", kernel, "--grid", str(rows // 8)]
    for i in range(3):
        cmd += ["--arg", f"{i}=zeros:float32:{rows}", "--save", f"{i}={outs[i]}"]
    cmd += ["--arg", f"3=@{d}/x.npy", "--arg", f"4={stride}"]
    subprocess.run(cmd, check=True)
    got_max, got_min, got_sum = (np.load(f) for f in outs)
tile = x[:, :cols]
# maxnumf from -inf: NaNs ignored, so the row of NaNs gives -inf.
want_max = np.fmax.reduce(tile, axis=1, initial=-np.inf)
want_min = np.min(tile, axis=1)
want_sum = tile.astype(np.float64).sum(axis=1)
failed = 0
for name, ok in (
        ("max", np.array_equal(got_max, want_max, equal_nan=True)),
        ("min", np.array_equal(got_min, want_min, equal_nan=True)),
        ("sum", np.allclose(got_sum, want_sum, rtol=1e-5, atol=1e-5, equal_nan=True))):
    print(f"{name}: {'ok' if ok else 'FAIL'}")
    failed += not ok
print(f"{failed} failed")
sys.exit(1 if failed else 0)
