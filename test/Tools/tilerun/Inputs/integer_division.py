#!/usr/bin/python3
"""Integer division and remainder on masked tiles, bounds-checked: the tail
program's masked-off elements must neither trap (they load 0) nor read past
the buffers. In-bounds divisors of 0, and -1 under INT32_MIN, divide by 1
(x / 0 = x, x % 0 = 0; INT32_MIN / -1 wraps to INT32_MIN, remainder 0); all
other elements truncate toward zero as C (and the GPU) do.

usage: integer_division.py TILERUN KERNEL.mlir
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(3)
n = 100  # two programs of 64: the second is 36 elements and a masked tail
x = rng.integers(-1000, 1000, n).astype(np.int32)
d = rng.integers(-9, 10, n).astype(np.int32)
x[:4] = [7, -7, np.iinfo(np.int32).min, np.iinfo(np.int32).min]
d[:4] = [0, 0, -1, 0]

failed = 0
with tempfile.TemporaryDirectory() as tmp:
    np.save(os.path.join(tmp, "x.npy"), x)
    np.save(os.path.join(tmp, "d.npy"), d)
    for name in ("signed", "unsigned"):
        subprocess.run([tilerun, "run", kernel, "--kernel", name, "--check", "--grid", "2",
                        "--arg", f"x=@{tmp}/x.npy", "--arg", f"d=@{tmp}/d.npy",
                        "--arg", f"q=zeros:int32:{n}", "--arg", f"r=zeros:int32:{n}",
                        "--arg", f"n={n}", "--save", f"q={tmp}/q.npy",
                        "--save", f"r={tmp}/r.npy"], check=True)
        q, r = np.load(os.path.join(tmp, "q.npy")), np.load(os.path.join(tmp, "r.npy"))
        if name == "signed":
            xs, ds = x.astype(np.int64), d.astype(np.int64)
        else:
            xs, ds = x.view(np.uint32).astype(np.int64), d.view(np.uint32).astype(np.int64)
        bad = (ds == 0) | ((xs == np.iinfo(np.int32).min) & (ds == -1))
        dd = np.where(bad, 1, ds)
        # C's truncating division, on the divisor made safe.
        want_q = np.where(bad, xs, (np.abs(xs) // np.abs(dd)) * np.sign(xs) * np.sign(dd))
        want_r = xs - want_q * dd
        as_i32 = lambda v: (v & 0xFFFFFFFF).astype(np.uint32).view(np.int32)
        want_q, want_r = as_i32(want_q), as_i32(want_r)
        for what, got, want in (("quotient", q, want_q), ("remainder", r, want_r)):
            wrong = np.nonzero(got != want)[0]
            if wrong.size:
                failed += 1
                i = wrong[0]
                print(f"FAIL {name} {what}: element {i}: {x[i]} by {d[i]} gave {got[i]}, want {want[i]}")
            else:
                print(f"ok {name} {what}")
print(f"{failed} failed")
sys.exit(1 if failed else 0)
