"""The per-launch fast path: a packer made once per kernel that checks and
converts the bound arguments and packs them into tilerun_arg_t structures.

A launch used to re-derive everything from the Param list on every call
(dtype names, descriptor slots, isinstance chains over numbers' ABCs),
which cost tens of microseconds. Here the work that depends only on the
parameters is done once, at Kernel creation: each parameter gets a fast
check chosen by its kind and type, for the common exact types (a numpy
array of an accepted dtype whose buffer numpy hands out C-contiguous and
writeable, a Python int in range, a Python float), and a general
converter that runs the full checks of the _args module and raises the
errors that name the argument. A fast check only ever *accepts* what the
general code accepts too, with the same result; anything it does not
accept goes through the general code. Nothing is cached between launches,
so a change to an array (its flags, its size, its memory) is seen by the
next launch.

The fast checks are written out, parameter by parameter, as the source of
one function per kernel (see _SNIPPETS and packer()): a loop calling a
converter per parameter pays for the calls and tuples on every parameter,
a large part of a launch (docs/performance.md has the figure), and the
unrolled function pays none of that. Its source is kept in its ``source`` attribute (for a kernel,
``kernel._pack_args.source``).
"""

import ctypes
import struct

import numpy as np

from . import _args, _capi

# One tilerun_arg_t: kind (enum), padding (uint32), then the value union,
# whose largest member is the buffer's {void *data; uint64_t bytes;}.
# Standard sizes in native byte order give exactly the C layout (every field
# is naturally aligned); arg_struct() checks it against _capi.Arg.
_ARG_FORMAT = "iIQQ"

# The dtypes a fast check may take: numpy's built-in scalar types in native
# byte order (the instances arrays normally share). Other dtypes (byte-
# swapped, ml_dtypes' bfloat16, ...) take the general path.
_BUILTIN_DTYPES = tuple(np.dtype(code) for code in "?bBhHiIlLqQefdgFDG")


def arg_struct(count):
    """A struct.Struct packing ``count`` tilerun_arg_t from 4*count ints."""
    one = struct.Struct("=" + _ARG_FORMAT)
    if (one.size != ctypes.sizeof(_capi.Arg) or _capi.Arg.value.offset != 8
            or _capi.ArgBuffer.bytes.offset != 8):
        raise AssertionError("tilerun_arg_t's layout does not match %r" % _ARG_FORMAT)
    return struct.Struct("=" + _ARG_FORMAT * count)


def accepted_dtypes(param):
    """The built-in dtypes that may back a buffer of ``param``, as a
    frozenset of dtype objects. Derived from _args.dtype_matches itself, so
    the fast membership test can never accept what the full check refuses."""
    return frozenset(d for d in _BUILTIN_DTYPES
                     if _args.dtype_matches(param, d.name, d.kind, d.itemsize))


# ------------------------------------------------------- general converters


def general_converter(params, index):
    """``convert(value, keep) -> (kind, padding, word0, word1)`` for the
    parameter at ``index``, with the full checks of _args: the fields of
    its tilerun_arg_t (word0/word1: a scalar's bits and 0, or a buffer's
    address and size in bytes). Objects the kernel's memory depends on
    (DLPack views) are appended to ``keep``, which the caller holds until
    the launch returns."""
    param = params[index]
    where = "argument %r" % param.name
    if param.kind == "scalar":
        kind, scalar_bits = _capi.ARG_SCALAR, _args.scalar_bits

        def convert(value, keep):
            return kind, 0, scalar_bits(param, value), 0
    elif param.kind == "tensordesc":
        kind, rank = _capi.ARG_TENSOR_DESC, _args.descriptor_rank(params, index)

        def convert(value, keep):
            spec, k = _args.descriptor_arg(params, index, value, rank)
            keep.append(k)
            return kind, spec.padding, spec.data, spec.nbytes
    else:
        kind, buffer_of = _capi.ARG_BUFFER, _args.buffer_of

        def convert(value, keep):
            address, nbytes, k = buffer_of(value, param, where)
            keep.append(k)
            return kind, 0, address, nbytes
    return convert


# ------------------------------------------------------------ fast checks

# Per parameter kind, the statements that leave the parameter's fields in
# w{i} (word0) and n{i} (word1); {i} is its index, and a{i} its value.
# general{i} is its general converter, which every snippet falls back to.
_SNIPPETS = {
    # A numpy array (the exact type) of an accepted dtype: its address
    # comes through the buffer protocol (ctypes' from_buffer), the cheapest
    # public way to read it, which also applies the remaining checks:
    # numpy will not hand out a writeable buffer of a read-only array, and
    # from_buffer refuses one that is not C-contiguous or is empty. A
    # C-contiguous, non-empty array is dense, so what passes is what
    # _args.buffer_of accepts for it; refusals go to the general path,
    # which takes other layouts and types and words the errors.
    "buffer": """\
    if type(a{i}) is ndarray and a{i}.dtype in accepted{i}:
        try:
            w{i}, n{i} = addressof(from_buffer(a{i})), a{i}.nbytes
        except REFUSALS:
            _, _, w{i}, n{i} = general{i}(a{i}, keep)
    else:
        _, _, w{i}, n{i} = general{i}(a{i}, keep)
""",
    # A Python int in the type's range is its two's-complement bits;
    # numpy ints, bools and errors go to the general path.
    "int": """\
    if type(a{i}) is int and {lo} <= a{i} <= {hi}:
        w{i} = a{i} & {mask}
    else:
        w{i} = general{i}(a{i}, keep)[2]
""",
    # A Python float goes straight to its type's bit conversion (which
    # range-checks and names the argument); ints and numpy floats go to the
    # general path.
    "float": """\
    if type(a{i}) is float:
        w{i} = to_bits{i}(a{i}, where{i})
    else:
        w{i} = general{i}(a{i}, keep)[2]
""",
    # Everything else (descriptors; scalars of types without a fast check).
    "general": """\
    k{i}, d{i}, w{i}, n{i} = general{i}(a{i}, keep)
""",
}

# What each snippet packs: the four fields of the parameter's tilerun_arg_t.
_FIELDS = {
    "buffer": "%d, 0, w{i}, n{i}" % _capi.ARG_BUFFER,
    "int": "%d, 0, w{i}, 0" % _capi.ARG_SCALAR,
    "float": "%d, 0, w{i}, 0" % _capi.ARG_SCALAR,
    "general": "k{i}, d{i}, w{i}, n{i}",
}


def _f64_bits(x, where):
    """f64 bits; every Python float is one, so ``where`` is never needed."""
    return _args.f64_bits(x)


# The bit conversions float_bits picks by type name, each taking (x, where).
_FLOAT_BITS = {"f64": _f64_bits, "f32": _args.f32_bits, "f16": _args.f16_bits,
               "bf16": _args.bf16_bits}


def _fast_check(params, index, names):
    """The snippet kind and its format fields for the parameter at
    ``index``; the objects its snippet uses are added to ``names``."""
    p, i = params[index], index
    names["general%d" % i] = general_converter(params, index)
    if p.kind == "tensordesc":
        return "general", {}
    if p.kind != "scalar":
        names["accepted%d" % i] = accepted_dtypes(p)
        return "buffer", {}
    if p.type_kind == "float" and p.type_name in _FLOAT_BITS:
        names["to_bits%d" % i] = _FLOAT_BITS[p.type_name]
        names["where%d" % i] = "argument %r" % p.name
        return "float", {}
    if p.type_kind == "float":
        return "general", {}
    # Integers; anything else is an untyped pointer passed by value, which
    # scalar_bits takes as a 64-bit address.
    bits, unsigned = (p.bits, p.is_unsigned) if p.type_kind == "int" else (64, True)
    lo, hi = _args.int_range(bits, unsigned)
    return "int", {"lo": lo, "hi": hi, "mask": 2 ** max(bits, 1) - 1}


def packer(params):
    """``pack(values, keep) -> bytes``: the tilerun_arg_t array for one
    bound value per parameter, checked as _args.convert_arguments checks
    them and in the same order (so the first bad argument is the one
    reported). ``keep`` is as for general_converter."""
    names = {"ndarray": np.ndarray, "addressof": ctypes.addressof,
             "from_buffer": ctypes.c_char.from_buffer,
             "REFUSALS": (TypeError, ValueError, BufferError),
             "pack": arg_struct(len(params)).pack}
    body, fields = [], []
    for i in range(len(params)):
        kind, extra = _fast_check(params, i, names)
        body.append(_SNIPPETS[kind].format(i=i, **extra))
        fields.append(_FIELDS[kind].format(i=i))
    values = "".join("a%d, " % i for i in range(len(params)))
    source = ("def pack_args(values, keep):\n"
              + ("    %s= values\n" % values if params else "")
              + "".join(body)
              + "    return pack(%s)\n" % ", ".join(fields))
    exec(compile(source, "<tilerun argument packer>", "exec"), names)
    fn = names["pack_args"]
    fn.source = source
    return fn
