"""ctypes declarations of tilerun's C API (tilerun-c/tilerun.h) and the
loading of libtilerun.

The structures below mirror the header field for field; C enums are ``int``
on every ABI tilerun supports. The library is loaded on first use, not at
import, so that ``import tilerun`` (and help(tilerun)) works on a machine
without it and the error names every place that was searched.
"""

import ctypes
import ctypes.util
import glob
import os
import threading

from ._errors import OK, TilerunError, error_for_status

# The header this module mirrors. A library of another major.minor may lay
# its structures out differently, so loading one is refused.
HEADER_VERSION = (0, 4, 0)

# tilerun_param_kind_t
PARAM_SCALAR = 0
PARAM_POINTER = 1
PARAM_MEMREF = 2
PARAM_TENSOR_DESC = 3

# tilerun_scalar_kind_t
SCALAR_INT = 0
SCALAR_FLOAT = 1
SCALAR_UNTYPED = 2

# tilerun_arg_kind_t
ARG_SCALAR = 0
ARG_BUFFER = 1
ARG_TENSOR_DESC = 2

# tilerun_padding_t
PADDING_ZERO = 0
PADDING_NAN = 1

_enum = ctypes.c_int
_handle = ctypes.c_void_p


class ContextOptions(ctypes.Structure):
    """tilerun_context_options_t."""

    _fields_ = [
        ("threads", ctypes.c_uint32),
        ("checked", ctypes.c_int32),
        ("cache_dir", ctypes.c_char_p),
    ]


class CompileOptions(ctypes.Structure):
    """tilerun_compile_options_t."""

    _fields_ = [
        ("kernel_name", ctypes.c_char_p),
        ("checked", ctypes.c_int32),
        ("max_program_bytes", ctypes.c_uint64),
        ("memdesc_warnings", ctypes.c_int32),
        ("amx", ctypes.c_int32),
    ]


class ParamInfo(ctypes.Structure):
    """tilerun_param_info_t."""

    _fields_ = [
        ("name", ctypes.c_char_p),
        ("kind", _enum),
        ("type_kind", _enum),
        ("bits", ctypes.c_uint32),
        ("is_unsigned", ctypes.c_int32),
        ("type_name", ctypes.c_char_p),
    ]


class ArgBuffer(ctypes.Structure):
    """The ``buffer`` member of tilerun_arg_t's value union."""

    _fields_ = [("data", ctypes.c_void_p), ("bytes", ctypes.c_uint64)]


class ArgValue(ctypes.Union):
    """tilerun_arg_t's value union."""

    _fields_ = [("bits", ctypes.c_uint64), ("buffer", ArgBuffer)]


class Arg(ctypes.Structure):
    """tilerun_arg_t."""

    _fields_ = [
        ("kind", _enum),
        ("padding", ctypes.c_uint32),
        ("value", ArgValue),
    ]


_P = ctypes.POINTER

# name: (restype, argtypes)
_PROTOTYPES = {
    "tilerun_version": (ctypes.c_char_p, []),
    "tilerun_host_target": (ctypes.c_char_p, []),
    "tilerun_last_error": (ctypes.c_char_p, []),
    "tilerun_context_options_init": (None, [_P(ContextOptions)]),
    "tilerun_context_create": (_enum, [_P(ContextOptions), _P(_handle)]),
    "tilerun_context_destroy": (None, [_handle]),
    "tilerun_compile_options_init": (None, [_P(CompileOptions)]),
    "tilerun_kernel_compile": (
        _enum,
        [_handle, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
         _P(CompileOptions), _P(_handle)],
    ),
    "tilerun_kernel_compile_file": (
        _enum, [_handle, ctypes.c_char_p, _P(CompileOptions), _P(_handle)]),
    "tilerun_kernel_destroy": (None, [_handle]),
    "tilerun_kernel_name": (ctypes.c_char_p, [_handle]),
    "tilerun_kernel_compile_ms": (ctypes.c_double, [_handle]),
    "tilerun_kernel_num_warnings": (ctypes.c_size_t, [_handle]),
    "tilerun_kernel_warning": (ctypes.c_char_p, [_handle, ctypes.c_size_t]),
    "tilerun_kernel_num_params": (ctypes.c_size_t, [_handle]),
    "tilerun_kernel_param": (_enum, [_handle, ctypes.c_size_t, _P(ParamInfo)]),
    # char ** and void ** are both taken as void ** so the memory can be
    # handed back to tilerun_free unchanged.
    "tilerun_kernel_llvm_ir": (
        _enum, [_handle, _P(ctypes.c_void_p), _P(ctypes.c_size_t)]),
    "tilerun_kernel_binary": (
        _enum, [_handle, _P(ctypes.c_void_p), _P(ctypes.c_size_t)]),
    "tilerun_kernel_load": (
        _enum, [_handle, ctypes.c_char_p, ctypes.c_size_t, _P(_handle)]),
    "tilerun_free": (None, [ctypes.c_void_p]),
    "tilerun_kernel_launch": (
        _enum,
        [_handle, ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32, _P(Arg),
         ctypes.c_size_t],
    ),
}

_PACKAGE_DIR = os.path.dirname(os.path.abspath(__file__))
_lock = threading.Lock()
_lib = None


def candidate_paths():
    """The places the library is looked for, in order.

    1. $TILERUN_LIBRARY (a path), 2. tilerun/lib/libtilerun.so* inside the
    package (a wheel that carries the library), 3. ../../build/lib beside
    the package source (the in-tree copy under python/), 4. the dynamic
    loader's own search (ctypes.util.find_library, else libtilerun.so.0).
    """
    paths = []
    env = os.environ.get("TILERUN_LIBRARY")
    if env:
        paths.append(env)
    bundled = sorted(glob.glob(os.path.join(_PACKAGE_DIR, "lib", "libtilerun.so*")),
                     key=len)
    paths.extend(bundled)
    paths.append(os.path.normpath(
        os.path.join(_PACKAGE_DIR, "..", "..", "build", "lib", "libtilerun.so")))
    paths.append(ctypes.util.find_library("tilerun") or "libtilerun.so.0")
    return paths


def _declare(lib):
    """Sets every function's prototype so that ctypes converts (and checks)
    arguments instead of guessing from the Python values."""
    for name, (restype, argtypes) in _PROTOTYPES.items():
        fn = getattr(lib, name)
        fn.restype = restype
        fn.argtypes = argtypes


def _check_version(lib, path):
    """Refuses a library whose major.minor differs from the header's."""
    text = (lib.tilerun_version() or b"").decode("ascii", "replace")
    parts = text.split(".")
    try:
        got = tuple(int(p) for p in parts[:2])
    except ValueError:
        got = None
    if got != HEADER_VERSION[:2]:
        raise TilerunError(
            "%s is tilerun %r, but this Python package expects %d.%d.x"
            % (path, text, HEADER_VERSION[0], HEADER_VERSION[1]))


def _open_first(paths):
    """Opens the first path that loads; the errors of the others are kept
    for the message."""
    tried = []
    for path in paths:
        try:
            lib = ctypes.CDLL(path)
            _declare(lib)
        except (OSError, AttributeError) as e:
            tried.append("  %s: %s" % (path, e))
            continue
        _check_version(lib, path)
        return lib
    raise TilerunError(
        "cannot load libtilerun; tried, in order:\n" + "\n".join(tried)
        + "\nSet TILERUN_LIBRARY to the library's path, or build it "
          "(build/lib/libtilerun.so).")


def lib():
    """The loaded library (loaded on the first call; thread-safe)."""
    global _lib
    if _lib is None:
        with _lock:
            if _lib is None:
                _lib = _open_first(candidate_paths())
    return _lib


def packed_launch():
    """tilerun_kernel_launch as a second function object, for the launch
    fast path (``lib().tilerun_kernel_launch`` keeps its full prototype).

    It is called as ``fn(handle, gx, gy, gz, packed, count)``: handle a
    c_void_p, gx..gz Python ints already checked to lie in [1, 2**31 - 1],
    packed a bytes object holding the tilerun_arg_t structures (see
    _launch.arg_struct), count a c_size_t. Those are exactly the C types
    without any conversion, so argtypes are left undeclared: declaring them
    makes ctypes run a from_param per argument on every launch (about 0.4
    us in all). ctypes passes a c_void_p and a c_size_t as themselves, a
    bytes object as a pointer to its contents (no copy; the C side only
    reads it), and a Python int as a C int, which for values in that range
    is the same argument as a uint32_t on every ABI tilerun supports. A
    fresh bytes object per launch keeps concurrent launches independent.
    """
    fn = lib()["tilerun_kernel_launch"]  # indexing makes a new function object
    fn.restype = _enum
    return fn


def last_error():
    """tilerun_last_error() as text."""
    raw = lib().tilerun_last_error()
    return raw.decode("utf-8", "replace") if raw else ""


def check(status, what):
    """Raises the mapped exception for a non-OK status.

    Must be called right after the failing call, on the same thread:
    tilerun_last_error() is per thread and only valid until the next call.
    """
    if status != OK:
        raise error_for_status(status, last_error(), what)
