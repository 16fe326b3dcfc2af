"""tilerun: run Triton and Gluon GPU tile kernels on the CPU.

A thin ctypes layer over libtilerun's C API (tilerun-c/tilerun.h); there is
no compiled extension. The library is found on first use, in this order:
$TILERUN_LIBRARY, tilerun/lib/libtilerun.so* inside this package, the
build tree's build/lib/libtilerun.so (for the in-tree python/ directory),
then the dynamic loader's own search (libtilerun.so.0).

Compiling
---------
    import numpy as np, tilerun
    k = tilerun.compile("vec_add.ttir")            # or IR text, or a Path
    k = tilerun.compile(ir_text, "vec_add", checked=True)

compile(src, kernel=None, *, checked=None, max_program_bytes=0, threads=0,
cache_dir=None, memdesc_warnings=True, amx=True) takes Triton TTIR, Gluon/Triton TTGIR or triton-shared's
linalg-on-memref output. ``kernel`` names the function (None: the module's
only public kernel). ``checked=True`` bounds-checks every access: an
out-of-bounds access raises LaunchError naming the kernel's source line.
``threads`` is the number of worker threads of each launch (0: all cores).
``cache_dir`` is the on-disk compile cache ("" turns it off; None leaves it
to the library, which honours $TILERUN_CACHE_DIR).
``memdesc_warnings`` (on by default) issues a tilerun.CompileWarning for
each shared-memory descriptor op that Triton 3.6 runs and later Triton
rejects (a memdesc_reinterpret to a smaller or padded descriptor); the
kernel still compiles and runs as on Triton 3.6. False turns the check off;
warnings.filterwarnings("ignore", category=tilerun.CompileWarning) hides it.
``amx`` (on by default) multiplies dots on the CPU's AMX tiles where it has
them and Linux grants the process the tile state; False uses its AVX-512
dot instructions instead.
A cache directory that cannot be written (read-only, full) gives one
CompileWarning per process and the kernels run uncached.
Kernels with the same (threads, checked, cache_dir) share one context,
created on first use and kept for the life of the process.

A Kernel has ``name``, ``params`` (a list of Param namedtuples: name, kind
in "scalar"/"pointer"/"memref"/"tensordesc", type_name such as "f32",
bits, type_kind in "int"/"float"/"untyped", is_unsigned), ``compile_ms``,
and the properties ``llvm_ir`` (str) and ``binary`` (bytes).
``tilerun.load(binary)`` (or Kernel.load) gets a kernel back from those
bytes without compiling, on the same tilerun version and CPU.

Launching
---------
    n = 5000
    x, y = np.random.rand(n).astype(np.float32), np.ones(n, np.float32)
    out = np.empty_like(x)
    k[(n + 1023) // 1024](x, y, out, n)
    k[lambda meta: ((meta["n"] + 1023) // 1024,)](x, y, out, n=n)

``kernel[grid](*args, **kwargs)`` runs every program of the grid and
returns when all are done. The grid is an int, a tuple of 1 to 3 ints, or a
callable that takes a dict of the bound arguments by parameter name and
returns one of those. Each extent must be an int in [1, 2**31 - 1], and
the grid at most 2**63 - 1 programs in all. An exception raised by a grid
callable propagates unchanged.
Arguments follow the IR's parameter order, or bind by parameter name as
keywords (both may be mixed; names that are not Python identifiers, such as
``a_desc.shape0``, go through ``**{...}``). A wrong count, an unknown or a
repeated name is an ArgumentError listing the parameters.

Buffers (pointer and memref parameters) share memory with the caller, never
copy it, since the kernel writes through them:

* numpy arrays, which must be contiguous (C or Fortran order; any gap-free
  layout) and writeable: tilerun cannot tell which pointers a kernel writes,
  so read-only arrays are refused;
* objects with ``__dlpack__`` on the CPU, torch tensors for example
  (through numpy.from_dlpack; bfloat16 and float8 torch tensors through an
  integer view when torch is already imported; tilerun never imports torch
  itself). Tensors on another device are refused;
* objects with ``__array_interface__``;
* a raw int address: its extent is unknown, so checked mode cannot check
  accesses through it. None is refused (there are no null buffers), and
  so are addresses in the first page (below 4096: a size or an index
  passed for a buffer) and numpy scalars (no memory of their own).

An object whose own protocol fails (its __array_interface__, __dlpack__,
__index__ or __float__ raises or returns something malformed) is an
ArgumentError naming the argument, with the object's exception chained.

The element type must match the parameter's, in the machine's byte order
(a byte-swapped array such as dtype '>f4' is refused): f16/f32/f64 take
float16/float32/float64; bf16 takes uint16/int16 storage (or a bfloat16 dtype);
fp8 types (f8E4M3FN, f8E5M2, ...) take uint8/int8 storage; iN takes intN or
uintN (signedness is interchangeable); i1 takes bool, int8 or uint8.
Untyped pointers (!llvm.ptr) take any dtype.

Scalars are Python or numpy bools, ints and floats, converted by the
parameter's IR type: integers must be in range (i32: [-2**31, 2**31 - 1],
unsigned types from 0; i1: True/False or 0/1); floats are rounded to
nearest-even (bf16 from the value's f32 bits) and finite values beyond the
type's range are refused (a numpy long double too, which float() would
turn into an infinity); ints may be passed for float parameters, floats
never for int parameters.

Host tensor descriptors (``!tt.tensordesc`` parameters) take a
TensorDescriptor(base, shape, strides, block_shape=None, padding="zero"),
or any object with base, shape and strides attributes such as
triton.tools.tensor_descriptor.TensorDescriptor. In the IR the descriptor
is followed by its shape and strides as scalars (NAME.shape0.., then
NAME.stride0..); a descriptor object fills them, so the call passes just
the descriptor and the next positional argument binds to the parameter
after the strides. Passing all of the IR's parameters, those scalars
included, is accepted too, and then they must equal the descriptor's.
A plain buffer passed for a descriptor parameter is taken with zero
padding, and its shape and strides must then be passed as those scalars.
``padding="nan"`` makes out-of-bounds reads NaN. Descriptors reaching past
their base buffer are refused.

Errors
------
TilerunError (a RuntimeError) is the base of:

* CompileError: bad IR (the message and ``.diagnostics`` carry
  file:line:col), or no kernel of the given name;
* ArgumentError (also a TypeError and a ValueError): a launch or compile
  argument that does not fit; the message names the argument;
* LaunchError: a program failed (an out-of-bounds access in checked mode,
  a failed tl.device_assert, an mbarrier deadlock); the message names the
  kernel's source line.

Library failures that fit none of these (I/O, internal errors) are plain
TilerunErrors. Every message carries the library's own text.

Threads and signals
-------------------
A kernel can be compiled and launched from several Python threads at once.
ctypes releases the GIL during each library call, so other Python threads
run while a kernel runs; Ctrl-C (KeyboardInterrupt) is delivered only after
the launch returns (a launch is not cancelled). A child of os.fork() may
compile and launch: the library makes its own worker threads there.
"""

from ._args import Buffer, Param
from ._descriptor import TensorDescriptor
from ._errors import (ArgumentError, CompileError, CompileWarning,
                      LaunchError, TilerunError)
from ._kernel import Kernel, compile, host_target, load, version

__version__ = "0.4.0"

__all__ = [
    "ArgumentError",
    "Buffer",
    "CompileError",
    "CompileWarning",
    "Kernel",
    "LaunchError",
    "Param",
    "TensorDescriptor",
    "TilerunError",
    "compile",
    "host_target",
    "load",
    "version",
]
