"""Stock Triton 3.6 running kernels on the CPU through tilerun's backend
(the triton.backends entry point). Needs Triton and torch installed in the
environment, with tilerun's package installed (pip install ./python), as
scripts/test.sh sets up in build/triton-env."""

import os

import numpy as np
import pytest

triton = pytest.importorskip("triton", reason="Triton 3.6 is not installed in this environment")
torch = pytest.importorskip("torch", reason="torch is not installed in this environment")
import triton.language as tl  # noqa: E402

import tilerun  # noqa: E402
import tilerun.backend  # noqa: E402


@pytest.fixture(autouse=True)
def private_triton_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("TRITON_CACHE_DIR", str(tmp_path / "triton-cache"))


@triton.jit
def add_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) + tl.load(y_ptr + offs, mask=m), mask=m)


@triton.jit
def softmax_kernel(out_ptr, in_ptr, in_stride, out_stride, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n_cols
    x = tl.load(in_ptr + row * in_stride + offs, mask=m, other=-float("inf"))
    e = tl.exp(x - tl.max(x, axis=0))
    tl.store(out_ptr + row * out_stride + offs, e / tl.sum(e, axis=0), mask=m)


@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, sam, sak, sbk, sbn, scm, scn,
                  BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    rm = pm * BM + tl.arange(0, BM)
    rn = pn * BN + tl.arange(0, BN)
    rk = tl.arange(0, BK)
    acc = tl.zeros([BM, BN], tl.float32)
    for k in range(0, tl.cdiv(K, BK)):
        kk = k * BK + rk
        a = tl.load(a_ptr + rm[:, None] * sam + kk[None, :] * sak,
                    mask=(rm[:, None] < M) & (kk[None, :] < K), other=0.0)
        b = tl.load(b_ptr + kk[:, None] * sbk + rn[None, :] * sbn,
                    mask=(kk[:, None] < K) & (rn[None, :] < N), other=0.0)
        acc = tl.dot(a, b, acc)
    tl.store(c_ptr + rm[:, None] * scm + rn[None, :] * scn, acc,
             mask=(rm[:, None] < M) & (rn[None, :] < N))


@triton.jit
def assert_kernel(x_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0)
    tl.device_assert(x < 100, "value too large")


def test_cpu_driver_is_active_without_a_gpu():
    assert not torch.cuda.is_available()
    assert tilerun.backend.is_cpu_active()
    target = triton.runtime.driver.active.get_current_target()
    assert target.backend == "cpu"


def test_vec_add_and_stages():
    n = 10000
    x, y, out = torch.randn(n), torch.randn(n), torch.full((n,), float("nan"))
    k = add_kernel[(triton.cdiv(n, 1024),)](x, y, out, n, BLOCK=1024)
    assert torch.equal(out, x + y)
    assert {"ttir", "ttgir", "llir", "tlrbin"} <= set(k.asm)
    assert "tt.func" in k.asm["ttir"]
    assert "define" in k.asm["llir"]
    assert k.metadata.name == "add_kernel"


def test_softmax_matches_torch_on_a_strided_view():
    x = torch.randn(37, 300)
    out = torch.empty(37, 512)[:, :300]  # rows 512 apart: the stride is passed
    softmax_kernel[(37,)](out, x, x.stride(0), out.stride(0), 300, BLOCK=512)
    torch.testing.assert_close(out, torch.softmax(x, dim=1), rtol=1e-5, atol=1e-6)


def test_matmul_matches_torch_with_transposed_operand():
    M, N, K = 100, 72, 90
    a = torch.randn(M, K)
    b = torch.randn(N, K).t()  # column-major B
    c = torch.empty(M, N)
    grid = lambda meta: (triton.cdiv(M, meta["BM"]), triton.cdiv(N, meta["BN"]))
    matmul_kernel[grid](a, b, c, M, N, K, a.stride(0), a.stride(1), b.stride(0), b.stride(1),
                        c.stride(0), c.stride(1), BM=32, BN=32, BK=32)
    torch.testing.assert_close(c, a @ b, rtol=1e-4, atol=1e-4)


def test_cuda_launch_keywords_are_accepted():
    n = 3000
    x, y, out = torch.randn(n), torch.randn(n), torch.empty(n)
    add_kernel[(3,)](x, y, out, n, BLOCK=1024, num_warps=8, num_stages=2, maxnreg=128,
                     enable_fp_fusion=False, launch_pdl=False)
    assert torch.equal(out, x + y)


def test_kernel_from_the_disk_cache_runs_without_compiling(tmp_path, monkeypatch):
    def forget_in_memory_kernels():
        for cache in add_kernel.device_caches.values():
            cache[0].clear()

    n = 2000
    x, y, out = torch.randn(n), torch.randn(n), torch.empty(n)
    forget_in_memory_kernels()  # compiled into this test's cache directory
    add_kernel[(2,)](x, y, out, n, BLOCK=1024)
    forget_in_memory_kernels()  # the next launch reads the disk cache
    calls = []
    real = tilerun.compile
    monkeypatch.setattr(tilerun, "compile", lambda *a, **k: calls.append(1) or real(*a, **k))
    out.zero_()
    add_kernel[(2,)](x, y, out, n, BLOCK=1024)
    assert torch.equal(out, x + y)
    assert calls == [], "a cached kernel was compiled again"


def test_device_assert_with_debug_raises():
    x = torch.tensor([1, 2, 300, 4], dtype=torch.int32)
    with pytest.raises(tilerun.LaunchError, match="value too large"):
        assert_kernel[(1,)](x, 4, BLOCK=4, debug=True)
    x[2] = 3
    assert_kernel[(1,)](x, 4, BLOCK=4, debug=True)


def test_activate_is_a_context_manager():
    from triton.runtime import driver
    before = driver._active
    with tilerun.backend.activate():
        assert isinstance(driver.active, tilerun.backend.driver.CPUDriver)
    assert driver._active is before


def test_do_bench_times_on_the_cpu():
    n = 1 << 16
    x, y, out = torch.randn(n), torch.randn(n), torch.empty(n)
    ms = triton.testing.do_bench(lambda: add_kernel[(64,)](x, y, out, n, BLOCK=1024), warmup=5, rep=20)
    assert 0 < ms < 1000
    assert torch.equal(out, x + y)


@triton.jit
def desc_scale_kernel(in_desc, out_desc, scale, BM: tl.constexpr, BN: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    x = in_desc.load([pm * BM, pn * BN])
    out_desc.store([pm * BM, pn * BN], x * scale)


@pytest.mark.parametrize("padding", ["zero", "nan"])
def test_host_tensor_descriptors(padding):
    from triton.tools.tensor_descriptor import TensorDescriptor
    if not hasattr(torch.float32, "itemsize"):
        # Triton's own validation reads dtype.itemsize (torch >= 2.1); Debian's
        # torch 1.13 lacks it. The descriptor is still Triton's type, as the
        # JIT's specialisation requires; only that check is skipped.
        class TensorDescriptor(TensorDescriptor):
            def __post_init__(self):
                pass
    M, N, BM, BN = 40, 24, 16, 16
    x = torch.randn(M, N)
    out = torch.full((M, N), float("nan"))
    xd = TensorDescriptor(x, [M, N], [N, 1], [BM, BN], padding=padding)
    od = TensorDescriptor(out, [M, N], [N, 1], [BM, BN])
    desc_scale_kernel[(triton.cdiv(M, BM), triton.cdiv(N, BN))](xd, od, 2.0, BM=BM, BN=BN)
    # Boxes past the edges read padding, and their stores outside are dropped.
    assert torch.equal(out, 2 * x)


def test_host_tensor_descriptor_over_a_wrapped_unsigned_tensor():
    """Triton's own tests put uint16/uint32 tensors in triton.TensorWrapper
    (only data_ptr(), no DLPack): a descriptor over one reads its memory."""
    from triton.tools.tensor_descriptor import TensorDescriptor
    M, N, BM, BN = 32, 48, 16, 16
    bits = torch.randint(0, 2 ** 15, (M, N), dtype=torch.int16)
    x = triton.TensorWrapper(bits, torch.uint16)
    out = triton.TensorWrapper(torch.zeros_like(bits), torch.uint16)
    copy_desc_kernel[(triton.cdiv(M, BM), triton.cdiv(N, BN))](
        TensorDescriptor(x, [M, N], [N, 1], [BM, BN]),
        TensorDescriptor(out, [M, N], [N, 1], [BM, BN]), BM=BM, BN=BN)
    assert torch.equal(out.base, bits)


@triton.jit
def copy_desc_kernel(in_desc, out_desc, BM: tl.constexpr, BN: tl.constexpr):
    pm = tl.program_id(0)
    pn = tl.program_id(1)
    out_desc.store([pm * BM, pn * BN], in_desc.load([pm * BM, pn * BN]))


@triton.jit
def tail_load_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    # The mask is missing: the last program reads past the tensor.
    tl.store(out_ptr + offs, tl.load(x_ptr + offs), mask=offs < n)


def test_checked_mode_names_the_line_and_the_buffer(monkeypatch):
    monkeypatch.setenv("TILERUN_TRITON_CHECK", "1")
    x, out = torch.randn(1000), torch.empty(1024)
    with pytest.raises(tilerun.LaunchError, match=r"out-of-bounds tt.load at .*test_triton_backend.py:\d+.*'x_ptr'"):
        tail_load_kernel[(4,)](x, out, 1000, BLOCK=256)
    # Within bounds, checked kernels compute the same.
    x = torch.randn(1024)
    tail_load_kernel[(4,)](x, out, 1024, BLOCK=256)
    assert torch.equal(out, x)


def test_backend_hash_names_the_version_and_the_cpu():
    from tilerun.backend.compiler import TilerunBackend
    target = triton.runtime.driver.active.get_current_target()
    key = TilerunBackend(target).hash()
    assert tilerun.version() in key and tilerun.host_target() in key


def test_backend_module_imports_before_triton():
    # The backend's compiler module imported first: Triton's discovery of
    # backends, run by that import, must still find its BaseBackend.
    import subprocess
    import sys
    code = ("import tilerun.backend.compiler as c, triton.backends as b; "
            "assert b.backends['tilerun'].compiler is c.TilerunBackend")
    subprocess.run([sys.executable, "-c", code], check=True)


@triton.jit
def fp8e4b15_up_kernel(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + offs).to(tl.float8e4b15, bitcast=True)
    tl.store(y_ptr + offs, v.to(tl.float32))


@triton.jit
def fp8e4b15_down_kernel(x_ptr, y_ptr, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + offs).to(tl.float8e4b15)
    tl.store(y_ptr + offs, v.to(tl.int8, bitcast=True))


def test_fp8e4b15_casts_match_the_format():
    # Every code up to float32 exactly (bias 15, no infinities or NaNs), and
    # back to the same code but for +-1.875 (0x7F, 0xFF), which the
    # conversion down clamps to +-1.75 (0x7E, 0xFE) as CUDA's does.
    codes = torch.arange(256, dtype=torch.int32).to(torch.uint8).view(torch.int8)
    values = torch.empty(256)
    fp8e4b15_up_kernel[(1,)](codes, values, BLOCK=256)

    def value_of(code):
        sign = -1.0 if code & 0x80 else 1.0
        exponent, mantissa = (code >> 3) & 15, code & 7
        if exponent == 0:
            return sign * mantissa / 8 * 2.0**-14
        return sign * (1 + mantissa / 8) * 2.0**(exponent - 15)

    assert torch.equal(values, torch.tensor([value_of(c) for c in range(256)]))
    back = torch.empty(256, dtype=torch.int8)
    fp8e4b15_down_kernel[(1,)](values, back, BLOCK=256)
    expected = codes.clone()
    expected[0x7F] = 0x7E
    expected[0xFF] = -2  # 0xFE, as int8
    assert torch.equal(back, expected)


@triton.jit
def select_kernel(out_ptr, flag: tl.int1):
    tl.store(out_ptr, tl.where(flag, 1, 0))


def test_an_i1_argument_takes_its_lowest_bit_as_on_cuda():
    # Triton's CUDA launcher passes an i1 as a byte and the kernel reads
    # its lowest bit: 3 is true, 2 false; a value past a byte is an error.
    out = torch.empty(1, dtype=torch.int32)
    for value, want in [(True, 1), (False, 0), (1, 1), (3, 1), (2, 0), (255, 1)]:
        select_kernel[(1,)](out, value)
        assert out.item() == want, value
    with pytest.raises(Exception, match="i1"):
        select_kernel[(1,)](out, 256)


@triton.jit
def store_scalar_kernel(out_ptr, value):
    tl.store(out_ptr, value)


@triton.jit
def store_u32_kernel(out_ptr, value: tl.uint32):
    tl.store(out_ptr, value)


def test_unsigned_arguments_pass_their_bits_as_on_cuda():
    # Triton specialises an int in [2**63, 2**64) as u64 (2**64 - 1 is
    # Triton's test_value_specialization_overflow); the kernel's parameter is
    # a signless i64, so the launcher hands over the same 64 bits, as CUDA's
    # uint64_t. A tl.uint32 annotation likewise takes [2**31, 2**32).
    out = torch.zeros(1, dtype=torch.int64)
    for value in [2 ** 64 - 1, 2 ** 63, 2 ** 63 + 5]:
        store_scalar_kernel[(1,)](out, value)
        assert out.item() % 2 ** 64 == value, value
    out32 = torch.zeros(1, dtype=torch.int32)
    for value in [0, 7, 2 ** 31, 2 ** 32 - 1]:
        store_u32_kernel[(1,)](out32, value)
        assert out32.item() % 2 ** 32 == value, value
    with pytest.raises(Exception, match="out of range"):
        store_u32_kernel[(1,)](out32, 2 ** 32)


def test_num_warps_must_be_a_power_of_two_as_on_cuda():
    # CUDAOptions asserts it; the same AssertionError (Triton's
    # test_num_warps_pow2), and powers of two compile.
    x, y, out = torch.randn(16), torch.randn(16), torch.empty(16)
    with pytest.raises(AssertionError, match="must be a power of 2"):
        add_kernel.warmup(x, y, out, 16, BLOCK=16, grid=(1,), num_warps=3)
    for num_warps in (1, 2, 4, 8):
        add_kernel.warmup(x, y, out, 16, BLOCK=16, grid=(1,), num_warps=num_warps)


@triton.jit
def tuple_kernel(pair, nested, out_ptr, BLOCK: tl.constexpr):
    # pair: (tensor, scale); nested: (offset, (constexpr flag, tensor))
    offs = tl.arange(0, BLOCK)
    x = tl.load(pair[0] + offs) * pair[1]
    if nested[1][0]:
        x += tl.load(nested[1][1] + offs)
    tl.store(out_ptr + offs, x + nested[0])


def test_tuple_arguments_flatten_as_on_cuda():
    # Tuple parameters, nested, with a constexpr element and tensors inside:
    # the launcher passes their leaves in order and drops the constexpr.
    x, y, out = torch.randn(16), torch.randn(16), torch.empty(16)
    tuple_kernel[(1,)]((x, 2.0), (3.0, (True, y)), out, BLOCK=16)
    torch.testing.assert_close(out, x * 2 + y + 3, rtol=0, atol=0)
    tuple_kernel[(1,)]((x, 0.5), (1.0, (False, y)), out, BLOCK=16)
    torch.testing.assert_close(out, x * 0.5 + 1, rtol=0, atol=0)


@triton.jit
def fp8_dot_kernel(a_ptr, b_ptr, c_ptr, FP8: tl.constexpr, N: tl.constexpr):
    r = tl.arange(0, N)
    a = tl.load(a_ptr + r[:, None] * N + r[None, :]).to(FP8, bitcast=True)
    b = tl.load(b_ptr + r[:, None] * N + r[None, :]).to(FP8, bitcast=True)
    tl.store(c_ptr + r[:, None] * N + r[None, :], tl.dot(a, b))


@pytest.mark.parametrize("fp8, torch_fp8", [(tl.float8e4b8, "float8_e4m3fnuz"),
                                            (tl.float8e5b16, "float8_e5m2fnuz")])
def test_fnuz_fp8_dot_matches_the_exact_products(fp8, torch_fp8):
    """AMD's FNUZ fp8 formats (which Triton's test_fp8_support expects any
    backend but HIP to refuse) multiply as their values: every code but the
    NaN (0x80), against torch's decoding of the same bits."""
    n = 32
    gen = torch.Generator().manual_seed(0)
    a = torch.randint(0, 256, (n, n), dtype=torch.uint8, generator=gen)
    b = torch.randint(0, 256, (n, n), dtype=torch.uint8, generator=gen)
    a[a == 0x80] = 0
    b[b == 0x80] = 0
    c = torch.empty(n, n)
    fp8_dot_kernel[(1,)](a, b, c, FP8=fp8, N=n)
    dtype = getattr(torch, torch_fp8)
    da, db = a.view(dtype).double(), b.view(dtype).double()
    want = da @ db
    # f32 accumulation of exact products: within n units of f32 rounding of
    # the sum of the terms' magnitudes (any summation order).
    bound = n * 2.0 ** -24 * (da.abs() @ db.abs())
    assert bool(((c.double() - want).abs() <= bound).all())
    assert bool((want != 0).any())


@triton.jit
def bf16_dot_kernel(a_ptr, b_ptr, c_ptr, N: tl.constexpr):
    r = tl.arange(0, N)
    a = tl.load(a_ptr + r[:, None] * N + r[None, :])
    b = tl.load(b_ptr + r[:, None] * N + r[None, :])
    tl.store(c_ptr + r[:, None] * N + r[None, :], tl.dot(a, b))


@pytest.mark.parametrize("amx", [True, False])
def test_tilerun_amx_option_keeps_the_products(amx, monkeypatch):
    """tilerun_amx=False (or TILERUN_TRITON_AMX=0) keeps dots off the AMX
    tiles that are the default where the CPU has them; both ways a bf16 dot
    of small integers is exact."""
    n = 32
    gen = torch.Generator().manual_seed(0)
    a = torch.randint(-4, 5, (n, n), generator=gen).to(torch.bfloat16)
    b = torch.randint(-4, 5, (n, n), generator=gen).to(torch.bfloat16)
    c = torch.empty(n, n)
    bf16_dot_kernel[(1,)](a, b, c, N=n, tilerun_amx=amx)
    torch.testing.assert_close(c, a.float() @ b.float(), rtol=0, atol=0)
    from tilerun.backend.options import CPUOptions
    assert CPUOptions().tilerun_amx
    monkeypatch.setenv("TILERUN_TRITON_AMX", "0")
    assert not CPUOptions().tilerun_amx
