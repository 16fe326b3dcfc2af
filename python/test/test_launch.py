"""The launch fast path (tilerun._launch), without the library.

The generated packer must give exactly what the general conversion
(_args.convert_arguments) gives, values and error messages alike, for the
inputs its fast checks take and for those they hand on; and it must see
every change to an array between two launches.
"""

import struct
import warnings

import numpy as np
import pytest

from tilerun import ArgumentError, TensorDescriptor
from tilerun import _args, _capi, _launch
from tilerun._args import Param

from test_args import BOXES, VEC_ADD, DLPackWrapper, InterfaceOnly, pointer, scalar

_KINDS = {"scalar": _capi.ARG_SCALAR, "buffer": _capi.ARG_BUFFER,
          "tensordesc": _capi.ARG_TENSOR_DESC}


def reference(params, values):
    """The tilerun_arg_t fields by the general conversion, or its error."""
    try:
        specs, _ = _args.convert_arguments(params, values)
    except ArgumentError as e:
        return "error: %s" % e
    return [(_KINDS[s.kind], s.padding, s.bits, 0) if s.kind == "scalar"
            else (_KINDS[s.kind], s.padding, s.data, s.nbytes) for s in specs]


def unpack(packed):
    """tilerun_arg_t bytes back as (kind, padding, word0, word1) tuples."""
    return list(struct.iter_unpack("=iIQQ", packed))


def fast(params, values, keep=None):
    """The same fields by the packer, or its error."""
    try:
        return unpack(_launch.packer(params)(values, [] if keep is None else keep))
    except ArgumentError as e:
        return "error: %s" % e


def assert_same(params, values):
    want = reference(params, values)
    assert fast(params, values) == want
    return want


def one(param, value):
    """Converts a single value for ``param`` both ways."""
    return assert_same([param], [value])


def big_endian(a):
    return a.astype(a.dtype.newbyteorder(">"))


def read_only(a):
    a.flags.writeable = False
    return a


F32 = pointer("x", "f32", 32)


@pytest.mark.parametrize("make", [
    lambda: np.arange(8, dtype=np.float32),
    lambda: np.arange(24, dtype=np.float32).reshape(2, 3, 4),
    lambda: np.arange(24, dtype=np.float32).reshape(2, 3, 4).T,      # F order
    lambda: np.arange(24, dtype=np.float32).reshape(2, 3, 4)[1],
    lambda: np.arange(24, dtype=np.float32).reshape(4, 6)[:, 1:2],   # one column
    lambda: np.float32(3) * np.ones((), np.float32),                 # 0-d
    lambda: big_endian(np.arange(4, dtype=np.float32)),
    lambda: np.arange(8, dtype=np.float32)[::2],                     # gapped
    lambda: np.arange(8, dtype=np.float32)[::-1],
    lambda: read_only(np.arange(8, dtype=np.float32)),
    lambda: np.zeros(0, np.float32),
    lambda: np.zeros(4, np.float64),
    lambda: np.zeros(4, np.int32),
    lambda: np.zeros(4, np.float32).view(np.matrix),                 # a subclass
    lambda: InterfaceOnly(np.arange(5, dtype=np.float32)),
    lambda: InterfaceOnly(read_only(np.arange(5, dtype=np.float32))),
    lambda: DLPackWrapper(np.arange(6, dtype=np.float32)),
    lambda: DLPackWrapper(np.zeros(3)),
    lambda: 4096, lambda: 0, lambda: None, lambda: True, lambda: 1.5,
    lambda: [1.0, 2.0], lambda: "abc",
])
def test_buffers_match_the_general_conversion(make):
    one(F32, make())


@pytest.mark.parametrize("type_name,bits,kind", [
    ("f16", 16, "float"), ("f64", 64, "float"), ("bf16", 16, "float"),
    ("f8E4M3FN", 8, "float"), ("i32", 32, "int"), ("i64", 64, "int"),
    ("i8", 8, "int"), ("i1", 1, "int"), ("!llvm.ptr", 0, "untyped"),
])
def test_every_builtin_dtype_matches_the_general_conversion(type_name, bits, kind):
    p = pointer("p", type_name, bits, kind)
    for code in "?bBhHiIlLqQefdgFDG":
        one(p, np.zeros(3, code))
    one(p, np.zeros(3, "M8[s]"))  # a dtype the buffer protocol cannot carry


def test_warn_on_write_arrays_take_the_general_path():
    # broadcast_arrays results say they are writeable (with a FutureWarning)
    # but export read-only buffers: the general path keeps accepting them.
    _, b = np.broadcast_arrays(np.zeros((1, 4), np.float32), np.zeros((3, 4), np.float32))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        want = one(F32, b)
    assert want[0][2:] == (b.ctypes.data, b.nbytes)


def test_every_change_to_an_array_is_seen():
    pack = _launch.packer([F32])
    a = np.zeros(4, np.float32)
    assert unpack(pack([a], []))[0][2:] == (a.ctypes.data, 16)
    a.resize(64, refcheck=False)
    assert unpack(pack([a], []))[0][2:] == (a.ctypes.data, 256)
    a.flags.writeable = False
    with pytest.raises(ArgumentError, match="'x'.*read-only"):
        pack([a], [])
    a.flags.writeable = True
    a.shape = (8, 8)
    with pytest.raises(ArgumentError, match="'x'.*not contiguous"):
        pack([a[:, ::2]], [])


def test_general_path_keeps_its_views_alive():
    keep = []
    pack = _launch.packer([F32])
    a = np.arange(6, dtype=np.float32)
    pack([DLPackWrapper(a)], keep)
    assert len(keep) == 1 and np.shares_memory(keep[0][1], a)
    keep.clear()
    pack([a], keep)
    assert keep == []  # the argument itself is held by the caller


I32 = scalar("n", "i32", 32)


@pytest.mark.parametrize("param,values", [
    (I32, [0, 7, -1, 2 ** 31 - 1, -2 ** 31, 2 ** 31, -2 ** 31 - 1, np.int64(5),
           np.int32(-3), np.uint8(200), True, np.bool_(False), 1.5, 2.0, np.float32(1),
           "3", None, 10 ** 30]),
    (scalar("u", "i32", 32, unsigned=True), [0, 2 ** 32 - 1, 2 ** 32, -1]),
    (scalar("big", "i64", 64), [12884901893, -1, 2 ** 63 - 1, 2 ** 63, -2 ** 63]),
    (scalar("b", "i8", 8), [-128, 127, 128, -129]),
    (scalar("flag", "i1", 1), [0, 1, 2, -1, True, False, np.bool_(True)]),
    (Param("addr", "scalar", "!llvm.ptr", 64, "untyped", False), [0, 2 ** 64 - 1, 2 ** 64, -1]),
    (Param("odd", "scalar", "i32", 32, "kind 9", False), [1, -1]),
    (scalar("f", "f32", 32, "float"), [1.5, 3, -0.0, float("nan"), float("inf"), 1e300,
                                        3.4028235e38, np.float16(0.5), np.float64(2.5),
                                        True, "1.0", None, 10 ** 400]),
    (scalar("d", "f64", 64, "float"), [1.5, 1e308, float("-inf"), 10 ** 400, 7]),
    (scalar("h", "f16", 16, "float"), [1.5, 65504.0, 65520.0, -1e10, 2]),
    (scalar("bh", "bf16", 16, "float"), [1.5, 3.3895313892515355e38, 3.397e38, 1e39,
                                         float("nan"), -float("nan")]),
    (scalar("e", "f8E5M2", 8, "float"), [1.0, 1]),
])
def test_scalars_match_the_general_conversion(param, values):
    for v in values:
        want = one(param, v)
        assert isinstance(want, (str, list)), v


def test_whole_signatures_match_the_general_conversion():
    x, y, out = (np.arange(16, dtype=np.float32) for _ in range(3))
    want = assert_same(VEC_ADD, [x, y, out, 16])
    assert want == [(_capi.ARG_BUFFER, 0, a.ctypes.data, 64) for a in (x, y, out)] + \
        [(_capi.ARG_SCALAR, 0, 16, 0)]
    # The first bad argument is the one reported.
    assert "'y_ptr'" in assert_same(VEC_ADD, [x, np.zeros(16), out, 2 ** 40])


def test_common_arguments_stay_on_the_fast_path(monkeypatch):
    """Guards the launch cost: C-contiguous arrays of the parameter's
    dtype and Python ints and floats never reach the general code."""
    def general(*args):
        raise AssertionError("took the general path")

    monkeypatch.setattr(_args, "buffer_of", general)
    monkeypatch.setattr(_args, "scalar_bits", general)
    params = VEC_ADD + [scalar("f", "f32", 32, "float"), scalar("d", "f64", 64, "float"),
                        pointer("h", "f16", 16), pointer("i", "i32", 32, "int"),
                        scalar("flag", "i1", 1)]
    values = [np.zeros(4, np.float32), np.zeros((2, 2), np.float32),
              np.zeros((4, 4), np.float32)[1:3], 16, 1.5, 2.5,
              np.zeros(4, np.float16), np.zeros(4, np.uint32), 1]
    keep = []
    assert len(unpack(_launch.packer(params)(values, keep))) == len(params)
    assert keep == []


def test_descriptors_match_the_general_conversion():
    x = np.zeros((40, 24), np.float32)
    out = np.zeros(100, np.float32)
    for xd in (TensorDescriptor(x, [40, 24], [24, 1], padding="nan"),
               TensorDescriptor(x, [41, 24], [24, 1]), x):
        zd = TensorDescriptor.from_array(x)
        values = [xd, 40, 24, 24, 1, zd, 40, 24, 24, 1, out]
        want = assert_same(BOXES, values)
        if xd is x:
            assert want[0] == (_capi.ARG_TENSOR_DESC, 0, x.ctypes.data, x.nbytes)


def test_the_struct_matches_tilerun_arg_t():
    packed = _launch.arg_struct(2).pack(1, 0, 0x1122334455667788, 99, 0, 0, 7, 0)
    args = (_capi.Arg * 2).from_buffer_copy(packed)
    assert args[0].kind == _capi.ARG_BUFFER and args[0].value.buffer.data == 0x1122334455667788
    assert args[0].value.buffer.bytes == 99
    assert args[1].kind == _capi.ARG_SCALAR and args[1].value.bits == 7
    assert _launch.arg_struct(0).pack() == b""
    assert _launch.packer([])([], []) == b""


@pytest.mark.parametrize("grid", [
    1, 7, 2 ** 31 - 1, 0, -1, 2 ** 31, (2,), (2, 3), (2, 3, 4), (2, 0), (1, 1, 2 ** 31),
    (), (1, 1, 1, 1), [2, 3], np.int64(7), (np.int32(2), 3), True, (True,), 2.0, (2.0,), "4",
])
def test_plain_grids_match_normalize_grid(grid):
    try:
        want = _args.normalize_grid(grid, lambda: {})
    except ArgumentError:
        want = None
    got = _args._plain_grid(grid)
    assert got is None or got == want
    if type(grid) is int or (type(grid) is tuple and all(type(v) is int for v in grid)):
        assert got == want  # the common forms never need the full check
