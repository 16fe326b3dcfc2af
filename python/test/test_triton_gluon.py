"""Gluon kernels (@gluon.jit: TTGIR with explicit layouts, shared memory,
Hopper TMA / wgmma / mbarriers, warp specialization) launched from Python
with CPU torch tensors through tilerun's Triton backend, compared with torch
and, for the seed's kernel, with what an H200 printed.

Needs Triton 3.6 and torch in the environment, as test_triton_backend.py."""

import os
import re
import runpy

import numpy as np
import pytest

triton = pytest.importorskip("triton", reason="Triton 3.6 is not installed in this environment")
torch = pytest.importorskip("torch", reason="torch is not installed in this environment")

from triton.experimental import gluon  # noqa: E402
from triton.experimental.gluon import language as gl  # noqa: E402
from triton.experimental.gluon.language.extra import libdevice  # noqa: E402
from triton.experimental.gluon.language.nvidia import hopper  # noqa: E402
from triton.experimental.gluon.language.nvidia.ampere import async_copy  # noqa: E402
from triton.experimental.gluon.language.nvidia.hopper import mbarrier, tma  # noqa: E402
from triton.experimental.gluon.nvidia.hopper import TensorDescriptor  # noqa: E402

import tilerun  # noqa: E402
import tilerun.backend  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEED = os.path.join(ROOT, "..", "shared", "seeds", "000_f8d352adf3ff316c.txt")
GPU_RESULT = os.path.join(ROOT, "test", "Inputs", "corpus", "triton-3.6", "gluon_smem_flush", "out_ptr.out.npy")


@pytest.fixture(autouse=True)
def cpu_backend(tmp_path, monkeypatch):
    """Each test compiles afresh into a cache of its own, on the CPU driver
    (also where CUDA is present)."""
    monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path / "triton-cache"))
    with tilerun.backend.activate():
        yield


# ---------------------------------------------------------------- the seed
# The script of the seed (a comment in a Triton pull request: "works on
# triton 3.7.0, llvm error on triton 3.6.0"), verbatim. The test runs the
# seed file's own text where the project's shared notes are beside the
# checkout (and checks that this copy still matches it), else this copy.
SEED_SCRIPT = '''import triton.language as tl
from triton.experimental.gluon import language as gl
from triton.experimental import gluon
import torch 
@gluon.jit
def smem_flush_kernel(out_ptr, ):
    num_smem_ev: tl.constexpr = 32
    layout: gl.constexpr = gl.BlockedLayout([1, 2], [32, 1], [1, 1], [1, 0])
    smem = gl.allocate_shared_memory(gl.uint32, [num_smem_ev, 2], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    for j in range(32):
        value = gl.full([2], j, dtype=gl.uint32, layout=gl.SliceLayout(0, layout))
        smem.index(j).store(value)

    smem_rep = smem._reinterpret(gl.uint32, smem.shape, layout=gl.SwizzledSharedLayout(1, 1, 1, [1, 0]))
    smem_val = smem_rep.load(layout)
    offs_m = gl.arange(0, smem.shape[0], layout=gl.AutoLayout())
    offs_n = gl.arange(0, smem.shape[1], layout=gl.AutoLayout())
    gl.store(out_ptr + offs_m[:, None] * 2 + offs_n[None, :], smem_val)

def main():
    out = torch.zeros((32, 2), dtype=torch.uint32, device="cuda")
    smem_flush_kernel[(1,)](out, num_warps=1)
    print(out)

if __name__ == "__main__":
    main()
'''


def seed_script_from_file(path):
    """The Python of the seed: from its first import to the call of main()."""
    text = open(path, encoding="utf-8").read()
    start = text.index("import triton.language as tl")
    end = text.index("    main()\n", start) + len("    main()\n")
    return text[start:end]


def seed_script():
    if os.path.exists(SEED):
        script = seed_script_from_file(SEED)
        assert script == SEED_SCRIPT, "the test's copy of the seed's script differs from the seed"
        return script
    return SEED_SCRIPT


# Row j holds j twice: smem.index(j) is row j of a [32, 2] buffer whose
# layout has rank 1 (the leading dimension indexes buffers of 2 elements),
# and the reinterpret to a rank-2 row-major layout keeps every element in
# place. This is also what an H200 left in the buffer (the corpus case
# gluon_smem_flush, Triton 3.6's TTGIR of this kernel run on the GPU).
EXPECTED = np.repeat(np.arange(32, dtype=np.uint32), 2).reshape(32, 2)


def test_seed_smem_flush_kernel_runs_as_written_and_prints_the_table(tmp_path, capsys):
    script = seed_script()
    # CPU tensors: the one change to the script.
    assert script.count('device="cuda"') == 1
    path = tmp_path / "smem_flush.py"
    path.write_text(script.replace('device="cuda"', 'device="cpu"'))
    namespace = runpy.run_path(str(path), run_name="__main__")
    printed = capsys.readouterr().out

    # What the script prints: torch's table of the 32x2 uint32 tensor.
    assert printed == str(torch.from_numpy(EXPECTED.astype(np.int64)).to(torch.uint32)) + "\n"
    rows = [tuple(map(int, m)) for m in re.findall(r"\[\s*(\d+),\s*(\d+)\]", printed)]
    assert rows == [(j, j) for j in range(32)]
    assert printed.rstrip().endswith("dtype=torch.uint32)")

    # The buffer itself, from a poisoned start (every element written).
    kernel = namespace["smem_flush_kernel"]
    out = torch.full((32, 2), -7, dtype=torch.int32)
    compiled = kernel[(1,)](out.view(torch.uint32), num_warps=1)
    np.testing.assert_array_equal(out.numpy().view(np.uint32), EXPECTED)
    if os.path.exists(GPU_RESULT):
        np.testing.assert_array_equal(out.numpy(), np.load(GPU_RESULT))
    # Gluon's auto layouts were resolved before tilerun read the TTGIR.
    ttgir = compiled.asm["ttgir"]
    assert "ttg.memdesc_reinterpret" in ttgir
    assert "auto_encoding" not in ttgir and "set_auto_layout" not in ttgir
    assert "llir" in compiled.asm


def test_seed_script_is_the_seed_files_text():
    if not os.path.exists(SEED):
        pytest.skip("the project's shared seeds are not beside the checkout")
    assert seed_script_from_file(SEED) == SEED_SCRIPT


# ---------------------------------------------------------------- layouts
@gluon.jit
def blocked_axpy_kernel(x_ptr, y_ptr, out_ptr, a, n, BLOCK: gl.constexpr):
    layout: gl.constexpr = gl.BlockedLayout([4], [32], [gl.num_warps()], [0])
    offs = gl.program_id(0) * BLOCK + gl.arange(0, BLOCK, layout=layout)
    mask = offs < n
    x = gl.load(x_ptr + offs, mask=mask)
    y = gl.load(y_ptr + offs, mask=mask, other=0.0)
    gl.store(out_ptr + offs, a * x + gl.exp(y), mask=mask)


@pytest.mark.parametrize("num_warps", [1, 4])
def test_blocked_layout_elementwise(num_warps):
    n = 3000
    x, y = torch.randn(n), torch.randn(n)
    out = torch.full((n + 7,), float("nan"))
    blocked_axpy_kernel[(triton.cdiv(n, 1024),)](x, y, out, 1.5, n, BLOCK=1024, num_warps=num_warps)
    torch.testing.assert_close(out[:n], 1.5 * x + torch.exp(y))
    assert torch.isnan(out[n:]).all()


@gluon.jit
def shared_raw_kernel(in_ptr, out_ptr, M: gl.constexpr, N: gl.constexpr, LAYOUT: gl.constexpr):
    # Stores a tile into shared memory of LAYOUT; writes out its raw
    # placement (the buffer reinterpreted as plain row-major), then reads it
    # back through LAYOUT into another register layout, and transposed.
    blk: gl.constexpr = gl.BlockedLayout([1, 4], [4, 8], [4, 1], [1, 0])
    blt: gl.constexpr = gl.BlockedLayout([4, 1], [8, 4], [1, 4], [0, 1])
    dt: gl.constexpr = in_ptr.dtype.element_ty
    rm = gl.arange(0, M, layout=gl.SliceLayout(1, blk))
    rn = gl.arange(0, N, layout=gl.SliceLayout(0, blk))
    smem = gl.allocate_shared_memory(dt, [M, N], LAYOUT)
    smem.store(gl.load(in_ptr + rm[:, None] * N + rn[None, :]))
    raw = smem._reinterpret(dt, [M, N], gl.SwizzledSharedLayout(1, 1, 1, [1, 0]))
    gl.store(out_ptr + rm[:, None] * N + rn[None, :], raw.load(blk))
    back = smem.load(blt)
    rm2 = gl.arange(0, M, layout=gl.SliceLayout(1, blt))
    rn2 = gl.arange(0, N, layout=gl.SliceLayout(0, blt))
    gl.store(out_ptr + M * N + rm2[:, None] * N + rn2[None, :], back)
    t = smem.permute((1, 0)).load(blk)
    rt = gl.arange(0, N, layout=gl.SliceLayout(1, blk))
    ct = gl.arange(0, M, layout=gl.SliceLayout(0, blk))
    gl.store(out_ptr + 2 * M * N + rt[:, None] * M + ct[None, :], t)


def swizzled_placement(x, vec, per_phase, max_phase):
    """Where a row-major swizzled shared layout puts each element of x:
    row r's vectors of vec elements are permuted by xor with
    (r // per_phase) % max_phase."""
    m, n = x.shape
    raw = np.empty_like(x)
    for r in range(m):
        phase = (r // per_phase) % max_phase
        for c in range(n):
            raw[r, ((c // vec) ^ phase) * vec + c % vec] = x[r, c]
    return raw


SHARED_LAYOUTS = {
    "swizzled_1_1_1": (gl.SwizzledSharedLayout(1, 1, 1, [1, 0]), (1, 1, 1)),
    "swizzled_4_2_4": (gl.SwizzledSharedLayout(4, 2, 4, [1, 0]), (4, 2, 4)),
    "swizzled_8_1_8": (gl.SwizzledSharedLayout(8, 1, 8, [1, 0]), (8, 1, 8)),
    # NVMMA layouts whose rows are exactly the swizzle width: 128 B rows of
    # f16 (vectors of 16 bytes, 8 phases) and 64 B rows (2 rows per phase).
    "nvmma_128B_f16": (gl.NVMMASharedLayout(swizzle_byte_width=128, element_bitwidth=16, rank=2), (8, 1, 8)),
    "nvmma_64B_f16": (gl.NVMMASharedLayout(swizzle_byte_width=64, element_bitwidth=16, rank=2), (8, 2, 4)),
}


@pytest.mark.parametrize("name", sorted(SHARED_LAYOUTS))
def test_shared_memory_round_trip_and_placement(name):
    layout, (vec, per_phase, max_phase) = SHARED_LAYOUTS[name]
    M = 32
    N = 32 if name == "nvmma_64B_f16" else 64
    x = (torch.arange(M * N) % 2048).reshape(M, N).to(torch.float16)
    out = torch.full((3 * M * N,), float("nan"), dtype=torch.float16)
    shared_raw_kernel[(1,)](x, out, M, N, layout, num_warps=4)
    raw, back, t = out[:M * N].view(M, N), out[M * N:2 * M * N].view(M, N), out[2 * M * N:].view(N, M)
    torch.testing.assert_close(back, x, rtol=0, atol=0)
    torch.testing.assert_close(t, x.T, rtol=0, atol=0)
    np.testing.assert_array_equal(raw.numpy(), swizzled_placement(x.numpy(), vec, per_phase, max_phase))


@gluon.jit
def convert_layout_kernel(in_ptr, sum_ptr, max_ptr, out_ptr, M: gl.constexpr, N: gl.constexpr):
    a: gl.constexpr = gl.BlockedLayout([1, 4], [8, 4], [4, 1], [1, 0])
    b: gl.constexpr = gl.BlockedLayout([4, 1], [4, 8], [1, 4], [0, 1])
    rm = gl.arange(0, M, layout=gl.SliceLayout(1, a))
    rn = gl.arange(0, N, layout=gl.SliceLayout(0, a))
    x = gl.load(in_ptr + rm[:, None] * N + rn[None, :])
    y = gl.convert_layout(x, b)
    gl.store(sum_ptr + gl.arange(0, M, layout=gl.SliceLayout(1, b)), gl.sum(y, axis=1))
    gl.store(max_ptr + rn, gl.max(x, axis=0))
    rm2 = gl.arange(0, M, layout=gl.SliceLayout(1, b))
    rn2 = gl.arange(0, N, layout=gl.SliceLayout(0, b))
    gl.store(out_ptr + rm2[:, None] * N + rn2[None, :], y * 2.0)


def test_convert_layout_and_reductions():
    M, N = 32, 64
    x = torch.randn(M, N)
    s, mx, out = torch.empty(M), torch.empty(N), torch.empty(M, N)
    convert_layout_kernel[(1,)](x, s, mx, out, M, N, num_warps=4)
    torch.testing.assert_close(s, x.sum(1), rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(mx, x.amax(0), rtol=0, atol=0)
    torch.testing.assert_close(out, 2 * x, rtol=0, atol=0)


# ---------------------------------------------------------------- Hopper
@gluon.jit
def wgmma_kernel(a_ptr, b_ptr, c_ptr, M: gl.constexpr, N: gl.constexpr, K: gl.constexpr):
    blk: gl.constexpr = gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])
    rm = gl.arange(0, M, layout=gl.SliceLayout(1, blk))
    rk = gl.arange(0, K, layout=gl.SliceLayout(0, blk))
    a = gl.load(a_ptr + rm[:, None] * K + rk[None, :])
    rk2 = gl.arange(0, K, layout=gl.SliceLayout(1, blk))
    rn = gl.arange(0, N, layout=gl.SliceLayout(0, blk))
    b = gl.load(b_ptr + rk2[:, None] * N + rn[None, :])
    a_s = gl.allocate_shared_memory(gl.float16, [M, K], gl.NVMMASharedLayout.get_default_for([M, K], gl.float16), a)
    b_s = gl.allocate_shared_memory(gl.float16, [K, N], gl.NVMMASharedLayout.get_default_for([K, N], gl.float16), b)
    hopper.fence_async_shared()
    mma: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, N, 16])
    acc = gl.full([M, N], 1.0, gl.float32, layout=mma)
    acc = hopper.warpgroup_mma(a_s, b_s, acc, is_async=True)
    acc = hopper.warpgroup_mma_wait(num_outstanding=0, deps=[acc])
    om = gl.arange(0, M, layout=gl.SliceLayout(1, mma))
    on = gl.arange(0, N, layout=gl.SliceLayout(0, mma))
    gl.store(c_ptr + om[:, None] * N + on[None, :], acc)


def test_hopper_warpgroup_mma():
    M, N, K = 64, 64, 64
    a, b = torch.randn(M, K).half(), torch.randn(K, N).half()
    c = torch.full((M, N), float("nan"))
    wgmma_kernel[(1,)](a, b, c, M, N, K, num_warps=4)
    torch.testing.assert_close(c, a.float() @ b.float() + 1.0, rtol=1e-4, atol=1e-4)


@gluon.jit
def wgmma_f16_acc_kernel(a_ptr, b_ptr, c_ptr, M: gl.constexpr, N: gl.constexpr, K: gl.constexpr):
    # An f16 accumulator: the lowering rounds f64 -> f16 (__truncdfhf2 where
    # LLVM has no instruction for it), which a Python process's JIT must
    # find without libgcc in its global scope.
    blk: gl.constexpr = gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])
    rm = gl.arange(0, M, layout=gl.SliceLayout(1, blk))
    rk = gl.arange(0, K, layout=gl.SliceLayout(0, blk))
    rk2 = gl.arange(0, K, layout=gl.SliceLayout(1, blk))
    rn = gl.arange(0, N, layout=gl.SliceLayout(0, blk))
    a_s = gl.allocate_shared_memory(gl.float16, [M, K], gl.NVMMASharedLayout.get_default_for([M, K], gl.float16),
                                    gl.load(a_ptr + rm[:, None] * K + rk[None, :]))
    b_s = gl.allocate_shared_memory(gl.float16, [K, N], gl.NVMMASharedLayout.get_default_for([K, N], gl.float16),
                                    gl.load(b_ptr + rk2[:, None] * N + rn[None, :]))
    hopper.fence_async_shared()
    mma: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, N, 16])
    om = gl.arange(0, M, layout=gl.SliceLayout(1, mma))
    on = gl.arange(0, N, layout=gl.SliceLayout(0, mma))
    acc = gl.load(c_ptr + om[:, None] * N + on[None, :])
    acc = hopper.warpgroup_mma(a_s, b_s, acc)
    gl.store(c_ptr + om[:, None] * N + on[None, :], acc)


def test_hopper_warpgroup_mma_with_an_f16_accumulator():
    M, N, K = 64, 32, 64
    a, b = torch.randn(M, K).half(), torch.randn(K, N).half()
    c = (torch.randn(M, N) * 4).half()
    want = c.clone()
    wgmma_f16_acc_kernel[(1,)](a, b, c, M, N, K, num_warps=4)
    # The GPU's rounding: an f32 sum over each K step of 16 (wgmma's K for
    # f16), rounded to f16 after it; the products are exact in f32.
    for k0 in range(0, K, 16):
        s = want.float()
        for k in range(k0, k0 + 16):
            s = s + a[:, k:k + 1].float() * b[k:k + 1].float()
        want = s.half()
    torch.testing.assert_close(c, want, rtol=0, atol=0)


@gluon.jit
def wgmma_fp8_kernel(a_ptr, b_ptr, c_ptr, M: gl.constexpr, N: gl.constexpr, K: gl.constexpr):
    blk: gl.constexpr = gl.BlockedLayout([1, 8], [4, 8], [4, 1], [1, 0])
    rm = gl.arange(0, M, layout=gl.SliceLayout(1, blk))
    rk = gl.arange(0, K, layout=gl.SliceLayout(0, blk))
    rk2 = gl.arange(0, K, layout=gl.SliceLayout(1, blk))
    rn = gl.arange(0, N, layout=gl.SliceLayout(0, blk))
    dt: gl.constexpr = a_ptr.dtype.element_ty
    a_s = gl.allocate_shared_memory(dt, [M, K], gl.NVMMASharedLayout.get_default_for([M, K], dt),
                                    gl.load(a_ptr + rm[:, None] * K + rk[None, :]))
    b_s = gl.allocate_shared_memory(dt, [K, N], gl.NVMMASharedLayout.get_default_for([K, N], dt),
                                    gl.load(b_ptr + rk2[:, None] * N + rn[None, :]))
    hopper.fence_async_shared()
    mma: gl.constexpr = gl.NVMMADistributedLayout(version=[3, 0], warps_per_cta=[4, 1], instr_shape=[16, N, 32])
    acc = hopper.warpgroup_mma(a_s, b_s, gl.zeros([M, N], gl.float32, layout=mma))
    om = gl.arange(0, M, layout=gl.SliceLayout(1, mma))
    on = gl.arange(0, N, layout=gl.SliceLayout(0, mma))
    gl.store(c_ptr + om[:, None] * N + on[None, :], acc)


def test_hopper_warpgroup_mma_fp8_with_an_f32_accumulator():
    # Triton's verifier refuses an fp8 wgmma into f32 unless
    # max_num_imprecise_acc (the backend's default) is at least 32.
    M, N, K = 64, 32, 64
    a = torch.randn(M, K).to(torch.float8_e4m3fn)
    b = torch.randn(K, N).to(torch.float8_e4m3fn)
    c = torch.full((M, N), float("nan"))
    wgmma_fp8_kernel[(1,)](a, b, c, M, N, K, num_warps=4)
    torch.testing.assert_close(c, a.float() @ b.float(), rtol=1e-5, atol=1e-5)


@gluon.jit
def fast_math_kernel(x_ptr, y_ptr, out_ptr, N: gl.constexpr):
    lay: gl.constexpr = gl.BlockedLayout([1], [32], [gl.num_warps()], [0])
    offs = gl.arange(0, N, layout=lay)
    x = gl.load(x_ptr + offs)
    y = gl.load(y_ptr + offs)
    gl.store(out_ptr + offs, libdevice.fast_expf(x))
    gl.store(out_ptr + N + offs, libdevice.fast_dividef(x, y))


def test_libdevice_fast_intrinsics():
    N = 128
    x, y = torch.randn(N), torch.rand(N) + 0.5
    out = torch.empty(2 * N)
    fast_math_kernel[(1,)](x, y, out, N, num_warps=4)
    torch.testing.assert_close(out[:N], torch.exp(x), rtol=2e-6, atol=1e-6)
    torch.testing.assert_close(out[N:], x / y, rtol=2e-6, atol=1e-6)


@gluon.jit
def tma_scale_kernel(in_desc, out_desc, scale):
    # A host TensorDescriptor's block copied in by TMA (an mbarrier with an
    # expected byte count), scaled in registers and copied out by TMA; the
    # last block lies partly outside the tensor.
    BM: gl.constexpr = in_desc.block_type.shape[0]
    BN: gl.constexpr = in_desc.block_type.shape[1]
    off_m = gl.program_id(0) * BM
    smem = gl.allocate_shared_memory(in_desc.dtype, [BM, BN], in_desc.layout)
    bar = gl.allocate_shared_memory(gl.int64, [1], mbarrier.MBarrierLayout())
    mbarrier.init(bar, count=1)
    mbarrier.expect(bar, in_desc.block_type.nbytes)
    tma.async_copy_global_to_shared(in_desc, [off_m, 0], bar, smem)
    mbarrier.wait(bar, phase=0)
    mbarrier.invalidate(bar)
    lay: gl.constexpr = gl.BlockedLayout([1, 4], [4, 8], [gl.num_warps(), 1], [1, 0])
    smem.store(smem.load(lay) * scale)
    hopper.fence_async_shared()
    tma.async_copy_shared_to_global(out_desc, [off_m, 0], smem)
    tma.store_wait(0)


def test_hopper_tma_copy_with_host_descriptors():
    M, N, BM = 100, 32, 32
    x = torch.randn(M, N)
    y = torch.full((M, N), -7.0)
    layout = gl.NVMMASharedLayout.get_default_for([BM, N], gl.float32)
    x_desc = TensorDescriptor.from_tensor(x, [BM, N], layout)
    y_desc = TensorDescriptor.from_tensor(y, [BM, N], layout)
    tma_scale_kernel[(triton.cdiv(M, BM),)](x_desc, y_desc, 3.0, num_warps=4)
    torch.testing.assert_close(y, 3.0 * x, rtol=0, atol=0)


@gluon.jit
def tma_pipeline_matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BM: gl.constexpr, BN: gl.constexpr,
                               BK: gl.constexpr, STAGES: gl.constexpr):
    # Device-made descriptors, a ring of STAGES buffers filled by TMA, each
    # guarded by an mbarrier and its phase, consumed by wgmma; the result
    # leaves through shared memory and a TMA store.
    pid_m = gl.program_id(0)
    pid_n = gl.program_id(1)
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


def test_hopper_tma_mbarrier_wgmma_pipeline():
    # No triton.set_allocator: device-made descriptors need no global
    # scratch on the CPU.
    M, N, K = 100, 80, 200
    a, b = torch.randn(M, K).half(), torch.randn(K, N).half()
    c = torch.full((M, N), float("nan"))
    grid = (triton.cdiv(M, 64), triton.cdiv(N, 64))
    tma_pipeline_matmul_kernel[grid](a, b, c, M, N, K, 64, 64, 32, 3, num_warps=4)
    torch.testing.assert_close(c, a.float() @ b.float(), rtol=1e-4, atol=1e-3)


@gluon.jit
def _producer(x_ptr, ready, free, bufs, n_tiles, BLOCK: gl.constexpr):
    S: gl.constexpr = bufs.type.shape[0]
    lay: gl.constexpr = gl.BlockedLayout([1], [32], [1], [0])
    offs = gl.arange(0, BLOCK, layout=lay)
    for t in range(n_tiles):
        s = t % S
        mbarrier.wait(free.index(s), ((t // S) & 1) ^ 1)
        async_copy.async_copy_global_to_shared(bufs.index(s), x_ptr + t * BLOCK + offs)
        async_copy.wait_group(0)
        mbarrier.arrive(ready.index(s), count=1)


@gluon.jit
def _consumer(out_ptr, ready, free, bufs, n_tiles, BLOCK: gl.constexpr):
    S: gl.constexpr = bufs.type.shape[0]
    lay: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    acc = gl.zeros([BLOCK], gl.float32, layout=lay)
    for t in range(n_tiles):
        s = t % S
        mbarrier.wait(ready.index(s), (t // S) & 1)
        acc = acc + bufs.index(s).load(lay) * (t + 1)
        mbarrier.arrive(free.index(s), count=1)
    gl.store(out_ptr + gl.arange(0, BLOCK, layout=lay), acc)


@gluon.jit
def warp_specialized_sum_kernel(x_ptr, out_ptr, n_tiles, BLOCK: gl.constexpr, S: gl.constexpr):
    bufs = gl.allocate_shared_memory(gl.float32, [S, BLOCK], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    ready = gl.allocate_shared_memory(gl.int64, [S, 1], mbarrier.MBarrierLayout())
    free = gl.allocate_shared_memory(gl.int64, [S, 1], mbarrier.MBarrierLayout())
    for i in gl.static_range(S):
        mbarrier.init(ready.index(i), count=1)
        mbarrier.init(free.index(i), count=1)
    gl.warp_specialize([
        (_consumer, (out_ptr, ready, free, bufs, n_tiles, BLOCK)),
        (_producer, (x_ptr, ready, free, bufs, n_tiles, BLOCK)),
    ], [1], [48])


def test_warp_specialize_producer_consumer_ring():
    n_tiles, BLOCK = 9, 128
    x = torch.randn(n_tiles, BLOCK)
    out = torch.full((BLOCK,), float("nan"))
    warp_specialized_sum_kernel[(1,)](x, out, n_tiles, BLOCK, 2, num_warps=4)
    weights = torch.arange(1, n_tiles + 1, dtype=torch.float32)[:, None]
    torch.testing.assert_close(out, (x * weights).sum(0), rtol=1e-5, atol=1e-5)


@gluon.jit
def ring_index_kernel(x_ptr, out_ptr, i, BLOCK: gl.constexpr):
    lay: gl.constexpr = gl.BlockedLayout([1], [32], [4], [0])
    offs = gl.arange(0, BLOCK, layout=lay)
    ring = gl.allocate_shared_memory(gl.float32, [4, BLOCK], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    ring.index(i).store(gl.load(x_ptr + offs))
    gl.store(out_ptr + offs, ring.index(i).load(lay))


def test_checked_mode_reports_a_shared_memory_index_out_of_range():
    # tilerun_checked as a launch keyword (TILERUN_TRITON_CHECK=1 applies to
    # kernels not yet compiled in the process).
    x, out = torch.randn(128), torch.empty(128)
    ring_index_kernel[(1,)](x, out, 3, 128, tilerun_checked=True)
    assert torch.equal(out, x)
    with pytest.raises(tilerun.LaunchError,
                       match=r"out-of-bounds ttg.local_store at .*test_triton_gluon.py:\d+.*outside its allocation"):
        ring_index_kernel[(1,)](x, out, 4, 128, tilerun_checked=True)


# ---------------------------------------------------------------- the corpus
# Every Gluon case of the corpora, from its Python: the generator that made
# a corpus on an H200 runs here with CPU tensors through the backend, and
# each kernel is launched again on the corpus' stored inputs and compared
# with what the GPU left in its outputs. The extra corpus' generator is in
# the tree (test/Inputs/gen_extra_corpus.py); the main corpus' is in the
# project's shared notes beside the checkout (its cases run where it is).
CORPORA = {
    "extra": (os.path.join(ROOT, "test", "Inputs", "gen_extra_corpus.py"),
              os.path.join(ROOT, "test", "Inputs", "corpus-extra", "triton-3.6"),
              ("GLUON_CASES", "GLUON_CASES_HOPPER")),
    "main": (os.path.join(ROOT, "..", "shared", "corpus", "gen_corpus.py"),
             os.path.join(ROOT, "test", "Inputs", "corpus", "triton-3.6"),
             ("CASES",)),
}
CORPUS_CASES = [(corpus, name) for corpus, (_, case_root, _) in sorted(CORPORA.items())
                for name in sorted(os.listdir(case_root) if os.path.isdir(case_root) else [])
                if name.startswith("gluon_")]


@pytest.fixture(scope="module")
def generators():
    """Each corpus' generator, run once (it only defines kernels and cases),
    with its device set to the CPU."""
    loaded = {}

    def load(corpus):
        if corpus not in loaded:
            path, _, lists = CORPORA[corpus]
            if not os.path.exists(path):
                pytest.skip(f"{path} is not beside the checkout")
            source = open(path, encoding="utf-8").read()
            assert 'DEV = "cuda"' in source
            namespace = {"__name__": "corpus_generator", "__file__": path}
            exec(compile(source.replace('DEV = "cuda"', 'DEV = "cpu"'), path, "exec"), namespace)
            cases = {name: (fn, kw) for lst in lists for name, fn, kw in namespace[lst]}
            loaded[corpus] = namespace, cases
        return loaded[corpus]
    return load


def _storage(value):
    """The tensor behind a launch argument (a host descriptor's base)."""
    return value if isinstance(value, torch.Tensor) else value.base


@pytest.mark.parametrize("corpus,name", CORPUS_CASES)
def test_corpus_gluon_kernel_matches_the_gpu(corpus, name, generators, monkeypatch):
    import json
    from triton.runtime.jit import JITFunction
    namespace, cases = generators(corpus)
    assert name in cases, f"{name} is in the corpus but not in its generator"
    case_dir = os.path.join(CORPORA[corpus][1], name)
    case = json.load(open(os.path.join(case_dir, "case.json")))

    launches = {}
    run = JITFunction.run

    def recording_run(self, *args, grid, warmup, **kwargs):
        launches[self] = (grid, args, kwargs)
        return run(self, *args, grid=grid, warmup=warmup, **kwargs)

    monkeypatch.setattr(JITFunction, "run", recording_run)
    compared = []

    def record(case_name, kernel, jitfn, grid, args, outputs, *unused, **also_unused):
        # The generator's launch compiled the kernel on random inputs; run it
        # again on the GPU run's inputs, outputs poisoned.
        grid, largs, kwargs = launches[jitfn]
        bound = dict(zip(jitfn.arg_names, largs))
        bound.update({k: v for k, v in kwargs.items() if k in jitfn.arg_names})
        for arg in case["args"]:
            if arg["kind"] in ("buffer", "tensordesc"):
                t = _storage(bound[arg["name"]])
                data = torch.from_numpy(np.load(os.path.join(case_dir, arg["file"])))
                t.copy_(data.view(t.dtype).reshape(t.shape))
        for out in case["outputs"]:
            t = _storage(bound[out["arg"]])
            t.fill_(float("nan") if t.dtype.is_floating_point else -7)
        jitfn.run(*largs, grid=grid, warmup=False, **kwargs)
        for out in case["outputs"]:
            want = np.load(os.path.join(case_dir, out["file"]))
            got = _storage(bound[out["arg"]]).detach()
            if got.dtype == torch.bfloat16:
                got = got.view(torch.int16)
            got = got.numpy().view(want.dtype).reshape(want.shape)
            if want.dtype.kind == "f":
                np.testing.assert_allclose(got, want, rtol=out["rtol"], atol=out["atol"], equal_nan=True,
                                           err_msg=f"{name}: {out['arg']}")
            else:
                np.testing.assert_array_equal(got, want, err_msg=f"{name}: {out['arg']}")
            compared.append(out["arg"])

    monkeypatch.setitem(namespace, "record", record)
    fn, kw = cases[name]
    fn(name, **{k: (v() if callable(v) else v) for k, v in kw.items()})
    assert compared == [out["arg"] for out in case["outputs"]]


# ------------------------------------- shared-memory descriptor rules
# Copy 0 of a two-copy ring read through a reinterpret to one copy: Triton
# 3.6 runs it (the result is the start of the buffer); later Triton rejects
# it (the same amount of memory on both sides). The backend runs it and
# warns once, at the op's line, when Triton compiles the kernel.

@gluon.jit
def first_copy_kernel(out_ptr):
    layout: gl.constexpr = gl.BlockedLayout([1], [32], [1], [0])
    ring = gl.allocate_shared_memory(gl.float32, [2, 64], gl.SwizzledSharedLayout(1, 1, 1, [0]))
    offs = gl.arange(0, 64, layout=layout)
    ring.index(0).store(offs.to(gl.float32))
    ring.index(1).store(offs.to(gl.float32) + 100.0)
    first = ring._reinterpret(gl.float32, [64], gl.SwizzledSharedLayout(1, 1, 1, [0]))  # the op
    gl.store(out_ptr + offs, first.load(layout))


FIRST_COPY_LINE = next(i for i, line in enumerate(open(__file__, encoding="utf-8"), 1)
                       if line.rstrip().endswith("# the op"))


def test_a_reinterpret_later_triton_rejects_runs_and_warns_once_per_compile():
    import warnings
    out = torch.full((64,), -1.0)
    with pytest.warns(tilerun.CompileWarning) as record:
        first_copy_kernel[(1,)](out, num_warps=1)
    assert torch.equal(out, torch.arange(64, dtype=torch.float32))
    assert len(record) == 1, [str(w.message) for w in record]
    message = str(record[0].message)
    assert re.search(r"test_triton_gluon\.py:%d:\d+: warning: 'ttg\.memdesc_reinterpret' op "
                     r"accepted for Triton 3\.6; rejected by later Triton" % FIRST_COPY_LINE,
                     message), message
    assert "same logical storage size (4096 vs 2048 bits)" in message
    # Launches of the compiled kernel do not compile again, so do not warn.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out.fill_(-1.0)
        first_copy_kernel[(1,)](out, num_warps=1)
    assert torch.equal(out, torch.arange(64, dtype=torch.float32))


def test_tilerun_memdesc_warnings_false_silences_the_warning(monkeypatch):
    import warnings
    out = torch.full((64,), -1.0)
    with warnings.catch_warnings():
        warnings.simplefilter("error", tilerun.CompileWarning)
        first_copy_kernel[(1,)](out, num_warps=1, tilerun_memdesc_warnings=False)
    assert torch.equal(out, torch.arange(64, dtype=torch.float32))
    # The environment's default, read when the options are made.
    from tilerun.backend.options import CPUOptions
    assert CPUOptions().tilerun_memdesc_warnings
    monkeypatch.setenv("TILERUN_TRITON_MEMDESC_WARNINGS", "0")
    assert not CPUOptions().tilerun_memdesc_warnings
