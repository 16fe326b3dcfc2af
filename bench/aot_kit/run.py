#!/usr/bin/env python3
"""Runs the kit's matmuls (bench/aot_kit/build.py) at each thread count,
checks every result against numpy, and times torch.matmul on the same
dtypes and sizes where torch is installed.

    python3 run.py [THREADS,...] [NAME,...]      # default: 2 and all cores; every kernel

bf16, f16 and int8 inputs are small integers, so the products and sums
are exact and the result must equal numpy's bit for bit (bf16 and f16
results rounded once); f32 must be within 1e-5 of a float64 product,
relative to its largest element.
"""
import json
import os
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
# torch's CPU allocator advises its buffers onto transparent huge pages only
# when asked (the variable's name before and after PyTorch's rename), as
# numpy, tilerun's runtime and drv (page_policy.h's policy) do unasked:
# both sides of a ratio then read through pages of the same size.
for _var in ("THP_MEM_ALLOC_ENABLE", "C10_THP_MEM_ALLOC_ENABLE"):
    os.environ.setdefault(_var, "1")


def bf16(u):
    return (u.astype(np.uint32) << 16).view(np.float32)


def round_bf16(x):
    u = x.astype(np.float32).view(np.uint32).astype(np.uint64)
    return bf16((((u + 0x7FFF + ((u >> 16) & 1)) >> 16) & 0xFFFF).astype(np.uint16))


def check(kind, n, out_bytes):
    if kind == "b":
        a, b = (bf16(np.fromfile(f, np.uint16)).reshape(n, n) for f in ("a.bin", "b.bin"))
        want = (a.astype(np.float64) @ b).astype(np.float32)
        c = (bf16(np.fromfile("c.bin", np.uint16)).reshape(n, n) if out_bytes == 2
             else np.fromfile("c.bin", np.float32).reshape(n, n))
        return np.array_equal(c, round_bf16(want) if out_bytes == 2 else want)
    if kind == "h":
        a, b = (np.fromfile(f, np.float16).reshape(n, n) for f in ("a.bin", "b.bin"))
        want = a.astype(np.float64) @ b.astype(np.float64)
        c = (np.fromfile("c.bin", np.float16) if out_bytes == 2 else np.fromfile("c.bin", np.float32)).reshape(n, n)
        return np.array_equal(c, want.astype(c.dtype))
    if kind == "i":
        a, b = (np.fromfile(f, np.int8).reshape(n, n).astype(np.int64) for f in ("a.bin", "b.bin"))
        return np.array_equal(np.fromfile("c.bin", np.int32).reshape(n, n), (a @ b).astype(np.int32))
    a, b, c = (np.fromfile(f, np.float32).reshape(n, n) for f in ("a.bin", "b.bin", "c.bin"))
    want = a.astype(np.float64) @ b.astype(np.float64)
    return float(np.max(np.abs(c - want)) / np.max(np.abs(want))) < 1e-5


def torch_rate(kind, n, threads, reps):
    import torch
    torch.set_num_threads(threads)
    dt = {"b": torch.bfloat16, "h": torch.float16, "f": torch.float32}[kind]
    a, b = torch.randn(n, n).to(dt), torch.randn(n, n).to(dt)
    torch.matmul(a, b)
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter()
        torch.matmul(a, b)
        ts.append(time.perf_counter() - t0)
    return 2 * n ** 3 / sorted(ts)[len(ts) // 2] * 1e-9


def main():
    os.chdir(HERE)
    kit = json.load(open("kit.json"))
    threads_list = ([int(t) for t in sys.argv[1].split(",")] if len(sys.argv) > 1
                    else [2, os.cpu_count() or 1])
    names = sys.argv[2].split(",") if len(sys.argv) > 2 else [k["name"] for k in kit["kernels"]]
    kernels = {k["name"]: k for k in kit["kernels"]}
    print(f"kit for {kit['target_cpu']}; this machine: {os.cpu_count()} CPUs", flush=True)
    for threads in threads_list:
        env = dict(os.environ, OMP_NUM_THREADS=str(threads), OMP_PLACES="cores", OMP_PROC_BIND="spread")
        peak = subprocess.run(["./fma_peak", "3"], capture_output=True, text=True, env=env).stdout.strip()
        print(f"fma_peak threads={threads}: {peak}", flush=True)
        kinds = set()
        for name in names:
            k = kernels[name]
            kinds.add(k["kind"])
            for n in ([1024, 2048] if k["size"] == 1024 else [k["size"]]):
                p = subprocess.run(["./drv", name, str(n), str(threads), "10" if n <= 1024 else "5"],
                                   capture_output=True, text=True)
                ok = check(k["kind"], n, k["out_bytes"]) if p.returncode == 0 else None
                print(f"{(p.stdout + p.stderr).strip()} checked={ok} rc={p.returncode}", flush=True)
        for kind in sorted(kinds - {"i"}):
            for n in (1024, 2048):
                try:
                    print(f"torch {kind} n={n} threads={threads} gflops_median="
                          f"{torch_rate(kind, n, threads, 10):.1f}", flush=True)
                except Exception as e:  # no torch, or no CPU kernel for the dtype
                    print(f"torch {kind} n={n}: {str(e)[:120]}", flush=True)


if __name__ == "__main__":
    main()
