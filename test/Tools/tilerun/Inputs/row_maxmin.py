#!/usr/bin/python3
"""Row maxnum/minnum (Inputs/row_maxmin.mlir) on rows with NaNs, infinities
and signed zeros, against numpy's fmax/fmin folds: NaNs are skipped, and a
row is NaN only when all its elements are.

usage: row_maxmin.py TILERUN KERNEL.mlir
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel = sys.argv[1], sys.argv[2]
cols = 256
rng = np.random.default_rng(1)
rows = []
def row(fill):
    r = np.full(cols, fill, np.float32)
    rows.append(r)
    return r
rng_row = rng.standard_normal(cols).astype(np.float32); rows.append(rng_row)
row(np.nan)                                   # all NaN
row(-np.inf)                                  # all -inf: max is -inf
row(np.inf)                                   # all +inf: min is +inf
r = row(np.nan); r[77] = -np.inf              # NaNs and one -inf
r = row(np.nan); r[200] = np.inf              # NaNs and one +inf
r = row(np.nan); r[0] = 3.5                   # one number first
r = row(np.nan); r[255] = -2.0                # one number last
r = rng.standard_normal(cols).astype(np.float32); r[::3] = np.nan; rows.append(r)
r = rng.standard_normal(cols).astype(np.float32); r[:64] = np.nan; rows.append(r)
r = row(-np.inf); r[5] = np.nan               # -inf with a NaN
x = np.stack(rows)
with tempfile.TemporaryDirectory() as d:
    np.save(os.path.join(d, "x.npy"), x.reshape(-1))
    n = len(rows)
    subprocess.run([tilerun, "run", kernel, "--grid", str(n),
                    "--arg", f"0=@{d}/x.npy",
                    "--arg", f"1=empty:float32:{n}", "--arg", f"2=empty:float32:{n}",
                    "--save", f"1={d}/mx.npy", "--save", f"2={d}/mn.npy"],
                   check=True)
    got = {"max": np.load(os.path.join(d, "mx.npy")),
           "min": np.load(os.path.join(d, "mn.npy"))}
want = {"max": np.fmax.reduce(x, axis=1), "min": np.fmin.reduce(x, axis=1)}
failed = 0
for name in ("max", "min"):
    for i in range(len(rows)):
        g, w = got[name][i], want[name][i]
        if not ((np.isnan(g) and np.isnan(w)) or g == w):
            print(f"FAIL row {i} {name}: got {g!r}, want {w!r}")
            failed += 1
    print(f"{name}: {len(rows)} rows checked")
print(f"{failed} failed")
sys.exit(1 if failed else 0)
