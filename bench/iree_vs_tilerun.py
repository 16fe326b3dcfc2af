#!/usr/bin/env python3
"""IREE's time on tilerun-converted triton-shared kernels next to tilerun's own
(`tilerun run --bench` of the unconverted file), on the same inputs: the six
corpus cases and the add kernel at 2**20 elements. Informational: prints
median milliseconds and IREE / tilerun ratios; asserts nothing about speed,
but every IREE result is checked against tilerun's.
usage: bench/iree_vs_tilerun.py [--build-dir build] [--reps 20]   (python with iree.runtime)"""
import argparse, glob, json, os, re, statistics, subprocess, tempfile, time
import numpy as np
import iree.runtime as rt

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ap = argparse.ArgumentParser()
ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
ap.add_argument("--reps", type=int, default=20)
a = ap.parse_args()
tilerun = os.path.join(a.build_dir, "bin", "tilerun")
iree_compile = os.path.join(a.build_dir, "iree-env", "bin", "iree-compile")


def cases(d):
    for src in sorted(glob.glob(os.path.join(ROOT, "test/Inputs/corpus/triton-3.6/*/kernel.linalg.mlir"))):
        c = json.load(open(os.path.join(os.path.dirname(src), "case.json")))
        args = [np.load(os.path.join(os.path.dirname(src), x["file"])).reshape(-1) if x["kind"] == "buffer"
                else x["value"] for x in c["args"]]
        yield c["name"], src, c["kernel"], args, c["grid"], [x["arg"] for x in c["outputs"]], [x["name"] for x in c["args"]]
    n = 1 << 20
    rng = np.random.default_rng(0)
    args = [rng.standard_normal(n, dtype=np.float32), rng.standard_normal(n, dtype=np.float32),
            np.zeros(n, np.float32), n]
    yield "add_kernel_1M", os.path.join(ROOT, "examples/triton_shared_add/add_kernel.mlir"), "add_kernel", args, [n // 1024, 1, 1], ["2"], ["0", "1", "2", "3"]


print(f"{'kernel':16} {'iree ms':>9} {'tilerun ms':>11} {'iree/tilerun':>13}")
with tempfile.TemporaryDirectory() as d:
    for name, src, kernel, args, grid, outs, names in cases(d):
        conv, vmfb = os.path.join(d, name + ".mlir"), os.path.join(d, name + ".vmfb")
        subprocess.run([tilerun, "convert", "--to=ranked-tensors", src, "-o", conv], check=True)
        subprocess.run([iree_compile, "--iree-hal-target-device=local",
                        "--iree-hal-local-target-device-backends=llvm-cpu",
                        "--iree-llvmcpu-target-cpu=host", conv, "-o", vmfb], check=True)
        f = getattr(rt.load_vm_flatbuffer_file(vmfb, driver="local-task"), kernel + "_grid")
        f(*args, *grid)
        times = []
        for _ in range(a.reps):
            t = time.perf_counter()
            res = f(*args, *grid)
            res = res if isinstance(res, (list, tuple)) else [res]
            host = [r.to_host() for r in res]
            times.append((time.perf_counter() - t) * 1e3)
        cmd = [tilerun, "run", src, "--grid", ",".join(map(str, grid)), "--bench", str(a.reps)]
        for i, x in enumerate(args):
            if isinstance(x, np.ndarray):
                p = os.path.join(d, f"{name}.{i}.npy"); np.save(p, x); x = "@" + p
            cmd += ["--arg", f"{i}={x}"]
        first_out = names.index(outs[0]) if outs[0] in names else int(outs[0])
        saved = os.path.join(d, name + ".out.npy")
        cmd += ["--save", f"{first_out}={saved}"]
        r = subprocess.run(cmd, capture_output=True, text=True, check=True)
        t_ms = float(re.search(r"median_ms=([0-9.]+)", r.stdout + r.stderr).group(1))
        same = np.allclose(host[0], np.load(saved).reshape(-1), rtol=1e-5, atol=1e-5, equal_nan=True)
        i_ms = statistics.median(times)
        print(f"{name:16} {i_ms:9.3f} {t_ms:11.3f} {i_ms / t_ms:13.1f}" + ("" if same else "  RESULTS DIFFER"))
