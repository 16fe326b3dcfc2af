"""Binding and conversion of launch arguments, the grid included.

Everything here is pure Python over numpy: it never loads libtilerun, so it
can be tested (and reasoned about) on its own. Launches go through the
per-kernel packer of the _launch module, which takes the common argument
types on a fast path and calls buffer_of, scalar_bits and descriptor_arg
here for everything else; convert_arguments is the same conversion in one
piece (ArgSpecs), which the tests hold the packer to.

Rules, in Triton's conventions:

* Buffers (pointer and memref parameters) are numpy arrays, DLPack CPU
  tensors, objects with ``__array_interface__`` or raw integer addresses.
  Memory is always shared, never copied: the kernel writes through it.
* A buffer's element type must match the parameter's pointee type (see
  ``dtype_matches``); signedness of integers is interchangeable.
* Scalars are converted by the parameter's IR type with range checks.
"""

import collections
import math
import numbers
import operator
import struct
import sys

import numpy as np

from ._descriptor import TensorDescriptor
from ._errors import ArgumentError

Param = collections.namedtuple(
    "Param", "name kind type_name bits type_kind is_unsigned")
Param.__doc__ = """One kernel parameter, as tilerun_kernel_param() describes it.

name: Triton's name (a host descriptor's shape and strides: NAME.shapeD,
NAME.strideD); kind: "scalar", "pointer", "memref" or "tensordesc";
type_name: the IR spelling of the scalar or element type ("f32", "bf16",
"i64"); bits: its width; type_kind: "int", "float" or "untyped";
is_unsigned: True for unsigned integer types."""

# A converted argument. kind: "scalar" (bits set), "buffer" or "tensordesc"
# (data, nbytes set; padding for descriptors).
ArgSpec = collections.namedtuple("ArgSpec", "kind bits data nbytes padding")

# An unknown extent: raw addresses carry no size, so checked mode cannot
# check accesses through them.
UNKNOWN_EXTENT = 2 ** 63 - 1

# Addresses below this are in the first page, which is never mapped (Linux's
# vm.mmap_min_addr is at least 4096): such an "address" is a size or an
# index passed for a buffer, and the kernel would crash the process on it.
MIN_ADDRESS = 4096


class Buffer:
    """Memory given by address and size in bytes: a buffer whose extent
    checked mode knows, from code that has only an address (a framework's
    tensor storage, memory from C). Its element type is not checked."""

    __slots__ = ("address", "nbytes", "keepalive")

    def __init__(self, address, nbytes, keepalive=None):
        self.address, self.nbytes, self.keepalive = int(address), int(nbytes), keepalive

    def __repr__(self):
        return "tilerun.Buffer(0x%x, %d bytes)" % (self.address, self.nbytes)

MAX_GRID_EXTENT = 2 ** 31 - 1

_PADDINGS = {"zero": 0, "nan": 1}

# DLPack device types (dlpack.h DLDeviceType), for error messages.
_DLPACK_DEVICES = {
    1: "cpu", 2: "cuda", 3: "cuda_host", 4: "opencl", 7: "vulkan", 8: "metal",
    9: "vpi", 10: "rocm", 11: "rocm_host", 12: "ext_dev", 13: "cuda_managed",
    14: "oneapi", 15: "webgpu", 16: "hexagon",
}
_DLPACK_CPU = 1

_NATIVE_FLOATS = {"f16": "float16", "f32": "float32", "f64": "float64"}


# ---------------------------------------------------------------- scalars


def int_range(bits, unsigned):
    """The inclusive range of an iN/uiN parameter (i1 is 0..1)."""
    if bits == 1:
        return 0, 1
    if unsigned:
        return 0, 2 ** bits - 1
    return -(2 ** (bits - 1)), 2 ** (bits - 1) - 1


def _is_bool(value):
    return isinstance(value, (bool, np.bool_))


def _is_float_like(value):
    """Reals that are not integers: Python and numpy floats, Fractions."""
    return isinstance(value, numbers.Real) and not isinstance(value, numbers.Integral)


def _raised(where, what, value, error):
    """The ArgumentError for an argument whose own conversion method (its
    __index__, __float__, __array_interface__, ...) raised ``error``: the
    caller's object is at fault, and the message says which argument it
    is (the original exception is chained)."""
    return ArgumentError("%s: %s of the %s raised %s: %s"
                         % (where, what, type(value).__name__, type(error).__name__, error))


def _int_value(value, where, type_name):
    """An integer from a Python or numpy integer (or bool); rejects floats,
    because truncating 2.5 to 2 would hide a bug in the caller."""
    if _is_bool(value):
        return int(value)
    if _is_float_like(value):
        raise ArgumentError("%s: %r is a float, but the parameter is %s; pass an int"
                            % (where, value, type_name))
    try:
        return operator.index(value)
    except TypeError:
        raise ArgumentError("%s: expected an integer for %s, got %s"
                            % (where, type_name, type(value).__name__)) from None
    except Exception as e:
        raise _raised(where, "__index__", value, e) from e


def int_bits(value, bits, unsigned, where, type_name):
    """The two's-complement bits of an integer scalar, range-checked."""
    v = _int_value(value, where, type_name)
    lo, hi = int_range(bits, unsigned)
    if not lo <= v <= hi:
        if bits == 1:
            raise ArgumentError("%s: %r is out of range for i1; pass True/False or 0/1"
                                % (where, v))
        raise ArgumentError("%s: %d is out of range for %s [%d, %d]"
                            % (where, v, type_name, lo, hi))
    return v & (2 ** max(bits, 1) - 1)


def _float_value(value, where, type_name):
    """A Python float from any real number (ints included, as in Triton)."""
    if not (_is_bool(value) or isinstance(value, numbers.Real)):
        raise ArgumentError("%s: expected a number for %s, got %s"
                            % (where, type_name, type(value).__name__))
    try:
        x = float(value)
    except OverflowError:
        raise ArgumentError("%s: %r is out of range for %s" % (where, value, type_name)) from None
    except Exception as e:
        raise _raised(where, "__float__", value, e) from e
    # numpy's long double turns a finite value beyond any double into inf
    # without an error, which would pass an infinity the caller never gave.
    if math.isinf(x) and isinstance(value, np.floating) and np.isfinite(value):
        raise _out_of_float_range(where, value, type_name)
    return x


_FLOAT_MAX = {"f16": 65504.0, "bf16": 3.3895313892515355e38,
              "f32": 3.4028234663852886e38, "f64": sys.float_info.max}


def _out_of_float_range(where, value, type_name):
    """The error for a finite value beyond type_name's largest."""
    return ArgumentError("%s: %r is out of range for %s (finite values up to +-%r)"
                         % (where, value, type_name, _FLOAT_MAX[type_name]))


def f16_bits(x, where="value"):
    """IEEE half bits of x, rounded to nearest-even; a finite value that
    rounds past the largest half is an error rather than a silent inf."""
    try:
        return struct.unpack("<H", struct.pack("<e", x))[0]
    except OverflowError:
        raise _out_of_float_range(where, x, "f16") from None


def f32_bits(x, where="value"):
    """IEEE single bits of x, rounded to nearest-even (overflow is an
    error, as for f16)."""
    try:
        return struct.unpack("<I", struct.pack("<f", x))[0]
    except OverflowError:
        raise _out_of_float_range(where, x, "f32") from None


def f64_bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def bf16_bits(x, where="value"):
    """bfloat16 bits of x: the value's f32 bits rounded to nearest-even on
    their top 16 bits.

    NaN is handled first (a quiet NaN of the same sign) because rounding a
    NaN's bits could carry into the exponent and turn it into infinity.
    """
    if math.isnan(x):
        return (0x8000 if math.copysign(1.0, x) < 0 else 0) | 0x7FC0
    try:
        u = struct.unpack("<I", struct.pack("<f", x))[0]
    except OverflowError:
        raise _out_of_float_range(where, x, "bf16") from None
    rounded = (u + 0x7FFF + ((u >> 16) & 1)) >> 16
    if (rounded & 0x7FFF) == 0x7F80 and not math.isinf(x):
        raise _out_of_float_range(where, x, "bf16")
    return rounded & 0xFFFF


def float_bits(value, type_name, where):
    """The bits of a float scalar of IR type type_name."""
    x = _float_value(value, where, type_name)
    if type_name == "f64":
        return f64_bits(x)
    if type_name == "f32":
        return f32_bits(x, where)
    if type_name == "f16":
        return f16_bits(x, where)
    if type_name == "bf16":
        return bf16_bits(x, where)
    raise ArgumentError("%s: scalars of type %s cannot be passed" % (where, type_name))


def scalar_bits(param, value):
    """The 64-bit payload of a scalar argument for ``param``."""
    where = "argument %r" % param.name
    if param.type_kind == "int":
        return int_bits(value, param.bits, param.is_unsigned, where,
                        param.type_name)
    if param.type_kind == "float":
        return float_bits(value, param.type_name, where)
    # An untyped pointer passed by value: an address.
    return int_bits(value, 64, True, where, "an address")


# ---------------------------------------------------------------- buffers


def _storage_name(type_name):
    """The name numpy extensions (ml_dtypes) and torch give a non-native
    float type: bf16 -> bfloat16, f8E4M3FN -> float8_e4m3fn."""
    if type_name == "bf16":
        return "bfloat16"
    i = 1
    while i < len(type_name) and type_name[i].isdigit():
        i += 1
    if type_name.startswith("f") and i > 1 and i < len(type_name):
        return "float%s_%s" % (type_name[1:i], type_name[i:].lower())
    return type_name


def dtype_matches(param, dtype_name, dtype_kind, itemsize):
    """Whether elements of a dtype may back a buffer of ``param``'s type.

    dtype_kind is numpy's kind letter ('f', 'i', 'u', 'b', ...). Integers
    match by width, either signedness; i1 takes bool or bytes; f16/f32/f64
    take the numpy float of that width; other floats (bf16, fp8) take
    integer storage of their width or a dtype of their own name.
    """
    if param.type_kind == "untyped":
        return True
    width = itemsize * 8
    if param.type_kind == "int":
        if param.bits == 1:
            return dtype_kind == "b" or (dtype_kind in "iu" and itemsize == 1)
        return dtype_kind in "iu" and width == param.bits
    native = _NATIVE_FLOATS.get(param.type_name)
    if native is not None:
        return dtype_kind == "f" and dtype_name == native
    if dtype_name == _storage_name(param.type_name):
        return True
    return dtype_kind in "iu" and width == param.bits


def expected_dtypes(param):
    """Words for the dtypes ``param`` accepts, for error messages."""
    if param.type_kind == "untyped":
        return "any dtype"
    if param.type_kind == "int":
        if param.bits == 1:
            return "bool, int8 or uint8"
        return "int%d or uint%d" % (param.bits, param.bits)
    native = _NATIVE_FLOATS.get(param.type_name)
    if native is not None:
        return native
    return "%s, or int%d/uint%d storage" % (_storage_name(param.type_name),
                                            param.bits, param.bits)


def _check_dtype(param, dtype_name, dtype_kind, itemsize):
    if not dtype_matches(param, dtype_name, dtype_kind, itemsize):
        raise ArgumentError(
            "argument %r: the parameter points to %s (expects %s), but the array's "
            "dtype is %s" % (param.name, param.type_name, expected_dtypes(param),
                             dtype_name))


def _check_byte_order(param, dtype, where):
    """Kernels read and write elements in the machine's byte order, so a
    byte-swapped array (dtype '>f4' here) would give them other values."""
    if not dtype.isnative and param.type_kind != "untyped":
        raise ArgumentError(
            "%s: the array's dtype %s is in the other byte order; the kernel "
            "would read (and write) other values: pass a.astype(a.dtype.newbyteorder('='))"
            % (where, dtype.str))


def is_dense(array):
    """Whether an array's elements fill one gap-free block starting at its
    data pointer (C or Fortran order, or any permutation of either).

    Only then is (data pointer, nbytes) the exact memory the kernel may
    touch; negative, zero or gapped strides are not.
    """
    dims = sorted((st, sh) for sh, st in zip(array.shape, array.strides) if sh != 1)
    expected = array.itemsize
    for stride, size in dims:
        if stride != expected:
            return False
        expected *= size
    return True


def _device_name(device):
    kind, index = int(device[0]), int(device[1])
    return "%s:%d" % (_DLPACK_DEVICES.get(kind, "device type %d" % kind), index)


def _torch_storage_view(obj):
    """For torch tensors of dtypes numpy cannot import through DLPack
    (bfloat16, float8_*): an integer view of the same memory and the
    tensor's own dtype name. torch is used only if the caller already
    imported it; this module never imports it."""
    torch = sys.modules.get("torch")
    if torch is None or not isinstance(obj, torch.Tensor):
        return None
    if not obj.dtype.is_floating_point:
        return None
    storage = {1: torch.uint8, 2: torch.int16}.get(obj.element_size())
    if storage is None:
        return None
    return obj.view(storage), str(obj.dtype).replace("torch.", "")


def _has(value, name, where):
    """hasattr() on the caller's object: a lookup that raises (a property
    that fails) is that argument's error, not tilerun's."""
    try:
        return hasattr(value, name)
    except Exception as e:
        raise _raised(where, name, value, e) from e


def _dlpack_device(obj, where):
    """(device type, index) from __dlpack_device__ (CPU when absent)."""
    if not _has(obj, "__dlpack_device__", where):
        return _DLPACK_CPU, 0
    try:
        device = obj.__dlpack_device__()
        return int(device[0]), int(device[1])
    except Exception as e:
        raise _raised(where, "__dlpack_device__()", obj, e) from e


def _from_dlpack(obj, where):
    """A numpy view of a DLPack CPU tensor (no copy), and the name of its
    element type when numpy's view has a stand-in integer dtype."""
    device = _dlpack_device(obj, where)
    if device[0] != _DLPACK_CPU:
        raise ArgumentError(
            "%s: the tensor is on %s; tilerun runs kernels on the CPU, so pass a "
            "CPU tensor (e.g. t.cpu(), and copy results back)"
            % (where, _device_name(device)))
    if not hasattr(np, "from_dlpack"):
        raise ArgumentError("%s: DLPack tensors need numpy>=1.22 (this is %s)"
                            % (where, np.__version__))
    try:
        return np.from_dlpack(obj), None
    except Exception as e:
        alt = _torch_storage_view(obj)
        if alt is None:
            raise ArgumentError("%s: cannot share its memory through DLPack: %s"
                                % (where, e)) from None
        view, name = alt
        return np.from_dlpack(view), name


def _array_interface(value, where):
    """np.asarray of an object with __array_interface__, whose errors (a
    malformed or failing interface) name the argument."""
    try:
        return np.asarray(value)
    except Exception as e:
        raise _raised(where, "__array_interface__", value, e) from e


def _check_address(address, where, what="address"):
    if not MIN_ADDRESS <= address < 2 ** 64:
        raise ArgumentError(
            "%s: %s is not a valid %s%s" % (
                where, address, what,
                " (the first %d bytes of memory are never mapped: a size or an "
                "index passed for a buffer?)" % MIN_ADDRESS if 0 < address < MIN_ADDRESS else ""))


def _array_address(array, where, check_writeable):
    """(address, nbytes) of a numpy array the kernel may read and write."""
    if array.size == 0:
        raise ArgumentError("%s: the array is empty; a buffer needs at least one "
                            "element" % where)
    if not is_dense(array):
        raise ArgumentError(
            "%s: the array is not contiguous (shape %s, strides %s bytes); tilerun "
            "does not copy it because the kernel may write through it: pass "
            "np.ascontiguousarray(a) and copy results back, or pass the whole base "
            "array with the offsets and strides as arguments"
            % (where, tuple(array.shape), tuple(array.strides)))
    if check_writeable and not array.flags.writeable:
        raise ArgumentError(
            "%s: the array is read-only; tilerun cannot tell whether the kernel "
            "writes through a pointer, so it needs a writeable array (a.copy())"
            % where)
    return array.__array_interface__["data"][0], array.nbytes


def buffer_of(value, param, where=None):
    """Converts a buffer argument to (address, nbytes, keepalive).

    Accepts numpy arrays, DLPack CPU tensors, objects with
    ``__array_interface__``, and raw integer addresses (extent unknown, so
    checked mode cannot check them). Checks the element type against
    ``param``. keepalive must outlive the launch.
    """
    where = where or "argument %r" % param.name
    if isinstance(value, np.ndarray):
        array, name = value, None
        check_writeable = True
    elif isinstance(value, np.generic):
        # numpy scalars have __array_interface__, but np.asarray makes a
        # fresh copy of one: the kernel would write into a temporary and
        # read past its single element.
        raise ArgumentError(
            "%s: got a numpy scalar (%s), which has no memory of its own; a %s "
            "parameter needs a buffer (an array, a CPU tensor%s)"
            % (where, type(value).__name__, param.kind,
               "; an address as int(...)" if isinstance(value, np.integer) else ""))
    elif _has(value, "__dlpack__", where):
        # numpy before 2 marks every DLPack import read-only, and DLPack
        # before 1.0 has no read-only flag, so writeability is not checked.
        array, name = _from_dlpack(value, where)
        check_writeable = False
    elif _has(value, "__array_interface__", where):
        array, name = _array_interface(value, where), None
        check_writeable = True
    elif _has(value, "__cuda_array_interface__", where):
        raise ArgumentError("%s: this is a GPU array; tilerun runs kernels on the "
                            "CPU, so pass host memory" % where)
    elif value is None:
        raise ArgumentError("%s: got None; a %s parameter needs a buffer (a numpy "
                            "array, a CPU tensor or an address)" % (where, param.kind))
    elif isinstance(value, Buffer):
        if not 0 < value.nbytes < 2 ** 64:
            raise ArgumentError("%s: %r is not a valid buffer: its size must be in "
                                "[1, 2**64)" % (where, value))
        _check_address(value.address, where, "buffer address")
        return value.address, value.nbytes, value.keepalive
    elif isinstance(value, numbers.Integral) and not _is_bool(value):
        address = _int_value(value, where, "an address")
        _check_address(address, where)
        return address, UNKNOWN_EXTENT, None
    else:
        raise ArgumentError(
            "%s: expected a numpy array, a CPU tensor (DLPack) or an address for "
            "the %s parameter (%s), got %s"
            % (where, param.kind, param.type_name, type(value).__name__))
    address, nbytes = _array_address(array, where, check_writeable)
    if name is None:
        _check_dtype(param, array.dtype.name, array.dtype.kind, array.itemsize)
        _check_byte_order(param, array.dtype, where)
    else:
        _check_dtype(param, name, "F", array.itemsize)
    return address, nbytes, (value, array)


# ----------------------------------------------------------- descriptors


def is_descriptor(value):
    """A TensorDescriptor, or an object shaped like one (base, shape,
    strides). Arrays have those attributes too, so they are excluded."""
    if isinstance(value, TensorDescriptor):
        return True
    if isinstance(value, np.ndarray) or hasattr(value, "__dlpack__") \
            or hasattr(value, "__array_interface__"):
        return False
    return all(hasattr(value, a) for a in ("base", "shape", "strides"))


def padding_code(padding, where):
    """tilerun_padding_t for a descriptor's padding string."""
    code = _PADDINGS.get(padding) if isinstance(padding, str) else None
    if code is None:
        raise ArgumentError("%s: padding must be 'zero' or 'nan', got %r"
                            % (where, padding))
    return code


def descriptor_rank(params, index):
    """The rank of the descriptor parameter at ``index``: how many shape
    (and stride) scalars follow it.

    Read from the NAME.shapeD names tilerun gives them; for IR whose
    parameters carry their own names, from the run of i32 shapes that
    Triton's host descriptor ABI puts before the i64 strides.
    """
    name = params[index].name
    rank = 0
    while index + 1 + rank < len(params) and \
            params[index + 1 + rank].name == "%s.shape%d" % (name, rank):
        rank += 1
    if rank:
        return rank

    def scalar_int(i, bits):
        return i < len(params) and params[i].kind == "scalar" and \
            params[i].type_kind == "int" and params[i].bits == bits

    while scalar_int(index + 1 + rank, 32):
        rank += 1
    if not all(scalar_int(index + 1 + rank + d, 64) for d in range(rank)):
        return 0
    return rank


def _ints(values, what, where):
    try:
        return [operator.index(v) for v in values]
    except TypeError:
        raise ArgumentError("%s: the descriptor's %s must be integers, got %r"
                            % (where, what, values)) from None


def descriptor_fields(desc, rank, where):
    """The validated shape and strides (element counts) of a descriptor."""
    try:
        shape, strides = list(desc.shape), list(desc.strides)
    except TypeError:
        raise ArgumentError("%s: the descriptor's shape and strides must be "
                            "sequences" % where) from None
    shape, strides = _ints(shape, "shape", where), _ints(strides, "strides", where)
    if len(shape) != rank or len(strides) != rank:
        raise ArgumentError("%s: the kernel takes a rank-%d descriptor, but its shape "
                            "is %r and its strides %r" % (where, rank, shape, strides))
    if any(s < 0 for s in shape) or any(s < 0 for s in strides):
        raise ArgumentError("%s: the descriptor's shape %r and strides %r must not "
                            "be negative" % (where, shape, strides))
    return shape, strides


def _check_descriptor_extent(shape, strides, itemsize, nbytes, where):
    """Refuses a descriptor that reaches past its base buffer, which in
    unchecked mode would read or write foreign memory."""
    if nbytes == UNKNOWN_EXTENT or 0 in shape:
        return
    last = sum((n - 1) * s for n, s in zip(shape, strides))
    needed = (last + 1) * itemsize
    if needed > nbytes:
        raise ArgumentError(
            "%s: shape %r with strides %r spans %d bytes, but the base buffer has %d"
            % (where, shape, strides, needed, nbytes))


# ---------------------------------------------------------------- binding


def descriptor_slots(params):
    """For each descriptor parameter index, the indices of the shape and
    stride scalars after it."""
    slots = {}
    for i, p in enumerate(params):
        if p.kind == "tensordesc":
            rank = descriptor_rank(params, i)
            slots[i] = list(range(i + 1, i + 1 + 2 * rank))
    return slots


class _TooMany(ArgumentError):
    """Too many positional arguments (in the compact binding)."""


def _signature_text(kernel_name, params, skipped):
    names = [p.name for i, p in enumerate(params) if i not in skipped]
    return "kernel %r takes %d argument%s (%s)" % (
        kernel_name, len(names), "" if len(names) == 1 else "s", ", ".join(names))


def _bind(kernel_name, params, args, kwargs, slots, compact):
    """One binding attempt. compact: a descriptor object's shape and stride
    slots take no positional arguments."""
    index = {}
    for i, p in enumerate(params):
        index.setdefault(p.name, i)
    values, skipped, pos = {}, set(), 0
    for i, p in enumerate(params):
        if i in skipped:
            if index.get(p.name) == i and p.name in kwargs:
                values[i] = kwargs[p.name]
            continue
        by_name = index.get(p.name) == i and p.name in kwargs
        if pos < len(args):
            if by_name:
                raise ArgumentError("kernel %r got multiple values for argument %r"
                                    % (kernel_name, p.name))
            values[i] = args[pos]
            pos += 1
        elif by_name:
            values[i] = kwargs[p.name]
        else:
            continue
        if compact and i in slots and is_descriptor(values[i]):
            skipped.update(slots[i])
    if pos < len(args):
        raise _TooMany("%s but %d were given"
                       % (_signature_text(kernel_name, params, skipped), len(args)))
    missing = [p.name for i, p in enumerate(params) if i not in values and i not in skipped]
    if missing:
        raise ArgumentError("%s; got %d, missing %s"
                            % (_signature_text(kernel_name, params, skipped),
                               len(args) + len(kwargs), ", ".join(missing)))
    return values


def _fill_descriptor_scalars(params, values, slots):
    """Fills (or checks) each descriptor object's shape and stride slots."""
    for i, idxs in slots.items():
        desc = values[i]
        if not is_descriptor(desc):
            continue
        where = "argument %r" % params[i].name
        shape, strides = descriptor_fields(desc, len(idxs) // 2, where)
        for j, want in zip(idxs, shape + strides):
            if j not in values:
                values[j] = want
                continue
            given = values[j]
            ok = isinstance(given, numbers.Integral) and not _is_bool(given) \
                and int(given) == want
            if not ok:
                raise ArgumentError(
                    "argument %r is %r, but the descriptor passed for %r says %d; "
                    "leave it out to take the descriptor's value"
                    % (params[j].name, given, params[i].name, want))


def bind_arguments(kernel_name, params, args, kwargs):
    """Matches positional and keyword arguments to the IR's parameters.

    Returns one value per parameter. A descriptor object passed for a
    descriptor parameter fills the shape and stride parameters after it:
    positionally the next argument then binds to the parameter after them.
    Passing every IR parameter, those scalars included, is also accepted;
    the scalars must then agree with the descriptor.
    """
    names = [p.name for p in params]
    unknown = [k for k in kwargs if k not in names]
    if unknown:
        raise ArgumentError("kernel %r has no parameter%s %s; its parameters are: %s"
                            % (kernel_name, "" if len(unknown) == 1 else "s",
                               ", ".join(repr(k) for k in unknown), ", ".join(names)))
    slots = descriptor_slots(params)
    try:
        values = _bind(kernel_name, params, args, kwargs, slots, True)
    except _TooMany as compact_error:
        try:
            values = _bind(kernel_name, params, args, kwargs, slots, False)
        except ArgumentError:
            raise compact_error from None
    _fill_descriptor_scalars(params, values, slots)
    return [values[i] for i in range(len(params))]


# ------------------------------------------------------------- conversion


def descriptor_arg(params, index, value, rank):
    """ArgSpec of a descriptor parameter; a bare buffer is taken with zero
    padding and its shape and strides given as the scalars after it."""
    param = params[index]
    where = "argument %r" % param.name
    if not is_descriptor(value):
        address, nbytes, keep = buffer_of(value, param, where)
        return ArgSpec("tensordesc", 0, address, nbytes, 0), keep
    padding = padding_code(getattr(value, "padding", "zero"), where)
    address, nbytes, keep = buffer_of(value.base, param, where + " (its base)")
    shape, strides = descriptor_fields(value, rank, where)
    # The element size is the parameter's: an array base was checked to
    # match it, and a Buffer or address has no element type of its own.
    itemsize = max(param.bits // 8, 1)
    _check_descriptor_extent(shape, strides, itemsize, nbytes, where)
    return ArgSpec("tensordesc", 0, address, nbytes, padding), keep


def convert_arguments(params, values):
    """ArgSpecs for bound values, and the objects to keep alive while the
    kernel runs."""
    slots = descriptor_slots(params)
    specs, keep = [], []
    for i, (param, value) in enumerate(zip(params, values)):
        if param.kind == "scalar":
            specs.append(ArgSpec("scalar", scalar_bits(param, value), None, 0, 0))
            continue
        if param.kind == "tensordesc":
            spec, k = descriptor_arg(params, i, value, len(slots[i]) // 2)
        else:
            address, nbytes, k = buffer_of(value, param)
            spec = ArgSpec("buffer", 0, address, nbytes, 0)
        specs.append(spec)
        keep.append(k)
    return specs, keep


# ------------------------------------------------------------------- grid


def _extent(value, axis):
    """One grid extent, which must be an int in [1, 2**31 - 1]."""
    if _is_bool(value) or _is_float_like(value):
        raise ArgumentError("grid extent %s is %r; extents must be integers"
                            % (axis, value))
    try:
        v = operator.index(value)
    except TypeError:
        raise ArgumentError("grid extent %s is %r (%s); extents must be integers"
                            % (axis, value, type(value).__name__)) from None
    if not 1 <= v <= MAX_GRID_EXTENT:
        raise ArgumentError("grid extent %s is %d; each extent must be in [1, 2**31 - 1]"
                            % (axis, v))
    return v


def _plain_grid(grid):
    """(gx, gy, gz) for the common grids, a Python int or a tuple of 1-3
    Python ints, each in range; None for anything else (bools, numpy ints,
    lists, callables, bad extents), which normalize_grid checks in full.
    Launches go through here every time, hence the exact-type tests."""
    if type(grid) is int:
        return (grid, 1, 1) if 1 <= grid <= MAX_GRID_EXTENT else None
    if type(grid) is not tuple or not 1 <= len(grid) <= 3:
        return None
    for v in grid:
        if type(v) is not int or not 1 <= v <= MAX_GRID_EXTENT:
            return None
    return grid + (1,) * (3 - len(grid))


def normalize_grid(grid, meta=None):
    """(gx, gy, gz) from an int, a tuple of 1-3 ints, or a callable that
    takes ``meta()`` (the bound arguments by name) and returns either."""
    fast = _plain_grid(grid)
    if fast is not None:
        return fast
    if callable(grid):
        grid = grid(meta() if meta is not None else {})
    # Anything else is taken as a single extent, which _extent judges.
    dims = tuple(grid) if isinstance(grid, (tuple, list)) else (grid,)
    if not 1 <= len(dims) <= 3:
        raise ArgumentError("the grid has %d dimensions; it takes 1 to 3" % len(dims))
    extents = [_extent(v, axis) for v, axis in zip(dims, "xyz")]
    return tuple(extents + [1] * (3 - len(extents)))
