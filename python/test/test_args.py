"""Argument binding and conversion, without the library.

These run on hand-written parameter lists shaped like the signatures
libtilerun reports, so they pin the conversion rules independently of the
C side.
"""

import math
import os
import struct
import subprocess
import sys
import types

import numpy as np
import pytest

from tilerun import ArgumentError, TensorDescriptor, TilerunError
from tilerun import _args
from tilerun._args import Param


def scalar(name, type_name, bits, kind="int", unsigned=False):
    return Param(name, "scalar", type_name, bits, kind, unsigned)


def pointer(name, type_name, bits, kind="float"):
    return Param(name, "pointer", type_name, bits, kind, False)


VEC_ADD = [pointer("x_ptr", "f32", 32), pointer("y_ptr", "f32", 32),
           pointer("out_ptr", "f32", 32), scalar("n", "i32", 32)]


def descriptor_params(name="x_desc", rank=2):
    ps = [Param(name, "tensordesc", "f32", 32, "float", False)]
    ps += [scalar("%s.shape%d" % (name, d), "i32", 32) for d in range(rank)]
    ps += [scalar("%s.stride%d" % (name, d), "i64", 64) for d in range(rank)]
    return ps


BOXES = descriptor_params("x_desc") + descriptor_params("z_desc") + \
    [pointer("out_ptr", "f32", 32)]


class DLPackWrapper:
    """A foreign tensor: only the DLPack protocol, no numpy interfaces."""

    def __init__(self, array, device=(1, 0)):
        self.array, self.device = array, device

    def __dlpack__(self, stream=None):
        return self.array.__dlpack__()

    def __dlpack_device__(self):
        return self.device


class InterfaceOnly:
    """An object exposing memory only through __array_interface__."""

    def __init__(self, array):
        self.array = array
        self.__array_interface__ = array.__array_interface__


# ------------------------------------------------------------ float bits


def bf16_reference(x):
    """Nearest bfloat16 to the f32 value of x, ties to even, found by
    comparing the two neighbouring bf16 values exactly (not by bit tricks)."""
    f = float(np.float32(x))
    u = struct.unpack("<I", struct.pack("<f", f))[0]
    lo = u >> 16
    candidates = [lo, lo + 1]

    def value(b):
        return struct.unpack("<f", struct.pack("<I", (b << 16) & 0xFFFFFFFF))[0]

    dist = [abs(value(b) - f) for b in candidates]
    if dist[0] < dist[1]:
        return lo
    if dist[1] < dist[0]:
        return lo + 1
    return lo if lo % 2 == 0 else lo + 1


@pytest.mark.parametrize("x,bits", [
    (1.0, 0x3F80), (-2.0, 0xC000), (0.0, 0x0000), (-0.0, 0x8000),
    (1.0 + 2 ** -8, 0x3F80),            # halfway: ties to the even 0x3F80
    (1.0 + 3 * 2 ** -8, 0x3F82),        # halfway: ties to the even 0x3F82
    (1.0 + 2 ** -8 + 2 ** -20, 0x3F81),  # just above halfway: rounds up
    (float("inf"), 0x7F80), (float("-inf"), 0xFF80),
    (3.3895313892515355e38, 0x7F7F),    # the largest finite bf16
])
def test_bf16_known_values(x, bits):
    assert _args.bf16_bits(x) == bits


def test_bf16_matches_exact_nearest_rounding():
    rng = np.random.default_rng(0)
    values = np.concatenate([rng.standard_normal(2000) * 10.0 ** rng.integers(-30, 30, 2000),
                             rng.standard_normal(200) * 1e-40])  # subnormals too
    checked = 0
    for v in values:
        assert _args.bf16_bits(float(v)) == bf16_reference(v), v
        checked += 1
    assert checked == 2200


def test_bf16_nan_stays_a_quiet_nan():
    # A NaN whose low bits would carry into the exponent when rounded.
    nan_bits = struct.unpack("<f", struct.pack("<I", 0x7FBFFFFF))[0]
    for x in (float("nan"), nan_bits):
        b = _args.bf16_bits(x)
        assert b & 0x7F80 == 0x7F80 and b & 0x007F, hex(b)
        assert b & 0x0040, "quiet bit"
    assert _args.bf16_bits(-float("nan")) == 0xFFC0


def test_bf16_overflow_is_an_error():
    with pytest.raises(ArgumentError, match="bf16"):
        _args.bf16_bits(3.397e38, "argument 'b'")
    with pytest.raises(ArgumentError, match="argument 'b'.*bf16"):
        _args.bf16_bits(1e39, "argument 'b'")


def test_f16_and_f32_match_numpy():
    rng = np.random.default_rng(1)
    for v in rng.standard_normal(500) * 100:
        assert _args.f16_bits(float(v)) == int(np.float16(v).view(np.uint16))
        assert _args.f32_bits(float(v)) == int(np.float32(v).view(np.uint32))
    assert _args.f16_bits(65504.0) == 0x7BFF
    with pytest.raises(ArgumentError, match="f16"):
        _args.f16_bits(65520.0)  # rounds to inf
    with pytest.raises(ArgumentError, match="f32"):
        _args.f32_bits(1e39)
    assert _args.f32_bits(float("inf")) == 0x7F800000


# ---------------------------------------------------------------- scalars


def test_int_scalars_check_their_range():
    n = scalar("n", "i32", 32)
    assert _args.scalar_bits(n, 7) == 7
    assert _args.scalar_bits(n, -1) == 0xFFFFFFFF
    assert _args.scalar_bits(n, -2 ** 31) == 0x80000000
    assert _args.scalar_bits(n, np.int64(5)) == 5
    with pytest.raises(ArgumentError) as e:
        _args.scalar_bits(n, 2 ** 31)
    msg = str(e.value)
    assert "'n'" in msg and "2147483648" in msg and "i32" in msg and "2147483647" in msg
    with pytest.raises(ArgumentError, match="'n'.*-2147483649"):
        _args.scalar_bits(n, -2 ** 31 - 1)


def test_unsigned_and_wide_ints():
    u = scalar("u", "ui32", 32, unsigned=True)
    assert _args.scalar_bits(u, 2 ** 32 - 1) == 0xFFFFFFFF
    with pytest.raises(ArgumentError, match="'u'.*ui32"):
        _args.scalar_bits(u, -1)
    big = scalar("big", "i64", 64)
    assert _args.scalar_bits(big, 12884901893) == 12884901893
    assert _args.scalar_bits(big, -1) == 2 ** 64 - 1
    with pytest.raises(ArgumentError, match="'big'"):
        _args.scalar_bits(big, 2 ** 63)
    i8 = scalar("c", "i8", 8)
    assert _args.scalar_bits(i8, -128) == 0x80
    with pytest.raises(ArgumentError, match="'c'.*128.*i8"):
        _args.scalar_bits(i8, 128)


def test_i1_takes_bools_and_zero_one():
    flag = scalar("flag", "i1", 1)
    assert _args.scalar_bits(flag, True) == 1
    assert _args.scalar_bits(flag, np.bool_(False)) == 0
    assert _args.scalar_bits(flag, 1) == 1
    with pytest.raises(ArgumentError, match="'flag'.*i1"):
        _args.scalar_bits(flag, 2)


def test_floats_are_not_truncated_to_ints():
    n = scalar("n", "i32", 32)
    for v in (2.5, 3.0, np.float32(1.0)):
        with pytest.raises(ArgumentError, match="'n'.*float"):
            _args.scalar_bits(n, v)


def test_non_numbers_are_rejected():
    n = scalar("n", "i32", 32)
    s = scalar("s", "f32", 32, kind="float")
    for bad in ("3", None, [1], 1j):
        with pytest.raises(ArgumentError, match="'n'"):
            _args.scalar_bits(n, bad)
        with pytest.raises(ArgumentError, match="'s'"):
            _args.scalar_bits(s, bad)


def test_float_scalars_by_type():
    f32 = scalar("s", "f32", 32, kind="float")
    f64 = scalar("d", "f64", 64, kind="float")
    f16 = scalar("h", "f16", 16, kind="float")
    bf16 = scalar("b", "bf16", 16, kind="float")
    assert _args.scalar_bits(f32, 1.5) == 0x3FC00000
    assert _args.scalar_bits(f32, 3) == 0x40400000  # ints are fine
    assert _args.scalar_bits(f64, 1.5) == 0x3FF8000000000000
    assert _args.scalar_bits(f16, 1.5) == 0x3E00
    assert _args.scalar_bits(bf16, 1.5) == 0x3FC0
    assert _args.scalar_bits(f32, np.float16(0.5)) == 0x3F000000
    with pytest.raises(ArgumentError, match="'s'.*f32"):
        _args.scalar_bits(f32, 1e300)
    with pytest.raises(ArgumentError, match="'d'"):
        _args.scalar_bits(f64, 10 ** 400)  # an int too large for any float
    assert math.isnan(struct.unpack("<f", struct.pack(
        "<I", _args.scalar_bits(f32, float("nan"))))[0])


# ---------------------------------------------------------------- dtypes


@pytest.mark.parametrize("type_name,bits,kind,good,bad", [
    ("f32", 32, "float", ["float32"], ["float64", "int32", "uint32", "float16"]),
    ("f16", 16, "float", ["float16"], ["int16", "uint16", "float32"]),
    ("f64", 64, "float", ["float64"], ["int64", "float32"]),
    ("bf16", 16, "float", ["uint16", "int16"], ["float16", "float32", "uint8"]),
    ("f8E4M3FN", 8, "float", ["uint8", "int8"], ["float16", "bool", "int16"]),
    ("f8E5M2", 8, "float", ["uint8"], ["float32"]),
    ("i32", 32, "int", ["int32", "uint32"], ["float32", "int64", "int16"]),
    ("i64", 64, "int", ["int64", "uint64"], ["int32", "float64"]),
    ("i8", 8, "int", ["int8", "uint8"], ["bool", "int16"]),
    ("i1", 1, "int", ["bool", "int8", "uint8"], ["int32", "float32"]),
])
def test_dtype_table(type_name, bits, kind, good, bad):
    p = pointer("p", type_name, bits, kind)
    for name in good:
        a = np.zeros(4, name)
        address, nbytes, _ = _args.buffer_of(a, p)
        assert address == a.ctypes.data and nbytes == a.nbytes
    for name in bad:
        with pytest.raises(ArgumentError) as e:
            _args.buffer_of(np.zeros(4, name), p)
        msg = str(e.value)
        assert "'p'" in msg and type_name in msg and name in msg


def test_untyped_pointers_take_any_dtype():
    p = pointer("raw", "!llvm.ptr", 0, "untyped")
    for name in ("float32", "int8", "uint64"):
        assert _args.buffer_of(np.zeros(3, name), p)[1] == 3 * np.dtype(name).itemsize


def test_storage_names():
    assert _args._storage_name("bf16") == "bfloat16"
    assert _args._storage_name("f8E4M3FN") == "float8_e4m3fn"
    assert _args._storage_name("f8E4M3B11FNUZ") == "float8_e4m3b11fnuz"


# ---------------------------------------------------------------- buffers


def test_contiguous_layouts_are_accepted():
    p = pointer("x", "f32", 32)
    a = np.arange(24, dtype=np.float32).reshape(2, 3, 4)
    for view in (a, a.T, a.transpose(1, 0, 2), a[:1], a[1], a[1:, :, :]):
        address, nbytes, keep = _args.buffer_of(view, p)
        assert nbytes == view.nbytes
        assert address == view.ctypes.data
        assert keep[1] is view


@pytest.mark.parametrize("make", [
    lambda a: a[:, ::2], lambda a: a[::-1], lambda a: a[:, 1:3],
    lambda a: np.lib.stride_tricks.as_strided(a, (4, 4), (0, 4)),
])
def test_non_contiguous_arrays_are_rejected(make):
    a = np.zeros((4, 4), np.float32)
    view = make(a)
    with pytest.raises(ArgumentError, match="'x'.*not contiguous"):
        _args.buffer_of(view, pointer("x", "f32", 32))


def test_read_only_arrays_are_rejected():
    a = np.zeros(8, np.float32)
    a.flags.writeable = False
    with pytest.raises(ArgumentError, match="'x_ptr'.*read-only"):
        _args.buffer_of(a, VEC_ADD[0])


def test_empty_none_and_foreign_objects():
    p = VEC_ADD[0]
    with pytest.raises(ArgumentError, match="'x_ptr'.*empty"):
        _args.buffer_of(np.zeros(0, np.float32), p)
    with pytest.raises(ArgumentError, match="'x_ptr'.*None"):
        _args.buffer_of(None, p)
    for bad in ([1.0, 2.0], "abc", 1.5, object(), True):
        with pytest.raises(ArgumentError, match="'x_ptr'"):
            _args.buffer_of(bad, p)


def test_raw_addresses_have_an_unknown_extent():
    a = np.zeros(4, np.float32)
    address, nbytes, keep = _args.buffer_of(a.ctypes.data, VEC_ADD[0])
    assert address == a.ctypes.data and nbytes == _args.UNKNOWN_EXTENT and keep is None
    for bad in (0, -5, 2 ** 64):
        with pytest.raises(ArgumentError, match="'x_ptr'.*address"):
            _args.buffer_of(bad, VEC_ADD[0])


def test_dlpack_objects_share_memory():
    a = np.arange(6, dtype=np.float32)
    address, nbytes, keep = _args.buffer_of(DLPackWrapper(a), VEC_ADD[0])
    assert address == a.ctypes.data and nbytes == 24
    assert np.shares_memory(keep[1], a)
    with pytest.raises(ArgumentError, match="'x_ptr'.*float64"):
        _args.buffer_of(DLPackWrapper(np.zeros(3)), VEC_ADD[0])


def test_dlpack_objects_on_other_devices_are_rejected():
    with pytest.raises(ArgumentError, match="'x_ptr'.*cuda:1.*CPU"):
        _args.buffer_of(DLPackWrapper(np.zeros(3, np.float32), (2, 1)), VEC_ADD[0])


def test_array_interface_objects():
    a = np.arange(5, dtype=np.float32)
    address, nbytes, _ = _args.buffer_of(InterfaceOnly(a), VEC_ADD[0])
    assert (address, nbytes) == (a.ctypes.data, 20)
    ro = np.arange(5, dtype=np.float32)
    ro.flags.writeable = False
    with pytest.raises(ArgumentError, match="read-only"):
        _args.buffer_of(InterfaceOnly(ro), VEC_ADD[0])


# ---------------------------------------------------------------- binding


def test_binding_by_position_and_keyword():
    x, y, o = (np.zeros(4, np.float32) for _ in range(3))
    want = [x, y, o, 4]
    for args, kwargs in [((x, y, o, 4), {}), ((), dict(x_ptr=x, y_ptr=y, out_ptr=o, n=4)),
                         ((x, y), dict(n=4, out_ptr=o))]:
        got = _args.bind_arguments("vec_add", VEC_ADD, args, kwargs)
        assert all(g is w for g, w in zip(got, want)), (args, kwargs)


def test_too_few_and_too_many_arguments():
    x = np.zeros(4, np.float32)
    with pytest.raises(ArgumentError) as e:
        _args.bind_arguments("vec_add", VEC_ADD, (x, x, x), {})
    msg = str(e.value)
    assert "takes 4 arguments" in msg and "got 3" in msg and "missing n" in msg
    assert "x_ptr, y_ptr, out_ptr, n" in msg
    with pytest.raises(ArgumentError) as e:
        _args.bind_arguments("vec_add", VEC_ADD, (x, x, x, 4, 5), {})
    msg = str(e.value)
    assert "takes 4 arguments" in msg and "5 were given" in msg and "out_ptr" in msg


def test_unknown_and_repeated_keywords():
    x = np.zeros(4, np.float32)
    with pytest.raises(ArgumentError) as e:
        _args.bind_arguments("vec_add", VEC_ADD, (x, x, x, 4), {"N": 4})
    assert "'N'" in str(e.value) and "x_ptr, y_ptr, out_ptr, n" in str(e.value)
    with pytest.raises(ArgumentError, match="multiple values for argument 'x_ptr'"):
        _args.bind_arguments("vec_add", VEC_ADD, (x,), {"x_ptr": x, "y_ptr": x,
                                                       "out_ptr": x, "n": 1})


def test_descriptor_rank():
    assert _args.descriptor_rank(BOXES, 0) == 2
    assert _args.descriptor_rank(BOXES, 5) == 2
    # The same ABI with the expanded parameters under other names.
    renamed = [p._replace(name=str(i)) if i else p for i, p in enumerate(BOXES[:5])]
    assert _args.descriptor_rank(renamed + [scalar("M", "i32", 32)], 0) == 2


def test_descriptor_fills_its_shape_and_strides():
    x = np.zeros((40, 24), np.float32)
    z = np.zeros((40, 24), np.float32)
    out = np.zeros(100, np.float32)
    xd = TensorDescriptor(x, [40, 24], [24, 1], padding="nan")
    zd = TensorDescriptor.from_array(z)
    values = _args.bind_arguments("boxes", BOXES, (xd, zd, out), {})
    assert values[1:5] == [40, 24, 24, 1] and values[6:10] == [40, 24, 24, 1]
    assert values[0] is xd and values[10] is out
    specs, keep = _args.convert_arguments(BOXES, values)
    assert [s.kind for s in specs] == ["tensordesc"] + ["scalar"] * 4 + \
        ["tensordesc"] + ["scalar"] * 4 + ["buffer"]
    assert specs[0].padding == 1 and specs[5].padding == 0
    assert specs[0].data == x.ctypes.data and specs[0].nbytes == x.nbytes
    assert [s.bits for s in specs[1:5]] == [40, 24, 24, 1]


def test_descriptor_with_every_ir_parameter():
    x = np.zeros((40, 24), np.float32)
    out = np.zeros(100, np.float32)
    xd = TensorDescriptor.from_array(x)
    values = _args.bind_arguments("boxes", BOXES, (xd, 40, 24, 24, 1, xd, 40, 24, 24, 1, out), {})
    assert values[1:5] == [40, 24, 24, 1]
    with pytest.raises(ArgumentError) as e:
        _args.bind_arguments("boxes", BOXES, (xd, 40, 25, 24, 1, xd, 40, 24, 24, 1, out), {})
    assert "'x_desc.shape1'" in str(e.value) and "24" in str(e.value)


def test_descriptor_keywords_and_bare_buffers():
    x = np.zeros((40, 24), np.float32)
    out = np.zeros(100, np.float32)
    xd = TensorDescriptor.from_array(x)
    values = _args.bind_arguments("boxes", BOXES, (xd,), {"z_desc": xd, "out_ptr": out,
                                                          "x_desc.stride0": 24})
    assert values[3] == 24
    with pytest.raises(ArgumentError, match="'x_desc.stride0' is 23"):
        _args.bind_arguments("boxes", BOXES, (xd,), {"z_desc": xd, "out_ptr": out,
                                                     "x_desc.stride0": 23})
    # A bare array for a descriptor: its scalars are ordinary parameters.
    values = _args.bind_arguments("boxes", BOXES, (x, 40, 24, 24, 1, xd, out), {})
    specs, _ = _args.convert_arguments(BOXES, values)
    assert specs[0].kind == "tensordesc" and specs[0].padding == 0
    with pytest.raises(ArgumentError, match="missing x_desc.shape0, x_desc.shape1, "
                                            "x_desc.stride0, x_desc.stride1$"):
        _args.bind_arguments("boxes", BOXES, (x,), {"z_desc": xd, "out_ptr": out})


def test_descriptor_errors():
    x = np.zeros((40, 24), np.float32)
    out = np.zeros(100, np.float32)
    cases = [
        (TensorDescriptor(x, [40, 24], [24, 1], padding="inf"), "padding"),
        (TensorDescriptor(x, [40, 24, 1], [24, 1, 1]), "rank-2"),
        (TensorDescriptor(x, [41, 24], [24, 1]), "spans"),
        (TensorDescriptor(x, [40, 24], [25, 1]), "spans"),
        (TensorDescriptor(x.astype(np.float64), [40, 24], [24, 1]), "float64"),
        (TensorDescriptor(None, [40, 24], [24, 1]), "None"),
    ]
    for desc, why in cases:
        with pytest.raises(ArgumentError) as e:
            values = _args.bind_arguments("boxes", BOXES, (desc, TensorDescriptor.from_array(x),
                                                           out), {})
            _args.convert_arguments(BOXES, values)
        assert "'x_desc'" in str(e.value) and why in str(e.value), str(e.value)


def test_duck_typed_descriptors():
    class Foreign:
        def __init__(self, base):
            self.base, self.shape, self.strides = base, (40, 24), (24, 1)
            self.block_shape, self.padding = [16, 16], "zero"

    x = np.zeros((40, 24), np.float32)
    assert _args.is_descriptor(Foreign(x))
    assert not _args.is_descriptor(x)  # arrays have base/shape/strides too
    values = _args.bind_arguments("boxes", BOXES, (Foreign(x), Foreign(x), x[0]), {})
    specs, _ = _args.convert_arguments(BOXES, values)
    assert specs[0].data == x.ctypes.data


# ------------------------------------------------------------------- grid


def test_grid_forms():
    assert _args.normalize_grid(5) == (5, 1, 1)
    assert _args.normalize_grid((2, 3)) == (2, 3, 1)
    assert _args.normalize_grid([2, 3, 4]) == (2, 3, 4)
    assert _args.normalize_grid(np.int64(7)) == (7, 1, 1)
    assert _args.normalize_grid(lambda meta: (meta["n"] // 2,), lambda: {"n": 10}) == (5, 1, 1)
    assert _args.normalize_grid((2 ** 31 - 1,)) == (2 ** 31 - 1, 1, 1)


@pytest.mark.parametrize("grid,words", [
    (0, "extent x is 0"), ((4, -1), "extent y is -1"), ((1, 1, 2 ** 31), "extent z is 2147483648"),
    (2.0, "extent x is 2.0"), ((True,), "extent x"), ((), "0 dimensions"),
    ((1, 1, 1, 1), "4 dimensions"), ("4", "str"), (lambda meta: 0, "extent x is 0"),
])
def test_bad_grids(grid, words):
    with pytest.raises(ArgumentError) as e:
        _args.normalize_grid(grid, lambda: {})
    assert words in str(e.value)


def test_error_hierarchy():
    assert issubclass(ArgumentError, TilerunError)
    assert issubclass(ArgumentError, TypeError) and issubclass(ArgumentError, ValueError)
    assert issubclass(TilerunError, RuntimeError)


# ---------------------------------------------------------- library search


def test_library_search_order(monkeypatch):
    from tilerun import _capi
    monkeypatch.setenv("TILERUN_LIBRARY", "/custom/libtilerun.so")
    paths = _capi.candidate_paths()
    assert paths[0] == "/custom/libtilerun.so"
    in_tree = os.path.normpath(os.path.join(os.path.dirname(_capi.__file__), "..", "..",
                                            "build", "lib", "libtilerun.so"))
    assert in_tree in paths and paths.index(in_tree) < len(paths) - 1
    monkeypatch.delenv("TILERUN_LIBRARY")
    assert "/custom/libtilerun.so" not in _capi.candidate_paths()


def test_library_load_failure_names_every_path(tmp_path):
    from tilerun import _capi
    bogus = tmp_path / "libtilerun.so"
    bogus.write_bytes(b"not an ELF file")
    with pytest.raises(TilerunError) as e:
        _capi._open_first(["/nonexistent/libtilerun.so", str(bogus)])
    msg = str(e.value)
    assert "/nonexistent/libtilerun.so" in msg and str(bogus) in msg
    assert "No such file" in msg and "TILERUN_LIBRARY" in msg


def test_import_does_not_load_the_library():
    code = ("import pydoc, tilerun, tilerun._capi as c; "
            "text = pydoc.render_doc(tilerun); "
            "assert 'TensorDescriptor' in text and 'KeyboardInterrupt' in text; "
            "assert c._lib is None; print('ok')")
    env = dict(os.environ, TILERUN_LIBRARY="/nonexistent/libtilerun.so")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=env, cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


# ------------------------------------------------- torch dtypes numpy lacks


class FakeDtype:
    def __init__(self, name, storage):
        self.name, self.storage = name, np.dtype(storage)
        self.is_floating_point = name.startswith(("float", "bfloat"))

    def __str__(self):
        return "torch." + self.name


def fake_torch():
    """A stand-in for torch with just what the bfloat16 fallback touches:
    its DLPack export refuses bfloat16, as numpy's import does."""
    torch = types.ModuleType("torch")
    torch.bfloat16 = FakeDtype("bfloat16", np.uint16)
    torch.int16 = FakeDtype("int16", np.int16)
    torch.uint8 = FakeDtype("uint8", np.uint8)

    class Tensor:
        def __init__(self, storage, dtype):
            self.storage, self.dtype = storage, dtype

        def __dlpack__(self, stream=None):
            if self.dtype is torch.bfloat16:
                raise BufferError("bfloat16 is not supported")
            return self.storage.__dlpack__()

        def __dlpack_device__(self):
            return (1, 0)

        def element_size(self):
            return self.storage.itemsize

        def view(self, dtype):
            return Tensor(self.storage.view(dtype.storage), dtype)

    torch.Tensor = Tensor
    return torch


def test_torch_bfloat16_through_an_integer_view(monkeypatch):
    torch = fake_torch()
    monkeypatch.setitem(sys.modules, "torch", torch)
    storage = np.arange(8, dtype=np.uint16)
    t = torch.Tensor(storage, torch.bfloat16)
    address, nbytes, _ = _args.buffer_of(t, pointer("b", "bf16", 16))
    assert (address, nbytes) == (storage.ctypes.data, 16)
    with pytest.raises(ArgumentError, match="'h'.*i16.*bfloat16"):
        _args.buffer_of(t, Param("h", "pointer", "i16", 16, "int", False))
    with pytest.raises(ArgumentError, match="'f'.*f16.*bfloat16"):
        _args.buffer_of(t, pointer("f", "f16", 16))


def test_torch_is_never_imported_for_the_fallback(monkeypatch):
    torch = fake_torch()
    t = torch.Tensor(np.arange(8, dtype=np.uint16), torch.bfloat16)
    monkeypatch.delitem(sys.modules, "torch", raising=False)
    with pytest.raises(ArgumentError, match="'b'.*DLPack.*bfloat16 is not supported"):
        _args.buffer_of(t, pointer("b", "bf16", 16))
    assert "torch" not in sys.modules


# ------------------------------- found by the properties (test_args_properties)


def test_failing_buffer_protocols_are_argument_errors():
    # Each raised its own exception (RuntimeError, ValueError, KeyError,
    # TypeError) out of the launch instead of an ArgumentError.
    p = VEC_ADD[0]
    a = np.zeros(4, np.float32)

    class RaisingProperty:
        @property
        def __array_interface__(self):
            raise RuntimeError("boom")

    class Interface:
        def __init__(self, interface):
            self.__array_interface__ = interface

    class DLPack:
        def __init__(self, device=(1, 0), error=None):
            self.device, self.error = device, error

        def __dlpack__(self, stream=None):
            if self.error:
                raise self.error
            return a.__dlpack__()

        def __dlpack_device__(self):
            return self.device

    cases = [
        (RaisingProperty(), "__array_interface__ of the RaisingProperty raised RuntimeError: boom"),
        (Interface({"shape": (4,)}), "__array_interface__.*ValueError.*typestr"),
        (Interface(17), "__array_interface__.*ValueError"),
        (DLPack(device=None), r"__dlpack_device__\(\) of the DLPack raised TypeError"),
        (DLPack(error=KeyError("k")), "cannot share its memory through DLPack"),
    ]
    for value, words in cases:
        with pytest.raises(ArgumentError, match="'x_ptr': " + words) as e:
            _args.buffer_of(value, p)
        assert e.value.__cause__ is not None or "DLPack" in str(e.value)


def test_failing_scalar_conversions_are_argument_errors():
    class BadIndex:
        def __index__(self):
            raise ValueError("no index")

    class BadFloat(float):
        def __float__(self):
            raise ValueError("no float")

    with pytest.raises(ArgumentError, match="'n': __index__ of the BadIndex raised ValueError"):
        _args.scalar_bits(VEC_ADD[3], BadIndex())
    with pytest.raises(ArgumentError, match="'v': __float__ of the BadFloat raised ValueError"):
        _args.scalar_bits(scalar("v", "f32", 32, "float"), BadFloat(1.0))


def test_a_finite_long_double_beyond_any_double_is_refused():
    # float() turns it into inf without an error: it used to be passed as
    # an infinity.
    v = np.longdouble("1e400")
    if not np.isfinite(v):
        pytest.skip("long double is double here")
    for ty, bits in (("f16", 16), ("bf16", 16), ("f32", 32), ("f64", 64)):
        with pytest.raises(ArgumentError, match="'v'.*out of range for %s" % ty):
            _args.scalar_bits(scalar("v", ty, bits, "float"), v)
    inf = _args.scalar_bits(scalar("v", "f32", 32, "float"), np.longdouble("inf"))
    assert inf == 0x7F800000


def test_byte_swapped_arrays_are_refused():
    # The kernel reads native byte order: '>f4' 1.0 was read as 4.6e-41.
    for dtype, p in ((">f4", VEC_ADD[0]), (">i4", Param("i", "pointer", "i32", 32, "int", False)),
                     (">u2", pointer("b", "bf16", 16))):
        with pytest.raises(ArgumentError, match="'%s'.*%s.*byte order" % (p.name, dtype)):
            _args.buffer_of(np.zeros(4, dtype), p)
    # One-byte dtypes have no byte order, and untyped pointers take any bytes.
    assert _args.buffer_of(np.zeros(4, "|u1"), Param("c", "pointer", "i8", 8, "int", False))
    assert _args.buffer_of(np.zeros(4, ">f4"), Param("u", "pointer", "ptr", 64, "untyped", False))


def test_numpy_scalars_are_not_buffers():
    # np.asarray copied the scalar: the kernel wrote into a temporary and
    # read past its one element.
    for value in (np.float32(1), np.int64(4096), np.bool_(True)):
        with pytest.raises(ArgumentError, match="'x_ptr': got a numpy scalar"):
            _args.buffer_of(value, VEC_ADD[0])


def test_first_page_addresses_and_oversized_buffers_are_refused():
    # A small int passed for a buffer (a size, an index) used to be taken as
    # an address, and the kernel crashed the process on it.
    for bad in (1, 16, 4095):
        with pytest.raises(ArgumentError, match="'x_ptr': %d is not a valid address.*never mapped" % bad):
            _args.buffer_of(bad, VEC_ADD[0])
        with pytest.raises(ArgumentError, match="'x_ptr': %d is not a valid buffer address" % bad):
            _args.buffer_of(tilerun_buffer(bad, 16), VEC_ADD[0])
    assert _args.buffer_of(4096, VEC_ADD[0])[0] == 4096
    # A size past 2**64 could not be packed (struct.error).
    with pytest.raises(ArgumentError, match="'x_ptr'.*not a valid buffer: its size"):
        _args.buffer_of(tilerun_buffer(1 << 20, 2 ** 64), VEC_ADD[0])


def tilerun_buffer(address, nbytes):
    return _args.Buffer(address, nbytes)
