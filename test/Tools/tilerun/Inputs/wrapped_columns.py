#!/usr/bin/python3
"""out[p*64 + j] = steps * in[(p*64 + j) % n]: a remainder read in a loop,
kept in a buffer, whose nest is versioned on the remainder being its
dividend for the whole tile. Grids where no program wraps, where the last
one does, and where every one past the first does, against numpy.

usage: wrapped_columns.py TILERUN KERNEL.mlir
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel = sys.argv[1], sys.argv[2]
failed = 0
with tempfile.TemporaryDirectory() as d:
    for programs, n in ((4, 256), (4, 200), (3, 64), (2, 1)):
        x = np.random.default_rng(n).standard_normal(max(n, 1)).astype(np.float32)
        np.save(os.path.join(d, "in.npy"), x)
        subprocess.run([tilerun, "run", kernel, "--grid", str(programs),
                        "--arg", f"in=@{d}/in.npy", "--arg", f"n={n}", "--arg", "steps=3",
                        "--arg", f"out=empty:float32:{programs * 64}",
                        "--save", f"out={d}/out.npy"], check=True)
        got = np.load(os.path.join(d, "out.npy"))
        cols = np.arange(programs * 64) % n
        want = x[cols] + x[cols] + x[cols]
        ok = np.array_equal(got, want)
        print(f"programs={programs} n={n}: {'ok' if ok else 'FAIL'}")
        failed += 0 if ok else 1
print(f"{failed} failed")
sys.exit(1 if failed else 0)
