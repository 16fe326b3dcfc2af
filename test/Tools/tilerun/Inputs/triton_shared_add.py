#!/usr/bin/python3
"""Runs triton-shared's add_kernel (unranked memref arguments) with tilerun for
sizes that are and are not multiples of its 1024-element block (up to a 16 MiB
launch), directly and
after `tilerun convert --to=ranked-tensors`, against numpy. Then launches
many programs to check that the kernel's memref.alloc buffers are freed: peak
memory must not grow with the number of programs.

usage: triton_shared_add.py TILERUN KERNEL.mlir
"""
import os, resource, subprocess, sys, tempfile
import numpy as np

tilerun, kernel = sys.argv[1], sys.argv[2]
failed = 0
with tempfile.TemporaryDirectory() as d:
    converted = os.path.join(d, "tensors.mlir")
    subprocess.run([tilerun, "convert", "--to=ranked-tensors", kernel, "-o", converted], check=True)
    rng = np.random.default_rng(0)
    for ir in (kernel, converted):
        # 4195304 elements: a launch of 16 MiB, whose last block is partial.
        for n in (1, 1000, 1024, 4096, 5000, 100003, 4195304):
            x = rng.standard_normal(n, dtype=np.float32)
            y = rng.standard_normal(n, dtype=np.float32)
            for name, a in (("x", x), ("y", y), ("out", np.zeros(n, np.float32))):
                np.save(os.path.join(d, name + ".npy"), a)
            res = os.path.join(d, "res.npy")
            subprocess.run([tilerun, "run", ir, "--grid", str((n + 1023) // 1024),
                            "--arg", f"0=@{d}/x.npy", "--arg", f"1=@{d}/y.npy",
                            "--arg", f"2=@{d}/out.npy", "--arg", f"3={n}",
                            "--save", f"2={res}"], check=True)
            ok = np.array_equal(np.load(res), x + y)
            failed += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {os.path.basename(ir)} n={n}")

    # 8 KiB allocated per program: leaked, 400000 programs would take 3 GiB.
    n = 1024
    for name in ("x", "y", "out"):
        np.save(os.path.join(d, name + ".npy"), np.ones(n, np.float32))
    def peak_mib(programs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        subprocess.run([tilerun, "run", kernel, "--grid", str(programs),
                        "--arg", f"0=@{d}/x.npy", "--arg", f"1=@{d}/y.npy",
                        "--arg", f"2=@{d}/out.npy", "--arg", f"3={n}"], check=True)
        return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    small, large = peak_mib(1), peak_mib(400000)
    flat = large < small + 64
    failed += not flat
    print(f"{'ok  ' if flat else 'FAIL'} memory flat: 1 program {small:.0f} MiB, "
          f"400000 programs {large:.0f} MiB")
print(f"{failed} failed")
sys.exit(1 if failed else 0)
