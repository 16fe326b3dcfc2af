#!/usr/bin/python3
"""Accuracy of f32 exp and exp2 as tilerun compiles them for this host,
against float64 numpy rounded to f32: at most 2 ulp on normal results;
results below FLT_MIN may be flushed to zero (the GPU's ex2.approx.ftz does)
or be within 2 ulp of the subnormal; inf, zero and NaN exactly where the
true result has them.

usage: exp_accuracy.py TILERUN KERNEL.mlir
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(0)
special = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-30, -1e-30, 1.0, -1.0,
                    0.5, 0.34657359, -0.34657359, 88.7, 88.72, 88.7228, 88.73,
                    89.0, 100.0, 127.9, 128.0, 128.1, 150.0, -87.3, -87.34,
                    -100.0, -103.0, -103.97, -104.0, -110.0, -126.0, -149.0,
                    -149.5, -150.0, -151.0, -1000.0, 1000.0], np.float32)
n = 64 * 1024
x = np.concatenate([special,
                    rng.uniform(-110, 90, n // 2).astype(np.float32),
                    rng.uniform(-2, 2, n // 4).astype(np.float32)])
x = np.concatenate([x, rng.uniform(-160, 130, n - len(x)).astype(np.float32)])

def ulp_errors(got, x64, fn):
    want64 = fn(x64)
    with np.errstate(over="ignore", under="ignore"):
        want = want64.astype(np.float32)
    bad = []
    tiny = np.finfo(np.float32).tiny
    for i in range(len(x64)):
        g, w = got[i], want[i]
        if np.isnan(w) or np.isinf(w) or w == 0:
            same = (np.isnan(g) and np.isnan(w)) or g == w
            # A result rounding to 0 in f32 may come out as the smallest
            # subnormal and vice versa; inf must be exact.
            if not same and not (w == 0 and 0 <= g <= 2 * 2.0**-149):
                bad.append((x64[i], g, w))
            continue
        if w < tiny:
            if not (g == 0 or abs(float(g) - want64[i]) <= 2 * 2.0**-149):
                bad.append((x64[i], g, w))
            continue
        ulp = np.spacing(w)
        if abs(float(g) - want64[i]) > 2 * ulp:
            bad.append((x64[i], g, w))
    return bad

with tempfile.TemporaryDirectory() as d:
    np.save(os.path.join(d, "x.npy"), x)
    subprocess.run([tilerun, "run", kernel, "--grid", str(n // 1024),
                    "--arg", f"x_ptr=@{d}/x.npy",
                    "--arg", f"e_ptr=empty:float32:{n}",
                    "--arg", f"e2_ptr=empty:float32:{n}",
                    "--save", f"e_ptr={d}/e.npy", "--save", f"e2_ptr={d}/e2.npy"],
                   check=True)
    x64 = x.astype(np.float64)
    failed = 0
    for name, fn in (("exp", np.exp), ("exp2", np.exp2)):
        with np.errstate(over="ignore"):
            bad = ulp_errors(np.load(os.path.join(d, {"exp": "e", "exp2": "e2"}[name] + ".npy")), x64, fn)
        for xi, g, w in bad[:10]:
            print(f"FAIL {name}({xi!r}) = {g!r}, want {w!r}")
        print(f"{name}: {len(x64) - len(bad)}/{len(x64)} within 2 ulp")
        failed += len(bad)
    print(f"{failed} failed")
    sys.exit(1 if failed else 0)
