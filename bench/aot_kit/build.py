#!/usr/bin/env python3
"""Builds a kit that runs bench/kernels' matmuls on a machine without LLVM
(or without tilerun's build): every matmul compiled ahead of time by
`tilerun compile` for one CPU, `libtilerun_rt`, a driver (`drv`) and the
FMA peak benchmark, in one directory to copy there and run with run.py.

    bench/aot_kit/build.py --target-cpu sapphirerapids --out /tmp/kit
    (copy /tmp/kit to the machine)  python3 run.py 2,16

For a CPU with AMX each bf16, f16 and int8 kernel is built twice: on AMX
tiles (the default) and with --amx=false (the AVX-512 dot instructions).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KERNELS = os.path.join(ROOT, "bench", "kernels")
# Element kind per dtype: how drv.c fills inputs and run.py checks results.
KINDS = {"bfloat16": "b", "float16": "h", "int8": "i", "float32": "f"}
BYTES = {"b": 2, "h": 2, "i": 1, "f": 4}


def matmuls():
    """(name, operand dtype, result dtype, BM, BN) of each TTIR matmul."""
    for name in sorted(os.listdir(KERNELS)):
        if not re.fullmatch(r"matmul_\d+(_[a-z0-9]+)?(_\d+x\d+x\d+)?", name):
            continue
        spec = json.load(open(os.path.join(KERNELS, name, "bench.json")))
        dtypes = {a["name"]: a.get("dtype") for a in spec["args"]}
        m = re.search(r"(\d+)x(\d+)x\d+$", name)
        bm, bn = (int(m[1]), int(m[2])) if m else (64, 64)
        yield name, dtypes["a_ptr"], dtypes["c_ptr"], bm, bn


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--target-cpu", required=True, help="LLVM CPU name (sapphirerapids, znver4, ...)")
    ap.add_argument("--out", required=True, help="kit directory (created; must not exist)")
    ap.add_argument("--build-dir", default=os.path.join(ROOT, "build"))
    opts = ap.parse_args()
    tilerun = os.path.join(opts.build_dir, "bin", "tilerun")
    if os.path.exists(opts.out):
        sys.exit(f"build.py: {opts.out} exists; give a new directory")
    os.makedirs(opts.out)
    target = subprocess.run([tilerun, "target", "--target-cpu", opts.target_cpu],
                            capture_output=True, text=True, check=True).stdout
    amx = "amx-" in target.split("matrix-instructions:")[-1]
    entries = []
    for name, operand, result, bm, bn in matmuls():
        kind = KINDS[operand]
        variants = [("", [])]
        if amx and kind != "f":
            variants.append(("_noamx", ["--amx=false"]))
        for suffix, flags in variants:
            fn = name + suffix
            subprocess.run([tilerun, "compile", "--kernel=matmul", f"--target-cpu={opts.target_cpu}",
                            *flags, "--out-name", fn, "-o", os.path.join(opts.out, fn),
                            os.path.join(KERNELS, name, "kernel.ttir")], check=True)
            entries.append({"name": fn, "kind": kind, "bm": bm, "bn": bn,
                            "in_bytes": BYTES[kind], "out_bytes": 4 if result in ("int32", "float32") else 2,
                            "size": int(name.split("_")[1])})
    with open(os.path.join(opts.out, "kit.json"), "w") as f:
        json.dump({"target_cpu": opts.target_cpu, "kernels": entries}, f, indent=1)
    table = ",\n".join(f'  {{"{e["name"]}", (fn_t){e["name"]}, {e["bm"]}, {e["bn"]}, {e["in_bytes"]}, '
                       f'{e["out_bytes"]}, \'{e["kind"]}\'}}' for e in entries)
    includes = "".join(f'#include "{e["name"]}.h"\n' for e in entries)
    template = open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "drv.c.in")).read()
    with open(os.path.join(opts.out, "drv.c"), "w") as f:
        f.write(template.replace("@INCLUDES@", includes).replace("@TABLE@", table))
    for lib in os.listdir(os.path.join(opts.build_dir, "lib")):
        if lib.startswith("libtilerun_rt.so"):
            shutil.copy2(os.path.join(opts.build_dir, "lib", lib), opts.out, follow_symlinks=False)
    objects = [e["name"] + ".o" for e in entries]
    subprocess.run(["gcc", "-O2", "-std=gnu11", "-I.", "-I" + os.path.join(ROOT, "include"), "drv.c", *objects,
                    "-L.", "-ltilerun_rt", "-Wl,-rpath,$ORIGIN", "-o", "drv"], cwd=opts.out, check=True)
    # The FMA peak at the CPU's vector width; a GCC that does not know the
    # CPU's name gets the x86-64 level of the same width.
    fallback = "x86-64-v4" if "avx512f" in target else "x86-64-v3"
    for march in (opts.target_cpu, fallback):
        built = subprocess.run(["g++", "-O3", f"-march={march}", "-fopenmp", "-static-libstdc++",
                                "-static-libgcc", os.path.join(ROOT, "bench", "fma_peak.cpp"), "-o", "fma_peak"],
                               cwd=opts.out, capture_output=True, text=True)
        if built.returncode == 0:
            break
        print(f"build.py: g++ -march={march} failed; trying -march={fallback}", file=sys.stderr)
    else:
        sys.exit(f"build.py: cannot build fma_peak: {built.stderr[-500:]}")
    shutil.copy2(os.path.join(os.path.dirname(os.path.abspath(__file__)), "run.py"), opts.out)
    print(f"build.py: {len(entries)} kernels for {opts.target_cpu} in {opts.out}")


if __name__ == "__main__":
    main()
