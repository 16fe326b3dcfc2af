"""Contexts, compilation, loading and launching over the C API."""

import ctypes
import os
import pathlib
import threading
import warnings

from . import _args, _capi, _launch
from ._errors import ArgumentError, CompileWarning, TilerunError

_PARAM_KINDS = {
    _capi.PARAM_SCALAR: "scalar",
    _capi.PARAM_POINTER: "pointer",
    _capi.PARAM_MEMREF: "memref",
    _capi.PARAM_TENSOR_DESC: "tensordesc",
}
_TYPE_KINDS = {
    _capi.SCALAR_INT: "int",
    _capi.SCALAR_FLOAT: "float",
    _capi.SCALAR_UNTYPED: "untyped",
}
_IR_SUFFIXES = (".ttir", ".ttgir", ".mlir")
_MAX_EXTENT = _args.MAX_GRID_EXTENT


def _decode(raw):
    return raw.decode("utf-8", "replace") if raw else ""


# ---------------------------------------------------------------- contexts


class _Context:
    """One tilerun_context_t. Contexts are created on demand and kept for
    the life of the process: a kernel must be destroyed before its context,
    and kernels may live until interpreter shutdown."""

    def __init__(self, threads, checked, cache_dir):
        lib = _capi.lib()
        options = _capi.ContextOptions()
        lib.tilerun_context_options_init(ctypes.byref(options))
        options.threads = threads
        options.checked = 1 if checked else 0
        # Kept on the object in case the library holds on to the pointer.
        self._cache_dir = None if cache_dir is None else os.fsencode(cache_dir)
        if self._cache_dir is not None:
            options.cache_dir = self._cache_dir
        handle = ctypes.c_void_p()
        _capi.check(lib.tilerun_context_create(ctypes.byref(options),
                                               ctypes.byref(handle)),
                    "tilerun_context_create")
        self.handle = handle
        self.threads, self.checked, self.cache_dir = threads, bool(checked), cache_dir


_contexts = {}
_contexts_lock = threading.Lock()


def _renew_contexts_lock():
    """In the child of a fork: the lock may have been held by a thread the
    child does not have (one making a context), and would then never be
    released; the table itself is consistent, as every change to it is made
    under the GIL. The library makes its own worker threads in the child."""
    global _contexts_lock
    _contexts_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_renew_contexts_lock)


def _uint(value, bits, what):
    """An unsigned option value, range-checked."""
    if isinstance(value, bool) or not isinstance(value, int):
        try:
            value = value.__index__()
        except AttributeError:
            raise ArgumentError("%s must be an int, got %r" % (what, value)) from None
    if not 0 <= value < 2 ** bits:
        raise ArgumentError("%s must be in [0, 2**%d), got %d" % (what, bits, value))
    return value


def _context(threads=0, checked=None, cache_dir=None):
    """The shared context for (threads, checked, cache_dir), made once."""
    threads = _uint(threads, 32, "threads")
    if cache_dir is not None:
        cache_dir = os.fspath(cache_dir)
    key = (threads, bool(checked), cache_dir)
    with _contexts_lock:
        ctx = _contexts.get(key)
        if ctx is None:
            ctx = _contexts[key] = _Context(*key)
    return ctx


# ----------------------------------------------------------------- kernels


class _Launcher:
    """``kernel[grid]``: calling it launches the kernel over ``grid``."""

    __slots__ = ("_kernel", "_grid")

    def __init__(self, kernel, grid):
        self._kernel, self._grid = kernel, grid

    def __call__(self, *args, **kwargs):
        return self._kernel._launch(self._grid, args, kwargs)

    def __repr__(self):
        return "<launch of %s over %r>" % (self._kernel.name, self._grid)


class Kernel:
    """A compiled kernel; made by tilerun.compile() or Kernel.load().

    Launch with ``kernel[grid](*args, **kwargs)`` (see the tilerun module's
    help for the argument rules). Attributes: ``name``, ``params`` (a list
    of tilerun.Param), ``compile_ms``; properties ``llvm_ir`` (text) and
    ``binary`` (bytes for Kernel.load). A kernel may be launched from several
    threads at once.
    """

    def __init__(self, *args, **kwargs):
        raise TypeError("Kernel objects are made by tilerun.compile() or "
                        "tilerun.load()")

    @classmethod
    def _wrap(cls, handle, context):
        """Takes ownership of a tilerun_kernel_t."""
        self = object.__new__(cls)
        self._handle = handle
        self._context = context  # keeps the context referenced
        lib = _capi.lib()
        self.name = _decode(lib.tilerun_kernel_name(handle))
        self.compile_ms = float(lib.tilerun_kernel_compile_ms(handle))
        self.params = self._read_params(lib, handle)
        self._prepare_launches()
        return self

    def _prepare_launches(self):
        """Everything a launch needs that depends only on the parameters,
        worked out once: the packer that checks the arguments and packs
        their tilerun_arg_t, and how many positional arguments can be taken
        as they are."""
        self._pack_args = _launch.packer(self.params)
        self._launch_fn = _capi.packed_launch()
        self._num_args = ctypes.c_size_t(len(self.params))
        # A descriptor object fills the scalars after it, so with descriptor
        # parameters positional arguments always go through binding.
        has_descriptors = any(p.kind == "tensordesc" for p in self.params)
        self._plain_arity = -1 if has_descriptors else len(self.params)

    @staticmethod
    def _read_params(lib, handle):
        params = []
        for i in range(lib.tilerun_kernel_num_params(handle)):
            info = _capi.ParamInfo()
            _capi.check(lib.tilerun_kernel_param(handle, i, ctypes.byref(info)),
                        "tilerun_kernel_param")
            params.append(_args.Param(
                name=_decode(info.name),
                kind=_PARAM_KINDS.get(info.kind, "kind %d" % info.kind),
                type_name=_decode(info.type_name),
                bits=int(info.bits),
                type_kind=_TYPE_KINDS.get(info.type_kind, "kind %d" % info.type_kind),
                is_unsigned=bool(info.is_unsigned)))
        return params

    @classmethod
    def load(cls, binary, *, threads=0):
        """A kernel from ``Kernel.binary`` bytes, without compiling.

        The bytes must come from the same tilerun version and a CPU like
        this one (TilerunError otherwise). ``threads`` picks the context
        (0: all cores); bounds checking is part of the binary.
        """
        try:
            data = bytes(binary)
        except TypeError:
            raise ArgumentError("tilerun.load takes bytes, got %s"
                                % type(binary).__name__) from None
        ctx = _context(threads)
        handle = ctypes.c_void_p()
        _capi.check(_capi.lib().tilerun_kernel_load(ctx.handle, data, len(data),
                                                    ctypes.byref(handle)),
                    "tilerun_kernel_load")
        return cls._wrap(handle, ctx)

    def _returned_bytes(self, fn, what):
        """Calls a C function that returns memory for tilerun_free."""
        lib = _capi.lib()
        ptr, size = ctypes.c_void_p(), ctypes.c_size_t()
        _capi.check(fn(self._handle, ctypes.byref(ptr), ctypes.byref(size)), what)
        try:
            return ctypes.string_at(ptr, size.value) if size.value else b""
        finally:
            lib.tilerun_free(ptr)

    @property
    def llvm_ir(self):
        """The kernel's LLVM IR before LLVM's optimisation pipeline.

        Kernels made by Kernel.load() have none (the binary keeps only
        object code): TilerunError.
        """
        try:
            raw = self._returned_bytes(_capi.lib().tilerun_kernel_llvm_ir,
                                       "tilerun_kernel_llvm_ir")
        except ArgumentError as e:
            # The library reports this as an invalid argument, but the
            # property takes none: re-raised as the plain error.
            raise TilerunError(str(e), e.status) from None
        return raw.decode("utf-8", "replace")

    @property
    def binary(self):
        """The compiled kernel as bytes that Kernel.load() takes back."""
        return self._returned_bytes(_capi.lib().tilerun_kernel_binary,
                                    "tilerun_kernel_binary")

    def __getitem__(self, grid):
        return _Launcher(self, grid)

    def launch(self, grid, /, *args, **kwargs):
        """Same as ``kernel[grid](*args, **kwargs)``."""
        self._launch(grid, args, kwargs)

    def _launch(self, grid, args, kwargs):
        """Binds, checks and converts the arguments and runs the kernel.

        Positional arguments that match the parameters one to one are used
        as they are (that is what binding returns for them); anything else
        is bound in full. Every value is checked by the packer on every
        launch (see the _launch module); nothing is remembered between
        launches.
        """
        if kwargs or len(args) != self._plain_arity:
            args = _args.bind_arguments(self.name, self.params, args, kwargs)
        if type(grid) is int and 1 <= grid <= _MAX_EXTENT:  # the usual grid
            gx, gy, gz = grid, 1, 1
        else:
            gx, gy, gz = self._grid_extents(grid, args)
        keep = []
        packed = self._pack_args(args, keep)
        # ctypes releases the GIL for the call; `args` and `keep` hold every
        # array (and DLPack view) alive until the kernel is done with them.
        status = self._launch_fn(self._handle, gx, gy, gz, packed, self._num_args)
        if status:
            _capi.check(status, "launch of kernel %r" % self.name)
        del keep

    def _grid_extents(self, grid, values):
        """(gx, gy, gz) of any grid normalize_grid takes; a callable sees
        the bound arguments by parameter name."""
        params = self.params
        return _args.normalize_grid(
            grid, lambda: {p.name: v for p, v in zip(params, values)})

    def signature(self):
        """The parameters as text: ``name(x_ptr: *f32, n: i32)``."""
        def one(p):
            prefix = {"pointer": "*", "memref": "memref ", "tensordesc": "desc "}
            return "%s: %s%s" % (p.name, prefix.get(p.kind, ""), p.type_name)
        return "%s(%s)" % (self.name, ", ".join(one(p) for p in self.params))

    def __repr__(self):
        return "<tilerun.Kernel %s>" % self.signature()

    def __del__(self):
        handle = getattr(self, "_handle", None)
        if handle is None:
            return
        self._handle = None
        try:
            _capi.lib().tilerun_kernel_destroy(handle)
        except Exception:  # interpreter shutdown: modules may be gone
            pass


def load(binary, *, threads=0):
    """A kernel from ``Kernel.binary`` bytes (see Kernel.load)."""
    return Kernel.load(binary, threads=threads)


# ------------------------------------------------------------- compilation


def _as_path(src):
    """The IR file ``src`` names, or None when it is IR text.

    A str is a path when it names an existing file, or when it is one line
    ending in .ttir/.ttgir/.mlir (so a mistyped path fails as a missing file
    instead of as unparseable IR).
    """
    if isinstance(src, pathlib.PurePath):
        return src
    if not isinstance(src, str):
        return None
    if "\n" in src:
        return None
    if os.path.isfile(src) or src.endswith(_IR_SUFFIXES):
        return src
    return None


def _compile_options(lib, kernel, checked, max_program_bytes, memdesc_warnings,
                     amx):
    options = _capi.CompileOptions()
    lib.tilerun_compile_options_init(ctypes.byref(options))
    if kernel is not None:
        if not isinstance(kernel, str):
            raise ArgumentError("kernel must be a str (the function's name), got %r"
                                % (kernel,))
        options.kernel_name = kernel.encode("utf-8")
    options.checked = -1 if checked is None else (1 if checked else 0)
    options.max_program_bytes = _uint(max_program_bytes, 64, "max_program_bytes")
    options.memdesc_warnings = 1 if memdesc_warnings else 0
    options.amx = 1 if amx else 0
    return options


def compile(src, kernel=None, *, checked=None, max_program_bytes=0, threads=0,
            cache_dir=None, memdesc_warnings=True, amx=True):
    """Compiles a kernel from IR text or an IR file and returns a Kernel.

    src: IR text (str or bytes) or a path (str or pathlib.Path; a str is a
    path when it names an existing file or ends in .ttir/.ttgir/.mlir).
    kernel: the function's name; None for the module's only public kernel.
    checked: bounds-check every access (None: the context's setting, off).
    max_program_bytes: most tile and shared memory per program (0: 64 MiB).
    threads: worker threads of its launches, 0 for all cores.
    cache_dir: directory of the on-disk compile cache; "" turns it off;
    None leaves the choice to the library ($TILERUN_CACHE_DIR when set).
    memdesc_warnings: issue a CompileWarning for each shared-memory
    descriptor op that Triton 3.6 accepts and later Triton rejects (the
    kernel runs as on Triton 3.6); False skips the check. Issued on every
    compile, cache hit or not; Python's warning filters show each message
    once per process unless told otherwise.
    amx: multiply dots on the CPU's AMX tiles where it has them and Linux
    grants the tile state; False uses its AVX-512 dot instructions.

    Raises CompileError (with ``.diagnostics``, file:line:col) for IR that
    does not parse, verify or lower, and for a missing kernel name.
    """
    ctx = _context(threads, checked, cache_dir)
    lib = _capi.lib()
    options = _compile_options(lib, kernel, checked, max_program_bytes,
                               memdesc_warnings, amx)
    handle = ctypes.c_void_p()
    path = _as_path(src)
    if path is not None:
        status = lib.tilerun_kernel_compile_file(
            ctx.handle, os.fsencode(path), ctypes.byref(options), ctypes.byref(handle))
    else:
        if isinstance(src, str):
            text = src.encode("utf-8")
        elif isinstance(src, (bytes, bytearray, memoryview)):
            text = bytes(src)
        else:
            raise ArgumentError("src must be IR text or a path, got %s"
                                % type(src).__name__)
        status = lib.tilerun_kernel_compile(ctx.handle, text, len(text), None,
                                            ctypes.byref(options), ctypes.byref(handle))
    _capi.check(status, "compile")
    compiled = Kernel._wrap(handle, ctx)
    for i in range(lib.tilerun_kernel_num_warnings(handle)):
        warnings.warn(_decode(lib.tilerun_kernel_warning(handle, i)),
                      CompileWarning, stacklevel=2)
    return compiled


def version():
    """The library's version string ("0.4.0"); loads the library."""
    return _decode(_capi.lib().tilerun_version())


def host_target():
    """The machine kernels compile for ("x86_64-pc-linux-gnu sapphirerapids"):
    binaries load only where it is the same. Loads the library."""
    return _decode(_capi.lib().tilerun_host_target())
