#!/usr/bin/python3
"""Benchmarks of tilerun as a library, as ratios measured in one run.

1. Launch overhead of an already-compiled one-program kernel: Python's
   `kernel[grid](...)` against the C API's tilerun_kernel_launch (target:
   at most 3x), both in microseconds per launch.
2. Ahead-of-time kernels (`tilerun compile` + libtilerun_rt) against the JIT
   (the C API through the Python package) on the bench kernels, the same
   buffers, all cores, timed alternately (target: AOT at most 1.1x the JIT's
   time). Outputs of the two are compared too.

  bench/library.py            # full sizes (bench/kernels/*/bench.json)
  bench/library.py --smoke    # fewer repetitions, results checked, no targets
"""
import argparse
import ctypes
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KERNELS = os.path.join(ROOT, "bench", "kernels")
VEC_ADD = os.path.join(ROOT, "examples", "vec_add", "vec_add.ttir")
AOT_KERNELS = ["vec_add_b1024", "softmax_4096", "layernorm_4096_b1024", "matmul_1024_64x64x32"]
C_TYPES = {"int32_t": ctypes.c_int32,
           "int64_t": ctypes.c_int64, "uint32_t": ctypes.c_uint32, "float": ctypes.c_float,
           "double": ctypes.c_double, "bool": ctypes.c_bool}


def median_time(fn, reps):
    times = []
    for _ in range(reps):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def launch_overhead(build, smoke):
    import tilerun
    launches, batches = (200, 5) if smoke else (2000, 15)
    out = subprocess.run([os.path.join(build, "bin", "tilerun-bench-launch"), VEC_ADD,
                          str(launches), str(batches)], capture_output=True, text=True, check=True)
    c_us = float(re.search(r"c_api_launch_us=([\d.]+)", out.stdout)[1])
    k = tilerun.compile(VEC_ADD, threads=1)
    x = np.arange(16, dtype=np.float32)
    y, o = x.copy(), np.zeros(16, np.float32)
    per = []
    for _ in range(batches):
        t = time.perf_counter()
        for _ in range(launches):
            k[1](x, y, o, 16)
        per.append((time.perf_counter() - t) / launches * 1e6)
    py_us = statistics.median(per)
    assert np.array_equal(o, 2 * x), "the launched kernel computed something else"
    ratio = py_us / c_us
    print(f"launch overhead (one program): C API {c_us:.2f} us, Python {py_us:.2f} us, "
          f"Python / C = {ratio:.2f} (target <= 3)")
    return ratio <= 3


def make_args(spec, rng):
    """numpy buffers and scalar values for a bench.json launch."""
    args = []
    for a in spec["args"]:
        if a["kind"] == "scalar":
            args.append(a["value"])
            continue
        shape = a["shape"]
        if a.get("init") == "randn":
            args.append(rng.standard_normal(shape).astype(a["dtype"]))
        else:
            args.append(np.zeros(shape, a["dtype"]))
    return args


def build_aot(name, spec, tmp, build):
    """Compiles the kernel ahead of time and wraps its C function in a shared
    object ctypes can call: call(pool, gx, gy, gz, params...)."""
    base = os.path.join(tmp, name)
    ir = os.path.join(KERNELS, name, "kernel.ttir")
    subprocess.run([os.path.join(build, "bin", "tilerun"), "compile", ir, "--out-name", "k",
                    "-o", base], check=True)
    header = open(base + ".h").read()
    params = re.search(r"tt-linker: k:(.*?):", header)[1]
    decls = [p.strip() for p in params.split(",")]
    names = [re.split(r"[ *]", d)[-1] for d in decls]
    types = [d[: len(d) - len(n)].strip() for d, n in zip(decls, names)]
    wrapper = base + "_call.c"
    with open(wrapper, "w") as f:
        f.write(f'#include "{name}.h"\nint32_t call(tilerun_pool_t *pool, uint32_t gx, uint32_t gy, '
                f'uint32_t gz, {params}) {{\n  return k(pool, gx, gy, gz, {", ".join(names)});\n}}\n')
    lib = base + ".so"
    subprocess.run(["cc", "-O2", "-shared", "-fPIC", "-I" + os.path.join(ROOT, "include"), "-I" + tmp,
                    wrapper, base + ".o", "-L" + os.path.join(build, "lib"), "-ltilerun_rt",
                    "-Wl,-rpath," + os.path.join(build, "lib"), "-o", lib], check=True)
    fn = ctypes.CDLL(lib).call
    fn.restype = ctypes.c_int32
    fn.argtypes = [ctypes.c_void_p, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32] + [
        ctypes.c_void_p if t.endswith("*") else C_TYPES[t] for t in types]
    return fn


def aot_vs_jit(build, smoke, tmp):
    import tilerun
    rng = np.random.default_rng(0)
    reps = 3 if smoke else 15
    ok = True
    for name in AOT_KERNELS:
        spec = json.load(open(os.path.join(KERNELS, name, "bench.json")))
        grid = list(spec["grid"])
        jit_args = make_args(spec, rng)
        aot_args = [a.copy() if isinstance(a, np.ndarray) else a for a in jit_args]
        jit = tilerun.compile(os.path.join(KERNELS, name, "kernel.ttir"))
        aot = build_aot(name, spec, tmp, build)
        c_args = [a.ctypes.data if isinstance(a, np.ndarray) else a for a in aot_args]

        def run_jit():
            jit[tuple(grid)](*jit_args)

        def run_aot():
            rc = aot(None, *grid, *c_args)
            if rc:
                raise RuntimeError(f"{name}: AOT kernel failed with status {rc}")

        run_jit()
        run_aot()
        for j, a, s in zip(jit_args, aot_args, spec["args"]):
            if isinstance(j, np.ndarray) and not np.array_equal(j, a, equal_nan=True):
                print(f"{name}: AOT and JIT results differ in {s['name']}")
                ok = False
        jt, at = [], []
        for _ in range(reps):
            jt.append(median_time(run_jit, 1))
            at.append(median_time(run_aot, 1))
        j, a = statistics.median(jt), statistics.median(at)
        ratio = a / j
        target = "" if smoke else " (target <= 1.1)"
        print(f"{name}: JIT {j * 1e3:.3f} ms, AOT {a * 1e3:.3f} ms, AOT / JIT = {ratio:.3f}{target}")
        ok = ok and (smoke or ratio <= 1.1)
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    opts = ap.parse_args()
    build = os.path.abspath(opts.build_dir)
    os.environ.setdefault("TILERUN_LIBRARY", os.path.join(build, "lib", "libtilerun.so"))
    sys.path.insert(0, os.path.join(ROOT, "python"))
    with tempfile.TemporaryDirectory() as tmp:
        ok = launch_overhead(build, opts.smoke)
        ok = aot_vs_jit(build, opts.smoke, tmp) and ok
    if opts.smoke:
        print("smoke run: results checked, targets not asserted")
        return 0
    print("all targets met" if ok else "some targets missed")
    return 0 if ok else 1


sys.exit(main())
