#!/usr/bin/python3
"""Starts N `tilerun run` processes at once on one empty compile cache, then N
more that find it filled, and checks that every one computed out = x + y.

usage: concurrent_cache.py TILERUN KERNEL CACHE_DIR N
"""
import os, subprocess, sys, tempfile
import numpy as np

tilerun, kernel, cache, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
env = dict(os.environ, TILERUN_CACHE_DIR=cache)
tmp = tempfile.mkdtemp()
x = np.random.default_rng(1).standard_normal(1000).astype(np.float32)
y = np.random.default_rng(2).standard_normal(1000).astype(np.float32)
np.save(os.path.join(tmp, "x.npy"), x)
np.save(os.path.join(tmp, "y.npy"), y)
bad = 0
for wave in ("cold", "warm"):
    procs = []
    for i in range(n):
        out = os.path.join(tmp, f"{wave}{i}.npy")
        cmd = [tilerun, "run", kernel, "--grid", "16", "--threads", "2",
               "--arg", "x_ptr=@" + os.path.join(tmp, "x.npy"),
               "--arg", "y_ptr=@" + os.path.join(tmp, "y.npy"),
               "--arg", "out_ptr=zeros:float32:1000", "--arg", "n=1000",
               "--save", "out_ptr=" + out]
        procs.append((subprocess.Popen(cmd, env=env, stderr=subprocess.PIPE, text=True), out))
    for p, out in procs:
        _, err = p.communicate(timeout=300)
        if p.returncode != 0 or not np.array_equal(np.load(out), x + y):
            bad += 1
            print(f"{wave}: exit {p.returncode} {err.strip()[:200]}")
entries = [f for f in os.listdir(cache) if f.startswith("llvmcache-")]
print(f"{2 * n - bad} of {2 * n} processes correct; {len(entries)} cache entries")
