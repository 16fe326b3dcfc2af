"""Property-based tests of argument conversion through compiled kernels.

Each property draws launch arguments (scalars at and past their type's
limits, numpy arrays of any dtype, shape and layout, objects that are not
arrays, grids, keyword bindings, host tensor descriptors) and holds the
launch to one of two outcomes: it runs and the kernel's output equals what
numpy (or an exact computation here) says it must, or it raises
tilerun.ArgumentError naming the argument (checked mode: LaunchError for
an access past a buffer), leaving the output untouched. Any other exception
fails the property, and so does a launch of what the documented rules
refuse.

The expectations are worked out here from the documented rules (docs/api.md,
help(tilerun)), not with tilerun's own conversion code. Runs are
deterministic (derandomize=True, no example database) and bounded
(max_examples per property); EXAMPLES counts the examples each property ran
and test_every_property_ran_its_examples checks them at the end.
"""

import collections
import ctypes
import decimal
import fractions
import math
import operator
import pathlib
import struct
import types
import warnings

import numpy as np
import pytest

hypothesis = pytest.importorskip(
    "hypothesis", reason="the property tests need hypothesis "
    "(scripts/test.sh installs hypothesis==6.122.3 into build/pyenv)")
from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402
from hypothesis.extra import numpy as hnp  # noqa: E402

import tilerun  # noqa: E402
from tilerun import ArgumentError, LaunchError, TensorDescriptor  # noqa: E402

VEC_ADD_PATH = pathlib.Path(__file__).resolve().parents[2] / "examples" / "vec_add" / "vec_add.ttir"
EXAMPLES = collections.Counter()
LAUNCHED = collections.Counter()  # of them, the examples that ran the kernel
MAX_EXAMPLES = {"scalars": 1500, "unsigned": 400, "buffers": 1200, "checked": 300,
                "memrefs": 200, "objects": 600, "grids": 500, "binding": 400,
                "descriptors": 600}


def prop_settings(name):
    return settings(max_examples=MAX_EXAMPLES[name], deadline=None, derandomize=True,
                    database=None, print_blob=False,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


class Refused:
    """The expectation that a launch raises ArgumentError naming ``arg``
    (one of them, when several are bad: which one a launch reports first is
    not specified)."""

    def __init__(self, arg, why):
        self.args = (arg,) if isinstance(arg, str) else tuple(arg)
        self.why = why

    def __repr__(self):
        return "Refused(%s: %s)" % ("/".join(self.args), self.why)


def assert_refused(expected, error):
    assert isinstance(expected, Refused), "refused, but should run: %s" % error
    assert any("'%s'" % arg in str(error) for arg in expected.args), \
        "the message does not name %s: %s" % (" or ".join(expected.args), error)


def launch(kernel, grid, *args, **kwargs):
    """The launch's exception, or None. Anything but ArgumentError (and
    LaunchError, which the caller checks) fails the property here."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            kernel[grid](*args, **kwargs)
    except (ArgumentError, LaunchError) as e:
        return e
    return None


_kernels = {}


def compiled(text, **options):
    key = (text, tuple(sorted(options.items())))
    if key not in _kernels:
        _kernels[key] = tilerun.compile(text, **options)
    return _kernels[key]


def memory(a):
    """The bytes from an accepted (dense) array's data pointer on: what the
    kernel reads and writes through it, in memory order."""
    return ctypes.string_at(a.__array_interface__["data"][0], a.nbytes)


# ------------------------------------------------------------------ scalars

# Triton's scalar types as tilerun sees them in the IR: (IR type, numpy
# dtype of the buffer the store kernel writes the value to).
SCALAR_TYPES = {"i1": np.int8, "i8": np.int8, "i16": np.int16, "i32": np.int32,
                "i64": np.int64, "f16": np.float16, "bf16": np.uint16,
                "f32": np.float32, "f64": np.float64}
UNSIGNED_TYPES = ("ui8", "ui16", "ui32", "ui64")


def store_kernel(ty):
    """p[0] = v (an i1 widened to i8)."""
    if ty == "i1":
        return compiled("""
module {
  tt.func public @store(%p: !tt.ptr<i8> loc("p"), %v: i1 loc("v")) {
    %w = arith.extui %v : i1 to i8
    tt.store %p, %w : !tt.ptr<i8>
    tt.return
  }
}""")
    return compiled("""
module {
  tt.func public @store(%p: !tt.ptr<T> loc("p"), %v: T loc("v")) {
    tt.store %p, %v : !tt.ptr<T>
    tt.return
  }
}""".replace("T", ty))


def unsigned_kernel(ty):
    """A kernel with an unsigned scalar parameter (Triton's u8..u64): the
    IR's arithmetic takes only signless integers, so the parameter is not
    used; its conversion is checked in the packed arguments the launch
    passes to the library, and the library must accept them."""
    return compiled("""
module {
  tt.func public @keep(%p: !tt.ptr<i32> loc("p"), %v: T loc("v")) {
    %c = arith.constant 7 : i32
    tt.store %p, %c : !tt.ptr<i32>
    tt.return
  }
}""".replace("T", ty))


def int_limits(ty):
    bits = int(ty.lstrip("ui"))
    if ty == "i1":
        return 0, 1
    if ty.startswith("ui"):
        return 0, 2 ** bits - 1
    return -2 ** (bits - 1), 2 ** (bits - 1) - 1


def _edges(limit):
    return [limit - 2, limit - 1, limit, limit + 1, limit + 2]


EDGE_INTS = sorted({v for ty in list(SCALAR_TYPES) + list(UNSIGNED_TYPES)
                    if ty.startswith(("i", "u")) for lim in int_limits(ty) for v in _edges(lim)}
                   | {0, 2 ** 64, -2 ** 64, 2 ** 100, -2 ** 100})

FLOAT_EDGES = [
    0.0, -0.0, 1.0, -1.5, 0.1, math.inf, -math.inf, math.nan,
    65504.0, 65519.99, 65520.0, -65520.0, 6e-8, 2.0 ** -25, 2.0 ** -24,    # f16
    3.4028234663852886e38, 3.4028235677973362e38, 3.4028235677973366e38,   # f32 max,
    -3.4028235677973366e38, 1.4e-45, 7e-46, 2.0 ** -150,                   # half-ulp, tiny
    3.3895313892515355e38, 3.3961e38, 3.39e38, 1.0 + 2 ** -8, 1.0 + 3 * 2 ** -8,  # bf16
    1.7976931348623157e308, 5e-324, -1e308,                                # f64
]


class Index:
    """An object with __index__ (converted by it, or raising)."""

    def __init__(self, value):
        self.value = value

    def __index__(self):
        if isinstance(self.value, BaseException):
            raise self.value
        return self.value

    def __repr__(self):
        return "Index(%r)" % (self.value,)


class RaisingReal(float):
    """A float subclass whose __float__ raises."""

    def __float__(self):
        raise ValueError("no float for you")


def _numpy_int(v, dtype):
    info = np.iinfo(dtype)
    return dtype(v) if info.min <= v <= info.max else None


def scalar_forms(draw):
    """(value, plain): a value in one of the forms a caller might pass, and
    the Python number it stands for (None for objects that stand for no
    number of the documented kinds)."""
    kind = draw(st.sampled_from(["int", "float", "other"]))
    if kind == "int":
        v = draw(st.one_of(st.sampled_from(EDGE_INTS), st.integers(-2 ** 70, 2 ** 70)))
        form = draw(st.sampled_from(["int", "numpy", "bool", "index", "0d"]))
        if form == "numpy":
            dtype = draw(st.sampled_from([np.int8, np.uint8, np.int16, np.uint16, np.int32,
                                          np.uint32, np.int64, np.uint64]))
            n = _numpy_int(v, dtype)
            return (n, v) if n is not None else (v, v)
        if form == "bool":
            b = draw(st.booleans())
            return draw(st.sampled_from([b, np.bool_(b)])), int(b)
        if form == "index":
            return Index(v), ("index", v)
        if form == "0d" and -2 ** 63 <= v < 2 ** 63:
            return np.array(v, np.int64), ("index", v)
        return v, v
    if kind == "float":
        x = draw(st.one_of(st.sampled_from(FLOAT_EDGES), st.floats(allow_nan=True)))
        form = draw(st.sampled_from(["float", "np16", "np32", "np64", "longdouble",
                                     "fraction", "subclass"]))
        with np.errstate(all="ignore"):
            if form == "np16":
                v = np.float16(x)
                return v, float(v)
            if form == "np32":
                v = np.float32(x)
                return v, float(v)
            if form == "np64":
                return np.float64(x), x
            if form == "longdouble":
                v = np.longdouble(x) * np.longdouble(draw(st.sampled_from(["1", "1e10", "1e400"])))
                return v, ("longdouble", v)
        if form == "fraction" and math.isfinite(x):
            f = fractions.Fraction(x) * draw(st.sampled_from([1, 3, 10 ** 400]))
            return f, ("fraction", f)
        if form == "subclass":
            return RaisingReal(x), ("raises", None)
        return x, x
    return draw(st.sampled_from([
        (None, None), ("1", None), (b"1", None), ([1], None), ((1,), None), ({}, None),
        (1j, None), (np.complex64(1), None), (decimal.Decimal("1.5"), None),
        (object(), None), (np.array([1]), None), (np.datetime64(1, "s"), None),
        (Index(ValueError("bad index")), ("raises", None)), (Index("text"), None),
        (Index(2 ** 80), ("index", 2 ** 80)),
    ]))


def expected_int(ty, value, plain):
    """The integer a launch must pass for an integer parameter, or Refused."""
    lo, hi = int_limits(ty)
    if isinstance(plain, tuple):
        tag, v = plain
        if tag != "index":
            return Refused("v", "not an integer")
    elif isinstance(value, (float, np.floating)):
        return Refused("v", "a float for an integer parameter")
    elif plain is None:
        return Refused("v", "not a number")
    else:
        v = plain
    if not lo <= v <= hi:
        return Refused("v", "out of range")
    return v


def nearest_bf16(f32):
    """The bfloat16 value nearest to a finite f32 value, ties to even,
    worked out exactly: the two bfloat16 values around it compared as
    fractions."""
    u = struct.unpack("<I", struct.pack("<f", f32))[0]
    lo = u & 0xFFFF0000          # towards zero
    hi = lo + 0x10000            # away from zero (infinity's bits past the largest)

    def value(bits):
        if (bits >> 23) & 0xFF == 0xFF:  # rounding up to here overflows:
            return fractions.Fraction(2 ** 128) * (-1 if bits >> 31 else 1)
        return fractions.Fraction(struct.unpack("<f", struct.pack("<I", bits))[0])

    x = fractions.Fraction(f32)
    da, db = abs(x - value(lo)), abs(x - value(hi))
    if da < db or (da == db and (lo >> 16) % 2 == 0):
        return lo >> 16
    return hi >> 16


def expected_float_bits(ty, value, plain):
    """The bits a launch must store for a float parameter, or Refused."""
    if isinstance(plain, tuple):
        tag, v = plain
        if tag == "longdouble":
            if np.isnan(v):
                x = math.nan
            elif np.isinf(v):
                x = float(v)
            elif abs(v) > np.longdouble(np.finfo(np.float64).max):
                return Refused("v", "a long double beyond any double")
            else:
                x = float(v)
        elif tag == "fraction":
            try:
                x = float(v)
            except OverflowError:
                return Refused("v", "a fraction beyond any double")
        elif tag == "index":
            return Refused("v", "not a number")
        else:
            return Refused("v", "raises")
    elif plain is None:
        return Refused("v", "not a number")
    else:
        try:
            x = float(plain)
        except OverflowError:
            return Refused("v", "an int beyond any double")
    if math.isnan(x):
        return "nan"
    if ty == "f64":
        return struct.unpack("<Q", struct.pack("<d", x))[0]
    with np.errstate(all="ignore"):
        if ty == "f32":
            r = np.float32(x)
        elif ty == "f16":
            r = np.float16(x)
        else:
            r = np.float32(x)
    if math.isinf(r) and not math.isinf(x):
        return Refused("v", "beyond the type's largest value")
    if ty == "bf16":
        if math.isinf(r):
            return 0xFF80 if r < 0 else 0x7F80
        bits = nearest_bf16(float(r))
        if bits & 0x7FFF == 0x7F80:
            return Refused("v", "rounds past bfloat16's largest value")
        return bits
    return int(r.view(np.uint16 if ty == "f16" else np.uint32))


@st.composite
def scalar_cases(draw):
    ty = draw(st.sampled_from(list(SCALAR_TYPES)))
    value, plain = scalar_forms(draw)
    return ty, value, plain


@prop_settings("scalars")
@given(scalar_cases())
def test_scalars_reach_the_kernel_or_are_refused(case):
    EXAMPLES["scalars"] += 1
    ty, value, plain = case
    kernel, dtype = store_kernel(ty), SCALAR_TYPES[ty]
    sentinel = np.array([0x55], dtype=np.uint8).repeat(np.dtype(dtype).itemsize).view(dtype)
    out = sentinel.copy()
    if ty.startswith("i"):
        want = expected_int(ty, value, plain)
    else:
        want = expected_float_bits(ty, value, plain)
    error = launch(kernel, 1, out, value)
    if error is not None:
        assert_refused(want, error)
        assert memory(out) == memory(sentinel), "a refused launch wrote its output"
        return
    assert not isinstance(want, Refused), "launched with %r for %s: %r" % (value, ty, want)
    LAUNCHED["scalars"] += 1
    if ty.startswith("i"):
        assert int(out[0]) == want
    elif want == "nan":
        if ty == "bf16":
            assert int(out[0]) & 0x7FFF > 0x7F80, "%#x is no bfloat16 NaN" % int(out[0])
        else:
            assert np.isnan(out[0])
    else:
        bits = int(out.view({"f16": np.uint16, "bf16": np.uint16, "f32": np.uint32,
                             "f64": np.uint64}[ty])[0])
        assert bits == want, "%s: %r stored as %#x, not %#x" % (ty, value, bits, want)


@st.composite
def unsigned_cases(draw):
    return draw(st.sampled_from(UNSIGNED_TYPES)), scalar_forms(draw)


@prop_settings("unsigned")
@given(unsigned_cases())
def test_unsigned_scalars_are_packed_or_refused(case):
    EXAMPLES["unsigned"] += 1
    ty, (value, plain) = case
    kernel = unsigned_kernel(ty)
    want = expected_int(ty, value, plain)
    out = np.zeros(1, np.int32)
    try:
        packed = kernel._pack_args([out, value], [])
    except ArgumentError as e:
        assert_refused(want, e)
        assert launch(kernel, 1, out, value) is not None
        assert out[0] == 0
        return
    assert not isinstance(want, Refused), "packed %r for %s: %r" % (value, ty, want)
    LAUNCHED["unsigned"] += 1
    kind, _, bits, _ = struct.unpack_from("=iIQQ", packed, 24)
    assert bits == want  # unsigned: the value itself, zero-extended
    assert launch(kernel, 1, out, value) is None and out[0] == 7


# ------------------------------------------------------------------ buffers

# The pointee types of the copy kernel, and the numpy dtypes documented to
# back each (signedness of integers interchangeable, bf16 and fp8 as their
# integer storage, i1 as bool or bytes).
BUFFER_TYPES = {
    "i1": {"bool", "int8", "uint8"}, "i8": {"int8", "uint8"},
    "i16": {"int16", "uint16"}, "i32": {"int32", "uint32"}, "i64": {"int64", "uint64"},
    "f16": {"float16"}, "bf16": {"int16", "uint16"}, "f32": {"float32"},
    "f64": {"float64"}, "f8E5M2": {"int8", "uint8"},
}
DTYPES = ["bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64",
          "float16", "float32", "float64", "longdouble", "complex64", "complex128",
          ">i2", ">u4", ">f4", ">f8", "<M8[s]", "<m8[s]", "U2", "S4", "V4",
          [("a", "<f4")], "object"]


def copy_kernel(ty, checked=False):
    """dst[i] = src[i] for i < n, 64 per program."""
    return compiled("""
module {
  tt.func public @copy(%src: !tt.ptr<T> loc("src"), %dst: !tt.ptr<T> loc("dst"), %n: i32 loc("n")) {
    %c64 = arith.constant 64 : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c64 : i32
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %s = tt.splat %start : i32 -> tensor<64xi32>
    %off = arith.addi %s, %r : tensor<64xi32>
    %ns = tt.splat %n : i32 -> tensor<64xi32>
    %mask = arith.cmpi slt, %off, %ns : tensor<64xi32>
    %sp = tt.splat %src : !tt.ptr<T> -> tensor<64x!tt.ptr<T>>
    %sa = tt.addptr %sp, %off : tensor<64x!tt.ptr<T>>, tensor<64xi32>
    %v = tt.load %sa, %mask : tensor<64x!tt.ptr<T>>
    %dp = tt.splat %dst : !tt.ptr<T> -> tensor<64x!tt.ptr<T>>
    %da = tt.addptr %dp, %off : tensor<64x!tt.ptr<T>>, tensor<64xi32>
    tt.store %da, %v, %mask : tensor<64x!tt.ptr<T>>
    tt.return
  }
}""".replace("T", ty), checked=checked)


def random_array(draw, dtype, shape):
    """An array of ``dtype`` and ``shape`` filled with random bytes (any bit
    pattern: NaNs, denormals, bools other than 0 and 1)."""
    dt = np.dtype(dtype)
    if dt.hasobject:
        return np.array([draw(st.integers(-5, 5)) for _ in range(int(np.prod(shape)))],
                        dtype=object).reshape(shape)
    n = int(np.prod(shape)) * dt.itemsize
    raw = draw(st.binary(min_size=n, max_size=n))
    return np.frombuffer(bytearray(raw), dtype=dt).reshape(shape)


def layouts(draw, a):
    """A view of ``a`` in some layout (or ``a`` itself), and a description."""
    how = draw(st.sampled_from(["as is", "transposed", "fortran", "step", "reversed",
                                "broadcast", "overlap", "misaligned", "read-only",
                                "empty", "0-d"]))
    if how == "transposed":
        return a.T, how
    if how == "fortran":
        return np.asfortranarray(a), how
    if how == "step" and a.ndim:
        axis = draw(st.integers(0, a.ndim - 1))
        index = [slice(None)] * a.ndim
        index[axis] = slice(None, None, draw(st.sampled_from([2, 3])))
        return a[tuple(index)], how
    if how == "reversed" and a.ndim:
        return a[::-1], how
    if how == "broadcast" and a.size:
        return np.broadcast_to(a.reshape(-1)[:1], (3,)), how
    if how == "overlap" and a.ndim == 1 and a.size >= 2 and not a.dtype.hasobject:
        return np.lib.stride_tricks.as_strided(a, shape=(2, a.size - 1),
                                               strides=(a.itemsize, a.itemsize)), how
    if how == "misaligned" and not a.dtype.hasobject and a.size:
        raw = np.zeros(a.nbytes + 1, np.uint8)[1:]
        view = raw.view(a.dtype).reshape(a.shape)
        view[...] = a
        return view, how
    if how == "read-only":
        b = a.copy()
        b.flags.writeable = False
        return b, how
    if how == "empty":
        return a.reshape(-1)[:0], how
    if how == "0-d" and a.size:
        return a.reshape(-1)[0:1].reshape(()), how
    return a, "as is"


def covers_its_memory(a):
    """Whether the elements of ``a`` cover exactly the bytes [data pointer,
    data pointer + nbytes), each once: counted element by element."""
    if a.size == 0:
        return False
    offsets = [sum(i * s for i, s in zip(index, a.strides)) for index in np.ndindex(a.shape)]
    return sorted(offsets) == list(range(0, a.nbytes, a.itemsize))


def buffer_verdict(ty, a, arg):
    """Refused(...) for an array the documented rules refuse for a buffer
    of ``ty``, else None."""
    if a.dtype.name.replace("bool_", "bool") not in BUFFER_TYPES[ty] \
            and str(a.dtype) not in BUFFER_TYPES[ty]:
        return Refused(arg, "dtype %s" % a.dtype)
    if a.dtype.byteorder == ">":
        return Refused(arg, "byte-swapped")
    if not covers_its_memory(a):
        return Refused(arg, "empty or not contiguous")
    if not a.flags.writeable:
        return Refused(arg, "read-only")
    return None


@st.composite
def buffer_cases(draw):
    ty = draw(st.sampled_from(list(BUFFER_TYPES)))
    # Half of the arrays are of a dtype the parameter takes, so that their
    # layouts decide.
    dtype = draw(st.sampled_from(sorted(BUFFER_TYPES[ty]) if draw(st.booleans()) else DTYPES))
    shape = draw(hnp.array_shapes(min_dims=1, max_dims=3, min_side=0, max_side=5))
    a, how = layouts(draw, random_array(draw, dtype, shape))
    role = draw(st.sampled_from(["src", "dst"]))
    return ty, a, how, role


def matching_dtype(ty):
    return {"i1": np.uint8, "bf16": np.uint16, "f8E5M2": np.uint8}.get(
        ty, np.dtype(sorted(BUFFER_TYPES[ty])[0]))


@prop_settings("buffers")
@given(buffer_cases())
def test_buffers_are_shared_as_they_are_or_refused(case):
    EXAMPLES["buffers"] += 1
    ty, a, how, role = case
    want = buffer_verdict(ty, a, role)
    n = max(a.size, 1)
    other = np.frombuffer(bytearray(range(256)) * 8, matching_dtype(ty))[:n].copy()
    src, dst = (a, other) if role == "src" else (other, a)
    # What must not change if the launch is refused: dst, as it is seen.
    before = dst.tobytes() if not dst.dtype.hasobject else None
    error = launch(copy_kernel(ty), (n + 63) // 64, src, dst, n)
    if error is not None:
        assert isinstance(error, ArgumentError), error
        assert_refused(want, error)
        assert before is None or dst.tobytes() == before, "a refused launch wrote dst"
        return
    assert want is None, "launched with %s (%s) for %s: %r" % (a.dtype, how, ty, want)
    LAUNCHED["buffers"] += 1
    assert memory(dst) == memory(src)[:dst.nbytes]


@st.composite
def checked_cases(draw):
    s = draw(st.integers(1, 200))
    d = draw(st.integers(1, 200))
    n = draw(st.one_of(st.integers(-3, 420), st.sampled_from([2 ** 31 - 1, -2 ** 31])))
    return s, d, n


@prop_settings("checked")
@given(checked_cases())
def test_checked_mode_refuses_every_access_past_a_buffer(case):
    # Checked mode knows each buffer's size, so any n is safe: the copy
    # runs when both buffers hold n elements, else the launch fails naming
    # a buffer that is too short.
    EXAMPLES["checked"] += 1
    s, d, n = case
    src = np.arange(s, dtype=np.float32) + 1
    dst = np.zeros(d, np.float32)
    grid = min(max((n + 63) // 64, 1), 8)  # programs past the eighth copy nothing new
    error = launch(copy_kernel("f32", checked=True), grid, src, dst, n)
    reach = min(n, grid * 64)
    if reach <= min(s, d):
        assert error is None, error
        LAUNCHED["checked"] += 1
        k = max(reach, 0)
        np.testing.assert_array_equal(dst[:k], src[:k])
        assert not dst[k:].any()
        return
    assert isinstance(error, LaunchError), "no error for %d elements of %d and %d" % (reach, s, d)
    msg = str(error)
    assert "out-of-bounds" in msg
    short = [name for name, size in (("src", s), ("dst", d)) if size < reach]
    assert any("buffer '%s'" % name in msg for name in short), msg


# triton-shared's memref parameters: m[3, 2] = 9 and m[0, 0] = d's rows;
# d[rows - 1, 2] = 7. A static shape takes exactly its elements, a dynamic
# one any multiple of the static extents.
MEMREFS = """
func.func @memrefs(%m: memref<4x3xi32>, %d: memref<?x3xi32>, %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %nine = arith.constant 9 : i32
  %seven = arith.constant 7 : i32
  memref.store %nine, %m[%c3, %c2] : memref<4x3xi32>
  %rows = memref.dim %d, %c0 : memref<?x3xi32>
  %r = arith.index_cast %rows : index to i32
  memref.store %r, %m[%c0, %c0] : memref<4x3xi32>
  %last = arith.subi %rows, %c1 : index
  memref.store %seven, %d[%last, %c2] : memref<?x3xi32>
  return
}
"""


@st.composite
def memref_cases(draw):
    m = draw(st.one_of(st.just(12), st.integers(0, 30)))
    d = draw(st.one_of(st.integers(1, 10).map(lambda rows: 3 * rows), st.integers(0, 30)))
    return m, d, draw(st.sampled_from(["int32", "uint32", "int32", "float32", "int64"]))


@prop_settings("memrefs")
@given(memref_cases())
def test_memref_buffers_fit_their_static_shape_or_are_refused(case):
    EXAMPLES["memrefs"] += 1
    m_size, d_size, dtype = case
    m, d = np.zeros(m_size, dtype), np.zeros(d_size, dtype)
    bad = [name for name, ok in (
        ("0", m_size == 12 and dtype in ("int32", "uint32")),
        ("1", d_size and d_size % 3 == 0 and dtype in ("int32", "uint32"))) if not ok]
    want = Refused(bad, "size or dtype") if bad else None
    error = launch(compiled(MEMREFS), 1, m, d)
    if error is not None:
        assert isinstance(error, ArgumentError), error
        assert_refused(want, error)
        assert not m.any() and not d.any()
        return
    assert want is None, "launched with %d and %d %s elements" % (m_size, d_size, dtype)
    LAUNCHED["memrefs"] += 1
    assert m[11] == 9 and m[0] == d_size // 3 and d[-1] == 7
    assert not m[1:11].any() and not d[:-1].any()


# ------------------------------------------------------------ other objects

VEC_ADD_ARGS = ("x_ptr", "y_ptr", "out_ptr", "n")


class InterfaceOnly:
    """An object with only __array_interface__ (a view of ``array``)."""

    def __init__(self, array, interface=None):
        self.array = array
        self.__array_interface__ = array.__array_interface__ if interface is None else interface


class DLPackOnly:
    """An object with only the DLPack protocol (delegating to ``array``,
    or failing with ``error``)."""

    def __init__(self, array, device=(1, 0), error=None):
        self.array, self.device, self.error = array, device, error

    def __dlpack__(self, stream=None):
        if self.error is not None:
            raise self.error
        return self.array.__dlpack__()

    def __dlpack_device__(self):
        if isinstance(self.device, BaseException):
            raise self.device
        return self.device


class RaisingAttribute:
    """An object whose ``name`` attribute raises when looked up."""

    def __init__(self, name):
        self.name = name

    def __getattr__(self, attr):
        if attr == self.name:
            raise RuntimeError("%s failed" % attr)
        raise AttributeError(attr)


def odd_object(draw, n_float32):
    """(object, valid): something to pass for a buffer of n_float32 f32
    elements, and whether the documented rules take it (then it views
    ``valid``, the array the kernel must see)."""
    good = np.arange(n_float32, dtype=np.float32) * 0.5 - 3
    cases = [
        lambda: (None, None), lambda: ("x", None), lambda: (b"\0" * 64, None),
        lambda: (bytearray(64), None), lambda: (memoryview(bytearray(64)), None),
        lambda: ([0.0] * n_float32, None), lambda: ({}, None), lambda: (object(), None),
        lambda: (1.5, None), lambda: (True, None),
        lambda: (draw(st.integers(-2 ** 70, 4095)), None),           # not an address
        lambda: (draw(st.integers(2 ** 64, 2 ** 70)), None),
        lambda: (np.float32(1.0), None), lambda: (np.int64(good.ctypes.data), None),
        lambda: (InterfaceOnly(good), good),
        lambda: (InterfaceOnly(good, {"shape": (4,)}), None),
        lambda: (InterfaceOnly(good, 17), None),
        lambda: (InterfaceOnly(good, dict(good.__array_interface__, typestr="<f8",
                                          shape=(n_float32 // 2,))), None),
        lambda: (InterfaceOnly(good, dict(good.__array_interface__,
                                          data=(good.ctypes.data, True))), None),
        lambda: (DLPackOnly(good), good),
        lambda: (DLPackOnly(good, device=(2, 0)), None),
        lambda: (DLPackOnly(good, device=None), None),
        lambda: (DLPackOnly(good, device=KeyError("device")), None),
        lambda: (DLPackOnly(good, error=draw(st.sampled_from(
            [BufferError("no"), TypeError("no"), KeyError("no"), RuntimeError("no")]))), None),
        # gapped, unless it has one element: good[0], which the kernel reads on from
        lambda: (DLPackOnly(good[::2]), good if n_float32 <= 2 else None),
        lambda: (RaisingAttribute("__dlpack__"), None),
        lambda: (RaisingAttribute("__array_interface__"), None),
        lambda: (types.SimpleNamespace(__cuda_array_interface__={}), None),
        lambda: (TensorDescriptor(good, [n_float32], [1]), None),
        lambda: (tilerun.Buffer(good.ctypes.data, good.nbytes, good), good),
        lambda: (tilerun.Buffer(good.ctypes.data, draw(st.sampled_from([0, -1, 2 ** 64])),
                                good), None),
        lambda: (tilerun.Buffer(draw(st.sampled_from([0, 1, 4095, 2 ** 64])), good.nbytes,
                                good), None),
        lambda: (good.ctypes.data, good),
    ]
    return cases[draw(st.integers(0, len(cases) - 1))]()


def odd_count(draw, size):
    """(object, value) for vec_add's n: a count in some form, or not."""
    v = draw(st.integers(-3, size))
    return draw(st.sampled_from([
        (v, v), (np.int32(v), v), (Index(v), v), (np.array(v), v), (bool(v > 0), int(v > 0)),
        (float(v), None), (np.float32(v), None), (str(v), None), (None, None), ([v], None),
        (Index(ValueError("no")), None), (Index(1.5), None), (2 ** 31, None),
        (fractions.Fraction(v), None), (np.array([v]), None), (1j, None),
    ]))


@st.composite
def object_cases(draw):
    size = draw(st.integers(1, 40))
    slot = draw(st.sampled_from(VEC_ADD_ARGS))
    if slot == "n":
        obj, value = odd_count(draw, size)
        return size, slot, obj, value
    obj, view = odd_object(draw, size)
    return size, slot, obj, view


@prop_settings("objects")
@given(object_cases())
def test_objects_that_are_not_arrays(case):
    EXAMPLES["objects"] += 1
    size, slot, obj, valid = case
    kernel = compiled(VEC_ADD_PATH.read_text())
    x = np.arange(size, dtype=np.float32)
    y = np.full(size, 10, np.float32)
    out = np.full(size, np.nan, np.float32)
    args = {"x_ptr": x, "y_ptr": y, "out_ptr": out, "n": size}
    args[slot] = obj
    error = launch(kernel, 1, *[args[a] for a in VEC_ADD_ARGS])
    if valid is None:
        assert error is not None, "launched with %r for %s" % (obj, slot)
        assert isinstance(error, ArgumentError), error
        assert "'%s'" % slot in str(error), error
        assert np.isnan(out).all() or slot == "out_ptr", "a refused launch wrote out"
        return
    assert error is None, error
    LAUNCHED["objects"] += 1
    if slot == "n":
        n = valid
        np.testing.assert_array_equal(out[:max(n, 0)], (x + y)[:max(n, 0)])
        assert np.isnan(out[max(n, 0):]).all()
    elif slot == "out_ptr":
        target = valid.reshape(-1)
        np.testing.assert_array_equal(target[:size], (x + y)[:target.size][:size])
    else:
        operands = {"x_ptr": valid.reshape(-1), "y_ptr": y} if slot == "x_ptr" \
            else {"x_ptr": x, "y_ptr": valid.reshape(-1)}
        m = min(size, operands["x_ptr"].size, operands["y_ptr"].size)
        np.testing.assert_array_equal(out[:m], (operands["x_ptr"] + operands["y_ptr"])[:m])


# -------------------------------------------------------------------- grids

# marks[linear program id] += 1, for grids of up to 4096 programs.
MARK = """
module {
  tt.func public @mark(%marks: !tt.ptr<i32> loc("marks")) {
    %x = tt.get_program_id x : i32
    %y = tt.get_program_id y : i32
    %z = tt.get_program_id z : i32
    %nx = tt.get_num_programs x : i32
    %ny = tt.get_num_programs y : i32
    %zy = arith.muli %z, %ny : i32
    %row = arith.addi %zy, %y : i32
    %rx = arith.muli %row, %nx : i32
    %lin = arith.addi %rx, %x : i32
    %p = tt.addptr %marks, %lin : !tt.ptr<i32>, i32
    %one = arith.constant 1 : i32
    %t = arith.constant true
    %old = tt.atomic_rmw add, relaxed, gpu, %p, %one, %t : (!tt.ptr<i32>, i32, i1) -> i32
    tt.return
  }
}
"""

SMALL_EXTENT = st.integers(1, 16)
BAD_EXTENTS = [0, -1, -2 ** 31, 2 ** 31, 2 ** 32 + 1, 2 ** 64, 2 ** 100, 2.0, 1.5, True,
               False, None, "4", np.float32(2), math.nan, 1j]


def extent(draw):
    """(value, int or None): an extent in some form and the int it is."""
    kind = draw(st.sampled_from(["int", "numpy", "bad"]))
    if kind == "int":
        v = draw(SMALL_EXTENT)
        return v, v
    if kind == "numpy":
        v = draw(SMALL_EXTENT)
        return draw(st.sampled_from([np.int8, np.uint16, np.int32, np.int64, np.uint64]))(v), v
    return draw(st.sampled_from(BAD_EXTENTS)), None


@st.composite
def grid_cases(draw):
    # (Grids whose extents fit but whose product passes 2^63 - 1 are refused
    # too; test_resources.py launches them in a child with a timeout, as a
    # regression there would never return.)
    shape = draw(st.sampled_from(["int", "tuple", "list", "callable", "odd"]))
    if shape == "odd":
        return draw(st.sampled_from([(), (1, 1, 1, 1), ((2,),), [2, [2]], "grid", None, {1: 1}, 3.0,
                                     np.array([2, 2]), range(2), lambda meta: None,
                                     lambda meta: (0,), lambda meta: "x"])), None
    count = 1 if shape == "int" else draw(st.integers(1, 4))
    drawn = [extent(draw) for _ in range(count)]
    values = [v for v, _ in drawn]
    ints = [i for _, i in drawn]
    valid = None if None in ints or count > 3 else tuple(ints)  # at most 16^3 programs
    grid = values[0] if shape == "int" else tuple(values) if shape != "list" else list(values)
    if shape == "callable":
        result = tuple(values)
        grid = lambda meta, result=result: result
    return grid, valid


@prop_settings("grids")
@given(grid_cases())
def test_grids_run_every_program_once_or_are_refused(case):
    EXAMPLES["grids"] += 1
    grid, valid = case
    marks = np.zeros(4097, np.int32)
    error = launch(compiled(MARK), grid, marks)
    if valid is None:
        assert isinstance(error, ArgumentError), "launched over %r" % (grid,)
        assert "grid" in str(error), error
        assert not marks.any()
        return
    assert error is None, error
    total = int(np.prod(valid))
    LAUNCHED["grids"] += 1
    assert (marks[:total] == 1).all() and not marks[total:].any()


# ------------------------------------------------------------------ binding


@st.composite
def binding_cases(draw):
    """The first k arguments positional and the others by keyword, and
    maybe a mistake: one too many, an unknown name, a repeated one or a
    missing one."""
    k = draw(st.integers(0, 4))
    mistake = draw(st.sampled_from([None, None, None, "extra positional",
                                    "unknown keyword", "repeated", "missing"]))
    if mistake == "repeated" and k == 0:
        mistake = None
    drop = draw(st.sampled_from(VEC_ADD_ARGS[k:])) if mistake == "missing" and k < 4 else None
    size = draw(st.integers(1, 300))
    return k, mistake, drop, size, draw(st.integers(-2, size))


@prop_settings("binding")
@given(binding_cases())
def test_arguments_bind_by_position_and_name_or_are_refused(case):
    EXAMPLES["binding"] += 1
    k, mistake, drop, size, n = case
    kernel = compiled(VEC_ADD_PATH.read_text())
    x, y = np.arange(size, dtype=np.float32), np.ones(size, np.float32)
    out = np.full(size, np.nan, np.float32)
    values = {"x_ptr": x, "y_ptr": y, "out_ptr": out, "n": n}
    positional = [values[a] for a in VEC_ADD_ARGS[:k]]
    keywords = {a: values[a] for a in VEC_ADD_ARGS[k:]}
    if mistake == "extra positional":
        positional, keywords = [values[a] for a in VEC_ADD_ARGS] + [1], {}
    elif mistake == "unknown keyword":
        keywords["m"] = 1
    elif mistake == "repeated":
        keywords[VEC_ADD_ARGS[0]] = x
    elif mistake == "missing" and drop is not None:
        del keywords[drop]
    elif mistake == "missing":
        positional = positional[:3]
    error = launch(kernel, 1, *positional, **keywords)
    if mistake is not None:
        assert isinstance(error, ArgumentError), "bound %r %r" % (positional, keywords)
        assert "kernel 'vec_add'" in str(error), error
        assert np.isnan(out).all()
        return
    assert error is None, error
    LAUNCHED["binding"] += 1
    m = max(n, 0)
    np.testing.assert_array_equal(out[:m], (x + y)[:m])
    assert np.isnan(out[m:]).all()


# -------------------------------------------------------------- descriptors

# out[i * 8 + j] = the descriptor's element (i, j), or its padding outside it.
BOX = """
module {
  tt.func public @box(%d: !tt.tensordesc<tensor<8x8xf32>> loc("d"), %d0: i32 loc("d"), %d1: i32 loc("d"), %d2: i64 loc("d"), %d3: i64 loc("d"), %out: !tt.ptr<f32> loc("out")) {
    %c0 = arith.constant 0 : i32
    %v = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<8x8xf32>> -> tensor<8x8xf32>
    %row = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %r0 = tt.expand_dims %row {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %r1 = tt.expand_dims %row {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %s8 = arith.constant dense<8> : tensor<8x1xi32>
    %rr = arith.muli %r0, %s8 : tensor<8x1xi32>
    %rb = tt.broadcast %rr : tensor<8x1xi32> -> tensor<8x8xi32>
    %cb = tt.broadcast %r1 : tensor<1x8xi32> -> tensor<8x8xi32>
    %off = arith.addi %rb, %cb : tensor<8x8xi32>
    %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>>
    %oa = tt.addptr %op, %off : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
    tt.store %oa, %v : tensor<8x8x!tt.ptr<f32>>
    tt.return
  }
}
"""

FIELD = st.one_of(st.integers(0, 10), st.sampled_from([-1, 2 ** 31 - 1, 2 ** 31, 2 ** 40,
                                                       2 ** 63, True, 1.5, "3", None]))


@st.composite
def descriptor_cases(draw):
    box = draw(st.booleans())
    base_shape = draw(hnp.array_shapes(min_dims=2 if box else 1, max_dims=2, min_side=0,
                                       max_side=10))
    dtype = draw(st.sampled_from(["float32"] * 6 + ["float64", "int32", ">f4"]))
    base = random_array(draw, dtype, base_shape)
    if box:
        how = draw(st.sampled_from(["as is", "transposed", "fortran"]))
        base = {"as is": base, "transposed": base.T, "fortran": np.asfortranarray(base)}[how]
    else:
        base, how = layouts(draw, base)
    if box:
        # A box of the base as Triton describes one: its rows and columns
        # (or fewer), its element strides.
        shape = [draw(st.integers(0, n)) for n in base.shape]
        strides = [s // base.itemsize for s in base.strides]
        padding = draw(st.sampled_from(["zero", "nan", "missing"]))
    else:
        rank = draw(st.sampled_from([2, 2, 2, 2, 1, 3]))
        shape = [draw(FIELD) for _ in range(rank)]
        strides = [draw(FIELD) for _ in range(rank)]
        padding = draw(st.sampled_from(["zero", "nan", "inf", None, 0, "missing"]))
    fields = dict(base=base, shape=shape, strides=strides)
    if draw(st.booleans()):
        desc = TensorDescriptor(padding="zero" if padding == "missing" else padding, **fields)
    else:
        if padding != "missing":
            fields["padding"] = padding
        desc = types.SimpleNamespace(**fields)
    return desc, base, how, shape, strides, "zero" if padding == "missing" else padding


def descriptor_verdict(base, shape, strides, padding):
    """Refused(...) naming the parameter the rules refuse, else None."""
    if padding not in ("zero", "nan"):
        return Refused("d", "padding")
    refused = buffer_verdict("f32", base, "d")
    if refused is not None:
        return refused
    if any(not isinstance(v, (int, np.integer)) for v in shape + strides) or \
            len(shape) != 2 or len(strides) != 2:
        return Refused("d", "shape and strides")
    shape, strides = [int(v) for v in shape], [int(v) for v in strides]
    if min(shape + strides) < 0:
        return Refused("d", "negative")
    if 0 not in shape and (sum((n - 1) * s for n, s in zip(shape, strides)) + 1) * 4 > base.nbytes:
        return Refused("d", "past its base")
    for i, v in enumerate(shape):
        if v >= 2 ** 31:
            return Refused("d.shape%d" % i, "beyond i32")
    for i, v in enumerate(strides):
        if v >= 2 ** 63:
            return Refused("d.stride%d" % i, "beyond i64")
    return None


@prop_settings("descriptors")
@given(descriptor_cases())
def test_host_descriptors_are_read_through_or_refused(case):
    EXAMPLES["descriptors"] += 1
    desc, base, how, shape, strides, padding = case
    out = np.full(64, -7.0, np.float32)
    want = descriptor_verdict(base, shape, strides, padding)
    error = launch(compiled(BOX), 1, desc, out)
    if error is not None:
        assert isinstance(error, ArgumentError), error
        assert_refused(want, error)
        assert (out == -7.0).all()
        return
    assert want is None, "launched with %r (%s): %r" % (desc, how, want)
    LAUNCHED["descriptors"] += 1
    flat = np.frombuffer(memory(base), np.float32)
    fill = 0.0 if padding == "zero" else np.nan
    expect = np.full((8, 8), fill, np.float32)
    s0, s1 = (int(v) for v in shape)
    t0, t1 = (int(v) for v in strides)
    for i in range(min(s0, 8)):
        for j in range(min(s1, 8)):
            expect[i, j] = flat[i * t0 + j * t1]
    np.testing.assert_array_equal(out.reshape(8, 8), expect)


# -------------------------------------------------------------------- tally

def test_every_property_ran_its_examples():
    """Runs last in this module: each property ran (hypothesis may stop a
    property early only when its strategy has no more distinct examples,
    which none of these has)."""
    ran = {name: EXAMPLES[name] for name in MAX_EXAMPLES if EXAMPLES[name]}
    if not ran:
        pytest.skip("no property ran in this process")
    print("\nexamples per property (launched): %s" % ", ".join(
        "%s %d (%d)" % (name, count, LAUNCHED[name]) for name, count in ran.items()))
    for name, count in ran.items():
        assert count >= MAX_EXAMPLES[name] * 0.9, \
            "%s ran %d examples of %d" % (name, count, MAX_EXAMPLES[name])
