"""Build the extra conformance corpus: real Triton 3.6 compiler output (TTIR / TTGIR) of small kernels
covering semantics the main corpus (gen_corpus.py) leaves out, with the exact buffers each kernel was
launched on and what the GPU left in them.
Run on a machine with Triton + CUDA:  python3 gen_extra_corpus.py OUTDIR
Layout: OUTDIR/<case>/{kernel.ttir,kernel.ttgir,case.json,<arg>.in.npy,<arg>.out.npy}
ONLY=case1,case2 restricts the run to the named cases."""
import os, sys, re, json, traceback
import numpy as np
import torch, triton, triton.language as tl
from triton.experimental import gluon
from triton.experimental.gluon import language as gl
from triton.experimental.gluon.language.nvidia import hopper, ampere
from triton.experimental.gluon.language.nvidia.hopper import tma, mbarrier
from triton.experimental.gluon.language.nvidia.ampere import async_copy
from triton.language.extra import libdevice

OUTDIR = sys.argv[1] if len(sys.argv) > 1 else "corpus-extra-out"
DEV = "cuda"
torch.manual_seed(0)
RESULTS = []

# ---------------------------------------------------------------- helpers (as in gen_corpus.py)
def to_np(t):
    t = t.detach().cpu()
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).numpy().view(np.uint16), "bfloat16"
    if t.dtype in (torch.float8_e4m3fn, torch.float8_e5m2):
        return t.view(torch.uint8).numpy(), "uint8"  # compared bit for bit
    return t.numpy(), str(t.numpy().dtype)

def func_params(ir, kname):
    m = re.search(r"tt\.func public @" + re.escape(kname) + r"\((.*?)\)\s+attributes", ir, re.S)
    if not m:
        m = re.search(r"tt\.func public @" + re.escape(kname) + r"\((.*)\)\s*(attributes)?\s*\{", ir)
    sig = m.group(1)
    return re.findall(r"%([A-Za-z_][\w]*): ([^ ,{)]+(?:<[^>]*>)?)", sig)

def is_host_desc(v):
    """A host-side TensorDescriptor (Triton's or Gluon's)."""
    return not isinstance(v, torch.Tensor) and hasattr(v, "block_shape") and hasattr(v, "base")

def record(name, kern, jitfn, grid, args, outputs, tol=(1e-5, 1e-6), note=""):
    """args: list of positional python values as passed to the launch (tensors or scalars)."""
    torch.cuda.synchronize()
    d = os.path.join(OUTDIR, name)
    os.makedirs(d, exist_ok=True)
    ir_key = "ttir" if "ttir" in kern.asm else "ttgir"
    for k in ("ttir", "ttgir"):
        if k in kern.asm:
            open(os.path.join(d, "kernel." + k), "w").write(kern.asm[k])
    params = func_params(kern.asm[ir_key], jitfn.fn.__name__)
    byname = dict(zip(jitfn.arg_names, args))
    argspec = []
    expanded = []  # a host descriptor's shape and strides, the params after it
    for pname, ptype in params:
        if expanded:
            argspec.append({"name": pname, "ir_type": ptype, "kind": "scalar", "value": expanded.pop(0)})
            continue
        v = byname[pname]
        if ptype.startswith("!tt.tensordesc"):
            arr, dt = to_np(INITIAL[id(v.base)])
            np.save(os.path.join(d, pname + ".in.npy"), arr)
            argspec.append({"name": pname, "ir_type": ptype, "kind": "tensordesc", "dtype": dt,
                            "shape": list(v.base.shape), "file": pname + ".in.npy",
                            "block_shape": list(v.block_shape), "padding": v.padding})
            expanded = [int(x) for x in v.shape] + [int(x) for x in v.strides]
            continue
        if isinstance(v, torch.Tensor):
            arr, dt = to_np(INITIAL[id(v)])
            np.save(os.path.join(d, pname + ".in.npy"), arr)
            argspec.append({"name": pname, "ir_type": ptype, "kind": "buffer", "dtype": dt,
                            "shape": list(v.shape), "file": pname + ".in.npy"})
        else:
            argspec.append({"name": pname, "ir_type": ptype, "kind": "scalar", "value": v})
    outs = []
    for o in outputs:
        v = byname[o]
        arr, dt = to_np(v.base if is_host_desc(v) else v)
        np.save(os.path.join(d, o + ".out.npy"), arr)
        outs.append({"arg": o, "file": o + ".out.npy", "dtype": dt, "rtol": tol[0], "atol": tol[1]})
    g = list(grid) + [1] * (3 - len(grid))
    case = {"name": name, "kernel": jitfn.fn.__name__, "source_ir": "kernel." + ir_key,
            "language": "gluon" if ir_key == "ttgir" else "triton", "grid": g,
            "num_warps": kern.metadata.num_warps, "triton_version": triton.__version__,
            "args": argspec, "outputs": outs, "note": note}
    json.dump(case, open(os.path.join(d, "case.json"), "w"), indent=1)
    RESULTS.append((name, "ok"))

INITIAL = {}
def keep(t):
    INITIAL[id(t)] = t.clone()
    return t

def T(*shape, dtype=torch.float32, kind="randn", lo=0, hi=100):
    if kind == "randn":
        t = torch.randn(*shape, device=DEV).to(dtype)
    elif kind == "poison":
        t = torch.full(shape, float("nan") if dtype.is_floating_point else -7, device=DEV, dtype=dtype)
    elif kind == "randint":
        t = torch.randint(lo, hi, shape, device=DEV, dtype=dtype)
    elif kind == "zeros":
        t = torch.zeros(*shape, device=DEV, dtype=dtype)
    return keep(t)

def run(name, fn, **kw):
    try:
        kw = {k: (v() if callable(v) else v) for k, v in kw.items()}
        fn(name, **kw)
    except Exception as e:
        traceback.print_exc()
        RESULTS.append((name, "FAILED " + repr(e)[:300]))

def cdiv(a, b):
    return (a + b - 1) // b

def specials(n, dtype=torch.float32, scale=3.0):
    x = torch.randn(n, device=DEV, dtype=torch.float64) * scale
    sp = torch.tensor([float("inf"), float("-inf"), float("nan"), 0.0, -0.0, 1e-40, -1e-40, 1e30, -1e30,
                       1.0, -1.0, 0.5, -0.5, 2.0, 100.0, -100.0, 1e-8, 3.0, -3.0, 7.5], device=DEV, dtype=torch.float64)
    x[:len(sp)] = sp
    return keep(x.to(dtype))

# ---------------------------------------------------------------- gather / shapes
@triton.jit
def gather_k(src_ptr, idx_ptr, idx1_ptr, out_ptr, out1_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    pid = tl.program_id(0)
    rm = tl.arange(0, M); rn = tl.arange(0, N); rk = tl.arange(0, K)
    base = pid * M * N
    src = tl.load(src_ptr + base + rm[:, None] * N + rn[None, :])
    idx = tl.load(idx_ptr + pid * M * K + rm[:, None] * K + rk[None, :])
    g = tl.gather(src, idx, 1)
    tl.store(out_ptr + pid * M * K + rm[:, None] * K + rk[None, :], g)
    flat = tl.load(src_ptr + base + tl.arange(0, M * N))
    i1 = tl.load(idx1_ptr + pid * 2 * M * N + tl.arange(0, 2 * M * N))
    tl.store(out1_ptr + pid * 2 * M * N + tl.arange(0, 2 * M * N), tl.gather(flat, i1, 0))

def c_gather(name):
    G, M, N, K = 3, 16, 32, 8
    src = T(G, M, N); idx = T(G, M, K, dtype=torch.int32, kind="randint", lo=0, hi=N)
    idx1 = T(G, 2 * M * N, dtype=torch.int32, kind="randint", lo=0, hi=M * N)
    o = T(G, M, K, kind="poison"); o1 = T(G, 2 * M * N, kind="poison")
    k = gather_k[(G,)](src, idx, idx1, o, o1, M=M, N=N, K=K)
    record(name, k, gather_k, (G,), [src, idx, idx1, o, o1], ["out_ptr", "out1_ptr"], tol=(0, 0))

@triton.jit
def shape3d_k(x_ptr, out_ptr, A: tl.constexpr, B: tl.constexpr, C: tl.constexpr):
    pid = tl.program_id(0)
    E: tl.constexpr = A * B * C
    ia = tl.arange(0, A)[:, None, None]; ib = tl.arange(0, B)[None, :, None]; ic = tl.arange(0, C)[None, None, :]
    x = tl.load(x_ptr + pid * E + ia * (B * C) + ib * C + ic)            # [A, B, C]
    o = out_ptr + pid * 10 * E
    # permute -> [C, A, B]
    p = tl.permute(x, (2, 0, 1))
    jc = tl.arange(0, C)[:, None, None]; ja = tl.arange(0, A)[None, :, None]; jb = tl.arange(0, B)[None, None, :]
    tl.store(o + jc * (A * B) + ja * B + jb, p)
    # trans -> [B, A, C]
    t = tl.trans(x, (1, 0, 2))
    kb = tl.arange(0, B)[:, None, None]; ka = tl.arange(0, A)[None, :, None]; kc = tl.arange(0, C)[None, None, :]
    tl.store(o + E + kb * (A * C) + ka * C + kc, t * 2.0)
    # reshape -> [A*B, C] then reduce along axis 0
    r = tl.reshape(x, (A * B, C))
    tl.store(o + 2 * E + tl.arange(0, C), tl.sum(r, axis=0))
    r2 = tl.reshape(p, (C * A, B))
    tl.store(o + 2 * E + C + tl.arange(0, C * A)[:, None] * B + tl.arange(0, B)[None, :], r2 - 1.0)
    # join -> [A, B, C, 2], flattened
    j = tl.join(x, x * 3.0)
    jf = tl.reshape(j, (2 * E,))
    tl.store(o + 4 * E + tl.arange(0, 2 * E), jf)
    # split of a reshape [A, B, C//2, 2]
    s0, s1 = tl.split(tl.reshape(x, (A, B, C // 2, 2)))
    h = tl.arange(0, C // 2)[None, None, :]
    tl.store(o + 6 * E + ia * (B * C // 2) + ib * (C // 2) + h, s0)
    tl.store(o + 6 * E + E // 2 + ia * (B * C // 2) + ib * (C // 2) + h, s1 * 10.0)
    # cat (order unspecified) -> sorted, plus a sum
    c = tl.cat(tl.reshape(x, (E,)), tl.reshape(p, (E,)) + 0.25, can_reorder=True)
    tl.store(o + 7 * E + tl.arange(0, 2 * E), tl.sort(c))
    tl.store(o + 9 * E, tl.sum(c, axis=0))
    # 3-D reductions and expand/broadcast
    m1 = tl.max(x, axis=1)                 # [A, C]
    m2 = tl.sum(tl.sum(x, axis=2), axis=0)  # [B]
    tl.store(o + 9 * E + 1 + tl.arange(0, A)[:, None] * C + tl.arange(0, C)[None, :], m1)
    tl.store(o + 9 * E + 1 + A * C + tl.arange(0, B), m2)

def c_shape3d(name):
    G, A, B, C = 2, 4, 8, 16
    E = A * B * C
    x = T(G, E); o = T(G, 10 * E, kind="poison")
    k = shape3d_k[(G,)](x, o, A=A, B=B, C=C)
    record(name, k, shape3d_k, (G,), [x, o], ["out_ptr"], tol=(1e-5, 1e-5))

# ---------------------------------------------------------------- atomics
@triton.jit
def atomic_int_k(x_ptr, bins_ptr, u_ptr, old_ptr, uniq_ptr, cnt_ptr, n, NB: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0)
    slot = (offs * 7) % NB
    tl.atomic_add(bins_ptr + slot, x, mask=m)                                          # add, contention
    tl.atomic_max(bins_ptr + NB + slot, x, mask=m)                                     # signed max
    tl.atomic_min(bins_ptr + 2 * NB + slot, x, mask=m, sem="relaxed", scope="gpu")     # signed min
    tl.atomic_and(bins_ptr + 3 * NB + slot, x | 0x0F0F, mask=m, sem="acq_rel")
    tl.atomic_or(bins_ptr + 4 * NB + slot, x & 0x3FFF, mask=m, sem="release", scope="cta")
    tl.atomic_xor(bins_ptr + 5 * NB + slot, x, mask=m, sem="acquire", scope="sys")
    tl.atomic_add(bins_ptr + 6 * NB + slot, 1, mask=m, scope="gpu")
    up = u_ptr.to(tl.pointer_type(tl.uint32))
    ux = x.to(tl.uint32, bitcast=True)
    tl.atomic_max(up + slot, ux, mask=m)                                               # unsigned max
    tl.atomic_min(up + NB + slot, ux, mask=m)                                          # unsigned min
    # unique addresses: the returned old values are deterministic
    o1 = tl.atomic_xchg(uniq_ptr + offs, x, mask=m)
    o2 = tl.atomic_add(uniq_ptr + n + offs, x, mask=m, sem="relaxed")
    o3 = tl.atomic_max(uniq_ptr + 2 * n + offs, x, mask=m)
    tl.store(old_ptr + offs, o1, mask=m)
    tl.store(old_ptr + n + offs, o2, mask=m)
    tl.store(old_ptr + 2 * n + offs, o3, mask=m)
    tl.atomic_add(cnt_ptr, 1)                    # scalar atomic, once per program
    tl.atomic_add(cnt_ptr + 1, tl.sum(m.to(tl.int32), axis=0))

def c_atomic_int(name):
    n, NB, BLOCK = 5003, 16, 128
    x = T(n, dtype=torch.int32, kind="randint", lo=-100000, hi=100000)
    bins = torch.zeros(7 * NB, dtype=torch.int32, device=DEV)
    bins[NB:2 * NB] = -2**31; bins[2 * NB:3 * NB] = 2**31 - 1; bins[3 * NB:4 * NB] = -1; keep(bins)
    u = torch.zeros(2 * NB, dtype=torch.int32, device=DEV); u[NB:] = -1; keep(u)
    old = T(3 * n, dtype=torch.int32, kind="poison")
    uniq = T(3 * n, dtype=torch.int32, kind="randint", lo=-50000, hi=50000)
    cnt = T(2, dtype=torch.int32, kind="zeros")
    g = (cdiv(n, BLOCK),)
    k = atomic_int_k[g](x, bins, u, old, uniq, cnt, n, NB=NB, BLOCK=BLOCK)
    record(name, k, atomic_int_k, g, [x, bins, u, old, uniq, cnt, n], ["bins_ptr", "u_ptr", "old_ptr", "uniq_ptr", "cnt_ptr"], tol=(0, 0))

@triton.jit
def atomic_float_k(x_ptr, acc_ptr, uniq_ptr, old_ptr, n, NB: tl.constexpr, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    slot = offs % NB
    tl.atomic_add(acc_ptr + slot, x, mask=m)                # values are multiples of 1/8: sums exact
    tl.atomic_max(acc_ptr + NB + slot, x, mask=m)           # float max (negative values too)
    tl.atomic_min(acc_ptr + 2 * NB + slot, x, mask=m)
    tl.atomic_max(acc_ptr + 3 * NB + slot, -tl.abs(x) - 1.0, mask=m)   # all-negative max
    tl.atomic_min(acc_ptr + 4 * NB + slot, tl.abs(x) + 1.0, mask=m)    # all-positive min
    o1 = tl.atomic_add(uniq_ptr + offs, x, mask=m, sem="acq_rel", scope="gpu")
    o2 = tl.atomic_xchg(uniq_ptr + n + offs, x * 2.0, mask=m)
    o3 = tl.atomic_max(uniq_ptr + 2 * n + offs, x, mask=m)
    o4 = tl.atomic_min(uniq_ptr + 3 * n + offs, x, mask=m)
    tl.store(old_ptr + offs, o1, mask=m)
    tl.store(old_ptr + n + offs, o2, mask=m)
    tl.store(old_ptr + 2 * n + offs, o3, mask=m)
    tl.store(old_ptr + 3 * n + offs, o4, mask=m)

def c_atomic_float(name):
    n, NB, BLOCK = 4001, 8, 256
    x = keep(torch.randint(-400, 400, (n,), device=DEV).float() / 8)
    acc = torch.zeros(5 * NB, device=DEV)
    acc[NB:2 * NB] = float("-inf"); acc[2 * NB:3 * NB] = float("inf")
    acc[3 * NB:4 * NB] = -1e9; acc[4 * NB:5 * NB] = 1e9; keep(acc)
    uniq = T(4 * n); old = T(4 * n, kind="poison")
    g = (cdiv(n, BLOCK),)
    k = atomic_float_k[g](x, acc, uniq, old, n, NB=NB, BLOCK=BLOCK)
    record(name, k, atomic_float_k, g, [x, acc, uniq, old, n], ["acc_ptr", "uniq_ptr", "old_ptr"], tol=(0, 0))

@triton.jit
def atomic_half_k(x_ptr, h_ptr, n, NB: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    tl.atomic_add(h_ptr + offs % NB, x, mask=m)

def c_atomic_half(name):
    n, NB = 1000, 16
    x = keep(torch.randint(0, 3, (n,), device=DEV).half()); h = T(NB, dtype=torch.float16, kind="zeros")
    g = (cdiv(n, 128),)
    k = atomic_half_k[g](x, h, n, NB=NB, BLOCK=128)
    record(name, k, atomic_half_k, g, [x, h, n], ["h_ptr"], tol=(0, 0))

@triton.jit
def atomic_cas_k(x_ptr, max_ptr, cnt_ptr, flags_ptr, old_ptr, N: tl.constexpr):
    pid = tl.program_id(0)
    v = tl.load(x_ptr + pid)
    # CAS-based max
    cur = tl.atomic_add(max_ptr, 0)
    while cur < v:
        prev = tl.atomic_cas(max_ptr, cur, v)
        cur = tl.where(prev == cur, v, prev)
    # CAS-based counter increment (lock free)
    done = 0
    while done == 0:
        c = tl.atomic_add(cnt_ptr, 0, sem="acquire")
        got = tl.atomic_cas(cnt_ptr, c, c + 1, sem="acq_rel", scope="gpu")
        done = (got == c).to(tl.int32)
    # tensor CAS on unique addresses: compare succeeds for even elements only
    offs = pid * N + tl.arange(0, N)
    f = tl.load(flags_ptr + offs)
    cmp = tl.where(offs % 2 == 0, f, f + 1)
    old = tl.atomic_cas(flags_ptr + offs, cmp, offs * 10, sem="relaxed", scope="cta")
    tl.store(old_ptr + offs, old)

def c_atomic_cas(name):
    G, N = 64, 32
    x = T(G, dtype=torch.int32, kind="randint", lo=-1000, hi=100000)
    mx = keep(torch.full((1,), -2**31, dtype=torch.int32, device=DEV)); cnt = T(1, dtype=torch.int32, kind="zeros")
    flags = T(G * N, dtype=torch.int32, kind="randint", lo=0, hi=1000); old = T(G * N, dtype=torch.int32, kind="poison")
    k = atomic_cas_k[(G,)](x, mx, cnt, flags, old, N=N)
    record(name, k, atomic_cas_k, (G,), [x, mx, cnt, flags, old], ["max_ptr", "cnt_ptr", "flags_ptr", "old_ptr"], tol=(0, 0))

# ---------------------------------------------------------------- pointers, indices, scalars, control flow
@triton.jit
def i64_offsets_k(x_ptr, out_ptr, o64_ptr, n, big, stride, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    o64 = offs.to(tl.int64) + big                  # > 2^31
    x = tl.load(x_ptr + (o64 - big), mask=m)       # int64 offsets
    row = (offs // 8).to(tl.int64) * stride        # stride multiplied as int64
    tl.store(out_ptr + row + offs % 8, x * 2.0, mask=m)
    tl.store(o64_ptr + offs, o64 * 3 + (offs.to(tl.int64) * 3000000007), mask=m)
    tl.store(o64_ptr + n + offs, (o64 >> 31) + (o64 % 1000003), mask=m)

def c_i64(name):
    n, B = 1000, 128
    x = T(n); o = T(n, kind="poison"); o64 = T(2 * n, dtype=torch.int64, kind="poison")
    g = (cdiv(n, B),)
    big = 3 * 2**32 + 5
    k = i64_offsets_k[g](x, o, o64, n, big, 8, BLOCK=B)
    record(name, k, i64_offsets_k, g, [x, o, o64, n, big, 8], ["out_ptr", "o64_ptr"], tol=(0, 0))

@triton.jit
def ptr_select_k(x_ptr, y_ptr, idx_ptr, perm_ptr, out_ptr, n, nvalid, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    p = tl.where(offs % 3 == 0, x_ptr + offs, y_ptr + offs)
    a = tl.load(p, mask=m, other=-5.0)
    idx = tl.load(idx_ptr + offs, mask=m, other=0)
    b = tl.load(x_ptr + idx, mask=m & (idx < nvalid), other=-1.5)        # gather through loaded offsets
    perm = tl.load(perm_ptr + offs, mask=m, other=0)
    tl.store(out_ptr + perm, a + b, mask=m)                              # scatter through a permutation
    q = tl.where(pid % 2 == 0, out_ptr + n, out_ptr + 2 * n)             # scalar pointer select
    tl.store(q + offs, b, mask=m)

def c_ptr_select(name):
    n, B = 1000, 256
    x, y = T(n), T(n)
    idx = T(n, dtype=torch.int32, kind="randint", lo=0, hi=n)
    perm = keep(torch.randperm(n, device=DEV).to(torch.int32))
    o = T(3 * n, kind="poison")
    g = (cdiv(n, B),)
    k = ptr_select_k[g](x, y, idx, perm, o, n, 700, BLOCK=B)
    record(name, k, ptr_select_k, g, [x, y, idx, perm, o, n, 700], ["out_ptr"], tol=(0, 0))

@triton.jit
def scalar_k(x_ptr, i_ptr, out_ptr, flag_ptr):
    pid = tl.program_id(0)
    s = tl.load(x_ptr)                     # scalar load
    i = tl.load(i_ptr + pid)
    tl.store(out_ptr + pid, s * i + pid)   # scalar store
    if i > 3:
        tl.store(flag_ptr + pid, i * 2)
    else:
        tl.store(flag_ptr + pid, -i)
    t = tl.load(x_ptr + 1 + pid % 2)
    if t > 0:
        tl.store(out_ptr + 64 + pid, t)

def c_scalar(name):
    G = 40
    x = T(3); i = T(G, dtype=torch.int32, kind="randint", lo=-5, hi=10)
    o = T(64 + G, kind="poison"); f = T(G, dtype=torch.int32, kind="poison")
    k = scalar_k[(G,)](x, i, o, f)
    record(name, k, scalar_k, (G,), [x, i, o, f], ["out_ptr", "flag_ptr"], tol=(0, 0))

@triton.jit
def while_k(x_ptr, out_ptr, lim):
    pid = tl.program_id(0)
    v = tl.load(x_ptr + pid)
    steps = 0
    while v != 1:                          # collatz: data-dependent trip count
        if v % 2 == 0:
            v = v // 2
        else:
            v = 3 * v + 1
        steps += 1
    w = tl.load(x_ptr + pid)
    acc = 0
    inner = 0
    while acc < lim:                       # nested while with a data-dependent bound
        j = 0
        while j < w % 5 + 1:
            acc += j + 1
            j += 1
            inner += 1
        acc += 1
    tl.store(out_ptr + pid * 3, steps)
    tl.store(out_ptr + pid * 3 + 1, acc)
    tl.store(out_ptr + pid * 3 + 2, inner)

def c_while(name):
    G = 50
    x = T(G, dtype=torch.int32, kind="randint", lo=1, hi=2000); o = T(3 * G, dtype=torch.int32, kind="poison")
    k = while_k[(G,)](x, o, 37)
    record(name, k, while_k, (G,), [x, o, 37], ["out_ptr"], tol=(0, 0))

@triton.jit(noinline=True)
def nl_axpy(x_ptr, y_ptr, out_ptr, start, n, a, BLOCK: tl.constexpr):
    offs = start + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    y = tl.load(y_ptr + offs, mask=m)
    tl.store(out_ptr + offs, x * a + y, mask=m)

@triton.jit(noinline=True)
def nl_scalar(a, b):
    return a * 3 + b

@triton.jit(noinline=True)
def nl_sum(ptr, start, n, BLOCK: tl.constexpr):
    offs = start + tl.arange(0, BLOCK)
    return tl.sum(tl.load(ptr + offs, mask=offs < n, other=0.0), axis=0)

@triton.jit
def noinline_k(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    nl_axpy(x_ptr, y_ptr, out_ptr, pid * BLOCK, n, 2.5, BLOCK)
    nl_axpy(out_ptr, x_ptr, out_ptr + n, pid * BLOCK, n, -1.0, BLOCK)
    s = nl_scalar(pid, 7)
    t = nl_sum(y_ptr, pid * BLOCK, n, BLOCK)
    tl.store(out_ptr + 2 * n + pid, s + t)

def c_noinline(name):
    n, B = 1000, 256
    g = (cdiv(n, B),)
    x, y = T(n), T(n); o = T(2 * n + g[0], kind="poison")
    k = noinline_k[g](x, y, o, n, BLOCK=B)
    record(name, k, noinline_k, g, [x, y, o, n], ["out_ptr"], tol=(1e-5, 1e-5))

@triton.jit
def assert_k(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1)
    tl.device_assert(x > 0, "x must be positive")
    tl.device_assert((offs < n) | (x == 1))
    tl.store(out_ptr + offs, x * 2, mask=m)

def c_assert(name):
    n = 1000
    x = T(n, dtype=torch.int32, kind="randint", lo=1, hi=100); o = T(n, dtype=torch.int32, kind="poison")
    g = (cdiv(n, 256),)
    k = assert_k[g](x, o, n, BLOCK=256, debug=True)
    record(name, k, assert_k, g, [x, o, n], ["out_ptr"], tol=(0, 0), note="compiled with debug=True: asserts present")

# ---------------------------------------------------------------- floating point conversions and arithmetic
@triton.jit
def fp_round_k(f_ptr, h_ptr, b_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    f = tl.load(f_ptr + offs, mask=m)
    tl.store(h_ptr + offs, f.to(tl.float16, fp_downcast_rounding="rtne"), mask=m)
    tl.store(h_ptr + n + offs, f.to(tl.float16, fp_downcast_rounding="rtz"), mask=m)
    tl.store(b_ptr + offs, f.to(tl.bfloat16, fp_downcast_rounding="rtne"), mask=m)
    tl.store(b_ptr + n + offs, f.to(tl.bfloat16, fp_downcast_rounding="rtz"), mask=m)
    tl.store(h_ptr + 2 * n + offs, f.to(tl.float16), mask=m)
    tl.store(b_ptr + 2 * n + offs, f.to(tl.bfloat16), mask=m)

def c_fp_round(name):
    n = 3000
    f = torch.randn(n, device=DEV) * torch.exp2(torch.randint(-30, 20, (n,), device=DEV).float())
    f[:20] = torch.tensor([float("inf"), float("-inf"), float("nan"), 0.0, -0.0, 65504.0, 65519.0, 65520.0, 1e6, -1e6,
                           6e-8, 3e-8, 1e-40, -5.9604645e-08, 3.3895314e38, 1.0009765625, 1.00048828125, -1.00048828125,
                           1.00390625, 1.001953125], device=DEV)
    keep(f)
    h = T(3 * n, dtype=torch.float16, kind="poison"); b = T(3 * n, dtype=torch.bfloat16, kind="poison")
    g = (cdiv(n, 512),)
    k = fp_round_k[g](f, h, b, n, BLOCK=512)
    record(name, k, fp_round_k, g, [f, h, b, n], ["h_ptr", "b_ptr"], tol=(0, 0))

@triton.jit
def fp8_k(f_ptr, q_ptr, r_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    f = tl.load(f_ptr + offs, mask=m)
    a = f.to(tl.float8e4nv)
    b = f.to(tl.float8e5)
    tl.store(q_ptr + offs, a.to(tl.int8, bitcast=True), mask=m)
    tl.store(q_ptr + n + offs, b.to(tl.int8, bitcast=True), mask=m)
    tl.store(r_ptr + offs, a.to(tl.float32), mask=m)
    tl.store(r_ptr + n + offs, b.to(tl.float32), mask=m)
    tl.store(r_ptr + 2 * n + offs, f.to(tl.float16).to(tl.float8e5).to(tl.float32), mask=m)

def c_fp8(name):
    n = 2000
    f = torch.randn(n, device=DEV) * torch.exp2(torch.randint(-12, 10, (n,), device=DEV).float())
    f[:8] = torch.tensor([0.0, -0.0, 448.0, 449.0, 57344.0, 1e-3, -240.0, 0.0625], device=DEV)
    keep(f)
    q = T(2 * n, dtype=torch.int8, kind="poison"); r = T(3 * n, kind="poison")
    g = (cdiv(n, 512),)
    k = fp8_k[g](f, q, r, n, BLOCK=512)
    record(name, k, fp8_k, g, [f, q, r, n], ["q_ptr", "r_ptr"], tol=(0, 0))

@triton.jit
def half_arith_k(a_ptr, b_ptr, h_ptr, g_ptr, ob_ptr, oh_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=1.0)       # bf16
    b = tl.load(b_ptr + offs, mask=m, other=1.0)       # bf16
    h = tl.load(h_ptr + offs, mask=m, other=1.0)       # f16
    g = tl.load(g_ptr + offs, mask=m, other=1.0)       # f16
    tl.store(ob_ptr + offs, a * b + a, mask=m)
    tl.store(ob_ptr + n + offs, a / b - b, mask=m)
    tl.store(ob_ptr + 2 * n + offs, tl.maximum(a, b) * 3.0 + tl.exp(a.to(tl.float32)).to(tl.bfloat16), mask=m)
    tl.store(ob_ptr + 3 * n + offs, (a + b + a + b + a + b), mask=m)
    tl.store(oh_ptr + offs, h * g - h, mask=m)
    tl.store(oh_ptr + n + offs, h / g, mask=m)
    tl.store(oh_ptr + 2 * n + offs, tl.sqrt(tl.abs(h).to(tl.float32)).to(tl.float16) + h * h * h, mask=m)
    tl.store(oh_ptr + 3 * n + offs, (h + g + h + g + h + g), mask=m)

def c_half_arith(name):
    n = 1500
    a = T(n, dtype=torch.bfloat16); b = T(n, dtype=torch.bfloat16); h = T(n, dtype=torch.float16); g_ = T(n, dtype=torch.float16)
    ob = T(4 * n, dtype=torch.bfloat16, kind="poison"); oh = T(4 * n, dtype=torch.float16, kind="poison")
    g = (cdiv(n, 512),)
    k = half_arith_k[g](a, b, h, g_, ob, oh, n, BLOCK=512)
    record(name, k, half_arith_k, g, [a, b, h, g_, ob, oh, n], ["ob_ptr", "oh_ptr"], tol=(1e-2, 1e-2),
           note="1 ulp of bf16/f16 tolerated (GPU may fuse a*b+a)")

# ---------------------------------------------------------------- dot
@triton.jit
def dot_k(a_ptr, b_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr, MODE: tl.constexpr):
    pid = tl.program_id(0)
    rm = tl.arange(0, M); rn = tl.arange(0, N); rk = tl.arange(0, K)
    a = tl.load(a_ptr + pid * M * K + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + pid * K * N + rk[:, None] * N + rn[None, :])
    if MODE == 0:
        c = tl.dot(a, b)                                  # bf16 -> f32
    elif MODE == 1:
        c = tl.dot(a, b, out_dtype=tl.int32)              # int8 -> int32
    elif MODE == 2:
        c = tl.dot(a, b, allow_tf32=False)                # f32 ieee
    else:
        c = tl.dot(a, b, out_dtype=tl.float16)            # f16 -> f16
    tl.store(c_ptr + pid * M * N + rm[:, None] * N + rn[None, :], c)

def c_dot(name, mode=0):
    G, M, N, K = 2, 32, 32, 64
    dt = {0: torch.bfloat16, 1: torch.int8, 2: torch.float32, 3: torch.float16}[mode]
    if mode == 1:
        a = T(G, M, K, dtype=dt, kind="randint", lo=-128, hi=127); b = T(G, K, N, dtype=dt, kind="randint", lo=-128, hi=127)
    else:
        a = T(G, M, K, dtype=dt); b = T(G, K, N, dtype=dt)
    cdt = {0: torch.float32, 1: torch.int32, 2: torch.float32, 3: torch.float16}[mode]
    c = T(G, M, N, dtype=cdt, kind="poison")
    k = dot_k[(G,)](a, b, c, M=M, N=N, K=K, MODE=mode)
    tol = {0: (1e-4, 1e-4), 1: (0, 0), 2: (1e-5, 1e-5), 3: (1e-2, 2e-2)}[mode]
    record(name, k, dot_k, (G,), [a, b, c], ["c_ptr"], tol=tol)

@triton.jit
def dot3d_k(a_ptr, b_ptr, c_ptr, BT: tl.constexpr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    pid = tl.program_id(0)
    ib = tl.arange(0, BT)[:, None, None]
    im = tl.arange(0, M)[None, :, None]; ik = tl.arange(0, K)[None, None, :]
    a = tl.load(a_ptr + pid * BT * M * K + ib * M * K + im * K + ik)
    ik2 = tl.arange(0, K)[None, :, None]; in2 = tl.arange(0, N)[None, None, :]
    b = tl.load(b_ptr + pid * BT * K * N + ib * K * N + ik2 * N + in2)
    acc = tl.full((BT, M, N), 1.0, tl.float32)
    c = tl.dot(a, b, acc)
    tl.store(c_ptr + pid * BT * M * N + ib * M * N + im * N + in2, c)

def c_dot3d(name):
    G, BT, M, N, K = 2, 4, 16, 32, 32
    a = T(G, BT, M, K, dtype=torch.float16); b = T(G, BT, K, N, dtype=torch.float16); c = T(G, BT, M, N, kind="poison")
    k = dot3d_k[(G,)](a, b, c, BT=BT, M=M, N=N, K=K)
    record(name, k, dot3d_k, (G,), [a, b, c], ["c_ptr"], tol=(1e-4, 1e-4))

# ---------------------------------------------------------------- reductions and scans
@triton.jit
def _absmax_combine(v1, i1, v2, i2):
    a1 = tl.abs(v1); a2 = tl.abs(v2)
    take1 = (a1 > a2) | ((a1 == a2) & (i1 < i2))
    return tl.where(take1, v1, v2), tl.where(take1, i1, i2)

@triton.jit
def argreduce_k(x_ptr, f_ptr, out_ptr, fo_ptr, R, C: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * 4 + tl.arange(0, 4)
    cols = tl.arange(0, C)
    rm = rows < R
    x = tl.load(x_ptr + rows[:, None] * C + cols[None, :], mask=rm[:, None], other=0)
    tl.store(out_ptr + rows, tl.argmax(x, axis=1), mask=rm)
    xu = x * C + cols[None, :]   # unique values: tie_break_left=False is order-dependent on ties
    tl.store(out_ptr + R + rows, tl.argmax(xu, axis=1, tie_break_left=False), mask=rm)
    tl.store(out_ptr + 2 * R + rows, tl.argmin(x, axis=1), mask=rm)
    tl.store(out_ptr + 3 * R + rows, tl.argmin(xu, axis=1, tie_break_left=False), mask=rm)
    mv, mi = tl.max(x, axis=1, return_indices=True)
    tl.store(out_ptr + 4 * R + rows, mv * 1000 + mi, mask=rm)
    f = tl.load(f_ptr + rows[:, None] * C + cols[None, :], mask=rm[:, None], other=0.0)
    idx = tl.broadcast_to(cols[None, :], (4, C))
    v, i = tl.reduce((f, idx), 1, _absmax_combine)
    tl.store(fo_ptr + rows, v, mask=rm)
    tl.store(out_ptr + 5 * R + rows, i, mask=rm)
    tl.store(out_ptr + 6 * R + pid * C + cols, tl.argmax(f, axis=0).to(tl.int32) + tl.argmin(f, axis=0) * 100)

def c_argreduce(name):
    R, C = 23, 64
    x = T(R, C, dtype=torch.int32, kind="randint", lo=-3, hi=4)
    f = keep((torch.randint(-20, 20, (R, C), device=DEV).float() / 4))
    g = (cdiv(R, 4),)
    o = T(6 * R + g[0] * C, dtype=torch.int32, kind="poison"); fo = T(R, kind="poison")
    k = argreduce_k[g](x, f, o, fo, R, C=C)
    record(name, k, argreduce_k, g, [x, f, o, fo, R], ["out_ptr", "fo_ptr"], tol=(0, 0))

@triton.jit
def _linrec(a1, b1, a2, b2):
    return a1 * a2, b1 * a2 + b2

@triton.jit
def _maxc(a, b):
    return tl.maximum(a, b)

@triton.jit
def scan_k(x_ptr, a_ptr, out_ptr, fo_ptr, R: tl.constexpr, C: tl.constexpr):
    rr = tl.arange(0, R); cc = tl.arange(0, C)
    x = tl.load(x_ptr + rr[:, None] * C + cc[None, :])           # int32
    tl.store(out_ptr + rr[:, None] * C + cc[None, :], tl.cumsum(x, axis=1, reverse=True))
    tl.store(out_ptr + R * C + rr[:, None] * C + cc[None, :], tl.cumsum(x, axis=0, reverse=True))
    tl.store(out_ptr + 2 * R * C + rr[:, None] * C + cc[None, :], tl.associative_scan(x, 1, _maxc))
    a = tl.load(a_ptr + rr[:, None] * C + cc[None, :])           # f32 in (0.5, 1)
    b = x.to(tl.float32) * 0.125
    sa, sb = tl.associative_scan((a, b), 1, _linrec)
    tl.store(fo_ptr + rr[:, None] * C + cc[None, :], sb)
    ra, rb = tl.associative_scan((a, b), 0, _linrec, reverse=True)
    tl.store(fo_ptr + R * C + rr[:, None] * C + cc[None, :], rb + ra)

def c_scan(name):
    R, C = 8, 64
    x = T(R, C, dtype=torch.int32, kind="randint", lo=-50, hi=50)
    a = keep(torch.rand(R, C, device=DEV) * 0.5 + 0.5)
    o = T(3 * R * C, dtype=torch.int32, kind="poison"); fo = T(2 * R * C, kind="poison")
    k = scan_k[(1,)](x, a, o, fo, R=R, C=C)
    record(name, k, scan_k, (1,), [x, a, o, fo], ["out_ptr", "fo_ptr"], tol=(1e-5, 1e-5))

@triton.jit
def histo_mask_k(x_ptr, out_ptr, n, N: tl.constexpr, NB: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * N + tl.arange(0, N)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0)
    h = tl.histogram(x, NB, mask=m)
    tl.store(out_ptr + pid * NB + tl.arange(0, NB), h)

def c_histo_mask(name):
    n, N, NB = 1000, 256, 16
    x = T(n, dtype=torch.int32, kind="randint", lo=0, hi=NB)
    G = cdiv(n, N)
    o = T(G * NB, dtype=torch.int32, kind="poison")
    k = histo_mask_k[(G,)](x, o, n, N=N, NB=NB)
    record(name, k, histo_mask_k, (G,), [x, o, n], ["out_ptr"], tol=(0, 0))

# ---------------------------------------------------------------- grids
@triton.jit
def grid3d_work_k(x_ptr, out_ptr, X, Y, BX: tl.constexpr):
    px = tl.program_id(0); py = tl.program_id(1); pz = tl.program_id(2)
    nx = tl.num_programs(0); ny = tl.num_programs(1); nz = tl.num_programs(2)
    offs = px * BX + tl.arange(0, BX)
    m = offs < X
    base = (pz * Y + py) * X
    v = tl.load(x_ptr + base + offs, mask=m)
    tl.store(out_ptr + base + offs, v * (nx * 100 + ny * 10 + nz) + pz - py, mask=m)

def c_grid3d_work(name):
    X, Y, Z, BX = 100, 5, 3, 32
    x = T(Z, Y, X); o = T(Z, Y, X, kind="poison")
    g = (cdiv(X, BX), Y, Z)
    k = grid3d_work_k[g](x, o, X, Y, BX=BX)
    record(name, k, grid3d_work_k, g, [x, o, X, Y], ["out_ptr"], tol=(1e-6, 1e-5))

# ---------------------------------------------------------------- math
@triton.jit
def libdevice_k(x_ptr, y_ptr, out_ptr, iout_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    y = tl.load(y_ptr + offs, mask=m, other=1.0)
    tl.store(out_ptr + 0 * n + offs, libdevice.exp(x), mask=m)
    tl.store(out_ptr + 1 * n + offs, libdevice.log1p(x), mask=m)
    tl.store(out_ptr + 2 * n + offs, libdevice.tanh(x), mask=m)
    tl.store(out_ptr + 3 * n + offs, libdevice.erf(x), mask=m)
    tl.store(out_ptr + 4 * n + offs, libdevice.pow(x, y), mask=m)
    tl.store(out_ptr + 5 * n + offs, libdevice.atan2(x, y), mask=m)
    tl.store(out_ptr + 6 * n + offs, libdevice.fmod(x, y), mask=m)
    tl.store(out_ptr + 7 * n + offs, libdevice.rsqrt(x), mask=m)
    tl.store(out_ptr + 8 * n + offs, libdevice.expm1(x), mask=m)
    tl.store(out_ptr + 9 * n + offs, libdevice.cbrt(x), mask=m)
    tl.store(out_ptr + 10 * n + offs, libdevice.hypot(x, y), mask=m)
    tl.store(out_ptr + 11 * n + offs, libdevice.asin(x), mask=m)
    tl.store(out_ptr + 12 * n + offs, libdevice.sinh(x), mask=m)
    tl.store(out_ptr + 13 * n + offs, libdevice.log10(x), mask=m)
    tl.store(out_ptr + 14 * n + offs, libdevice.erfc(x), mask=m)
    tl.store(out_ptr + 15 * n + offs, libdevice.trunc(x), mask=m)
    tl.store(out_ptr + 16 * n + offs, libdevice.rint(x), mask=m)
    tl.store(out_ptr + 17 * n + offs, libdevice.copysign(x, y), mask=m)
    tl.store(out_ptr + 18 * n + offs, libdevice.nextafter(x, y), mask=m)
    tl.store(out_ptr + 19 * n + offs, libdevice.fdim(x, y), mask=m)
    tl.store(out_ptr + 20 * n + offs, libdevice.remainder(x, y), mask=m)
    tl.store(out_ptr + 21 * n + offs, libdevice.acosh(x), mask=m)
    tl.store(out_ptr + 22 * n + offs, libdevice.atanh(x), mask=m)
    tl.store(out_ptr + 23 * n + offs, libdevice.tgamma(x), mask=m)
    tl.store(out_ptr + 24 * n + offs, libdevice.round(x), mask=m)
    tl.store(out_ptr + 25 * n + offs, libdevice.log2(x), mask=m)
    tl.store(iout_ptr + 0 * n + offs, libdevice.isnan(x).to(tl.int32), mask=m)
    tl.store(iout_ptr + 1 * n + offs, libdevice.signbit(x).to(tl.int32), mask=m)
    tl.store(iout_ptr + 2 * n + offs, libdevice.isinf(x).to(tl.int32), mask=m)
    tl.store(iout_ptr + 3 * n + offs, libdevice.ilogb(x).to(tl.int32), mask=m)
    tl.store(iout_ptr + 4 * n + offs, libdevice.isfinited(x.to(tl.float64)).to(tl.int32), mask=m)

def c_libdevice(name, dtype=torch.float32):
    n = 1000
    x = specials(n, dtype); y = specials(n, dtype)
    y[:20] = y[:20].flip(0); INITIAL[id(y)] = y.clone()
    o = T(26 * n, dtype=dtype, kind="poison"); io = T(5 * n, dtype=torch.int32, kind="poison")
    g = (cdiv(n, 256),)
    k = libdevice_k[g](x, y, o, io, n, BLOCK=256)
    tol = (4e-6, 1e-37) if dtype == torch.float32 else (1e-14, 1e-300)
    record(name, k, libdevice_k, g, [x, y, o, io, n], ["out_ptr", "iout_ptr"], tol=tol,
           note="special values in the first 20 elements")

@triton.jit
def exact_math_k(x_ptr, y_ptr, out_ptr, d_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    y = tl.load(y_ptr + offs, mask=m, other=1.0)
    tl.store(out_ptr + offs, tl.math.div_rn(x, y), mask=m)
    tl.store(out_ptr + n + offs, tl.math.sqrt_rn(tl.abs(x)), mask=m)
    tl.store(out_ptr + 2 * n + offs, tl.fma(x, y, -x), mask=m)
    tl.store(out_ptr + 3 * n + offs, tl.math.sqrt_rn(x), mask=m)
    xd = x.to(tl.float64); yd = y.to(tl.float64)
    tl.store(d_ptr + offs, xd / yd, mask=m)
    tl.store(d_ptr + n + offs, tl.sqrt(tl.abs(xd)), mask=m)

def c_exact_math(name):
    n = 1000
    x = specials(n); y = specials(n); y[:20] = y[:20].flip(0); INITIAL[id(y)] = y.clone()
    o = T(4 * n, kind="poison"); d = T(2 * n, dtype=torch.float64, kind="poison")
    g = (cdiv(n, 256),)
    k = exact_math_k[g](x, y, o, d, n, BLOCK=256)
    record(name, k, exact_math_k, g, [x, y, o, d, n], ["out_ptr", "d_ptr"], tol=(0, 0),
           note="correctly rounded operations must match bit for bit")

@triton.jit
def nan_minmax_k(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=1.0)
    y = tl.load(y_ptr + offs, mask=m, other=1.0)
    tl.store(out_ptr + offs, tl.clamp(x, -0.5, 0.75), mask=m)
    tl.store(out_ptr + n + offs, tl.clamp(x, -0.5, 0.75, propagate_nan=tl.PropagateNan.ALL), mask=m)
    tl.store(out_ptr + 2 * n + offs, tl.maximum(x, y), mask=m)
    tl.store(out_ptr + 3 * n + offs, tl.maximum(x, y, propagate_nan=tl.PropagateNan.ALL), mask=m)
    tl.store(out_ptr + 4 * n + offs, tl.minimum(x, y), mask=m)
    tl.store(out_ptr + 5 * n + offs, tl.minimum(x, y, propagate_nan=tl.PropagateNan.ALL), mask=m)
    tl.store(out_ptr + 6 * n + offs, tl.clamp(x, y - 1.0, y + 1.0), mask=m)
    tl.store(out_ptr + 7 * n + offs, x / y, mask=m)

def c_nan_minmax(name):
    n = 1000
    x = specials(n); y = specials(n); y[:20] = y[:20].flip(0); y[40:60] = float("nan"); INITIAL[id(y)] = y.clone()
    o = T(8 * n, kind="poison")
    g = (cdiv(n, 256),)
    k = nan_minmax_k[g](x, y, o, n, BLOCK=256)
    record(name, k, nan_minmax_k, g, [x, y, o, n], ["out_ptr"], tol=(1e-6, 0), note="x / y is approximate on the GPU")

@triton.jit
def int_edge_k(a_ptr, b_ptr, s_ptr, out_ptr, o64_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=1)
    b = tl.load(b_ptr + offs, mask=m, other=1)
    tl.store(out_ptr + 0 * n + offs, a // b, mask=m)
    tl.store(out_ptr + 1 * n + offs, a % b, mask=m)
    tl.store(out_ptr + 2 * n + offs, tl.cdiv(a, b), mask=m)
    tl.store(out_ptr + 3 * n + offs, a >> 3, mask=m)
    tl.store(out_ptr + 4 * n + offs, (a.to(tl.uint32) >> 3).to(tl.int32), mask=m)
    tl.store(out_ptr + 5 * n + offs, (a.to(tl.uint32) < b.to(tl.uint32)).to(tl.int32)
             + 2 * (a.to(tl.uint32) >= b.to(tl.uint32) * 5).to(tl.int32), mask=m)
    tl.store(out_ptr + 6 * n + offs, (a.to(tl.uint32) // b.to(tl.uint32)).to(tl.int32), mask=m)
    tl.store(out_ptr + 7 * n + offs, (a.to(tl.uint32) % b.to(tl.uint32)).to(tl.int32), mask=m)
    tl.store(out_ptr + 8 * n + offs, tl.umulhi(a, b * 1000003), mask=m)
    tl.store(out_ptr + 9 * n + offs, a.to(tl.int8).to(tl.int32) + a.to(tl.uint8).to(tl.int32) * 1000, mask=m)
    tl.store(out_ptr + 10 * n + offs, (a.to(tl.int16) * b.to(tl.int16)).to(tl.int32), mask=m)
    tl.store(out_ptr + 11 * n + offs, (a % 300).to(tl.float32).to(tl.uint8).to(tl.int32), mask=m)
    a64 = a.to(tl.int64) * 1000003
    tl.store(o64_ptr + offs, a64 // b, mask=m)
    tl.store(o64_ptr + n + offs, a64 % b, mask=m)
    tl.store(o64_ptr + 2 * n + offs, (a64.to(tl.uint64) >> 40).to(tl.int64), mask=m)

def c_int_edge(name):
    n = 1500
    a = T(n, dtype=torch.int32, kind="randint", lo=-2**31, hi=2**31 - 1)
    a[:500] = torch.randint(-1000, 1000, (500,), device=DEV, dtype=torch.int32); INITIAL[id(a)] = a.clone()
    b = torch.randint(-50, 50, (n,), device=DEV, dtype=torch.int32); b[b == 0] = 7; keep(b)
    s = T(n, dtype=torch.int32, kind="randint", lo=0, hi=32)
    o = T(12 * n, dtype=torch.int32, kind="poison"); o64 = T(3 * n, dtype=torch.int64, kind="poison")
    g = (cdiv(n, 512),)
    k = int_edge_k[g](a, b, s, o, o64, n, BLOCK=512)
    record(name, k, int_edge_k, g, [a, b, s, o, o64, n], ["out_ptr", "o64_ptr"], tol=(0, 0))

@triton.jit
def shift_wide_k(a_ptr, s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=1)
    s = tl.load(s_ptr + offs, mask=m, other=0)
    tl.store(out_ptr + offs, a << s, mask=m)
    tl.store(out_ptr + n + offs, a >> s, mask=m)
    tl.store(out_ptr + 2 * n + offs, (a.to(tl.uint32) >> s.to(tl.uint32)).to(tl.int32), mask=m)

def c_shift_wide(name):
    n = 600
    a = T(n, dtype=torch.int32, kind="randint", lo=-2**31, hi=2**31 - 1)
    s = T(n, dtype=torch.int32, kind="randint", lo=0, hi=40)
    o = T(3 * n, dtype=torch.int32, kind="poison")
    g = (cdiv(n, 256),)
    k = shift_wide_k[g](a, s, o, n, BLOCK=256)
    record(name, k, shift_wide_k, g, [a, s, o, n], ["out_ptr"], tol=(0, 0),
           note="shift amounts >= 32: poison in the IR; the GPU's values are recorded")

# ---------------------------------------------------------------- block pointers / descriptors
@triton.jit
def bp_matmul_k(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
                BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0); pn = tl.program_id(1)
    a = tl.make_block_ptr(a_ptr, (M, K), (sam, sak), (pm * BM, 0), (BM, BK), (1, 0))
    b = tl.make_block_ptr(b_ptr, (K, N), (sbk, sbn), (0, pn * BN), (BK, BN), (0, 1))
    acc = tl.zeros((BM, BN), tl.float32)
    for _ in range(0, tl.cdiv(K, BK)):
        av = tl.load(a, boundary_check=(0, 1), padding_option="zero")
        bv = tl.load(b, boundary_check=(0, 1), padding_option="zero")
        acc = tl.dot(av, bv, acc, input_precision="ieee")
        a = tl.advance(a, (0, BK))
        b = tl.advance(b, (BK, 0))
    c = tl.make_block_ptr(c_ptr, (M, N), (scm, scn), (pm * BM, pn * BN), (BM, BN), (1, 0))
    tl.store(c, acc, boundary_check=(0, 1))

def c_bp_matmul(name):
    M, N, K = 50, 40, 70
    A = T(M, K); Bt = T(N, K); B = Bt.t()                     # B column-major
    C = T(M, N, kind="poison")
    g = (cdiv(M, 16), cdiv(N, 16))
    args = [A, B, C, M, N, K, A.stride(0), A.stride(1), B.stride(0), B.stride(1), C.stride(0), C.stride(1)]
    k = bp_matmul_k[g](*args, BM=16, BN=16, BK=32)
    # B is bound as its storage (an [N, K] row-major buffer)
    record(name, k, bp_matmul_k, g, [A, Bt, C] + args[3:], ["c_ptr"], tol=(1e-4, 1e-4),
           note="b_ptr holds B^T row-major (B column-major)")

@triton.jit
def bp_nan_k(x_ptr, out_ptr, M, N, sm, sn, BM: tl.constexpr, BN: tl.constexpr, NB: tl.constexpr):
    pm = tl.program_id(0)
    p = tl.make_block_ptr(x_ptr, (M, N), (sm, sn), (pm * BM - 3, -5), (BM, BN), (1, 0))
    rm = tl.arange(0, BM); rn = tl.arange(0, BN)
    for j in range(NB):
        v = tl.load(p, boundary_check=(0, 1), padding_option="nan")
        tl.store(out_ptr + ((pm * NB + j) * BM + rm[:, None]) * BN + rn[None, :], v)
        p = tl.advance(p, (0, BN))
    q = tl.make_block_ptr(x_ptr, (M, N), (sm, sn), (pm * BM, 0), (BM, BN), (1, 0))
    v0 = tl.load(q, boundary_check=(0,), padding_option="zero")
    tl.store(out_ptr + (tl.num_programs(0) * NB + pm) * BM * BN + rm[:, None] * BN + rn[None, :], v0)

def c_bp_nan(name):
    M, N, BM, BN = 45, 70, 16, 32
    x = T(M, N); G = cdiv(M + 3, BM); NB = cdiv(N + 5, BN)
    o = T((G * NB + G) * BM * BN, kind="poison")
    k = bp_nan_k[(G,)](x, o, M, N, x.stride(0), x.stride(1), BM=BM, BN=BN, NB=NB)
    record(name, k, bp_nan_k, (G,), [x, o, M, N, x.stride(0), x.stride(1)], ["out_ptr"], tol=(0, 0),
           note="negative block offsets; boundary_check with padding nan/zero")

@triton.jit
def desc_oob_k(x_ptr, out_ptr, raw_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr, OFF0: tl.constexpr, OFF1: tl.constexpr):
    pid = tl.program_id(0)
    d_in = tl.make_tensor_descriptor(x_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    d_out = tl.make_tensor_descriptor(out_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    r0 = pid * BM + OFF0
    rm = tl.arange(0, BM); rn = tl.arange(0, BN)
    for j in range(3):
        c0 = j * BN + OFF1
        v = d_in.load([r0, c0])
        tl.store(raw_ptr + ((pid * 3 + j) * BM + rm[:, None]) * BN + rn[None, :], v)
        d_out.store([r0, c0], v * 2.0 + 1.0)

def c_desc_oob(name, off0=4, off1=12):
    M, N, BM, BN = 40, 52, 16, 32
    x = T(M, N); o = T(M, N, kind="poison"); G = cdiv(M, BM)
    raw = T(G * 3 * BM * BN, kind="poison")
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device=DEV))
    k = desc_oob_k[(G,)](x, o, raw, M, N, BM=BM, BN=BN, OFF0=off0, OFF1=off1)
    record(name, k, desc_oob_k, (G,), [x, o, raw, M, N], ["out_ptr", "raw_ptr"], tol=(0, 0),
           note=f"tensor descriptor tiles partly out of bounds (offsets {off0}, {off1})")

# ---------------------------------------------------------------- Gluon
@gluon.jit
def g_layout_raw(in_ptr, out_ptr, M: gl.constexpr, N: gl.constexpr, LAYOUT: gl.constexpr):
    blk: gl.constexpr = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])
    blt: gl.constexpr = gl.BlockedLayout([4, 1], [8, 4], [1, 4], [0, 1])
    dt: gl.constexpr = in_ptr.dtype.element_ty
    rm = gl.arange(0, M, layout=gl.SliceLayout(1, blk)); rn = gl.arange(0, N, layout=gl.SliceLayout(0, blk))
    x = gl.load(in_ptr + rm[:, None] * N + rn[None, :])
    smem = gl.allocate_shared_memory(dt, [M, N], LAYOUT)
    smem.store(x)
    raw = smem._reinterpret(dt, [M, N], gl.SwizzledSharedLayout(1, 1, 1, [1, 0]))
    r = raw.load(blk)
    gl.store(out_ptr + rm[:, None] * N + rn[None, :], r)
    back = smem.load(blt)                       # read back through the layout, other register layout
    rm2 = gl.arange(0, M, layout=gl.SliceLayout(1, blt)); rn2 = gl.arange(0, N, layout=gl.SliceLayout(0, blt))
    gl.store(out_ptr + M * N + rm2[:, None] * N + rn2[None, :], back)

def c_g_layout_raw(name, M, N, layout, dtype=torch.float16):
    if dtype == torch.int8:
        i = T(M, N, dtype=dtype, kind="randint", lo=-100, hi=100)
    else:
        i = keep(torch.arange(M * N, device=DEV).reshape(M, N).to(dtype) if dtype != torch.float16
                 else (torch.arange(M * N, device=DEV) % 2048).reshape(M, N).to(dtype))
    o = T(2 * M * N, dtype=dtype, kind="poison")
    k = g_layout_raw[(1,)](i, o, M, N, layout, num_warps=4)
    record(name, k, g_layout_raw, (1,), [i, o], ["out_ptr"], tol=(0, 0),
           note=f"raw placement of {layout} observed through an identity reinterpret")

@gluon.jit
def g_padded_raw(in_ptr, out_ptr, M: gl.constexpr, N: gl.constexpr, P2: gl.constexpr, LAYOUT: gl.constexpr):
    blk: gl.constexpr = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])
    flat: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    dt: gl.constexpr = in_ptr.dtype.element_ty
    raw = gl.allocate_shared_memory(dt, [P2], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    raw.store(gl.full([P2], -7, dt, layout=flat))
    rm = gl.arange(0, M, layout=gl.SliceLayout(1, blk)); rn = gl.arange(0, N, layout=gl.SliceLayout(0, blk))
    x = gl.load(in_ptr + rm[:, None] * N + rn[None, :])
    view = raw._reinterpret(dt, [M, N], LAYOUT)
    view.store(x)
    back = view.load(blk)
    gl.store(out_ptr + rm[:, None] * N + rn[None, :], back)
    fo = gl.arange(0, P2, layout=flat)
    gl.store(out_ptr + M * N + fo, raw.load(flat))

def c_g_padded_raw(name, M, N, layout, P2, dtype=torch.float32):
    i = keep(torch.arange(M * N, device=DEV).reshape(M, N).to(dtype))
    o = T(M * N + P2, dtype=dtype, kind="poison")
    k = g_padded_raw[(1,)](i, o, M, N, P2, layout, num_warps=4)
    record(name, k, g_padded_raw, (1,), [i, o], ["out_ptr"], tol=(0, 0),
           note=f"raw placement of {layout} (a prefilled flat buffer reinterpreted to it)")

@gluon.jit
def g_ring_views(in_ptr, out_ptr, S: gl.constexpr, M: gl.constexpr, N: gl.constexpr, LAYOUT: gl.constexpr,
                 SLICE: gl.constexpr, RESHAPE: gl.constexpr):
    blk: gl.constexpr = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])
    ring = gl.allocate_shared_memory(gl.float32, [S, M, N], LAYOUT)
    rm = gl.arange(0, M, layout=gl.SliceLayout(1, blk)); rn = gl.arange(0, N, layout=gl.SliceLayout(0, blk))
    for s in gl.static_range(S):
        ring.index(s).store(gl.load(in_ptr + s * M * N + rm[:, None] * N + rn[None, :]))
    o = out_ptr
    # index + slice on dim 0 then dim 1 -> [M/2, N/2]
    if SLICE:
        a = ring.index(1).slice(M // 2, M // 2, dim=0).slice(N // 2, N // 2, dim=1).load(blk)
        ra = gl.arange(0, M // 2, layout=gl.SliceLayout(1, blk)); ca = gl.arange(0, N // 2, layout=gl.SliceLayout(0, blk))
        gl.store(o + ra[:, None] * (N // 2) + ca[None, :], a)
    o = o + (M // 2) * (N // 2)
    # permute -> [N, M]
    b = ring.index(2).permute((1, 0)).load(blk)
    rb = gl.arange(0, N, layout=gl.SliceLayout(1, blk)); cb = gl.arange(0, M, layout=gl.SliceLayout(0, blk))
    gl.store(o + rb[:, None] * M + cb[None, :], b)
    o = o + M * N
    # reshape [S, M, N] -> [S*M, N]
    if RESHAPE:
        c = ring.reshape([S * M, N]).load(blk)
        rc = gl.arange(0, S * M, layout=gl.SliceLayout(1, blk))
        gl.store(o + rc[:, None] * N + rn[None, :], c)
    o = o + S * M * N
    # slice of the ring on the buffer dim, then index
    if SLICE:
        d = ring.slice(2, 2, dim=0).index(1).load(blk)
        gl.store(o + rm[:, None] * N + rn[None, :], d)
    o = o + M * N
    # dynamic index in a loop, accumulating
    acc = gl.zeros([M, N], gl.float32, blk)
    for t in range(2 * S):
        acc = acc + ring.index(t % S).load(blk) * (t + 1)
    gl.store(o + rm[:, None] * N + rn[None, :], acc)

def c_g_ring_views(name, layout, slice_=False, reshape=False):
    S, M, N = 4, 16, 32
    i = T(S * M * N); o = T((M // 2) * (N // 2) + M * N + S * M * N + M * N + M * N, kind="poison")
    k = g_ring_views[(1,)](i, o, S, M, N, layout, slice_, reshape, num_warps=4)
    record(name, k, g_ring_views, (1,), [i, o], ["out_ptr"], tol=(1e-5, 1e-5), note=f"ring of {layout}")

def nvmma(sw, bits, transposed=False, rank=2):
    return gl.NVMMASharedLayout(swizzle_byte_width=sw, element_bitwidth=bits, rank=rank, transposed=transposed)

def padded(pairs, shape, order):
    return gl.PaddedSharedLayout.with_identity_for(pairs, shape, order)

CASES = [
    ("gather", c_gather, {}), ("shape3d", c_shape3d, {}),
    ("atomic_int", c_atomic_int, {}), ("atomic_float", c_atomic_float, {}), ("atomic_half", c_atomic_half, {}),
    ("atomic_cas", c_atomic_cas, {}),
    ("i64_offsets", c_i64, {}), ("ptr_select_indirect", c_ptr_select, {}), ("scalar_ls", c_scalar, {}),
    ("while_data", c_while, {}), ("noinline_call", c_noinline, {}), ("device_assert", c_assert, {}),
    ("fp_round", c_fp_round, {}), ("fp8_cast", c_fp8, {}), ("half_arith", c_half_arith, {}),
    ("dot_bf16", c_dot, {"mode": 0}), ("dot_int8", c_dot, {"mode": 1}), ("dot_f32_notf32", c_dot, {"mode": 2}),
    ("dot_f16_out", c_dot, {"mode": 3}), ("dot_batched3d", c_dot3d, {}),
    ("argreduce", c_argreduce, {}), ("scan2", c_scan, {}), ("histogram_mask", c_histo_mask, {}),
    ("grid3d_work", c_grid3d_work, {}),
    ("libdevice_f32", c_libdevice, {}), ("libdevice_f64", c_libdevice, {"dtype": torch.float64}),
    ("exact_math", c_exact_math, {}), ("nan_minmax", c_nan_minmax, {}),
    ("int_edge", c_int_edge, {}), ("shift_wide", c_shift_wide, {}),
    ("bp_matmul", c_bp_matmul, {}), ("bp_nan_pad", c_bp_nan, {}), ("desc_oob", c_desc_oob, {}),
]
@gluon.jit
def g_pingpong(in_ptr, out_ptr, steps, flip, N: gl.constexpr, LAYOUT: gl.constexpr):
    # Shared-memory descriptors carried through a loop (swapped every step)
    # and chosen by a run-time branch.
    flat: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    rn = gl.arange(0, N, layout=flat)
    a = gl.allocate_shared_memory(gl.float32, [N], LAYOUT)
    b = gl.allocate_shared_memory(gl.float32, [N], LAYOUT)
    a.store(gl.zeros([N], gl.float32, layout=flat))
    b.store(gl.zeros([N], gl.float32, layout=flat) + 1.0)
    cur = a
    prev = b
    for t in range(steps):
        x = gl.load(in_ptr + t * N + rn)
        cur.store(x + prev.load(flat) * 0.5)
        tmp = cur
        cur = prev
        prev = tmp
    if flip != 0:
        pick = prev
    else:
        pick = cur
    gl.store(out_ptr + rn, pick.load(flat))
    gl.store(out_ptr + N + rn, a.load(flat))

def c_g_pingpong(name, flip):
    N = 256
    steps = 5
    i = T(steps, N)
    o = T(2 * N, kind="poison")
    k = g_pingpong[(1,)](i, o, steps, flip, N, gl.SwizzledSharedLayout(1, 1, 1, [0]), num_warps=4)
    record(name, k, g_pingpong, (1,), [i, o, steps, flip], ["out_ptr"], tol=(1e-6, 1e-6),
           note="descriptors swapped through scf.for iter_args and picked by scf.if")

@triton.jit
def sort_big_k(x_ptr, out_ptr, N: tl.constexpr, DESC: tl.constexpr):
    pid = tl.program_id(0)
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + pid * N + offs)
    tl.store(out_ptr + pid * N + offs, tl.sort(x, descending=DESC))

def c_sort_big(name, N, desc):
    x = T(3, N)
    o = T(3, N, kind="poison")
    k = sort_big_k[(3,)](x, o, N, desc)
    record(name, k, sort_big_k, (3,), [x, o], ["out_ptr"], tol=(0, 0))

@triton.jit
def row_moments_k(x_ptr, sum_ptr, var_ptr, max_ptr, N, BLOCK: tl.constexpr):
    # Rows reduced in blocks into tile accumulators: with up to four blocks
    # tilerun-unroll-short-reduction-loops runs the body once per block and
    # reduces the unrolled sum directly; with more, the loop runs.
    row = tl.program_id(0)
    acc = tl.zeros([BLOCK], tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        acc += tl.load(x_ptr + row * N + cols, mask=cols < N, other=0.0)
    s = tl.sum(acc, axis=0)
    mean = s / N
    vacc = tl.zeros([BLOCK], tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * N + cols, mask=cols < N, other=0.0)
        d = tl.where(cols < N, x - mean, 0.0)
        vacc += d * d
    mx = tl.full([BLOCK], float("-inf"), tl.float32)
    for off in range(0, N, BLOCK):
        cols = off + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * N + cols, mask=cols < N, other=float("-inf"))
        mx = tl.maximum(mx, x)
    tl.store(sum_ptr + row, s)
    tl.store(var_ptr + row, tl.sum(vacc, axis=0) / N)
    tl.store(max_ptr + row, tl.max(mx, axis=0))

def c_row_moments(name, N, BLOCK):
    x = T(4, N)
    x[0] = -0.0  # the accumulator's +0.0 makes the sum +0.0
    keep(x)
    s, v, m = T(4, kind="poison"), T(4, kind="poison"), T(4, kind="poison")
    k = row_moments_k[(4,)](x, s, v, m, N, BLOCK)
    record(name, k, row_moments_k, (4,), [x, s, v, m, N], ["sum_ptr", "var_ptr", "max_ptr"],
           tol=(1e-5, 1e-5), note=f"tile accumulators over range(0, {N}, {BLOCK})")

CASES += [("row_moments_one_block", c_row_moments, {"N": 1000, "BLOCK": 1024}),
          ("row_moments_two_blocks", c_row_moments, {"N": 1000, "BLOCK": 512}),
          ("row_moments_three_blocks", c_row_moments, {"N": 700, "BLOCK": 256}),
          ("row_moments_blocks", c_row_moments, {"N": 1000, "BLOCK": 256}),
          ("row_moments_eight_blocks", c_row_moments, {"N": 1000, "BLOCK": 128})]

@triton.jit
def pair_reduce_k(x_ptr, flip_ptr, dev_ptr, mx_ptr, sort_ptr, N: tl.constexpr):
    # Reductions over an axis of two, which tilerun evaluates inline: the
    # xor-sum inside tl.flip and tl.sort, a float sum broadcast back, a max
    # (NaN and infinities in row 0), and a 2-D sort along the inner axis.
    pid = tl.program_id(0)
    offs = tl.arange(0, N)
    x = tl.load(x_ptr + pid * N + offs)
    tl.store(flip_ptr + pid * N + offs, tl.flip(x, 0))
    p = tl.reshape(x, (N // 2, 2))
    d = p - tl.sum(p, axis=1)[:, None]
    tl.store(dev_ptr + pid * N + offs, tl.reshape(d, (N,)))
    tl.store(mx_ptr + pid * (N // 2) + tl.arange(0, N // 2), tl.max(p, axis=1))
    r = tl.sort(tl.reshape(x, (4, N // 4)), dim=1, descending=True)
    tl.store(sort_ptr + pid * N + offs, tl.reshape(r, (N,)))

def c_pair_reduce(name, N):
    x = T(3, N)
    x[0] = specials(N)
    x = keep(x)
    outs = [T(3, N, kind="poison"), T(3, N, kind="poison"), T(3, N // 2, kind="poison"),
            T(3, N, kind="poison")]
    k = pair_reduce_k[(3,)](x, *outs, N)
    record(name, k, pair_reduce_k, (3,), [x, *outs], ["flip_ptr", "dev_ptr", "mx_ptr", "sort_ptr"],
           tol=(1e-6, 1e-6))

CASES += [("pair_reduce_128", c_pair_reduce, {"N": 128}),
          ("pair_reduce_32", c_pair_reduce, {"N": 32})]

CASES += [("sort_1024", c_sort_big, {"N": 1024, "desc": False}),
          ("sort_2048_desc", c_sort_big, {"N": 2048, "desc": True})]


# ---------------------------------------------------------------- map_elementwise
@triton.jit
def _selu_scalar(x, alpha):
    if x > 0:
        return x
    else:
        return alpha * (tl.exp(x) - 1)

@triton.jit
def _ordered_scalar(x, y):
    if x > y:
        lo = y
        gap = x - y
    else:
        lo = x
        gap = y - x
    return lo, gap

@triton.jit
def _collatz_scalar(n):
    steps = 0
    while n > 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps

@triton.jit
def map_elem_k(x_ptr, y_ptr, n_ptr, selu_ptr, lo_ptr, gap_ptr, steps_ptr, N: tl.constexpr):
    # Scalar functions mapped over tiles: a branch, two results, and a
    # data-dependent while loop per element.
    pid = tl.program_id(0)
    offs = pid * N + tl.arange(0, N)
    x = tl.load(x_ptr + offs)
    y = tl.load(y_ptr + offs)
    tl.store(selu_ptr + offs, tl.map_elementwise(_selu_scalar, x, tl.full((N,), 1.5, tl.float32)))
    lo, gap = tl.map_elementwise(_ordered_scalar, x, y)
    tl.store(lo_ptr + offs, lo)
    tl.store(gap_ptr + offs, gap)
    tl.store(steps_ptr + offs, tl.map_elementwise(_collatz_scalar, tl.load(n_ptr + offs)))

def c_map_elem(name):
    G, N = 2, 256
    x = specials(G * N); y = T(G * N); n = T(G * N, dtype=torch.int32, kind="randint", lo=1, hi=5000)
    outs = [T(G * N, kind="poison"), T(G * N, kind="poison"), T(G * N, kind="poison"),
            T(G * N, dtype=torch.int32, kind="poison")]
    k = map_elem_k[(G,)](x, y, n, *outs, N=N)
    record(name, k, map_elem_k, (G,), [x, y, n, *outs], ["selu_ptr", "lo_ptr", "gap_ptr", "steps_ptr"],
           tol=(1e-6, 1e-6))

@triton.jit
def _pair_scalar(a0, a1):
    return a1 - a0, a0 * a1

@triton.jit
def map_pack_k(x_ptr, out_ptr, R: tl.constexpr, C: tl.constexpr):
    # pack=2: the scalar function sees two neighbouring elements at a time.
    r = tl.arange(0, R)[:, None]; c = tl.arange(0, C)[None, :]
    x = tl.load(x_ptr + r * C + c)
    # One result, returned as a 1-tuple since the function returns a tuple.
    tl.store(out_ptr + r * C + c, tl.map_elementwise(_pair_scalar, x, pack=2)[0])

def c_map_pack(name):
    R, C = 8, 32
    x = T(R, C); out = T(R, C, kind="poison")
    k = map_pack_k[(1,)](x, out, R=R, C=C)
    record(name, k, map_pack_k, (1,), [x, out], ["out_ptr"], tol=(1e-6, 1e-6))

CASES += [("map_elementwise", c_map_elem, {}), ("map_elementwise_pack", c_map_pack, {})]

# ---------------------------------------------------------------- a block pointer through scf.if (Triton 3.6 rejects one
# carried through scf.while: its tensor-pointer rewrite fails)
@triton.jit
def bp_flow_k(x_ptr, out_ptr, M, N, sm, flag, BM: tl.constexpr, BN: tl.constexpr):
    pid = tl.program_id(0)
    p = tl.make_block_ptr(x_ptr, (M, N), (sm, 1), (pid * BM, 0), (BM, BN), (1, 0))
    if flag > pid:
        p = tl.advance(p, (0, BN))
    acc = tl.zeros((BM, BN), tl.float32)
    for i in range(0, tl.cdiv(N, BN)):
        acc += tl.load(p, boundary_check=(0, 1), padding_option="zero")
        p = tl.advance(p, (0, BN))
    o = tl.make_block_ptr(out_ptr, (M, BN), (BN, 1), (pid * BM, 0), (BM, BN), (1, 0))
    tl.store(o, acc, boundary_check=(0,))

def c_bp_flow(name):
    M, N, BM, BN = 50, 100, 16, 32
    x = T(M, N); out = T(M, BN, kind="poison")
    g = (cdiv(M, BM),)
    k = bp_flow_k[g](x, out, M, N, N, 2, BM=BM, BN=BN)
    record(name, k, bp_flow_k, g, [x, out, M, N, N, 2], ["out_ptr"], tol=(1e-5, 1e-5))

CASES += [("bp_if", c_bp_flow, {})]

# ---------------------------------------------------------------- fp8 tiles in memory, fp8 dot
@triton.jit
def fp8_dot_k(a_ptr, b_ptr, c_ptr, q_ptr, s_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr):
    # fp8 loaded and stored as tiles (not bitcast from bytes), and tl.dot on them.
    rm = tl.arange(0, M); rn = tl.arange(0, N); rk = tl.arange(0, K)
    a = tl.load(a_ptr + rm[:, None] * K + rk[None, :])
    b = tl.load(b_ptr + rk[:, None] * N + rn[None, :])
    c = tl.dot(a, b)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c)
    tl.store(q_ptr + rm[:, None] * N + rn[None, :], c.to(tl.float8e5))
    tl.store(s_ptr + rm[:, None] * K + rk[None, :], (a.to(tl.float32) * 0.5).to(tl.float8e4nv))

def c_fp8_dot(name):
    M, N, K = 32, 32, 64
    # Small integers: every product and sum is exact in any accumulator.
    a = keep(torch.randint(-4, 5, (M, K), device=DEV).to(torch.float8_e4m3fn))
    b = keep(torch.randint(-4, 5, (K, N), device=DEV).to(torch.float8_e4m3fn))
    c = T(M, N, kind="poison")
    q = keep(torch.zeros(M, N, device=DEV, dtype=torch.float8_e5m2))
    s_ = keep(torch.zeros(M, K, device=DEV, dtype=torch.float8_e4m3fn))
    k = fp8_dot_k[(1,)](a, b, c, q, s_, M=M, N=N, K=K)
    record(name, k, fp8_dot_k, (1,), [a, b, c, q, s_], ["c_ptr", "q_ptr", "s_ptr"], tol=(0, 0))

CASES += [("fp8_dot", c_fp8_dot, {})]

# ---------------------------------------------------------------- dot_scaled (microscaling formats)
@triton.jit
def dot_scaled_k(a_ptr, as_ptr, b_ptr, bs_ptr, c_ptr, M: tl.constexpr, N: tl.constexpr, K: tl.constexpr,
                 AK: tl.constexpr, BK: tl.constexpr, AF: tl.constexpr, BF: tl.constexpr, BSCALE: tl.constexpr):
    rm = tl.arange(0, M); rn = tl.arange(0, N)
    a = tl.load(a_ptr + rm[:, None] * AK + tl.arange(0, AK)[None, :])
    b = tl.load(b_ptr + tl.arange(0, BK)[:, None] * N + rn[None, :])
    rs = tl.arange(0, K // 32)
    sa = tl.load(as_ptr + rm[:, None] * (K // 32) + rs[None, :])
    if BSCALE:
        sb = tl.load(bs_ptr + rn[:, None] * (K // 32) + rs[None, :])
        c = tl.dot_scaled(a, sa, AF, b, sb, BF)
    else:
        c = tl.dot_scaled(a, sa, AF, b, None, BF)
    tl.store(c_ptr + rm[:, None] * N + rn[None, :], c)

def mx_operand(fmt, rows, cols):
    """Operand bytes/values of a format, moderate magnitudes (|v| <= 8)."""
    if fmt == "e2m1":
        return keep(torch.randint(0, 256, (rows, cols // 2), device=DEV, dtype=torch.uint8))
    if fmt == "e4m3":
        v = torch.randint(0, 256, (rows, cols), device=DEV, dtype=torch.int32)
        v = (v & 0x87) | (torch.randint(0, 11, (rows, cols), device=DEV, dtype=torch.int32) << 3)
        return keep(v.to(torch.uint8).view(torch.float8_e4m3fn))
    if fmt == "e5m2":
        v = torch.randint(0, 256, (rows, cols), device=DEV, dtype=torch.int32)
        v = (v & 0x83) | (torch.randint(0, 18, (rows, cols), device=DEV, dtype=torch.int32) << 2)
        return keep(v.to(torch.uint8).view(torch.float8_e5m2))
    return keep((torch.randn(rows, cols, device=DEV) * 2).to(torch.bfloat16))

def c_dot_scaled(name, af, bf, bscale=True):
    M, N, K = 32, 32, 64
    a = mx_operand(af, M, K)
    # Made N x K (e2m1: N x K/2 bytes, packed along K), laid out K x N.
    b = keep(mx_operand(bf, N, K).T.contiguous())
    sa = keep(torch.randint(124, 131, (M, K // 32), device=DEV, dtype=torch.uint8))
    sb = keep(torch.randint(124, 131, (N, K // 32), device=DEV, dtype=torch.uint8))
    c = T(M, N, kind="poison")
    AK = K // 2 if af == "e2m1" else K
    BK = K // 2 if bf == "e2m1" else K
    k = dot_scaled_k[(1,)](a, sa, b, sb, c, M=M, N=N, K=K, AK=AK, BK=BK, AF=af, BF=bf, BSCALE=bscale)
    record(name, k, dot_scaled_k, (1,), [a, sa, b, sb, c], ["c_ptr"], tol=(1e-5, 5e-2))

CASES += [("dot_scaled_e2m1_e4m3", c_dot_scaled, {"af": "e2m1", "bf": "e4m3"}),
          ("dot_scaled_e5m2_e2m1", c_dot_scaled, {"af": "e5m2", "bf": "e2m1"}),
          ("dot_scaled_e4m3_bf16", c_dot_scaled, {"af": "e4m3", "bf": "bf16", "bscale": False})]


# ---------------------------------------------------------------- matmuls as Triton's tutorials write them
@triton.jit
def _leaky_relu(x):
    return tl.where(x >= 0, x, 0.01 * x)

@triton.jit
def tut_matmul_k(a_ptr, b_ptr, c_ptr, M, N, K, stride_am, stride_ak, stride_bk, stride_bn, stride_cm, stride_cn,
                 BLOCK_SIZE_M: tl.constexpr, BLOCK_SIZE_N: tl.constexpr, BLOCK_SIZE_K: tl.constexpr,
                 GROUP_SIZE_M: tl.constexpr, ACTIVATION: tl.constexpr):
    # Grouped program order, tl.assume hints, a pipelined tl.range, a fused
    # activation and an f16 result.
    pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BLOCK_SIZE_M)
    num_pid_n = tl.cdiv(N, BLOCK_SIZE_N)
    num_pid_in_group = GROUP_SIZE_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_SIZE_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_SIZE_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    tl.assume(pid_m >= 0)
    tl.assume(pid_n >= 0)
    tl.assume(stride_am > 0)
    tl.assume(stride_ak > 0)
    tl.assume(stride_bn > 0)
    tl.assume(stride_bk > 0)
    tl.assume(stride_cm > 0)
    tl.assume(stride_cn > 0)
    offs_am = (pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)) % M
    offs_bn = (pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)) % N
    offs_k = tl.arange(0, BLOCK_SIZE_K)
    a_ptrs = a_ptr + (offs_am[:, None] * stride_am + offs_k[None, :] * stride_ak)
    b_ptrs = b_ptr + (offs_k[:, None] * stride_bk + offs_bn[None, :] * stride_bn)
    accumulator = tl.zeros((BLOCK_SIZE_M, BLOCK_SIZE_N), dtype=tl.float32)
    for k in tl.range(0, tl.cdiv(K, BLOCK_SIZE_K), num_stages=3):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_SIZE_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_SIZE_K, other=0.0)
        accumulator = tl.dot(a, b, accumulator)
        a_ptrs += BLOCK_SIZE_K * stride_ak
        b_ptrs += BLOCK_SIZE_K * stride_bk
    if ACTIVATION == "leaky_relu":
        accumulator = _leaky_relu(accumulator)
    c = accumulator.to(tl.float16)
    offs_cm = pid_m * BLOCK_SIZE_M + tl.arange(0, BLOCK_SIZE_M)
    offs_cn = pid_n * BLOCK_SIZE_N + tl.arange(0, BLOCK_SIZE_N)
    c_ptrs = c_ptr + stride_cm * offs_cm[:, None] + stride_cn * offs_cn[None, :]
    c_mask = (offs_cm[:, None] < M) & (offs_cn[None, :] < N)
    tl.store(c_ptrs, c, mask=c_mask)

def c_tut_matmul(name):
    M, N, K = 200, 136, 120
    a = T(M, K, dtype=torch.float16); b = T(K, N, dtype=torch.float16)
    c = T(M, N, dtype=torch.float16, kind="poison")
    BM, BN, BK, GM = 64, 32, 32, 4
    g = (cdiv(M, BM) * cdiv(N, BN),)
    args = [a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0), c.stride(1)]
    k = tut_matmul_k[g](*args, BLOCK_SIZE_M=BM, BLOCK_SIZE_N=BN, BLOCK_SIZE_K=BK, GROUP_SIZE_M=GM,
                        ACTIVATION="leaky_relu")
    record(name, k, tut_matmul_k, g, args, ["c_ptr"], tol=(2e-3, 2e-3),
           note="f16 result: a rounding step of f16 tolerated")

@triton.jit
def persistent_matmul_k(a_ptr, b_ptr, c_ptr, M, N, K, NUM_PROGS: tl.constexpr,
                        BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Persistent programs walking tiles with a flattened tl.range.
    start_pid = tl.program_id(axis=0)
    num_pid_m = tl.cdiv(M, BM)
    num_pid_n = tl.cdiv(N, BN)
    k_tiles = tl.cdiv(K, BK)
    num_tiles = num_pid_m * num_pid_n
    for tile_id in tl.range(start_pid, num_tiles, NUM_PROGS, flatten=True):
        pid_m = tile_id // num_pid_n
        pid_n = tile_id % num_pid_n
        offs_m = pid_m * BM + tl.arange(0, BM)
        offs_n = pid_n * BN + tl.arange(0, BN)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for ki in range(k_tiles):
            offs_k = ki * BK + tl.arange(0, BK)
            a = tl.load(a_ptr + offs_m[:, None] * K + offs_k[None, :],
                        mask=(offs_m[:, None] < M) & (offs_k[None, :] < K), other=0.0)
            b = tl.load(b_ptr + offs_k[:, None] * N + offs_n[None, :],
                        mask=(offs_k[:, None] < K) & (offs_n[None, :] < N), other=0.0)
            acc = tl.dot(a, b, acc)
        tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], acc,
                 mask=(offs_m[:, None] < M) & (offs_n[None, :] < N))

def c_persistent_matmul(name):
    M, N, K = 100, 96, 80
    a = T(M, K, dtype=torch.bfloat16); b = T(K, N, dtype=torch.bfloat16); c = T(M, N, kind="poison")
    P = 3
    k = persistent_matmul_k[(P,)](a, b, c, M, N, K, NUM_PROGS=P, BM=32, BN=32, BK=32)
    record(name, k, persistent_matmul_k, (P,), [a, b, c, M, N, K], ["c_ptr"], tol=(1e-4, 1e-4))

CASES += [("tutorial_matmul", c_tut_matmul, {}), ("persistent_matmul", c_persistent_matmul, {})]


# ---------------------------------------------------------------- more kernels as Triton's tutorials write them
@triton.jit
def ln_bwd_dx_k(DX, DY, DW, DB, X, W, Mean, Rstd, Lock, stride, N, GROUP_SIZE_M: tl.constexpr,
                BLOCK_SIZE_N: tl.constexpr):
    # Layer-norm backward (dx), with partial dw/db sums per group of rows
    # accumulated under a spin lock (atomic_cas / atomic_xchg) and a count.
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK_SIZE_N)
    mask = cols < N
    X += row * stride
    DY += row * stride
    DX += row * stride
    lock_id = row % GROUP_SIZE_M
    Lock += lock_id
    Count = Lock + GROUP_SIZE_M
    DW = DW + lock_id * N + cols
    DB = DB + lock_id * N + cols
    x = tl.load(X + cols, mask=mask, other=0).to(tl.float32)
    dy = tl.load(DY + cols, mask=mask, other=0).to(tl.float32)
    w = tl.load(W + cols, mask=mask).to(tl.float32)
    mean = tl.load(Mean + row)
    rstd = tl.load(Rstd + row)
    xhat = (x - mean) * rstd
    wdy = w * dy
    xhat = tl.where(mask, xhat, 0.)
    wdy = tl.where(mask, wdy, 0.)
    c1 = tl.sum(xhat * wdy, axis=0) / N
    c2 = tl.sum(wdy, axis=0) / N
    dx = (wdy - (xhat * c1 + c2)) * rstd
    tl.store(DX + cols, dx, mask=mask)
    partial_dw = (dy * xhat).to(w.dtype)
    partial_db = (dy).to(w.dtype)
    while tl.atomic_cas(Lock, 0, 1) == 1:
        pass
    count = tl.load(Count)
    if count == 0:
        tl.atomic_xchg(Count, 1)
    else:
        partial_dw += tl.load(DW, mask=mask)
        partial_db += tl.load(DB, mask=mask)
    tl.store(DW, partial_dw, mask=mask)
    tl.store(DB, partial_db, mask=mask)
    tl.debug_barrier()
    tl.atomic_xchg(Lock, 0)

def c_ln_bwd(name):
    M, N, G, BN = 24, 200, 4, 256
    x = T(M, N); dy = T(M, N); w = T(N)
    xf = x.float()
    mean = keep(xf.mean(1)); rstd = keep(1.0 / torch.sqrt(xf.var(1, unbiased=False) + 1e-5))
    dx = T(M, N, kind="poison")
    dw = T(G, N, kind="zeros"); db = T(G, N, kind="zeros")
    lock = T(2 * G, dtype=torch.int32, kind="zeros")
    args = [dx, dy, dw, db, x, w, mean, rstd, lock, N, N]
    k = ln_bwd_dx_k[(M,)](*args, GROUP_SIZE_M=G, BLOCK_SIZE_N=BN)
    record(name, k, ln_bwd_dx_k, (M,), args, ["DX", "DW", "DB", "Lock"], tol=(1e-4, 1e-5),
           note="dw/db partial sums: rows of a group are added in lock order")

CASES += [("tutorial_layernorm_bwd", c_ln_bwd, {})]


@triton.jit
def tut_softmax_k(output_ptr, input_ptr, input_row_stride, output_row_stride, n_rows, n_cols,
                  BLOCK_SIZE: tl.constexpr, num_stages: tl.constexpr):
    # Persistent rows over a pipelined tl.range, as tutorial 02 writes it.
    row_start = tl.program_id(0)
    row_step = tl.num_programs(0)
    for row_idx in tl.range(row_start, n_rows, row_step, num_stages=num_stages):
        row_start_ptr = input_ptr + row_idx * input_row_stride
        col_offsets = tl.arange(0, BLOCK_SIZE)
        input_ptrs = row_start_ptr + col_offsets
        mask = col_offsets < n_cols
        row = tl.load(input_ptrs, mask=mask, other=-float('inf'))
        row_minus_max = row - tl.max(row, axis=0)
        numerator = tl.exp(row_minus_max)
        denominator = tl.sum(numerator, axis=0)
        softmax_output = numerator / denominator
        output_row_start_ptr = output_ptr + row_idx * output_row_stride
        output_ptrs = output_row_start_ptr + col_offsets
        tl.store(output_ptrs, softmax_output, mask=mask)

def c_tut_softmax(name):
    R, C = 37, 300
    x = T(R, C); out = T(R, C, kind="poison")
    g = (5,)
    args = [out, x, C, C, R, C]
    k = tut_softmax_k[g](*args, BLOCK_SIZE=512, num_stages=2)
    record(name, k, tut_softmax_k, g, args, ["output_ptr"], tol=(1e-5, 1e-7))

@triton.jit
def reduce_forms_k(x_ptr, i_ptr, keep_ptr, all_ptr, xor_ptr, inter_ptr, amax_ptr, R: tl.constexpr, C: tl.constexpr):
    # keep_dims, a whole-tile reduction (axis=None), xor_sum, interleave and
    # max with its index.
    r = tl.arange(0, R)[:, None]; c = tl.arange(0, C)[None, :]
    x = tl.load(x_ptr + r * C + c)
    iv = tl.load(i_ptr + r * C + c)
    k = tl.sum(x, axis=1, keep_dims=True)
    tl.store(keep_ptr + r * C + c, x - k)
    tl.store(all_ptr, tl.max(x, axis=None))
    tl.store(xor_ptr + tl.arange(0, C), tl.xor_sum(iv, axis=0))
    a = tl.sum(x, axis=0)
    b = tl.min(x, axis=0)
    tl.store(inter_ptr + tl.arange(0, 2 * C), tl.interleave(a, b))
    mv, mi = tl.max(x, axis=1, return_indices=True)
    tl.store(amax_ptr + tl.arange(0, R), mi)

def c_reduce_forms(name):
    R, C = 16, 32
    x = T(R, C); iv = T(R, C, dtype=torch.int32, kind="randint", lo=-1000, hi=1000)
    outs = [T(R, C, kind="poison"), T(1, kind="poison"), T(C, dtype=torch.int32, kind="poison"),
            T(2 * C, kind="poison"), T(R, dtype=torch.int32, kind="poison")]
    k = reduce_forms_k[(1,)](x, iv, *outs, R=R, C=C)
    record(name, k, reduce_forms_k, (1,), [x, iv, *outs], ["keep_ptr", "all_ptr", "xor_ptr", "inter_ptr", "amax_ptr"],
           tol=(1e-5, 1e-5))

CASES += [("tutorial_softmax", c_tut_softmax, {}), ("reduce_forms", c_reduce_forms, {})]


# ---------------------------------------------------------------- Gluon on Hopper: wgmma, TMA, mbarriers, cp.async
@gluon.jit
def g_wgmma(a_ptr, b_ptr, c_ptr, M: gl.constexpr, N: gl.constexpr, K: gl.constexpr):
    # Operands staged in NVMMA-swizzled shared memory, one asynchronous
    # warpgroup MMA waited on, the accumulator stored from its MMA layout.
    blk: gl.constexpr = gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])
    rm = gl.arange(0, M, layout=gl.SliceLayout(1, blk)); rk = gl.arange(0, K, layout=gl.SliceLayout(0, blk))
    a = gl.load(a_ptr + rm[:, None] * K + rk[None, :])
    rk2 = gl.arange(0, K, layout=gl.SliceLayout(1, blk)); rn = gl.arange(0, N, layout=gl.SliceLayout(0, blk))
    b = gl.load(b_ptr + rk2[:, None] * N + rn[None, :])
    a_s = gl.allocate_shared_memory(gl.float16, [M, K], gl.NVMMASharedLayout.get_default_for([M, K], gl.float16), a)
    b_s = gl.allocate_shared_memory(gl.float16, [K, N], gl.NVMMASharedLayout.get_default_for([K, N], gl.float16), b)
    hopper.fence_async_shared()
    mma: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, N, 16])
    acc = gl.full([M, N], 1.0, gl.float32, layout=mma)
    acc = hopper.warpgroup_mma(a_s, b_s, acc, is_async=True)
    acc = hopper.warpgroup_mma_wait(num_outstanding=0, deps=[acc])
    om = gl.arange(0, M, layout=gl.SliceLayout(1, mma)); on = gl.arange(0, N, layout=gl.SliceLayout(0, mma))
    gl.store(c_ptr + om[:, None] * N + on[None, :], acc)

def c_g_wgmma(name):
    M, N, K = 64, 64, 64
    a = T(M, K, dtype=torch.float16); b = T(K, N, dtype=torch.float16); c = T(M, N, kind="poison")
    k = g_wgmma[(1,)](a, b, c, M, N, K, num_warps=4)
    record(name, k, g_wgmma, (1,), [a, b, c], ["c_ptr"], tol=(1e-4, 1e-4))

@gluon.jit
def g_tma_pipeline(a_ptr, b_ptr, c_ptr, M, N, K, BM: gl.constexpr, BN: gl.constexpr, BK: gl.constexpr,
                   STAGES: gl.constexpr):
    # A K loop over a ring of STAGES shared-memory buffers filled by TMA
    # (device-made descriptors, tiles partly out of bounds), each guarded by
    # an mbarrier with its phase, consumed by wgmma with one MMA in flight;
    # the result leaves through shared memory and a TMA store.
    pid_m = gl.program_id(0); pid_n = gl.program_id(1)
    a_l: gl.constexpr = gl.NVMMASharedLayout.get_default_for([BM, BK], gl.float16)
    b_l: gl.constexpr = gl.NVMMASharedLayout.get_default_for([BK, BN], gl.float16)
    c_l: gl.constexpr = gl.NVMMASharedLayout.get_default_for([BM, BN], gl.float32)
    a_d = tma.make_tensor_descriptor(a_ptr, [M, K], [K, 1], [BM, BK], a_l)
    b_d = tma.make_tensor_descriptor(b_ptr, [K, N], [N, 1], [BK, BN], b_l)
    c_d = tma.make_tensor_descriptor(c_ptr, [M, N], [N, 1], [BM, BN], c_l)
    a_s = gl.allocate_shared_memory(gl.float16, [STAGES, BM, BK], a_l)
    b_s = gl.allocate_shared_memory(gl.float16, [STAGES, BK, BN], b_l)
    bars = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(STAGES):
        mbarrier.init(bars.index(i), count=1)
    mma: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, BN, 16])
    acc = gl.zeros([BM, BN], gl.float32, layout=mma)
    k_tiles = gl.cdiv(K, BK)
    for i in gl.static_range(STAGES - 1):
        mbarrier.expect(bars.index(i), a_d.block_type.nbytes + b_d.block_type.nbytes)
        tma.async_copy_global_to_shared(a_d, [pid_m * BM, i * BK], bars.index(i), a_s.index(i))
        tma.async_copy_global_to_shared(b_d, [i * BK, pid_n * BN], bars.index(i), b_s.index(i))
    for kt in range(k_tiles):
        s = kt % STAGES
        mbarrier.wait(bars.index(s), (kt // STAGES) & 1)
        acc = hopper.warpgroup_mma(a_s.index(s), b_s.index(s), acc, is_async=True)
        acc = hopper.warpgroup_mma_wait(num_outstanding=0, deps=[acc])
        nk = kt + STAGES - 1
        if nk < k_tiles:
            ns = nk % STAGES
            mbarrier.expect(bars.index(ns), a_d.block_type.nbytes + b_d.block_type.nbytes)
            tma.async_copy_global_to_shared(a_d, [pid_m * BM, nk * BK], bars.index(ns), a_s.index(ns))
            tma.async_copy_global_to_shared(b_d, [nk * BK, pid_n * BN], bars.index(ns), b_s.index(ns))
    for i in gl.static_range(STAGES):
        mbarrier.invalidate(bars.index(i))
    c_s = gl.allocate_shared_memory(gl.float32, [BM, BN], c_l, acc)
    hopper.fence_async_shared()
    tma.async_copy_shared_to_global(c_d, [pid_m * BM, pid_n * BN], c_s)
    tma.store_wait(0)

def hopper_matmul_case(name, kernel, M, N, K):
    """An f16 Gluon matmul on device-made descriptors: 64x64x32 blocks, a
    3-stage ring, an f32 result."""
    BM, BN, BK, S = 64, 64, 32, 3
    a = T(M, K, dtype=torch.float16); b = T(K, N, dtype=torch.float16); c = T(M, N, kind="poison")
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device=DEV))
    g = (cdiv(M, BM), cdiv(N, BN))
    k = kernel[g](a, b, c, M, N, K, BM, BN, BK, S, num_warps=4)
    record(name, k, kernel, g, [a, b, c, M, N, K], ["c_ptr"], tol=(1e-4, 1e-4))

def c_g_tma_pipeline(name):
    hopper_matmul_case(name, g_tma_pipeline, 100, 80, 200)

@gluon.jit
def g_cp_async(x_ptr, out_ptr, n, BLOCK: gl.constexpr):
    # cp.async copies (masked) in two commit groups, waited on one at a time.
    blk: gl.constexpr = gl.BlockedLayout([4], [32], [4], [0])
    offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=blk)
    mask = offs < n
    smem = gl.allocate_shared_memory(gl.float32, [2, BLOCK], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    async_copy.async_copy_global_to_shared(smem.index(0), x_ptr + offs, mask=mask)
    async_copy.commit_group()
    async_copy.async_copy_global_to_shared(smem.index(1), x_ptr + n - 1 - offs, mask=mask)
    async_copy.commit_group()
    async_copy.wait_group(1)
    async_copy.wait_group(0)
    a = smem.index(0).load(blk)
    b = smem.index(1).load(blk)
    gl.store(out_ptr + offs, a * 2.0 + b, mask=mask)

def c_g_cp_async(name):
    n = 1000
    x = T(n); o = T(n, kind="poison")
    g = (cdiv(n, 512),)
    k = g_cp_async[g](x, o, n, 512, num_warps=4)
    record(name, k, g_cp_async, g, [x, o, n], ["out_ptr"], tol=(1e-6, 1e-6))

@gluon.jit
def g_mma_v2(a_ptr, b_ptr, c_ptr, M: gl.constexpr, N: gl.constexpr, K: gl.constexpr):
    # Ampere-style MMA on register operands in dot-operand layouts.
    mma: gl.constexpr = gl.NVMMADistributedLayout(version=[2, 0], warps_per_cta=[4, 1], instr_shape=[16, 8])
    al: gl.constexpr = gl.DotOperandLayout(operand_index=0, parent=mma, k_width=2)
    bl: gl.constexpr = gl.DotOperandLayout(operand_index=1, parent=mma, k_width=2)
    rm = gl.arange(0, M, layout=gl.SliceLayout(1, al)); rk = gl.arange(0, K, layout=gl.SliceLayout(0, al))
    a = gl.load(a_ptr + rm[:, None] * K + rk[None, :])
    rk2 = gl.arange(0, K, layout=gl.SliceLayout(1, bl)); rn = gl.arange(0, N, layout=gl.SliceLayout(0, bl))
    b = gl.load(b_ptr + rk2[:, None] * N + rn[None, :])
    acc = gl.zeros([M, N], gl.float32, layout=mma)
    acc = ampere.mma_v2(a, b, acc)
    om = gl.arange(0, M, layout=gl.SliceLayout(1, mma)); on = gl.arange(0, N, layout=gl.SliceLayout(0, mma))
    gl.store(c_ptr + om[:, None] * N + on[None, :], acc)

def c_g_mma_v2(name):
    M, N, K = 64, 32, 32
    a = T(M, K, dtype=torch.float16); b = T(K, N, dtype=torch.float16); c = T(M, N, kind="poison")
    k = g_mma_v2[(1,)](a, b, c, M, N, K, num_warps=4)
    record(name, k, g_mma_v2, (1,), [a, b, c], ["c_ptr"], tol=(1e-4, 1e-4))

GLUON_CASES_HOPPER = [("gluon_wgmma", c_g_wgmma, {}), ("gluon_tma_pipeline", c_g_tma_pipeline, {}),
                      ("gluon_cp_async", c_g_cp_async, {}), ("gluon_mma_v2", c_g_mma_v2, {})]


@gluon.jit
def g_dot_fma(a_ptr, b_ptr, c_ptr, M: gl.constexpr, N: gl.constexpr, K: gl.constexpr):
    # gl.dot_fma on blocked-layout operands (CUDA-core FMA, f32).
    acc_l: gl.constexpr = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])
    al: gl.constexpr = gl.DotOperandLayout(operand_index=0, parent=acc_l, k_width=0)
    bl: gl.constexpr = gl.DotOperandLayout(operand_index=1, parent=acc_l, k_width=0)
    rm = gl.arange(0, M, layout=gl.SliceLayout(1, al)); rk = gl.arange(0, K, layout=gl.SliceLayout(0, al))
    a = gl.load(a_ptr + rm[:, None] * K + rk[None, :])
    rk2 = gl.arange(0, K, layout=gl.SliceLayout(1, bl)); rn = gl.arange(0, N, layout=gl.SliceLayout(0, bl))
    b = gl.load(b_ptr + rk2[:, None] * N + rn[None, :])
    acc = gl.full([M, N], 0.5, gl.float32, layout=acc_l)
    acc = gl.dot_fma(a, b, acc)
    om = gl.arange(0, M, layout=gl.SliceLayout(1, acc_l)); on = gl.arange(0, N, layout=gl.SliceLayout(0, acc_l))
    gl.store(c_ptr + om[:, None] * N + on[None, :], acc)

def c_g_dot_fma(name):
    M, N, K = 32, 32, 16
    a = T(M, K); b = T(K, N); c = T(M, N, kind="poison")
    k = g_dot_fma[(1,)](a, b, c, M, N, K, num_warps=4)
    record(name, k, g_dot_fma, (1,), [a, b, c], ["c_ptr"], tol=(1e-5, 1e-5))

@gluon.jit
def _g_add(a, b):
    return a + b

@gluon.jit
def g_shapes_scans(x_ptr, out_ptr, cs_ptr, red_ptr, hist_ptr, M: gl.constexpr, N: gl.constexpr):
    # Scans, reductions, a histogram, join/permute/split and a linear layout.
    blk: gl.constexpr = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])
    rm = gl.arange(0, M, layout=gl.SliceLayout(1, blk)); rn = gl.arange(0, N, layout=gl.SliceLayout(0, blk))
    offs = rm[:, None] * N + rn[None, :]
    x = gl.load(x_ptr + offs)
    cs = gl.associative_scan(x, 1, _g_add)
    gl.store(cs_ptr + offs, cs)
    r = gl.sum(x, axis=0)
    gl.store(red_ptr + rn, r)
    j = gl.join(x, x * 2.0)
    p = gl.permute(j, [0, 2, 1])
    q = gl.reshape(p, [M, 2 * N])
    lo, hi = gl.split(gl.reshape(q, [M, N, 2]))
    lin: gl.constexpr = gl.DistributedLinearLayout(reg_bases=[[0, 1], [0, 2], [1, 0]], lane_bases=[[0, 4], [0, 8], [0, 16], [2, 0], [4, 0]],
                                                   warp_bases=[[8, 0], [16, 0]], block_bases=[], shape=[M, N])
    y = gl.convert_layout(lo - hi, lin)
    y = gl.convert_layout(y, blk)
    gl.store(out_ptr + offs, y)
    flat: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    v = gl.load(x_ptr + gl.arange(0, M * N, layout=flat))
    bins = (gl.abs(v) * 4.0).to(gl.int32)
    h = gl.histogram(bins, 16, layout=flat)
    gl.store(hist_ptr + gl.arange(0, 16, layout=flat), h)

def c_g_shapes_scans(name):
    M, N = 32, 32
    x = T(M, N); out = T(M, N, kind="poison"); cs = T(M, N, kind="poison"); red = T(N, kind="poison")
    hist = T(16, dtype=torch.int32, kind="poison")
    k = g_shapes_scans[(1,)](x, out, cs, red, hist, M, N, num_warps=4)
    record(name, k, g_shapes_scans, (1,), [x, out, cs, red, hist], ["out_ptr", "cs_ptr", "red_ptr", "hist_ptr"],
           tol=(1e-5, 1e-5))

@gluon.jit
def g_fp4_map(x_ptr, out_ptr, sq_ptr, N: gl.constexpr):
    # gl.fp4_to_fp on packed bytes; map_elementwise on the result.
    blk: gl.constexpr = gl.BlockedLayout([1, 2], [4, 8], [4, 1], [1, 0])
    rm = gl.arange(0, 32, layout=gl.SliceLayout(1, blk)); rn = gl.arange(0, N // 2, layout=gl.SliceLayout(0, blk))
    x = gl.load(x_ptr + rm[:, None] * (N // 2) + rn[None, :])
    f = gl.fp4_to_fp(x, gl.bfloat16, 1)
    rn2 = gl.arange(0, N, layout=gl.SliceLayout(0, f.type.layout))
    rm2 = gl.arange(0, 32, layout=gl.SliceLayout(1, f.type.layout))
    gl.store(out_ptr + rm2[:, None] * N + rn2[None, :], f)
    sq = gl.map_elementwise(_g_sq_or_neg, f.to(gl.float32))
    gl.store(sq_ptr + rm2[:, None] * N + rn2[None, :], sq)

@gluon.jit
def _g_sq_or_neg(v):
    if v > 1.0:
        return v * v
    return -v

def c_g_fp4_map(name):
    N = 64
    x = T(32, N // 2, dtype=torch.uint8, kind="randint", lo=0, hi=256)
    out = T(32, N, dtype=torch.bfloat16, kind="poison"); sq = T(32, N, kind="poison")
    k = g_fp4_map[(1,)](x, out, sq, N, num_warps=4)
    record(name, k, g_fp4_map, (1,), [x, out, sq], ["out_ptr", "sq_ptr"], tol=(0, 0))

GLUON_CASES_HOPPER += [("gluon_dot_fma", c_g_dot_fma, {}), ("gluon_shapes_scans", c_g_shapes_scans, {}),
                       ("gluon_fp4_map", c_g_fp4_map, {})]


@triton.jit
def desc_reduce_k(f_ptr, a_ptr, mn_ptr, mx_ptr, an_ptr, o_ptr, xo_ptr, xf_ptr, xi_ptr, M, N,
                  BM: tl.constexpr, BN: tl.constexpr):
    # TMA reductions through tensor descriptors: every program reduces into
    # one of two overlapping tiles that also hang over the tensor's edge.
    pid = tl.program_id(0)
    r = tl.arange(0, BM)[:, None]; c = tl.arange(0, BN)[None, :]
    xf = tl.load(xf_ptr + pid * BM * BN + r * BN + c)
    xi = tl.load(xi_ptr + pid * BM * BN + r * BN + c)
    off0 = (pid % 2) * (BM // 2)
    off1 = N - BN + 4
    tl.make_tensor_descriptor(f_ptr, [M, N], [N, 1], [BM, BN]).atomic_add([off0, off1], xf)
    tl.make_tensor_descriptor(a_ptr, [M, N], [N, 1], [BM, BN]).atomic_add([off0, off1], xi)
    tl.make_tensor_descriptor(mn_ptr, [M, N], [N, 1], [BM, BN]).atomic_min([off0, off1], xi)
    tl.make_tensor_descriptor(mx_ptr, [M, N], [N, 1], [BM, BN]).atomic_max([off0, off1], xi)
    tl.make_tensor_descriptor(an_ptr, [M, N], [N, 1], [BM, BN]).atomic_and([off0, off1], xi)
    tl.make_tensor_descriptor(o_ptr, [M, N], [N, 1], [BM, BN]).atomic_or([off0, off1], xi)
    tl.make_tensor_descriptor(xo_ptr, [M, N], [N, 1], [BM, BN]).atomic_xor([off0, off1], xi)

def c_desc_reduce(name):
    M, N, BM, BN, G = 24, 40, 16, 16, 5
    f = T(M, N); ints = [T(M, N, dtype=torch.int32, kind="randint", lo=-1000, hi=1000) for _ in range(6)]
    xf = T(G, BM, BN); xi = T(G, BM, BN, dtype=torch.int32, kind="randint", lo=-1000, hi=1000)
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device=DEV))
    args = [f, *ints, xf, xi, M, N]
    k = desc_reduce_k[(G,)](*args, BM=BM, BN=BN)
    record(name, k, desc_reduce_k, (G,), args, ["f_ptr", "a_ptr", "mn_ptr", "mx_ptr", "an_ptr", "o_ptr", "xo_ptr"],
           tol=(1e-5, 1e-5), note="float sums in any order")

CASES += [("desc_reduce", c_desc_reduce, {})]


# ---------------------------------------------------------------- warp specialization (Hopper)
# Triton 3.6's gl.warp_specialize takes (function, args) pairs, the default
# partition first.

@gluon.jit
def _ws_load_part(a_ptr, b_ptr, load_empty, load_ready, a_bufs, b_bufs, xoff, xnumel, ynumel,
                  XBLOCK: gl.constexpr, YBLOCK: gl.constexpr):
    # Triton 3.6 cannot pass a device-made descriptor into a worker
    # partition, so each partition makes its own.
    sl: gl.constexpr = gl.NVMMASharedLayout.get_default_for([XBLOCK, YBLOCK], gl.float32)
    a_d = tma.make_tensor_descriptor(a_ptr, [xnumel, ynumel], [ynumel, 1], [XBLOCK, YBLOCK], sl)
    b_d = tma.make_tensor_descriptor(b_ptr, [xnumel, ynumel], [ynumel, 1], [XBLOCK, YBLOCK], sl)
    nbuf: gl.constexpr = a_bufs.type.shape[0]
    for i in range(gl.cdiv(ynumel, YBLOCK)):
        idx = i % nbuf
        ph = i // nbuf & 1
        # A fresh mbarrier counts as having completed the phase before its
        # first, so waiting on parity 1 passes at once.
        mbarrier.wait(load_empty.index(idx), ph ^ 1)
        bar = load_ready.index(idx)
        mbarrier.expect(bar, a_d.block_type.nbytes + b_d.block_type.nbytes)
        tma.async_copy_global_to_shared(a_d, [xoff, i * YBLOCK], bar, a_bufs.index(idx))
        tma.async_copy_global_to_shared(b_d, [xoff, i * YBLOCK], bar, b_bufs.index(idx))

@gluon.jit
def _ws_store_part(c_ptr, c_empty, c_ready, c_bufs, xoff, xnumel, ynumel, XBLOCK: gl.constexpr,
                   YBLOCK: gl.constexpr):
    sl: gl.constexpr = gl.NVMMASharedLayout.get_default_for([XBLOCK, YBLOCK], gl.float32)
    c_d = tma.make_tensor_descriptor(c_ptr, [xnumel, ynumel], [ynumel, 1], [XBLOCK, YBLOCK], sl)
    nbuf: gl.constexpr = c_bufs.type.shape[0]
    outstanding: gl.constexpr = nbuf - 1
    for i in range(gl.cdiv(ynumel, YBLOCK)):
        idx = i % nbuf
        mbarrier.wait(c_ready.index(idx), i // nbuf & 1)
        tma.async_copy_shared_to_global(c_d, [xoff, i * YBLOCK], c_bufs.index(idx))
        tma.store_wait(outstanding)
        mbarrier.arrive(c_empty.index((i - outstanding) % nbuf), count=1, pred=i >= outstanding)
    tma.store_wait(0)

@gluon.jit
def _ws_compute_part(load_empty, load_ready, c_empty, c_ready, a_bufs, b_bufs, c_bufs, ynumel,
                     XBLOCK: gl.constexpr, YBLOCK: gl.constexpr, layout: gl.constexpr):
    nl: gl.constexpr = a_bufs.type.shape[0]
    ns: gl.constexpr = c_bufs.type.shape[0]
    total = gl.zeros([XBLOCK], gl.float32, layout=gl.SliceLayout(1, layout))
    for i in range(gl.cdiv(ynumel, YBLOCK)):
        li = i % nl
        mbarrier.wait(load_ready.index(li), i // nl & 1)
        a = a_bufs.index(li).load(layout)
        b = b_bufs.index(li).load(layout)
        hopper.fence_async_shared()
        mbarrier.arrive(load_empty.index(li), count=1)
        c = a * 2.0 + b
        total += gl.sum(c, axis=1)
        si = i % ns
        mbarrier.wait(c_empty.index(si), (i // ns & 1) ^ 1)
        c_bufs.index(si).store(c)
        hopper.fence_async_shared()
        mbarrier.arrive(c_ready.index(si), count=1)
    # The default partition's results are a tuple.
    return (total,)

@gluon.jit
def g_ws_ring(a_ptr, b_ptr, c_ptr, sum_ptr, xnumel, ynumel, XBLOCK: gl.constexpr, YBLOCK: gl.constexpr,
              NL: gl.constexpr, NS: gl.constexpr):
    # The warp-specialized elementwise kernel of Gluon's tutorial, on
    # device-made descriptors: a TMA load partition and a TMA store partition
    # (one warp each) around the default (compute) partition, handing tiles
    # over through rings of shared buffers guarded by empty/ready mbarriers.
    # The default partition also returns the row sums it accumulated.
    sl: gl.constexpr = gl.NVMMASharedLayout.get_default_for([XBLOCK, YBLOCK], gl.float32)
    layout: gl.constexpr = gl.BlockedLayout([1, 1], [1, 32], [1, 4], [1, 0])
    a_bufs = gl.allocate_shared_memory(gl.float32, [NL, XBLOCK, YBLOCK], sl)
    b_bufs = gl.allocate_shared_memory(gl.float32, [NL, XBLOCK, YBLOCK], sl)
    c_bufs = gl.allocate_shared_memory(gl.float32, [NS, XBLOCK, YBLOCK], sl)
    load_empty = gl.allocate_shared_memory(gl.int64, [NL, 1], mbarrier.MBarrierLayout())
    load_ready = gl.allocate_shared_memory(gl.int64, [NL, 1], mbarrier.MBarrierLayout())
    c_empty = gl.allocate_shared_memory(gl.int64, [NS, 1], mbarrier.MBarrierLayout())
    c_ready = gl.allocate_shared_memory(gl.int64, [NS, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(NL):
        mbarrier.init(load_empty.index(i), count=1)
        mbarrier.init(load_ready.index(i), count=1)
    for i in gl.static_range(NS):
        mbarrier.init(c_empty.index(i), count=1)
        mbarrier.init(c_ready.index(i), count=1)
    xoff = gl.program_id(0) * XBLOCK
    res = gl.warp_specialize([
        (_ws_compute_part, (load_empty, load_ready, c_empty, c_ready, a_bufs, b_bufs, c_bufs, ynumel, XBLOCK, YBLOCK, layout)),
        (_ws_load_part, (a_ptr, b_ptr, load_empty, load_ready, a_bufs, b_bufs, xoff, xnumel, ynumel, XBLOCK, YBLOCK)),
        (_ws_store_part, (c_ptr, c_empty, c_ready, c_bufs, xoff, xnumel, ynumel, XBLOCK, YBLOCK)),
    ], [1, 1], [24, 24])
    total = res[0]
    rows = xoff + gl.arange(0, XBLOCK, layout=gl.SliceLayout(1, layout))
    gl.store(sum_ptr + rows, total, mask=rows < xnumel)

def c_g_ws_ring(name, NL, NS, xn, yn):
    XB, YB = 32, 64
    a = T(xn, yn); b = T(xn, yn); c = T(xn, yn, kind="poison"); s = T(xn, kind="poison")
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device=DEV))
    g = (cdiv(xn, XB),)
    k = g_ws_ring[g](a, b, c, s, xn, yn, XB, YB, NL, NS, num_warps=4)
    record(name, k, g_ws_ring, g, [a, b, c, s, xn, yn], ["c_ptr", "sum_ptr"], tol=(1e-5, 1e-4),
           note="row sums in any order")

@gluon.jit
def _wsm_loader(a_ptr, b_ptr, bars_empty, bars_ready, a_s, b_s, off_m, off_n, M, N, K, BM: gl.constexpr,
                BN: gl.constexpr, BK: gl.constexpr):
    a_l: gl.constexpr = gl.NVMMASharedLayout.get_default_for([BM, BK], gl.float16)
    b_l: gl.constexpr = gl.NVMMASharedLayout.get_default_for([BK, BN], gl.float16)
    a_d = tma.make_tensor_descriptor(a_ptr, [M, K], [K, 1], [BM, BK], a_l)
    b_d = tma.make_tensor_descriptor(b_ptr, [K, N], [N, 1], [BK, BN], b_l)
    S: gl.constexpr = a_s.type.shape[0]
    for kt in range(gl.cdiv(K, BK)):
        s = kt % S
        mbarrier.wait(bars_empty.index(s), (kt // S & 1) ^ 1)
        bar = bars_ready.index(s)
        mbarrier.expect(bar, a_d.block_type.nbytes + b_d.block_type.nbytes)
        tma.async_copy_global_to_shared(a_d, [off_m, kt * BK], bar, a_s.index(s))
        tma.async_copy_global_to_shared(b_d, [kt * BK, off_n], bar, b_s.index(s))

@gluon.jit
def _wsm_mma(bars_empty, bars_ready, a_s, b_s, K, BK: gl.constexpr, BM: gl.constexpr, BN: gl.constexpr):
    S: gl.constexpr = a_s.type.shape[0]
    mma: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, BN, 16])
    acc = gl.zeros([BM, BN], gl.float32, layout=mma)
    for kt in range(gl.cdiv(K, BK)):
        s = kt % S
        mbarrier.wait(bars_ready.index(s), kt // S & 1)
        acc = hopper.warpgroup_mma(a_s.index(s), b_s.index(s), acc, is_async=True)
        acc = hopper.warpgroup_mma_wait(num_outstanding=0, deps=[acc])
        mbarrier.arrive(bars_empty.index(s), count=1)
    return (acc,)

@gluon.jit
def g_ws_matmul(a_ptr, b_ptr, c_ptr, M, N, K, BM: gl.constexpr, BN: gl.constexpr, BK: gl.constexpr,
                S: gl.constexpr):
    # A warp-specialized Hopper matmul: a one-warp TMA loader partition fills
    # a ring of S stages; the default partition runs wgmma and returns the
    # accumulator, which the kernel stores after the partitions join.
    pid_m = gl.program_id(0); pid_n = gl.program_id(1)
    a_l: gl.constexpr = gl.NVMMASharedLayout.get_default_for([BM, BK], gl.float16)
    b_l: gl.constexpr = gl.NVMMASharedLayout.get_default_for([BK, BN], gl.float16)
    a_s = gl.allocate_shared_memory(gl.float16, [S, BM, BK], a_l)
    b_s = gl.allocate_shared_memory(gl.float16, [S, BK, BN], b_l)
    bars_empty = gl.allocate_shared_memory(gl.int64, [S, 1], mbarrier.MBarrierLayout())
    bars_ready = gl.allocate_shared_memory(gl.int64, [S, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(S):
        mbarrier.init(bars_empty.index(i), count=1)
        mbarrier.init(bars_ready.index(i), count=1)
    off_m = pid_m * BM; off_n = pid_n * BN
    res = gl.warp_specialize([
        (_wsm_mma, (bars_empty, bars_ready, a_s, b_s, K, BK, BM, BN)),
        (_wsm_loader, (a_ptr, b_ptr, bars_empty, bars_ready, a_s, b_s, off_m, off_n, M, N, K, BM, BN, BK)),
    ], [1], [24])
    acc = res[0]
    mma: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, BN, 16])
    om = off_m + gl.arange(0, BM, layout=gl.SliceLayout(1, mma)); on = off_n + gl.arange(0, BN, layout=gl.SliceLayout(0, mma))
    gl.store(c_ptr + om[:, None] * N + on[None, :], acc, mask=(om[:, None] < M) & (on[None, :] < N))

def c_g_ws_matmul(name):
    hopper_matmul_case(name, g_ws_matmul, 100, 96, 200)

@gluon.jit
def _wsp_producer(x_ptr, ready, free, buf, n, BLOCK: gl.constexpr):
    # Plain loads and shared stores in a one-warp partition: the hand-off is
    # an mbarrier arrive after the store (the consumer waits on it).
    S: gl.constexpr = buf.type.shape[0]
    lay: gl.constexpr = gl.BlockedLayout([1], [32], [1], [0])
    pid = gl.program_id(0)
    for i in range(gl.cdiv(n, BLOCK)):
        s = i % S
        mbarrier.wait(free.index(s), (i // S & 1) ^ 1)
        offs = i * BLOCK + gl.arange(0, BLOCK, layout=lay)
        v = gl.load(x_ptr + pid * n + offs, mask=offs < n, other=0.0)
        buf.index(s).store(v)
        mbarrier.arrive(ready.index(s), count=1)

@gluon.jit
def _wsp_consumer(ready, free, buf, n, BLOCK: gl.constexpr):
    S: gl.constexpr = buf.type.shape[0]
    lay: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    run_max = gl.full([BLOCK], float("-inf"), gl.float32, layout=lay)
    acc = gl.zeros([BLOCK], gl.float32, layout=lay)
    for i in range(gl.cdiv(n, BLOCK)):
        s = i % S
        mbarrier.wait(ready.index(s), i // S & 1)
        v = buf.index(s).load(lay)
        mbarrier.arrive(free.index(s), count=1)
        offs = i * BLOCK + gl.arange(0, BLOCK, layout=lay)
        run_max = gl.maximum(run_max, gl.where(offs < n, v, float("-inf")))
        acc += v * v
    return gl.max(run_max, axis=0), gl.sum(acc, axis=0)

@gluon.jit
def g_ws_pointer(x_ptr, max_ptr, ss_ptr, n, BLOCK: gl.constexpr, S: gl.constexpr):
    # A producer partition of one warp streams each program's row into an
    # S-stage ring with plain loads; the default partition reduces it and
    # returns two scalars.
    buf = gl.allocate_shared_memory(gl.float32, [S, BLOCK], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    ready = gl.allocate_shared_memory(gl.int64, [S, 1], mbarrier.MBarrierLayout())
    free = gl.allocate_shared_memory(gl.int64, [S, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(S):
        mbarrier.init(ready.index(i), count=1)
        mbarrier.init(free.index(i), count=1)
    mx, ss = gl.warp_specialize([
        (_wsp_consumer, (ready, free, buf, n, BLOCK)),
        (_wsp_producer, (x_ptr, ready, free, buf, n, BLOCK)),
    ], [1], [24])
    pid = gl.program_id(0)
    gl.store(max_ptr + pid, mx)
    gl.store(ss_ptr + pid, ss)

def c_g_ws_pointer(name):
    R, n = 3, 1000
    x = T(R, n); mx = T(R, kind="poison"); ss = T(R, kind="poison")
    k = g_ws_pointer[(R,)](x, mx, ss, n, 128, 2, num_warps=4)
    record(name, k, g_ws_pointer, (R,), [x, mx, ss, n], ["max_ptr", "ss_ptr"], tol=(1e-5, 1e-4),
           note="sum of squares in any order")

@triton.jit
def ws_auto_matmul_k(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Triton's automatic warp specialization of a descriptor matmul loop.
    pid_m = tl.program_id(0); pid_n = tl.program_id(1)
    a_d = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_d = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    c_d = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    acc = tl.zeros([BM, BN], tl.float32)
    for k in tl.range(0, tl.cdiv(K, BK), warp_specialize=True):
        acc = tl.dot(a_d.load([pid_m * BM, k * BK]), b_d.load([k * BK, pid_n * BN]), acc)
    c_d.store([pid_m * BM, pid_n * BN], acc)

def c_ws_auto_matmul(name):
    M, N, K = 200, 192, 256
    BM, BN, BK = 128, 64, 64
    a = T(M, K, dtype=torch.float16); b = T(K, N, dtype=torch.float16); c = T(M, N, kind="poison")
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device=DEV))
    g = (cdiv(M, BM), cdiv(N, BN))
    k = ws_auto_matmul_k[g](a, b, c, M, N, K, BM, BN, BK, num_warps=4, num_stages=3)
    has_ws = "ttg.warp_specialize" in k.asm["ttgir"]
    record(name, k, ws_auto_matmul_k, g, [a, b, c, M, N, K], ["c_ptr"], tol=(1e-4, 1e-4),
           note="ttgir has ttg.warp_specialize: %s" % has_ws)

# Not kept: the same kernel with one load and one store buffer (NL=NS=1),
# whose GPU results differed from a*2+b in 128 of 8320 elements (tilerun's
# matched numpy); the kernel races on the GPU there.
GLUON_CASES_HOPPER += [("gluon_ws_ring", c_g_ws_ring, {"NL": 2, "NS": 2, "xn": 100, "yn": 200}),
                       ("gluon_ws_matmul", c_g_ws_matmul, {}), ("gluon_ws_pointer", c_g_ws_pointer, {})]
CASES += [("ws_auto_matmul", c_ws_auto_matmul, {})]


@triton.jit
def ws_auto_attn_k(q_ptr, k_ptr, v_ptr, o_ptr, N_CTX, sm_scale, D: tl.constexpr, BM: tl.constexpr,
                   BN: tl.constexpr):
    # Attention forward (one head) with automatic warp specialization of
    # the KV loop: descriptor loads, two dots, online softmax in exp2.
    pid_m = tl.program_id(0)
    q_d = tl.make_tensor_descriptor(q_ptr, shape=[N_CTX, D], strides=[D, 1], block_shape=[BM, D])
    k_d = tl.make_tensor_descriptor(k_ptr, shape=[N_CTX, D], strides=[D, 1], block_shape=[BN, D])
    v_d = tl.make_tensor_descriptor(v_ptr, shape=[N_CTX, D], strides=[D, 1], block_shape=[BN, D])
    q = q_d.load([pid_m * BM, 0])
    m_i = tl.full([BM], float("-inf"), tl.float32)
    l_i = tl.zeros([BM], tl.float32)
    acc = tl.zeros([BM, D], tl.float32)
    qk_scale = sm_scale * 1.44269504
    for start in tl.range(0, N_CTX, BN, warp_specialize=True):
        k = k_d.load([start, 0])
        qk = tl.dot(q, k.T)
        m_ij = tl.maximum(m_i, tl.max(qk, 1) * qk_scale)
        p = tl.math.exp2(qk * qk_scale - m_ij[:, None])
        alpha = tl.math.exp2(m_i - m_ij)
        l_i = l_i * alpha + tl.sum(p, 1)
        acc = acc * alpha[:, None]
        v = v_d.load([start, 0])
        acc = tl.dot(p.to(tl.float16), v, acc)
        m_i = m_ij
    acc = acc / l_i[:, None]
    om = pid_m * BM + tl.arange(0, BM); od = tl.arange(0, D)
    tl.store(o_ptr + om[:, None] * D + od[None, :], acc)

def c_ws_auto_attn(name):
    N, D, BM, BN = 256, 64, 128, 64
    q = T(N, D, dtype=torch.float16); k = T(N, D, dtype=torch.float16); v = T(N, D, dtype=torch.float16)
    o = T(N, D, kind="poison")
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device=DEV))
    g = (N // BM,)
    kern = ws_auto_attn_k[g](q, k, v, o, N, 0.125, D, BM, BN, num_warps=4, num_stages=2)
    has_ws = "ttg.warp_specialize" in kern.asm["ttgir"]
    record(name, kern, ws_auto_attn_k, g, [q, k, v, o, N, 0.125], ["o_ptr"], tol=(2e-3, 2e-3),
           note="ttgir has ttg.warp_specialize: %s" % has_ws)

@triton.jit
def ws_auto_persistent_k(a_ptr, b_ptr, c_ptr, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr,
                         NUM_SMS: tl.constexpr):
    # Persistent matmul (Triton's tutorial 09 form): a flattened,
    # warp-specialized tile loop over descriptor loads, f16 result.
    a_d = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BM, BK])
    b_d = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BK, BN])
    c_d = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    num_pid_n = tl.cdiv(N, BN)
    num_tiles = tl.cdiv(M, BM) * num_pid_n
    k_tiles = tl.cdiv(K, BK)
    for tile_id in tl.range(tl.program_id(0), num_tiles, NUM_SMS, flatten=True, warp_specialize=True):
        pid_m = tile_id // num_pid_n
        pid_n = tile_id % num_pid_n
        acc = tl.zeros([BM, BN], tl.float32)
        for ki in range(k_tiles):
            acc = tl.dot(a_d.load([pid_m * BM, ki * BK]), b_d.load([ki * BK, pid_n * BN]), acc)
        c_d.store([pid_m * BM, pid_n * BN], acc.to(tl.float16))

def c_ws_auto_persistent(name):
    M, N, K = 300, 200, 160
    BM, BN, BK, SMS = 128, 64, 64, 3
    a = T(M, K, dtype=torch.float16); b = T(K, N, dtype=torch.float16); c = T(M, N, dtype=torch.float16, kind="poison")
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device=DEV))
    kern = ws_auto_persistent_k[(SMS,)](a, b, c, M, N, K, BM, BN, BK, SMS, num_warps=4, num_stages=3)
    has_ws = "ttg.warp_specialize" in kern.asm["ttgir"]
    record(name, kern, ws_auto_persistent_k, (SMS,), [a, b, c, M, N, K], ["c_ptr"], tol=(1e-2, 1e-2),
           note="ttgir has ttg.warp_specialize: %s" % has_ws)

@gluon.jit
def _ws2_producer(x_ptr, ready, free, buf, n_tiles, BLOCK: gl.constexpr):
    S: gl.constexpr = buf.type.shape[0]
    lay: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    for t in range(n_tiles):
        s = t % S
        mbarrier.wait(free.index(s), (t // S & 1) ^ 1)
        v = gl.load(x_ptr + t * BLOCK + gl.arange(0, BLOCK, layout=lay))
        buf.index(s).store(v)
        mbarrier.arrive(ready.index(s), count=1)

@gluon.jit
def _ws2_consumer(out_ptr, ready, free, buf, n_tiles, which, BLOCK: gl.constexpr):
    # Consumer `which` (0 or 1) takes the tiles of its parity; each slot's
    # `free` barrier expects one arrival, from the consumer that read it.
    S: gl.constexpr = buf.type.shape[0]
    lay: gl.constexpr = gl.BlockedLayout([1], [32], [1], [0])
    for t in range(which, n_tiles, 2):
        s = t % S
        mbarrier.wait(ready.index(s), t // S & 1)
        v = buf.index(s).load(lay)
        mbarrier.arrive(free.index(s), count=1)
        gl.store(out_ptr + t * BLOCK + gl.arange(0, BLOCK, layout=lay), v * v + which)

@gluon.jit
def _ws2_even(out_ptr, ready, free, buf, n_tiles, BLOCK: gl.constexpr):
    _ws2_consumer(out_ptr, ready, free, buf, n_tiles, 0, BLOCK)

@gluon.jit
def _ws2_odd(out_ptr, ready, free, buf, n_tiles, BLOCK: gl.constexpr):
    _ws2_consumer(out_ptr, ready, free, buf, n_tiles, 1, BLOCK)

@gluon.jit
def g_ws_two_consumers(x_ptr, out_ptr, n_tiles, BLOCK: gl.constexpr, S: gl.constexpr):
    # The default region produces into an S-slot ring; two worker partitions
    # consume alternate tiles and store them.
    buf = gl.allocate_shared_memory(gl.float32, [S, BLOCK], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    ready = gl.allocate_shared_memory(gl.int64, [S, 1], mbarrier.MBarrierLayout())
    free = gl.allocate_shared_memory(gl.int64, [S, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(S):
        mbarrier.init(ready.index(i), count=1)
        mbarrier.init(free.index(i), count=1)
    gl.warp_specialize([
        (_ws2_producer, (x_ptr, ready, free, buf, n_tiles, BLOCK)),
        (_ws2_even, (out_ptr, ready, free, buf, n_tiles, BLOCK)),
        (_ws2_odd, (out_ptr, ready, free, buf, n_tiles, BLOCK)),
    ], [1, 1], [24, 24])

def c_g_ws_two_consumers(name):
    n_tiles, BLOCK, S = 11, 128, 3
    x = T(n_tiles * BLOCK); o = T(n_tiles * BLOCK, kind="poison")
    k = g_ws_two_consumers[(1,)](x, o, n_tiles, BLOCK, S, num_warps=4)
    record(name, k, g_ws_two_consumers, (1,), [x, o, n_tiles], ["out_ptr"], tol=(1e-6, 1e-6))

GLUON_CASES_HOPPER += [("gluon_ws_two_consumers", c_g_ws_two_consumers, {})]
# Not kept: ws_auto_attention. Triton 3.6 splits its 128-row block into two
# 64-row consumer partitions and offsets the second's rows twice (its store
# uses make_range(64, 128) plus pid * 128 + 64): on the GPU rows 64-127 of
# each block stay unwritten and the last program writes past the output;
# `tilerun run --check` reports that store as out of bounds.
CASES += [("ws_auto_persistent", c_ws_auto_persistent, {})]


@triton.jit
def desc3d_k(x_ptr, y_ptr, s_ptr, B, M, N, BM: tl.constexpr, BN: tl.constexpr):
    # 3-D descriptors with one-batch boxes: the loaded [1, BM, BN] block is
    # reshaped to 2-D, scaled, summed into a 3-D reduction descriptor and
    # stored back through a 3-D descriptor, tiles partly out of bounds.
    b = tl.program_id(2); pm = tl.program_id(0); pn = tl.program_id(1)
    xd = tl.make_tensor_descriptor(x_ptr, shape=[B, M, N], strides=[M * N, N, 1], block_shape=[1, BM, BN])
    yd = tl.make_tensor_descriptor(y_ptr, shape=[B, M, N], strides=[M * N, N, 1], block_shape=[1, BM, BN])
    sd = tl.make_tensor_descriptor(s_ptr, shape=[M, N], strides=[N, 1], block_shape=[BM, BN])
    t = xd.load([b, pm * BM, pn * BN]).reshape(BM, BN)
    y = t * 2.0 + 1.0
    yd.store([b, pm * BM, pn * BN], y.reshape(1, BM, BN))
    sd.atomic_add([pm * BM, pn * BN], t)

def c_desc3d(name):
    B, M, N, BM, BN = 3, 40, 72, 32, 64
    x = T(B, M, N); y = T(B, M, N, kind="poison"); s = T(M, N, kind="zeros")
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device=DEV))
    g = (cdiv(M, BM), cdiv(N, BN), B)
    k = desc3d_k[g](x, y, s, B, M, N, BM, BN)
    record(name, k, desc3d_k, g, [x, y, s, B, M, N], ["y_ptr", "s_ptr"], tol=(1e-5, 1e-5),
           note="atomic sums in any order")

@gluon.jit
def g_tma3d(x_ptr, y_ptr, B, M, N, BM: gl.constexpr, BN: gl.constexpr):
    # A TMA box of a 3-D device descriptor with a leading unit dim, copied
    # into a 2-D buffer and back out through another 3-D descriptor.
    b = gl.program_id(1); pm = gl.program_id(0)
    sl: gl.constexpr = gl.NVMMASharedLayout.get_default_for([BM, BN], gl.float32)
    sl3: gl.constexpr = gl.NVMMASharedLayout(swizzle_byte_width=sl.swizzle_byte_width, element_bitwidth=32, rank=3)
    xd = tma.make_tensor_descriptor(x_ptr, [B, M, N], [M * N, N, 1], [1, BM, BN], sl3)
    yd = tma.make_tensor_descriptor(y_ptr, [B, M, N], [M * N, N, 1], [1, BM, BN], sl3)
    buf = gl.allocate_shared_memory(gl.float32, [1, BM, BN], sl3)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    mbarrier.expect(bar, xd.block_type.nbytes)
    tma.async_copy_global_to_shared(xd, [b, pm * BM, 0], bar, buf)
    mbarrier.wait(bar, 0)
    lay: gl.constexpr = gl.BlockedLayout([1, 1, 4], [1, 4, 8], [1, 4, 1], [2, 1, 0])
    v = buf.load(lay)
    buf.store(v * 3.0)
    hopper.fence_async_shared()
    tma.async_copy_shared_to_global(yd, [b, pm * BM, 0], buf)
    tma.store_wait(0)

def c_g_tma3d(name):
    B, M, N, BM, BN = 2, 48, 32, 32, 32
    x = T(B, M, N); y = T(B, M, N, kind="poison")
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device=DEV))
    g = (cdiv(M, BM), B)
    k = g_tma3d[g](x, y, B, M, N, BM, BN, num_warps=4)
    record(name, k, g_tma3d, g, [x, y, B, M, N], ["y_ptr"], tol=(1e-6, 1e-6))

CASES += [("desc3d", c_desc3d, {})]
GLUON_CASES_HOPPER += [("gluon_tma3d", c_g_tma3d, {})]


# Descriptor gather/scatter is not generated here: Triton 3.6 compiles it to
# TMA tile::gather4 / scatter4, which needs sm_100 (ptxas rejects it for the
# H200). test/Tools/tilerun/descriptor-gather-scatter.test checks tilerun's
# lowering against numpy instead.


@gluon.jit
def _cpa_producer(x_ptr, ready, free, buf, n_tiles, BLOCK: gl.constexpr, INC: gl.constexpr):
    # cp.async copies signal the ring's `ready` barrier through
    # cp.async.mbarrier.arrive, which every thread executes: without .noinc
    # (INC) each thread's arrival cancels its own increment and the barrier
    # needs an ordinary arrival; with .noinc each of the warp's 32 threads
    # arrives (`ready` expects 32).
    S: gl.constexpr = buf.type.shape[0]
    lay: gl.constexpr = gl.BlockedLayout([1], [32], [1], [0])
    for t in range(n_tiles):
        s = t % S
        mbarrier.wait(free.index(s), (t // S & 1) ^ 1)
        async_copy.async_copy_global_to_shared(buf.index(s), x_ptr + t * BLOCK + gl.arange(0, BLOCK, layout=lay))
        async_copy.mbarrier_arrive(ready.index(s), increment_count=INC)
        if INC:
            mbarrier.arrive(ready.index(s), count=1)

@gluon.jit
def _cpa_consumer(out_ptr, ready, free, buf, n_tiles, BLOCK: gl.constexpr):
    S: gl.constexpr = buf.type.shape[0]
    lay: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    for t in range(n_tiles):
        s = t % S
        mbarrier.wait(ready.index(s), t // S & 1)
        v = buf.index(s).load(lay)
        mbarrier.arrive(free.index(s), count=1)
        gl.store(out_ptr + t * BLOCK + gl.arange(0, BLOCK, layout=lay), v + 1.0)

@gluon.jit
def g_ws_cp_async(x_ptr, out_ptr, n_tiles, BLOCK: gl.constexpr, S: gl.constexpr, INC: gl.constexpr):
    buf = gl.allocate_shared_memory(gl.float32, [S, BLOCK], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    ready = gl.allocate_shared_memory(gl.int64, [S, 1], mbarrier.MBarrierLayout())
    free = gl.allocate_shared_memory(gl.int64, [S, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(S):
        if INC:
            mbarrier.init(ready.index(i), count=1)
        else:
            mbarrier.init(ready.index(i), count=32)
        mbarrier.init(free.index(i), count=1)
    gl.warp_specialize([
        (_cpa_consumer, (out_ptr, ready, free, buf, n_tiles, BLOCK)),
        (_cpa_producer, (x_ptr, ready, free, buf, n_tiles, BLOCK, INC)),
    ], [1], [24])

def c_g_ws_cp_async(name, INC):
    n_tiles, BLOCK, S = 9, 128, 2
    x = T(n_tiles * BLOCK); o = T(n_tiles * BLOCK, kind="poison")
    k = g_ws_cp_async[(1,)](x, o, n_tiles, BLOCK, S, INC, num_warps=4)
    record(name, k, g_ws_cp_async, (1,), [x, o, n_tiles], ["out_ptr"], tol=(1e-6, 1e-6))

# Not generated: automatic warp specialization of a pointer-based K loop
# (tl.load + tl.dot in tl.range(..., warp_specialize=True)); Triton 3.6's
# cuda:90 pipeline fails on it ("PassManager::run failed").

GLUON_CASES_HOPPER += [("gluon_ws_cp_async_noinc", c_g_ws_cp_async, {"INC": False}),
                       ("gluon_ws_cp_async_inc", c_g_ws_cp_async, {"INC": True})]

GLUON_CASES = [
    ("gluon_nvmma_sw128_f16", c_g_layout_raw, {"M": 32, "N": 64, "layout": lambda: nvmma(128, 16)}),
    ("gluon_nvmma_sw64_f16", c_g_layout_raw, {"M": 32, "N": 32, "layout": lambda: nvmma(64, 16)}),
    ("gluon_nvmma_sw32_f16", c_g_layout_raw, {"M": 16, "N": 16, "layout": lambda: nvmma(32, 16)}),
    ("gluon_nvmma_sw0_f16", c_g_layout_raw, {"M": 16, "N": 32, "layout": lambda: nvmma(0, 16)}),
    ("gluon_nvmma_sw128_f32", c_g_layout_raw, {"M": 16, "N": 32, "layout": lambda: nvmma(128, 32), "dtype": torch.float32}),
    ("gluon_nvmma_sw64_f32", c_g_layout_raw, {"M": 16, "N": 16, "layout": lambda: nvmma(64, 32), "dtype": torch.float32}),
    ("gluon_nvmma_sw128_f16_t", c_g_layout_raw, {"M": 64, "N": 32, "layout": lambda: nvmma(128, 16, True)}),
    ("gluon_nvmma_sw32_f32_t", c_g_layout_raw, {"M": 16, "N": 16, "layout": lambda: nvmma(32, 32, True), "dtype": torch.float32}),
    ("gluon_nvmma_sw128_i8", c_g_layout_raw, {"M": 16, "N": 128, "layout": lambda: nvmma(128, 8), "dtype": torch.int8}),
    ("gluon_swz_4_2_4", c_g_layout_raw, {"M": 32, "N": 32, "layout": lambda: gl.SwizzledSharedLayout(4, 2, 4, [1, 0]), "dtype": torch.float32}),
    ("gluon_swz_8_1_8_f16", c_g_layout_raw, {"M": 32, "N": 64, "layout": lambda: gl.SwizzledSharedLayout(8, 1, 8, [1, 0])}),
    ("gluon_swz_2_2_4_col", c_g_layout_raw, {"M": 32, "N": 16, "layout": lambda: gl.SwizzledSharedLayout(2, 2, 4, [0, 1]), "dtype": torch.float32}),
    ("gluon_swz_1_4_8", c_g_layout_raw, {"M": 32, "N": 16, "layout": lambda: gl.SwizzledSharedLayout(1, 4, 8, [1, 0]), "dtype": torch.float32}),
    ("gluon_padded_32_4", c_g_padded_raw, {"M": 32, "N": 32, "P2": 2048, "layout": lambda: padded([[32, 4]], [32, 32], [1, 0])}),
    ("gluon_padded_multi_col", c_g_padded_raw, {"M": 16, "N": 32, "P2": 1024, "layout": lambda: padded([[16, 1], [64, 2]], [16, 32], [0, 1])}),
    ("gluon_ring_basic", c_g_ring_views, {"layout": lambda: gl.SwizzledSharedLayout(1, 1, 1, [1, 0]), "slice_": False, "reshape": False}),
    ("gluon_ring_basic_swz", c_g_ring_views, {"layout": lambda: gl.SwizzledSharedLayout(4, 2, 4, [1, 0]), "slice_": False, "reshape": False}),
    ("gluon_ring_basic_nvmma", c_g_ring_views, {"layout": lambda: nvmma(128, 32), "slice_": False, "reshape": False}),
    ("gluon_pingpong", c_g_pingpong, {"flip": 0}),
    ("gluon_pingpong_flip", c_g_pingpong, {"flip": 1}),
]

# ---------------------------------------------------------------- early returns (Triton emits cf.cond_br / cf.br)
from triton.tools.tensor_descriptor import TensorDescriptor as HostDesc
from triton.experimental.gluon.nvidia.hopper import TensorDescriptor as GluonHostDesc

@triton.jit
def er_row_softmax_k(x_ptr, y_ptr, n_rows, n_cols, BLOCK: tl.constexpr):
    # Forward style: more programs than rows; the extra ones return first.
    row = tl.program_id(0)
    if row >= n_rows:
        return
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    x = tl.load(x_ptr + row * n_cols + offs, mask=m, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(y_ptr + row * n_cols + offs, e / tl.sum(e, axis=0), mask=m)

def c_er_row_softmax(name):
    R, C = 5, 100
    x = T(R, C); y = T(R, C, kind="poison")
    k = er_row_softmax_k[(8,)](x, y, R, C, BLOCK=128)
    record(name, k, er_row_softmax_k, (8,), [x, y, R, C], ["y_ptr"], tol=(1e-5, 1e-6))

@triton.jit
def er_cross_entropy_k(logits_ptr, labels_ptr, loss_ptr, grad_ptr, n_cols, ignore_index, scale,
                       BLOCK: tl.constexpr):
    # Forward and backward of a cross entropy row (the training-kernel shape):
    # an ignored label writes zeros and returns early.
    row = tl.program_id(0).to(tl.int64)
    label = tl.load(labels_ptr + row)
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    if label == ignore_index:
        tl.store(loss_ptr + row, 0.0)
        tl.store(grad_ptr + row * n_cols + offs, tl.zeros([BLOCK], tl.float32), mask=m)
        return
    x = tl.load(logits_ptr + row * n_cols + offs, mask=m, other=-float("inf")).to(tl.float32)
    mx = tl.max(x, axis=0)
    e = tl.exp(x - mx)
    s = tl.sum(e, axis=0)
    xl = tl.load(logits_ptr + row * n_cols + label).to(tl.float32)
    tl.store(loss_ptr + row, (tl.log(s) + mx - xl) * scale)
    g = e / s - tl.where(offs == label, 1.0, 0.0)
    tl.store(grad_ptr + row * n_cols + offs, g * scale, mask=m)

def c_er_cross_entropy(name):
    R, C = 12, 200
    x = T(R, C)
    lab = torch.randint(0, C, (R,), device=DEV, dtype=torch.int64)
    lab[[1, 4, 5, 11]] = -100
    keep(lab)
    loss = T(R, kind="poison"); g = T(R, C, kind="poison")
    k = er_cross_entropy_k[(R,)](x, lab, loss, g, C, -100, 0.125, BLOCK=256)
    record(name, k, er_cross_entropy_k, (R,), [x, lab, loss, g, C, -100, 0.125], ["loss_ptr", "grad_ptr"],
           tol=(1e-5, 1e-6))

@triton.jit
def er_nested_k(x_ptr, out_ptr, flags_ptr, n, BLOCK: tl.constexpr):
    # Several returns at different depths, one after a loop, with work done
    # between them (stores before a return must stay).
    pid = tl.program_id(0)
    f = tl.load(flags_ptr + pid)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    if f > 0:
        tl.store(out_ptr + offs, x + 1.0, mask=m)
        if f > 1:
            tl.store(out_ptr + offs, x * 2.0, mask=m & (offs % 2 == 0))
            return
        if f == 1:
            return
    acc = tl.zeros([BLOCK], tl.float32)
    for i in range(0, 3):
        acc += x * i
    if f == -1:
        tl.store(out_ptr + offs, acc, mask=m)
        return
    if f < -1:
        return
    tl.store(out_ptr + offs, acc - x, mask=m)

def c_er_nested(name):
    P, B = 8, 64
    n = P * B - 10
    x = T(n); o = T(n, kind="poison")
    flags = keep(torch.tensor([0, 1, 2, -1, -2, 3, 0, -1], device=DEV, dtype=torch.int32))
    k = er_nested_k[(P,)](x, o, flags, n, BLOCK=B)
    record(name, k, er_nested_k, (P,), [x, o, flags, n], ["out_ptr"], tol=(1e-6, 1e-6))

@triton.jit
def er_layernorm_bwd_k(dy_ptr, x_ptr, w_ptr, mean_ptr, rstd_ptr, dx_ptr, dw_ptr, M, N, BLOCK: tl.constexpr):
    # Backward style: rows past M return; the others write dx and accumulate
    # dw with atomics.
    row = tl.program_id(0)
    if row >= M:
        return
    cols = tl.arange(0, BLOCK)
    m = cols < N
    x = tl.load(x_ptr + row * N + cols, mask=m, other=0.)
    dy = tl.load(dy_ptr + row * N + cols, mask=m, other=0.)
    w = tl.load(w_ptr + cols, mask=m)
    mean = tl.load(mean_ptr + row)
    rstd = tl.load(rstd_ptr + row)
    xhat = tl.where(m, (x - mean) * rstd, 0.)
    wdy = w * dy
    c1 = tl.sum(xhat * wdy, axis=0) / N
    c2 = tl.sum(wdy, axis=0) / N
    tl.store(dx_ptr + row * N + cols, (wdy - (xhat * c1 + c2)) * rstd, mask=m)
    tl.atomic_add(dw_ptr + cols, dy * xhat, mask=m)

def c_er_layernorm_bwd(name):
    M, N = 6, 96
    x = T(M, N); dy = T(M, N); w = T(N)
    mean = keep(x.mean(1).contiguous()); rstd = keep((1.0 / (x.var(1, unbiased=False) + 1e-5).sqrt()).contiguous())
    dx = T(M, N, kind="poison"); dw = T(N, kind="zeros")
    k = er_layernorm_bwd_k[(9,)](dy, x, w, mean, rstd, dx, dw, M, N, BLOCK=128)
    record(name, k, er_layernorm_bwd_k, (9,), [dy, x, w, mean, rstd, dx, dw, M, N], ["dx_ptr", "dw_ptr"],
           tol=(1e-4, 1e-5), note="dw: atomic sums in any order")

# A `return` inside a loop is refused by Triton 3.6 itself
# (UnsupportedLanguageConstruct), so every early return Triton emits sits in
# an `if` outside any loop.

CASES += [("early_return_row", c_er_row_softmax, {}), ("early_return_cross_entropy", c_er_cross_entropy, {}),
          ("early_return_nested", c_er_nested, {}), ("early_return_layernorm_bwd", c_er_layernorm_bwd, {})]


# ---------------------------------------------------------------- host-side tensor descriptors
@triton.jit
def hd_matmul_k(a_desc, b_desc, c_desc, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # A TMA matmul on descriptors made by the host; tiles partly outside M, N, K.
    pid_m = tl.program_id(0); pid_n = tl.program_id(1)
    acc = tl.zeros([BM, BN], tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        a = a_desc.load([pid_m * BM, k * BK])
        b = b_desc.load([k * BK, pid_n * BN])
        acc = tl.dot(a, b, acc)
    c_desc.store([pid_m * BM, pid_n * BN], acc)

def c_hd_matmul(name):
    M, N, K, BM, BN, BK = 100, 72, 80, 64, 32, 32
    a = T(M, K, dtype=torch.float16); b = T(K, N, dtype=torch.float16); c = T(M, N, kind="poison")
    ad = HostDesc.from_tensor(a, [BM, BK]); bd = HostDesc.from_tensor(b, [BK, BN]); cd = HostDesc.from_tensor(c, [BM, BN])
    g = (cdiv(M, BM), cdiv(N, BN))
    k = hd_matmul_k[g](ad, bd, cd, M, N, K, BM=BM, BN=BN, BK=BK)
    record(name, k, hd_matmul_k, g, [ad, bd, cd, M, N, K], ["c_desc"], tol=(1e-3, 1e-3))

@triton.jit
def hd_persistent_k(a_desc, b_desc, c_desc, M, N, K, NUM_PROGS: tl.constexpr,
                    BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    # Tutorial 09's persistent shape: a fixed grid walks all output tiles.
    start = tl.program_id(0)
    num_m = tl.cdiv(M, BM); num_n = tl.cdiv(N, BN)
    for tile in tl.range(start, num_m * num_n, NUM_PROGS, flatten=True):
        pm = tile // num_n; pn = tile % num_n
        acc = tl.zeros([BM, BN], tl.float32)
        for k in range(0, tl.cdiv(K, BK)):
            acc = tl.dot(a_desc.load([pm * BM, k * BK]), b_desc.load([k * BK, pn * BN]), acc)
        c_desc.store([pm * BM, pn * BN], acc.to(tl.float16))

def c_hd_persistent(name):
    M, N, K, BM, BN, BK, P = 130, 96, 64, 32, 32, 32, 3
    a = T(M, K, dtype=torch.float16); b = T(K, N, dtype=torch.float16); c = T(M, N, dtype=torch.float16, kind="poison")
    ad = HostDesc.from_tensor(a, [BM, BK]); bd = HostDesc.from_tensor(b, [BK, BN]); cd = HostDesc.from_tensor(c, [BM, BN])
    k = hd_persistent_k[(P,)](ad, bd, cd, M, N, K, NUM_PROGS=P, BM=BM, BN=BN, BK=BK)
    record(name, k, hd_persistent_k, (P,), [ad, bd, cd, M, N, K], ["c_desc"], tol=(2e-3, 2e-3))

@triton.jit
def hd_padding_k(x_desc, y_desc, z_desc, acc_desc, out_ptr, BM: tl.constexpr, BN: tl.constexpr,
                 WRITE: tl.constexpr):
    # Boxes overlapping the tensor's edge: NaN padding (x) and zero padding
    # (y) read back through a plain store; then (WRITE) a descriptor store
    # and an atomic add whose outside parts are dropped. The boxes of
    # different programs do not overlap.
    pm = tl.program_id(0); pn = tl.program_id(1)
    x = x_desc.load([pm * BM - 3, pn * BN + 5])
    y = y_desc.load([pm * BM + 2, pn * BN - 4])
    r = tl.arange(0, BM)[:, None] * BN + tl.arange(0, BN)[None, :]
    base = (pm * tl.num_programs(1) + pn) * 2 * BM * BN
    tl.store(out_ptr + base + r, x)
    tl.store(out_ptr + base + BM * BN + r, y)
    if WRITE == 1:
        z_desc.store([pm * BM + 1, pn * BN + 3], x * 2.0)
    if WRITE == 2:
        acc_desc.atomic_add([pm * BM - 1, pn * BN - 2], y)

def c_hd_padding(name, write):
    M, N, BM, BN = 40, 24, 16, 16
    x = T(M, N); y = T(M, N); z = T(M, N, kind="poison"); acc = T(M, N, kind="zeros")
    gm, gn = cdiv(M, BM), cdiv(N, BN)
    out = T(gm * gn * 2 * BM * BN, kind="poison")
    xd = HostDesc(x, [M, N], [N, 1], [BM, BN], padding="nan")
    yd = HostDesc(y, [M, N], [N, 1], [BM, BN])
    zd = HostDesc(z, [M, N], [N, 1], [BM, BN])
    ad = HostDesc(acc, [M, N], [N, 1], [BM, BN])
    k = hd_padding_k[(gm, gn)](xd, yd, zd, ad, out, BM=BM, BN=BN, WRITE=write)
    outs = ["out_ptr"] + (["z_desc"] if write == 1 else ["acc_desc"] if write == 2 else [])
    record(name, k, hd_padding_k, (gm, gn), [xd, yd, zd, ad, out], outs, tol=(1e-6, 1e-6))

CASES += [("host_desc_matmul", c_hd_matmul, {}), ("host_desc_persistent_matmul", c_hd_persistent, {}),
          ("host_desc_padding", c_hd_padding, {"write": 0}),
          ("host_desc_store", c_hd_padding, {"write": 1}), ("host_desc_atomic_add", c_hd_padding, {"write": 2})]

@gluon.jit
def g_hd_copy(in_desc, out_desc, scale):
    # Gluon tutorial 04's TMA copy, from host descriptors, through a scaling.
    pid_m = gl.program_id(0); pid_n = gl.program_id(1)
    BM: gl.constexpr = in_desc.block_type.shape[0]
    BN: gl.constexpr = in_desc.block_type.shape[1]
    smem = gl.allocate_shared_memory(in_desc.dtype, [BM, BN], in_desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    mbarrier.expect(bar, in_desc.block_type.nbytes)
    tma.async_copy_global_to_shared(in_desc, [pid_m * BM, pid_n * BN], bar, smem)
    mbarrier.wait(bar, phase=0)
    mbarrier.invalidate(bar)
    lay: gl.constexpr = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])
    v = smem.load(lay)
    smem.store(v * scale)
    hopper.fence_async_shared()
    tma.async_copy_shared_to_global(out_desc, [pid_m * BM, pid_n * BN], smem)
    tma.store_wait(0)

def c_g_hd_copy(name, padding):
    M, N, BM, BN = 70, 48, 32, 32
    x = T(M, N); y = T(M, N, kind="poison")
    lay = gl.NVMMASharedLayout.get_default_for([BM, BN], gl.float32)
    xd = GluonHostDesc(x, [M, N], [N, 1], [BM, BN], lay, padding=padding)
    yd = GluonHostDesc(y, [M, N], [N, 1], [BM, BN], lay)
    g = (cdiv(M, BM), cdiv(N, BN))
    k = g_hd_copy[g](xd, yd, 1.5, num_warps=4)
    record(name, k, g_hd_copy, g, [xd, yd, 1.5], ["out_desc"], tol=(1e-6, 1e-6))

@gluon.jit
def g_hd_wgmma(a_desc, b_desc, c_desc, K, STAGES: gl.constexpr):
    # A pipelined wgmma matmul fed by TMA from host descriptors, the result
    # leaving through shared memory and a TMA store.
    BM: gl.constexpr = a_desc.block_type.shape[0]
    BK: gl.constexpr = a_desc.block_type.shape[1]
    BN: gl.constexpr = b_desc.block_type.shape[1]
    pid_m = gl.program_id(0); pid_n = gl.program_id(1)
    a_s = gl.allocate_shared_memory(a_desc.dtype, [STAGES, BM, BK], a_desc.layout)
    b_s = gl.allocate_shared_memory(b_desc.dtype, [STAGES, BK, BN], b_desc.layout)
    bars = gl.allocate_shared_memory(gl.int64, [STAGES, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(STAGES):
        mbarrier.init(bars.index(i), count=1)
    mma: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, BN, 16])
    acc = gl.zeros([BM, BN], gl.float32, layout=mma)
    k_tiles = gl.cdiv(K, BK)
    for i in gl.static_range(STAGES - 1):
        mbarrier.expect(bars.index(i), a_desc.block_type.nbytes + b_desc.block_type.nbytes)
        tma.async_copy_global_to_shared(a_desc, [pid_m * BM, i * BK], bars.index(i), a_s.index(i))
        tma.async_copy_global_to_shared(b_desc, [i * BK, pid_n * BN], bars.index(i), b_s.index(i))
    for kt in range(k_tiles):
        s = kt % STAGES
        mbarrier.wait(bars.index(s), (kt // STAGES) & 1)
        acc = hopper.warpgroup_mma(a_s.index(s), b_s.index(s), acc, is_async=True)
        acc = hopper.warpgroup_mma_wait(num_outstanding=0, deps=[acc])
        nk = kt + STAGES - 1
        if nk < k_tiles:
            ns = nk % STAGES
            mbarrier.expect(bars.index(ns), a_desc.block_type.nbytes + b_desc.block_type.nbytes)
            tma.async_copy_global_to_shared(a_desc, [pid_m * BM, nk * BK], bars.index(ns), a_s.index(ns))
            tma.async_copy_global_to_shared(b_desc, [nk * BK, pid_n * BN], bars.index(ns), b_s.index(ns))
    for i in gl.static_range(STAGES):
        mbarrier.invalidate(bars.index(i))
    c_s = gl.allocate_shared_memory(c_desc.dtype, [BM, BN], c_desc.layout, acc)
    hopper.fence_async_shared()
    tma.async_copy_shared_to_global(c_desc, [pid_m * BM, pid_n * BN], c_s)
    tma.store_wait(0)

def c_g_hd_wgmma(name):
    M, N, K, BM, BN, BK = 100, 80, 200, 64, 64, 32
    a = T(M, K, dtype=torch.float16); b = T(K, N, dtype=torch.float16); c = T(M, N, kind="poison")
    ad = GluonHostDesc.from_tensor(a, [BM, BK], gl.NVMMASharedLayout.get_default_for([BM, BK], gl.float16))
    bd = GluonHostDesc.from_tensor(b, [BK, BN], gl.NVMMASharedLayout.get_default_for([BK, BN], gl.float16))
    cd = GluonHostDesc.from_tensor(c, [BM, BN], gl.NVMMASharedLayout.get_default_for([BM, BN], gl.float32))
    g = (cdiv(M, BM), cdiv(N, BN))
    k = g_hd_wgmma[g](ad, bd, cd, K, 3, num_warps=4)
    record(name, k, g_hd_wgmma, g, [ad, bd, cd, K, 3], ["c_desc"], tol=(1e-4, 1e-4))

GLUON_CASES_HOPPER += [("gluon_host_desc_copy", c_g_hd_copy, {"padding": "zero"}),
                       ("gluon_host_desc_copy_nan", c_g_hd_copy, {"padding": "nan"}),
                       ("gluon_host_desc_wgmma", c_g_hd_wgmma, {})]


# ---------------------------------------------------------------- smaller holes from Triton's own tests
@triton.jit
def _checked_add(a, b):
    tl.device_assert(a + b < 1e30, "sum overflows")
    return a + b

@triton.jit
def reduce_assert_k(x_ptr, out_ptr, N: tl.constexpr):
    # tl.reduce whose combine function asserts (active with debug=True).
    pid = tl.program_id(0)
    x = tl.load(x_ptr + pid * N + tl.arange(0, N))
    tl.store(out_ptr + pid, tl.reduce(x, 0, _checked_add))

def c_reduce_assert(name):
    R, N = 4, 64
    x = T(R, N); o = T(R, kind="poison")
    k = reduce_assert_k[(R,)](x, o, N=N, debug=True)
    record(name, k, reduce_assert_k, (R,), [x, o], ["out_ptr"], tol=(1e-5, 1e-6))

@triton.jit
def fp8_elementwise_k(x_ptr, y_ptr, a_ptr, b_ptr, c_ptr, N: tl.constexpr, FP8: tl.constexpr):
    # Elementwise ops Triton accepts on fp8 values (tl.abs among them), on
    # fp8 loads; results stored as their bits.
    offs = tl.program_id(0) * N + tl.arange(0, N)
    x = tl.load(x_ptr + offs).to(FP8, bitcast=True)
    y = tl.load(y_ptr + offs).to(FP8, bitcast=True)
    # Triton 3.6 compiles tl.abs and selects on fp8 for the GPU; -x,
    # comparisons, tl.maximum and arithmetic on fp8 fail in its NVIDIA backend.
    tl.store(a_ptr + offs, tl.abs(x).to(tl.uint8, bitcast=True))
    tl.store(b_ptr + offs, tl.where((offs % 3) == 0, x, y).to(tl.uint8, bitcast=True))
    tl.store(c_ptr + offs, tl.where(tl.abs(x).to(tl.float32) <= tl.abs(y).to(tl.float32), tl.abs(y), x)
             .to(tl.uint8, bitcast=True))

def c_fp8_elementwise(name, fp8):
    P, N = 4, 64
    x = keep(torch.randint(0, 256, (P * N,), device=DEV, dtype=torch.uint8))
    y = keep(torch.randint(0, 256, (P * N,), device=DEV, dtype=torch.uint8))
    outs = [T(P * N, dtype=torch.uint8, kind="zeros") for _ in range(3)]
    k = fp8_elementwise_k[(P,)](x, y, *outs, N=N, FP8=fp8)
    record(name, k, fp8_elementwise_k, (P,), [x, y] + outs, ["a_ptr", "b_ptr", "c_ptr"],
           tol=(0, 0), note="bit patterns")

CASES += [("reduce_assert_combine", c_reduce_assert, {})]
CASES += [("fp8_abs_e4m3", c_fp8_elementwise, {"fp8": tl.float8e4nv}),
          ("fp8_abs_e5m2", c_fp8_elementwise, {"fp8": tl.float8e5})]


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[2] == "--list":
        print(" ".join(n for n, _, _ in CASES + GLUON_CASES + GLUON_CASES_HOPPER)); sys.exit(0)
    only = os.environ.get("ONLY")
    for name, fn, kw in CASES + GLUON_CASES + GLUON_CASES_HOPPER:
        if only and name not in only.split(","):
            continue
        run(name, fn, **kw)
    for r in RESULTS:
        print(*r)
    print("ok:", sum(1 for r in RESULTS if r[1] == "ok"), "failed:", sum(1 for r in RESULTS if r[1] != "ok"))
