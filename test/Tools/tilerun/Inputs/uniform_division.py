#!/usr/bin/python3
"""x / s for a scalar s (one divisor for the whole tile, which tilerun
computes as a multiplication by 1/s and one correction where 1/s is normal)
against numpy's f32 division: bit for bit, except within one ulp where
|x| < 2^-96 (the correction's residual is then not exact) or the quotient
is subnormal, and a quotient that rounds to FLT_MAX may overflow to inf.
Divisors inside and outside the range where 1/s is normal.

usage: uniform_division.py TILERUN KERNEL.mlir
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(1)
special = np.array([np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 3.0,
                    3.4e38, -3.4e38, 1e-38, 1e-40, -1e-45, 2.0**-149,
                    2.0**-126, 1e30, 1e-30], np.float32)
n = 16 * 1024
x = np.concatenate([special,
                    rng.standard_normal(n // 2).astype(np.float32),
                    (rng.standard_normal(n) * 10.0 ** rng.uniform(-44, 38, n))
                    .astype(np.float32)])[:n]
divisors = [3.0, -7.5, 0.1, 1e-30, 1e30, 2.0**-126, 2.0**126, 2.0**-127,
            2.0**127, 1e-45, 0.0, -0.0, np.inf, np.nan, 4096.0, 1.0 / 3.0]

failed = 0
with tempfile.TemporaryDirectory() as d:
    np.save(os.path.join(d, "x.npy"), x)
    for s in divisors:
        s32 = np.float32(s)
        subprocess.run([tilerun, "run", kernel, "--grid", str(n // 1024),
                        "--arg", f"x_ptr=@{d}/x.npy", "--arg", f"s={float(s32)!r}",
                        "--arg", f"q_ptr=empty:float32:{n}",
                        "--save", f"q_ptr={d}/q.npy"], check=True)
        got = np.load(os.path.join(d, "q.npy"))
        with np.errstate(all="ignore"):
            want = x / s32
            exact64 = x.astype(np.float64) / np.float64(s32)
        same = (got == want) | (np.isnan(got) & np.isnan(want))
        tiny = np.finfo(np.float32).tiny
        inexact = (np.abs(want) < tiny) | (np.abs(x) < np.float32(2.0**-96))
        ulp = np.spacing(np.abs(want)).astype(np.float64)
        near = inexact & (np.abs(got.astype(np.float64) - want) <= ulp)
        fmax = np.finfo(np.float32).max
        overflow = (np.abs(want) == fmax) & np.isinf(got) & (np.abs(exact64) > fmax)
        bad = ~(same | near | overflow)
        for i in np.flatnonzero(bad)[:5]:
            print(f"FAIL {x[i]!r} / {s32!r} = {got[i]!r}, want {want[i]!r}")
        print(f"s={s32!r}: {n - bad.sum()}/{n}")
        failed += int(bad.sum())
print(f"{failed} failed")
sys.exit(1 if failed else 0)
