"""The Python API end to end over libtilerun.

Needs the built library (build/lib/libtilerun.so or $TILERUN_LIBRARY);
without it every test here fails rather than skips, so a run cannot pass
without exercising the library.
"""

import ctypes
import json
import pathlib
import re
import threading

import numpy as np
import pytest

import tilerun
from tilerun import ArgumentError, CompileError, LaunchError, TensorDescriptor, TilerunError
from tilerun import _capi

ROOT = pathlib.Path(__file__).resolve().parents[2]
VEC_ADD = ROOT / "examples" / "vec_add" / "vec_add.ttir"
HOST_DESC = ROOT / "test" / "Tools" / "tilerun" / "Inputs" / "host_descriptor.mlir"
CORPUS = ROOT / "test" / "Inputs" / "corpus-extra" / "triton-3.6"

# Small hand-written kernels: one scalar stored through one pointer, for
# checking scalar conversion end to end, and a module with several kernels.
STORES = """
module {
  tt.func public @store_f32(%p: !tt.ptr<f32> loc("p"), %v: f32 loc("v")) {
    tt.store %p, %v : !tt.ptr<f32>
    tt.return
  }
  tt.func public @store_f16(%p: !tt.ptr<f16> loc("p"), %v: f16 loc("v")) {
    tt.store %p, %v : !tt.ptr<f16>
    tt.return
  }
  tt.func public @store_bf16(%p: !tt.ptr<bf16> loc("p"), %v: bf16 loc("v")) {
    tt.store %p, %v : !tt.ptr<bf16>
    tt.return
  }
  tt.func public @store_i64(%p: !tt.ptr<i64> loc("p"), %v: i64 loc("v")) {
    tt.store %p, %v : !tt.ptr<i64>
    tt.return
  }
  tt.func public @store_i1(%p: !tt.ptr<i8> loc("p"), %v: i1 loc("v")) {
    %w = arith.extui %v : i1 to i8
    tt.store %p, %w : !tt.ptr<i8>
    tt.return
  }
}
"""


@pytest.fixture(scope="module")
def vec_add():
    return tilerun.compile(VEC_ADD)


@pytest.fixture(scope="module")
def vec_add_checked():
    return tilerun.compile(str(VEC_ADD), checked=True)


def cdiv(a, b):
    return (a + b - 1) // b


def vec_inputs(n, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal(n).astype(np.float32)
    y = rng.standard_normal(n).astype(np.float32)
    out = np.full(n, np.nan, np.float32)
    return x, y, out


# ------------------------------------------------------------- basics


def test_version_matches_the_header():
    assert tilerun.version() == "%d.%d.%d" % _capi.HEADER_VERSION
    assert tilerun.__version__ == tilerun.version()


def test_struct_layouts_match_the_header():
    assert ctypes.sizeof(_capi.Arg) == 24
    assert _capi.Arg.value.offset == 8
    assert ctypes.sizeof(_capi.ParamInfo) == 32
    assert ctypes.sizeof(_capi.ContextOptions) == 16
    assert ctypes.sizeof(_capi.CompileOptions) == 32
    assert _capi.CompileOptions.memdesc_warnings.offset == 24
    assert _capi.CompileOptions.amx.offset == 28


def test_vec_add_matches_numpy(vec_add):
    n = 5000
    x, y, out = vec_inputs(n)
    vec_add[cdiv(n, 1024)](x, y, out, n)
    np.testing.assert_array_equal(out, x + y)


def test_signature(vec_add):
    assert vec_add.name == "vec_add"
    assert [p.name for p in vec_add.params] == ["x_ptr", "y_ptr", "out_ptr", "n"]
    assert [p.kind for p in vec_add.params] == ["pointer"] * 3 + ["scalar"]
    x, n = vec_add.params[0], vec_add.params[3]
    assert (x.type_name, x.bits, x.type_kind, x.is_unsigned) == ("f32", 32, "float", False)
    assert (n.type_name, n.bits, n.type_kind, n.is_unsigned) == ("i32", 32, "int", False)
    assert vec_add.compile_ms >= 0.0
    assert "vec_add(x_ptr: *f32" in repr(vec_add)


def test_keywords_and_grid_callable(vec_add):
    n = 3000
    x, y, out = vec_inputs(n, 1)
    seen = {}

    def grid(meta):
        seen.update(meta)
        return (cdiv(meta["n"], 1024),)

    vec_add[grid](x, y, n=n, out_ptr=out)
    np.testing.assert_array_equal(out, x + y)
    assert seen["n"] == n and seen["out_ptr"] is out and set(seen) == {"x_ptr", "y_ptr", "out_ptr", "n"}
    out[:] = np.nan
    vec_add.launch((cdiv(n, 1024), 1, 1), out_ptr=out, x_ptr=x, y_ptr=y, n=n)
    np.testing.assert_array_equal(out, x + y)


def test_partial_grid_leaves_the_rest(vec_add):
    n = 4096
    x, y, out = vec_inputs(n, 2)
    vec_add[2](x, y, out, n)  # programs 0 and 1 only: the first 2048
    np.testing.assert_array_equal(out[:2048], (x + y)[:2048])
    assert np.isnan(out[2048:]).all()


def test_dlpack_and_array_interface_inputs(vec_add):
    class DLPackOnly:
        def __init__(self, a):
            self.a = a

        def __dlpack__(self, stream=None):
            return self.a.__dlpack__()

        def __dlpack_device__(self):
            return self.a.__dlpack_device__()

    class InterfaceOnly:
        def __init__(self, a):
            self.__array_interface__ = a.__array_interface__

    n = 1500
    x, y, out = vec_inputs(n, 3)
    vec_add[cdiv(n, 1024)](DLPackOnly(x), InterfaceOnly(y), DLPackOnly(out), n)
    np.testing.assert_array_equal(out, x + y)


def test_raw_addresses(vec_add):
    n = 2000
    x, y, out = vec_inputs(n, 4)
    vec_add[cdiv(n, 1024)](x.ctypes.data, y, out.ctypes.data, n)
    np.testing.assert_array_equal(out, x + y)


def test_llvm_ir_and_binary_round_trip(vec_add):
    ir = vec_add.llvm_ir
    assert isinstance(ir, str) and "vec_add" in ir and "define" in ir
    blob = vec_add.binary
    assert isinstance(blob, bytes) and len(blob) > 100
    loaded = tilerun.load(blob)
    assert loaded.name == "vec_add" and loaded.params == vec_add.params
    n = 2500
    x, y, out = vec_inputs(n, 5)
    loaded[cdiv(n, 1024)](x, y, out, n)
    np.testing.assert_array_equal(out, x + y)
    again = tilerun.Kernel.load(bytearray(blob))
    assert again.name == "vec_add"
    with pytest.raises(TilerunError, match="loaded from a binary") as e:
        loaded.llvm_ir
    assert not isinstance(e.value, ArgumentError)


def test_load_rejects_foreign_bytes():
    with pytest.raises(TilerunError) as e:
        tilerun.load(b"not a tilerun kernel" * 10)
    assert not isinstance(e.value, (ArgumentError, CompileError, LaunchError))
    assert e.value.status == 6  # TILERUN_ERROR_IO
    assert str(e.value)


def test_compile_from_text_and_kernel_names():
    text = VEC_ADD.read_text()
    k = tilerun.compile(text)
    assert k.name == "vec_add"
    k = tilerun.compile(text.encode(), "vec_add")
    assert k.name == "vec_add"
    assert tilerun.compile(STORES, "store_f32").params[1].type_name == "f32"
    with pytest.raises(CompileError) as e:
        tilerun.compile(STORES)  # several kernels, none named
    assert "store_f32" in str(e.value) and "store_i1" in str(e.value)


def test_unknown_kernel_name():
    with pytest.raises(CompileError) as e:
        tilerun.compile(VEC_ADD, "vec_mul")
    assert "vec_mul" in str(e.value) and "vec_add" in str(e.value)
    assert e.value.status == 3  # TILERUN_ERROR_NOT_FOUND
    assert e.value.diagnostics == str(e.value)


def test_malformed_ir_reports_line_and_column():
    text = VEC_ADD.read_text().replace("arith.addf %4, %7", "arith.addf %4, %undefined")
    with pytest.raises(CompileError) as e:
        tilerun.compile(text)
    msg = str(e.value)
    line = text.splitlines().index(next(l for l in text.splitlines() if "%undefined" in l)) + 1
    assert re.search(r":%d:\d+" % line, msg), msg
    assert "undefined" in msg
    assert e.value.status == 2 and e.value.diagnostics


def test_missing_file():
    with pytest.raises(TilerunError) as e:
        tilerun.compile("/nonexistent/kernel.ttir")
    assert "/nonexistent/kernel.ttir" in str(e.value)
    assert e.value.status == 6  # TILERUN_ERROR_IO
    assert not isinstance(e.value, ArgumentError)


# ---------------------------------------------------------- scalars e2e


@pytest.mark.parametrize("kernel,dtype,value", [
    ("store_f32", np.float32, 1.25), ("store_f32", np.float32, 7),
    ("store_f16", np.float16, -3.5), ("store_f16", np.float16, 0.1),
    ("store_i64", np.int64, -(2 ** 40) - 3), ("store_i1", np.int8, True),
])
def test_scalars_reach_the_kernel(kernel, dtype, value):
    k = tilerun.compile(STORES, kernel)
    out = np.full(1, 99, dtype)
    k[1](out, value)
    assert out[0] == dtype(value)


def test_bf16_scalar_rounding_reaches_the_kernel():
    k = tilerun.compile(STORES, "store_bf16")
    out = np.zeros(1, np.uint16)
    for value in (1.0, 1.0 + 3 * 2 ** -8, -0.1, 3.0e38):
        k[1](out, value)
        assert int(out[0]) == tilerun._args.bf16_bits(value)
    with pytest.raises(ArgumentError, match="'p'.*bf16.*float16"):
        k[1](np.zeros(1, np.float16), 1.0)


def test_i1_scalar_range():
    k = tilerun.compile(STORES, "store_i1")
    with pytest.raises(ArgumentError, match="'v'.*i1"):
        k[1](np.zeros(1, np.int8), 2)


# ------------------------------------------------------------ bad inputs


def assert_untouched(out):
    assert np.isnan(out).all(), "the kernel ran although the arguments were bad"


def test_wrong_dtype(vec_add):
    x, y, out = vec_inputs(1024)
    with pytest.raises(ArgumentError) as e:
        vec_add[1](x.astype(np.float64), y, out, 1024)
    msg = str(e.value)
    assert "'x_ptr'" in msg and "f32" in msg and "float64" in msg
    assert_untouched(out)


def test_too_small_buffer_in_checked_mode(vec_add_checked):
    x, y, out = vec_inputs(2048)
    with pytest.raises(LaunchError) as e:
        vec_add_checked[2](x[:100].copy(), y, out, 2048)
    msg = str(e.value)
    assert "x_ptr" in msg and "gen_corpus.py:91" in msg and "out-of-bounds" in msg
    assert e.value.status == 5


def test_every_launch_checks_the_arrays_anew(vec_add_checked):
    x, y, out = vec_inputs(2048, 7)
    vec_add_checked[2](x, y, out, 2048)
    np.testing.assert_array_equal(out, x + y)
    out.flags.writeable = False
    with pytest.raises(ArgumentError, match="'out_ptr'.*read-only"):
        vec_add_checked[2](x, y, out, 2048)
    out.flags.writeable = True
    x.resize(100, refcheck=False)  # the same object, now 400 bytes
    with pytest.raises(LaunchError, match="out-of-bounds.*400 bytes"):
        vec_add_checked[2](x, y, out, 2048)


def test_fortran_order_and_byte_swapped_arrays_launch(vec_add):
    # Layouts and dtypes the fast path hands to the general conversion.
    x = np.asfortranarray(np.arange(64, dtype=np.float32).reshape(8, 8))
    y = np.ones((8, 8), np.float32, order="F")
    out = np.full((8, 8), np.nan, np.float32, order="F")
    vec_add[1](x, y, out, 64)
    np.testing.assert_array_equal(out, x + y)
    # A byte-swapped array is refused: the kernel reads native byte order, so
    # it used to add the swapped bits (1.0 + 1.0 gave 1.0).
    swapped = np.arange(4, dtype=">f4")
    out = np.zeros(4, np.float32)
    with pytest.raises(ArgumentError, match="'x_ptr'.*>f4.*byte order"):
        vec_add[1](swapped, swapped, out, 4)
    assert not out.any()


def test_checked_mode_passes_a_correct_launch(vec_add_checked):
    x, y, out = vec_inputs(3000, 6)
    vec_add_checked[3](x, y, out, 3000)
    np.testing.assert_array_equal(out, x + y)


def test_too_few_and_too_many(vec_add):
    x, y, out = vec_inputs(16)
    with pytest.raises(ArgumentError) as e:
        vec_add[1](x, y, out)
    msg = str(e.value)
    assert "4 arguments" in msg and "got 3" in msg and "missing n" in msg
    with pytest.raises(ArgumentError) as e:
        vec_add[1](x, y, out, 16, 17)
    msg = str(e.value)
    assert "4 arguments" in msg and "5 were given" in msg and "x_ptr, y_ptr, out_ptr, n" in msg
    with pytest.raises(ArgumentError) as e:
        vec_add[1](x, y, out, size=16)
    assert "'size'" in str(e.value) and "x_ptr, y_ptr, out_ptr, n" in str(e.value)
    with pytest.raises(ArgumentError, match="multiple values for argument 'x_ptr'"):
        vec_add[1](x, y, out, 16, x_ptr=x)
    assert_untouched(out)


def test_scalar_out_of_range(vec_add):
    x, y, out = vec_inputs(16)
    with pytest.raises(ArgumentError) as e:
        vec_add[1](x, y, out, 2 ** 31)
    msg = str(e.value)
    assert "'n'" in msg and "2147483648" in msg and "i32" in msg
    with pytest.raises(ArgumentError, match="'n'.*float"):
        vec_add[1](x, y, out, 16.0)
    assert_untouched(out)


def test_read_only_array(vec_add):
    x, y, out = vec_inputs(16)
    y.flags.writeable = False
    with pytest.raises(ArgumentError) as e:
        vec_add[1](x, y, out, 16)
    assert "'y_ptr'" in str(e.value) and "read-only" in str(e.value)
    assert_untouched(out)


def test_non_contiguous_array(vec_add):
    x, y, out = vec_inputs(64)
    with pytest.raises(ArgumentError) as e:
        vec_add[1](x[::2], y[:32], out[:32], 32)
    assert "'x_ptr'" in str(e.value) and "contiguous" in str(e.value)


@pytest.mark.parametrize("grid,words", [
    (0, "extent x is 0"), ((1, -2), "extent y is -2"), ((1, 1, 0), "extent z is 0"),
    ((2 ** 31,), "extent x is 2147483648"), (lambda meta: (0,), "extent x is 0"),
])
def test_non_positive_grid(vec_add, grid, words):
    x, y, out = vec_inputs(16)
    with pytest.raises(ArgumentError) as e:
        vec_add[grid](x, y, out, 16)
    assert words in str(e.value)
    assert_untouched(out)


@pytest.mark.parametrize("bad", [[0.0] * 16, "x", None, object(), 1.5])
def test_non_array_object(vec_add, bad):
    _, y, out = vec_inputs(16)
    with pytest.raises(ArgumentError) as e:
        vec_add[1](bad, y, out, 16)
    assert "'x_ptr'" in str(e.value)
    assert_untouched(out)


def test_dlpack_tensor_on_another_device(vec_add):
    class OnGPU:
        def __dlpack__(self, stream=None):
            raise AssertionError("must not be exported")

        def __dlpack_device__(self):
            return (2, 0)

    _, y, out = vec_inputs(16)
    with pytest.raises(ArgumentError) as e:
        vec_add[1](OnGPU(), y, out, 16)
    assert "'x_ptr'" in str(e.value) and "cuda:0" in str(e.value)


def test_device_assert_is_a_launch_error():
    case = load_case("device_assert")
    k = tilerun.compile(CORPUS / "device_assert" / case["source_ir"], case["kernel"])
    x = np.load(CORPUS / "device_assert" / "x_ptr.in.npy")
    x[500] = -abs(x[500]) - 1
    out = np.zeros_like(x)
    with pytest.raises(LaunchError) as e:
        k[4](x, out, 1000)
    assert "x must be positive" in str(e.value)


# ------------------------------------------------- the C API's own checks


def raw_launch(kernel, args):
    array = (_capi.Arg * max(len(args), 1))(*args)
    return _capi.lib().tilerun_kernel_launch(kernel._handle, 1, 1, 1, array, len(args))


def test_c_api_rejects_a_wrong_count_and_kind(vec_add):
    x = np.zeros(1024, np.float32)

    def buf(a):
        arg = _capi.Arg()
        arg.kind, arg.value.buffer.data, arg.value.buffer.bytes = _capi.ARG_BUFFER, a.ctypes.data, a.nbytes
        return arg

    def bits(v):
        arg = _capi.Arg()
        arg.kind, arg.value.bits = _capi.ARG_SCALAR, v
        return arg

    assert raw_launch(vec_add, [buf(x), buf(x), buf(x)]) == 4
    assert _capi.last_error()
    assert raw_launch(vec_add, [buf(x), bits(0), buf(x), bits(16)]) == 4
    assert "y_ptr" in _capi.last_error()
    assert raw_launch(vec_add, [buf(x), buf(x), buf(x), bits(16)]) == 0


def test_c_api_null_handles():
    lib = _capi.lib()
    handle = ctypes.c_void_p()
    text = b"module {}"
    assert lib.tilerun_kernel_compile(None, text, len(text), None, None,
                                      ctypes.byref(handle)) == 1
    assert _capi.last_error()


# ------------------------------------------------------------ threads


def test_concurrent_launches(vec_add):
    n = 4096
    errors = []

    def work(seed):
        try:
            for i in range(10):
                x, y, out = vec_inputs(n, seed * 100 + i)
                vec_add[cdiv(n, 1024)](x, y, out, n)
                np.testing.assert_array_equal(out, x + y)
        except BaseException as e:  # reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(s,)) for s in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[0]


def test_contexts_per_thread_count():
    a = tilerun.compile(VEC_ADD, threads=1)
    b = tilerun.compile(VEC_ADD, threads=1)
    c = tilerun.compile(VEC_ADD, threads=2)
    assert a._context is b._context and a._context is not c._context
    x, y, out = vec_inputs(2048, 7)
    a[2](x, y, out, 2048)
    np.testing.assert_array_equal(out, x + y)


# ----------------------------------------------------- host descriptors


M, N, B = 40, 24, 16


def clipped(m0, n0):
    """Slices of the box at (m0, n0) that lie inside the MxN tensor: the
    tensor's part and the box's part."""
    r0, r1 = max(m0, 0), min(m0 + B, M)
    c0, c1 = max(n0, 0), min(n0 + B, N)
    if r0 >= r1 or c0 >= c1:
        return None
    return (slice(r0, r1), slice(c0, c1)), (slice(r0 - m0, r1 - m0), slice(c0 - n0, c1 - n0))


def boxes_model(x, fill):
    """What the boxes kernel computes (see host_descriptor.mlir)."""
    gm, gn = cdiv(M, B), cdiv(N, B)
    out = np.zeros(gm * gn * B * B, np.float32)
    z = np.full((M, N), -7.0, np.float32)
    acc = np.ones((M, N), np.float32)
    for pm in range(gm):
        for pn in range(gn):
            xb = np.full((B, B), fill, np.float32)
            part = clipped(pm * B - 3, pn * B + 5)
            if part:
                xb[part[1]] = x[part[0]]
            p = pm * gn + pn
            out[p * B * B:(p + 1) * B * B] = xb.reshape(-1)
            part = clipped(pm * B + 1, pn * B + 3)
            if part:
                z[part[0]] = 2 * xb[part[1]]
            part = clipped(pm * B - 1, pn * B - 2)
            if part:
                acc[part[0]] += 2 * xb[part[1]]
    return out, z, acc


def test_host_descriptor_signature():
    k = tilerun.compile(HOST_DESC)
    names = [p.name for p in k.params]
    assert names[:5] == ["x_desc", "x_desc.shape0", "x_desc.shape1",
                         "x_desc.stride0", "x_desc.stride1"]
    assert k.params[0].kind == "tensordesc" and k.params[0].type_name == "f32"
    assert names[-1] == "out_ptr" and len(names) == 16


@pytest.mark.parametrize("padding", ["zero", "nan"])
@pytest.mark.parametrize("checked", [False, True])
def test_host_descriptor_boxes(padding, checked):
    k = tilerun.compile(HOST_DESC, checked=checked)
    x = np.random.default_rng(5).standard_normal((M, N)).astype(np.float32)
    z = np.full((M, N), -7.0, np.float32)
    acc = np.ones((M, N), np.float32)
    gm, gn = cdiv(M, B), cdiv(N, B)
    out = np.zeros(gm * gn * B * B, np.float32)
    k[gm, gn](TensorDescriptor.from_array(x, padding=padding),
              TensorDescriptor.from_array(z), TensorDescriptor(acc, [M, N], [N, 1]), out)
    want = boxes_model(x, 0.0 if padding == "zero" else np.nan)
    for name, got, w in zip(("out", "z", "acc"), (out, z, acc), want):
        np.testing.assert_allclose(got, w, rtol=1e-6, atol=1e-6, equal_nan=True, err_msg=name)
    assert np.isnan(out).any() == (padding == "nan")


def test_host_descriptor_errors():
    k = tilerun.compile(HOST_DESC)
    x = np.zeros((M, N), np.float32)
    out = np.zeros(6 * B * B, np.float32)
    d = TensorDescriptor.from_array(x)
    with pytest.raises(ArgumentError, match="'x_desc'.*padding"):
        k[3, 2](TensorDescriptor(x, [M, N], [N, 1], padding="inf"), d, d, out)
    with pytest.raises(ArgumentError, match="'x_desc'.*spans"):
        k[3, 2](TensorDescriptor(x, [M + 1, N], [N, 1]), d, d, out)
    with pytest.raises(ArgumentError, match="'z_desc.shape0' is 41"):
        k[3, 2](d, M, N, N, 1, d, M + 1, N, N, 1, d, M, N, N, 1, out)


# --------------------------------------------------------------- corpus

CORPUS_CASES = ["tutorial_softmax", "row_moments_two_blocks", "int_edge", "i64_offsets",
                "scan2", "histogram_mask", "argreduce", "reduce_forms",
                "gluon_host_desc_copy", "gluon_host_desc_copy_nan"]


def load_case(name):
    with open(CORPUS / name / "case.json") as f:
        return json.load(f)


def close_enough(got, want, rtol, atol):
    """The corpus rule: |got - want| <= atol + rtol * |want| elementwise,
    NaN equal to NaN. Returns a description of the first mismatch."""
    if got.shape != want.shape:
        return "shape %s vs %s" % (got.shape, want.shape)
    g, w = got.astype(np.float64), want.astype(np.float64)
    with np.errstate(invalid="ignore"):
        ok = (np.abs(g - w) <= atol + rtol * np.abs(w)) | (np.isnan(g) & np.isnan(w)) | (g == w)
    if ok.all():
        return None
    i = tuple(np.argwhere(~ok)[0])
    return "%d of %d differ; first at %s: got %r want %r" % ((~ok).sum(), ok.size, i, g[i], w[i])


def case_arguments(case, directory, full):
    """The case's arguments as Python values, and its arrays by name.

    Host descriptors become TensorDescriptors; with ``full`` their shape and
    stride scalars are passed as well, else left for the descriptor to fill.
    """
    args, arrays, expanded = [], {}, 0
    for a in case["args"]:
        if expanded:
            expanded -= 1
            if full:
                args.append(a["value"])
            continue
        if a["kind"] == "buffer":
            arrays[a["name"]] = np.load(directory / a["file"])
            args.append(arrays[a["name"]])
        elif a["kind"] == "tensordesc":
            base = arrays[a["name"]] = np.load(directory / a["file"])
            assert list(base.shape) == a["shape"]
            args.append(TensorDescriptor.from_array(base, a["block_shape"], a["padding"]))
            expanded = 2 * len(a["block_shape"])
        else:
            args.append(a["value"])
    return args, arrays


@pytest.mark.parametrize("name", CORPUS_CASES)
@pytest.mark.parametrize("mode", ["positional", "full-or-keywords", "checked"])
def test_corpus_case(name, mode):
    case = load_case(name)
    directory = CORPUS / name
    for o in case["outputs"]:
        assert o["dtype"] in ("float32", "int32", "int64"), "choose f32/int cases"
    k = tilerun.compile(directory / case["source_ir"], case["kernel"],
                        checked=(mode == "checked"))
    has_desc = any(a["kind"] == "tensordesc" for a in case["args"])
    args, arrays = case_arguments(case, directory, full=(mode != "positional" and has_desc))
    if mode == "full-or-keywords" and not has_desc:
        k[tuple(case["grid"])](**{p.name: v for p, v in zip(k.params, args)})
    else:
        k[tuple(case["grid"])](*args)
    inputs = {a["name"]: a.get("file") for a in case["args"]}
    changed = 0
    for o in case["outputs"]:
        want = np.load(directory / o["file"])
        before = np.load(directory / inputs[o["arg"]])
        changed += not np.array_equal(before, want, equal_nan=True)
        problem = close_enough(arrays[o["arg"]], want, o["rtol"], o["atol"])
        assert problem is None, "%s: %s" % (o["arg"], problem)
    assert changed, "no output differs from its input: the comparison would prove nothing"


@pytest.mark.parametrize("amx", [True, False])
def test_amx_option_keeps_the_gpu_results(amx):
    # amx=True takes the AMX tiles on a CPU with them (and Linux's leave),
    # else the dot-product instructions that amx=False always takes: both
    # within the corpus' tolerance of the GPU, and in the kernel's binary.
    case = load_case("dot_bf16")
    directory = CORPUS / "dot_bf16"
    k = tilerun.compile(directory / case["source_ir"], case["kernel"], amx=amx,
                        cache_dir="")
    args, arrays = case_arguments(case, directory, full=False)
    tilerun.load(k.binary)[tuple(case["grid"])](*args)
    for o in case["outputs"]:
        problem = close_enough(arrays[o["arg"]], np.load(directory / o["file"]),
                               o["rtol"], o["atol"])
        assert problem is None, "%s: %s" % (o["arg"], problem)


def bf16_round(x):
    """bf16 bits of float32 values, rounded to nearest even."""
    bits = x.astype(np.float32).view(np.uint32)
    return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16)


def bf16_value(bits):
    return (bits.astype(np.uint32) << 16).view(np.float32)


def assert_within_a_bf16_rounding(c, a, b):
    """c (bf16 bits) = a @ b (bf16 bits) with exact products summed in f32:
    each element within a rounding to bf16 (2^-8, relative to the sum of
    |a| |b|) of the exact sum."""
    av, bv = bf16_value(a).astype(np.float64), bf16_value(b).astype(np.float64)
    error = np.abs(bf16_value(c) - av @ bv) / (np.abs(av) @ np.abs(bv))
    assert error.max() <= 2.0 ** -8


def run_bench_matmul(name, amx, a, b, c):
    """c = a @ b by bench/kernels' `name` (gen_matmul.py's matmul: one
    program for a single 128 x 256 block of c, contiguous operands)."""
    k = tilerun.compile(ROOT / "bench" / "kernels" / name / "kernel.ttir", amx=amx, cache_dir="")
    (M, K), N = a.shape, b.shape[1]
    k[1](a, b, c, M, N, K, K, N, N)


@pytest.mark.parametrize("amx", [True, False])
@pytest.mark.parametrize("K", [128, 256, 384, 640, 1000])
def test_bf16_k_loop_of_every_trip_count(amx, K):
    # BLOCK_K 128: on AMX the K loop is unrolled by two into chains of
    # dots (UnrollDotKLoops), and the trips left over run in the original
    # loop; K = 1000 ends on a masked block. The products are exact in f32
    # and summed in f32: each result within a rounding to bf16 (2^-8,
    # relative to the sum of |a| |b|) of the exact sum; a block missed or
    # taken twice is a hundred times further off.
    rng = np.random.default_rng(K)
    M, N = 128, 256
    a = bf16_round(rng.standard_normal((M, K), dtype=np.float32))
    b = bf16_round(rng.standard_normal((K, N), dtype=np.float32))
    c = np.zeros((M, N), np.uint16)
    run_bench_matmul("matmul_1024_bf16_128x256x128", amx, a, b, c)
    assert_within_a_bf16_rounding(c, a, b)


@pytest.mark.parametrize("a_offset", [0, 8, 16, 56])
def test_bf16_amx_a_off_the_cache_lines(a_offset):
    # The AMX kernel reads A where it lies only when A's rows start on
    # cache lines; A at `a_offset` bytes past a line (numpy's arrays start
    # on 16 bytes) is packed instead. Either way the products are exact in
    # f32 and summed in f32: within a rounding to bf16 of the exact sum.
    rng = np.random.default_rng(a_offset)
    M, N, K = 128, 256, 256
    raw = np.zeros(M * K + 64, np.uint16)
    start = (-raw.ctypes.data % 64 + a_offset) // 2
    a = raw[start:start + M * K].reshape(M, K)
    a[:] = bf16_round(rng.standard_normal((M, K), dtype=np.float32))
    assert (a.ctypes.data - a_offset) % 64 == 0
    b = bf16_round(rng.standard_normal((K, N), dtype=np.float32))
    c = np.zeros((M, N), np.uint16)
    run_bench_matmul("matmul_1024_bf16_128x256x128", True, a, b, c)
    assert_within_a_bf16_rounding(c, a, b)


def host_has_amx_bf16():
    try:
        return "amx_bf16" in pathlib.Path("/proc/cpuinfo").read_text().split()
    except OSError:
        return False


@pytest.mark.skipif(not host_has_amx_bf16(),
                    reason="the tile cache serves the AMX kernel only; this CPU has no AMX-BF16")
@pytest.mark.parametrize("threads", [1, 2])
def test_bf16_amx_shared_b_tiles_follow_b(threads):
    # Programs of one B column (GROUP_M 8 puts eight together) on one
    # thread take B's packed tiles from the runtime's tile cache (64
    # programs: each worker takes at least four at a time, as the cache
    # asks); checked mode
    # packs every tile itself. Both run the same tile kernel: the same
    # bits. B then changes in place, and B's rows move apart (a new row
    # stride at the same address): each launch must read B as it is then.
    rng = np.random.default_rng(threads)
    M, N, K = 2048, 512, 512
    path = ROOT / "bench" / "kernels" / "matmul_1024_bf16_128x128x64" / "kernel.ttir"
    shared = tilerun.compile(path, threads=threads, cache_dir="")
    own = tilerun.compile(path, threads=threads, checked=True, cache_dir="")
    a = bf16_round(rng.standard_normal((M, K), dtype=np.float32))
    storage = np.zeros(K * (N + 64), np.uint16)
    grid = (M // 128) * (N // 128)
    for sbk in (N, N, N + 64):
        b = storage[:K * sbk].reshape(K, sbk)[:, :N]
        b[:] = bf16_round(rng.standard_normal((K, N), dtype=np.float32))
        results = []
        for kernel in (shared, own):
            c = np.zeros((M, N), np.uint16)
            kernel[grid](a, storage, c, M, N, K, K, sbk, N)
            results.append(c)
        np.testing.assert_array_equal(results[0], results[1])
        assert_within_a_bf16_rounding(results[0], a, b)


@pytest.mark.parametrize("K", [64, 208, 1024])
@pytest.mark.parametrize("sam_pad", [0, 32])
def test_f32_fma_kernel_reads_a_in_place_bit_for_bit(K, sam_pad):
    # The f32 FMA kernel reads A where it lies when every A offset fits
    # (DirectOperands); checked mode always packs it. Both add the same
    # products in the same order: the same bits, for whole and masked K
    # blocks (K 208 ends on 16 of 64) and for rows of A further apart than
    # K (the kernel takes K and the row stride as multiples of 16).
    rng = np.random.default_rng(K + sam_pad)
    M, N = 96, 128
    a = rng.standard_normal((M, K + sam_pad), dtype=np.float32)
    b = rng.standard_normal((K, N), dtype=np.float32)
    path = ROOT / "bench" / "kernels" / "matmul_1024_32x64x64" / "kernel.ttir"
    results = []
    for checked in (False, True):
        k = tilerun.compile(path, checked=checked, cache_dir="")
        c = np.zeros((M, N), np.float32)
        k[(M // 32) * (N // 64)](a, b, c, M, N, K, K + sam_pad, N, N)
        results.append(c)
    np.testing.assert_array_equal(results[0], results[1])
    np.testing.assert_allclose(results[0], a[:, :K].astype(np.float64) @ b, rtol=1e-4, atol=1e-3)


@pytest.mark.parametrize("amx", [True, False])
@pytest.mark.parametrize("K", [64, 512, 576, 1000, 1088])
def test_int8_k_loop_of_every_trip_count(amx, K):
    # BLOCK_K 64 is one AMX tile step of int8: the K loop is unrolled by
    # eight, A read where it lies; the i32 sums are exact.
    rng = np.random.default_rng(K)
    M, N = 128, 256
    a = rng.integers(-128, 128, (M, K), dtype=np.int8)
    b = rng.integers(-128, 128, (K, N), dtype=np.int8)
    c = np.zeros((M, N), np.int32)
    run_bench_matmul("matmul_1024_int8_128x256x64", amx, a, b, c)
    np.testing.assert_array_equal(c, a.astype(np.int64) @ b.astype(np.int64))


def test_cache_dir_option(tmp_path):
    cache = tmp_path / "cache"
    first = tilerun.compile(VEC_ADD, cache_dir=cache)
    files = list(cache.iterdir())
    assert files, "compiling with cache_dir wrote nothing there"
    again = tilerun.compile(VEC_ADD, cache_dir=cache)
    assert list(cache.iterdir()) == files
    x, y, out = vec_inputs(1024, 8)
    again[1](x, y, out, 1024)
    np.testing.assert_array_equal(out, x + y)
    assert first._context is again._context


def test_a_rebuilt_library_does_not_reuse_cached_kernels(tmp_path):
    # The cache key names the library's own file (size and modification
    # time), so replacing libtilerun.so in place invalidates every entry.
    import os, shutil, subprocess, sys
    library = tmp_path / "libtilerun.so.0"
    shutil.copyfile(_capi.lib()._name, library)
    cache = tmp_path / "cache"
    code = "import sys, tilerun; tilerun.compile(sys.argv[1], cache_dir=sys.argv[2])"
    env = dict(os.environ, TILERUN_LIBRARY=str(library),
               PYTHONPATH=str(pathlib.Path(tilerun.__file__).parents[1]))

    def entries_after_compile():
        subprocess.run([sys.executable, "-c", code, str(VEC_ADD), str(cache)], env=env, check=True)
        return len([e for e in cache.iterdir() if e.name.startswith("llvmcache-")])

    assert entries_after_compile() == 1
    assert entries_after_compile() == 1  # the same library hits
    shutil.copyfile(_capi.lib()._name, library)  # "rebuilt": same path, new file
    stamp = library.stat().st_mtime + 10
    os.utime(library, (stamp, stamp))
    assert entries_after_compile() == 2


def test_checked_is_chosen_per_compile():
    big = np.zeros(4096, np.float32)  # the real allocation
    x = big[:100]                     # the extent the kernel is given
    _, y, out = vec_inputs(2048, 9)
    with pytest.raises(LaunchError, match="x_ptr"):
        tilerun.compile(VEC_ADD, checked=True)[2](x, y, out, 2048)
    # Unchecked, the same launch reads past the extent it was given (still
    # inside `big`, so harmlessly) and nothing notices.
    tilerun.compile(VEC_ADD, checked=False)[2](x, y, out, 2048)
    np.testing.assert_array_equal(out, y)


def test_triton_shared_memref_kernel():
    k = tilerun.compile(ROOT / "examples" / "triton_shared_add" / "add_kernel.mlir")
    assert [p.kind for p in k.params] == ["memref"] * 3 + ["scalar"]
    n = 3000
    x, y, out = vec_inputs(n, 10)
    k[cdiv(n, 1024)](x, y, **{"2": out, "3": n})  # unnamed parameters: their index
    np.testing.assert_array_equal(out, x + y)
    with pytest.raises(ArgumentError, match="'0'.*float64"):
        k[1](x.astype(np.float64), y, out, n)


def test_a_memref_buffer_of_the_wrong_size_is_an_argument_error():
    # It was a LaunchError ("failed launch"): the size was first checked
    # while packing, inside the launch.
    k = tilerun.compile("""
func.func @m(%m: memref<4x3xi32>, %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) {
  %c0 = arith.constant 0 : index
  %v = arith.constant 5 : i32
  memref.store %v, %m[%c0, %c0] : memref<4x3xi32>
  return
}""")
    for size in (11, 13):
        with pytest.raises(ArgumentError, match=r"'0': a buffer of %d elements does not fit "
                           r"the memref parameter's static shape \(12 elements\)" % size) as e:
            k[1](np.zeros(size, np.int32))
        assert e.value.status == 4  # TILERUN_ERROR_BAD_ARGUMENT
    m = np.zeros(12, np.int32)
    k[1](m)
    assert m[0] == 5


def test_buffer_carries_an_extent_for_checked_mode(vec_add_checked):
    """tilerun.Buffer(address, nbytes): raw memory whose size checked mode
    checks (what the Triton backend passes for tensors)."""
    n = 2048
    x, y = np.ones(n, np.float32), np.ones(n, np.float32)
    out = np.zeros(n, np.float32)
    whole = tilerun.Buffer(x.ctypes.data, x.nbytes, keepalive=x)
    vec_add_checked[2](whole, y, out, n)
    assert np.array_equal(out, x + y)
    half = tilerun.Buffer(x.ctypes.data, x.nbytes // 2, keepalive=x)
    with pytest.raises(tilerun.LaunchError, match="x_ptr"):
        vec_add_checked[2](half, y, out, n)
    with pytest.raises(tilerun.ArgumentError, match="x_ptr"):
        vec_add_checked[2](tilerun.Buffer(0, 16), y, out, n)


# ------------------------------------------- shared-memory descriptor rules

def _run_padded_case(**compile_kwargs):
    """Compiles and runs the extra corpus' gluon_padded_32_4 (a padded tile
    over the start of a larger dense buffer, as Triton 3.6 emits it) and
    checks the GPU's result."""
    case_dir = CORPUS / "gluon_padded_32_4"
    k = tilerun.compile(case_dir / "kernel.ttgir", "g_padded_raw", cache_dir="",
                        **compile_kwargs)
    x = np.load(case_dir / "in_ptr.in.npy")
    out = np.load(case_dir / "out_ptr.in.npy")
    k[1](x, out)
    np.testing.assert_array_equal(out, np.load(case_dir / "out_ptr.out.npy"))


def test_a_reinterpret_later_triton_rejects_runs_with_a_compile_warning():
    with pytest.warns(tilerun.CompileWarning) as record:
        _run_padded_case()
    assert len(record) == 1, [str(w.message) for w in record]
    message = str(record[0].message)
    assert re.match(r".*gen_extra_corpus\.py:\d+:\d+: warning: 'ttg\.memdesc_reinterpret' op "
                    r"accepted for Triton 3\.6; rejected by later Triton", message), message
    assert "(65536 vs 36736 bits)" in message
    assert "cannot reinterpret between padded and non-padded layouts" in message
    # The warning points at the caller's compile, not at tilerun's code.
    assert record[0].filename == __file__


def test_memdesc_warnings_false_silences_the_warning():
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _run_padded_case(memdesc_warnings=False)


def test_a_kernel_within_the_rules_compiles_without_warnings(vec_add):
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        tilerun.compile(CORPUS / ".." / ".." / "corpus" / "triton-3.6" / "gluon_smem_flush"
                        / "kernel.ttgir", cache_dir="")
