"""Writes a bench kernel: the corpus matmul (gen_corpus.py's `matmul`,
GROUP_M 8) on int8 operands with an int32 accumulator, on bf16 operands
with an f32 accumulator and a bf16 result, or on f32, at the given blocks, as Triton
3.6's frontend emits its TTIR (the same make_ttir passes as Triton's CUDA
backend), compiled through tilerun's Triton backend: no GPU is needed, and
nothing runs.

    build/triton-env/bin/python bench/gen_matmul.py                 # matmul_1024_int8
    build/triton-env/bin/python bench/gen_matmul.py --dtype bf16 --blocks 128x128x32
    build/triton-env/bin/python bench/gen_matmul.py --dtype f32 --blocks 128x128x64 --out /tmp/f32
"""
import argparse
import json
import os
import sys

import torch
import triton
import triton.language as tl

import tilerun.backend


@triton.jit
def matmul(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
           BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP_M: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BM)
    num_pid_n = tl.cdiv(N, BN)
    num_in_group = GROUP_M * num_pid_n
    group_id = pid // num_in_group
    first_m = group_id * GROUP_M
    gsize = min(num_pid_m - first_m, GROUP_M)
    pid_m = first_m + ((pid % num_in_group) % gsize)
    pid_n = (pid % num_in_group) // gsize
    rm = (pid_m * BM + tl.arange(0, BM)) % M
    rn = (pid_n * BN + tl.arange(0, BN)) % N
    rk = tl.arange(0, BK)
    a = a_ptr + rm[:, None] * sam + rk[None, :] * sak
    b = b_ptr + rk[:, None] * sbk + rn[None, :] * sbn
    acc = tl.zeros((BM, BN), dtype=c_ptr.dtype.element_ty if c_ptr.dtype.element_ty == tl.int32
                   else tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        av = tl.load(a, mask=rk[None, :] < K - k * BK, other=0)
        bv = tl.load(b, mask=rk[:, None] < K - k * BK, other=0)
        acc = tl.dot(av, bv, acc, out_dtype=acc.dtype)
        a += BK * sak
        b += BK * sbk
    cm = pid_m * BM + tl.arange(0, BM)
    cn = pid_n * BN + tl.arange(0, BN)
    tl.store(c_ptr + cm[:, None] * scm + cn[None, :] * scn, acc.to(c_ptr.dtype.element_ty),
             mask=(cm[:, None] < M) & (cn[None, :] < N))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--dtype", choices=("int8", "bf16", "f32"), default="int8")
    ap.add_argument("--blocks", default="64x64x32", help="BMxBNxBK")
    ap.add_argument("--out", help="output directory (default: bench/kernels/<name>)")
    opts = ap.parse_args()
    M = 1024
    BM, BN, BK = (int(b) for b in opts.blocks.split("x"))
    kname = f"matmul_{M}_{opts.dtype}" + ("" if opts.blocks == "64x64x32" else f"_{opts.blocks}")
    out = opts.out or os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernels", kname)
    operand, result = {"int8": (torch.int8, torch.int32), "bf16": (torch.bfloat16, torch.bfloat16),
                       "f32": (torch.float32, torch.float32)}[opts.dtype]
    a = torch.empty(M, M, dtype=operand)
    b = torch.empty(M, M, dtype=operand)
    c = torch.empty(M, M, dtype=result)
    grid = (triton.cdiv(M, BM) * triton.cdiv(M, BN),)
    with tilerun.backend.activate():
        k = matmul.warmup(a, b, c, M, M, M, M, 1, M, 1, M, 1, BM=BM, BN=BN, BK=BK,
                          GROUP_M=8, grid=grid)
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "kernel.ttir"), "w") as f:
        f.write(k.asm["ttir"])

    def buf(dtype, init="randn"):
        return {"kind": "buffer", "shape": [M, M], "dtype": dtype, "init": init}

    np_operand, np_result = {"int8": ("int8", "int32"), "bf16": ("bfloat16", "bfloat16"),
                             "f32": ("float32", "float32")}[opts.dtype]
    spec = {"a_ptr": buf(np_operand), "b_ptr": buf(np_operand), "c_ptr": buf(np_result, "empty")}
    args = []
    for name, value in zip(("a_ptr", "b_ptr", "c_ptr", "M", "N", "K", "sam", "sbk", "scm"),
                           (None, None, None, M, M, M, M, M, M)):
        args.append({"name": name, **(spec[name] if value is None else
                                      {"kind": "scalar", "value": value})})
    json.dump({"name": kname, "kernel": "matmul", "grid": list(grid) + [1, 1],
               "args": args, "work": {"flops": 2 * M ** 3},
               "note": "bench/gen_matmul.py" + ("" if kname.endswith("int8") else
                                                f" --dtype {opts.dtype} --blocks {opts.blocks}")},
              open(os.path.join(out, "bench.json"), "w"), indent=1)
    print("wrote", out)


if __name__ == "__main__":
    main()
