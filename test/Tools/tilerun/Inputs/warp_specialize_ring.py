#!/usr/bin/python3
"""Runs Inputs/warp_specialize_ring.mlir (a producer partition and the
default region handing rows over through a two-slot mbarrier ring) for
several row counts and thread counts, against numpy's row sums. Odd and even
counts end the ring on either slot; one row never reuses a slot.

usage: warp_specialize_ring.py TILERUN KERNEL.mlir
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(7)
failed = 0
with tempfile.TemporaryDirectory() as tmp:
    for programs, n, threads in [(1, 1, 1), (3, 7, 2), (5, 8, 3), (16, 33, 2)]:
        x = rng.standard_normal((programs, n, 128)).astype(np.float32)
        xin, out = os.path.join(tmp, "x.npy"), os.path.join(tmp, "out.npy")
        np.save(xin, x)
        r = subprocess.run([tilerun, "run", kernel, "--grid", str(programs),
                            "--threads", str(threads), "--arg", "0=@" + xin,
                            "--arg", "1=empty:float32:%dx128" % programs,
                            "--arg", "2=%d" % n, "--save", "1=" + out],
                           capture_output=True, text=True, timeout=120)
        if r.returncode != 0:
            print("FAIL programs=%d n=%d: %s" % (programs, n, r.stderr.strip()))
            failed += 1
            continue
        # The default region adds the rows in order, as numpy's loop does.
        want = np.zeros((programs, 128), np.float32)
        for i in range(n):
            want += x[:, i, :]
        got = np.load(out)
        if not np.array_equal(got, want):
            print("FAIL programs=%d n=%d: max error %g" % (programs, n, np.abs(got - want).max()))
            failed += 1
        else:
            print("ok programs=%d n=%d threads=%d" % (programs, n, threads))
print("%d failed" % failed)
