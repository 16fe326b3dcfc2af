/*===- tilerun-c/tilerun.h - tilerun's C API ---------------------*- C -*-===*\
|*                                                                            *|
|* Compile GPU tile kernels (Triton TTIR, Gluon/Triton TTGIR, triton-shared's *|
|* linalg-on-memref output) for the CPU and launch them over a 3-D grid of    *|
|* program instances. C99; no MLIR or LLVM type appears here.                 *|
|*                                                                            *|
|* Error model. Every function that can fail returns a tilerun_status_t;      *|
|* TILERUN_OK (0) is success. On failure, tilerun_last_error() returns the    *|
|* full message (with file:line:col for IR problems, the argument's name for  *|
|* launch problems) of the last failed call on the calling thread. No call    *|
|* aborts the process: bad IR, bad arguments and LLVM/MLIR fatal errors come  *|
|* back as status codes.                                                      *|
|*                                                                            *|
|* Threads. A context may be used from several threads at once: compiles and  *|
|* launches on one context (and on one kernel) may run concurrently. Handles  *|
|* must not be used after they are destroyed; a kernel must be destroyed      *|
|* before the context it was compiled on (using either afterwards is          *|
|* undefined behaviour, as for any freed C object).                           *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef TILERUN_C_TILERUN_H
#define TILERUN_C_TILERUN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Version of this header; tilerun_version() gives the library's. */
#define TILERUN_VERSION_MAJOR 0
#define TILERUN_VERSION_MINOR 4
#define TILERUN_VERSION_PATCH 0

typedef enum tilerun_status {
  TILERUN_OK = 0,
  /** A NULL handle or pointer, a bad option, a wrong argument count. */
  TILERUN_ERROR_INVALID_ARGUMENT = 1,
  /** The IR does not parse or verify, or the kernel cannot be lowered. */
  TILERUN_ERROR_COMPILE = 2,
  /** No kernel of that name (or several and none named). */
  TILERUN_ERROR_NOT_FOUND = 3,
  /** A launch argument does not fit its parameter (kind, type, range). */
  TILERUN_ERROR_BAD_ARGUMENT = 4,
  /** The kernel failed while running: an out-of-bounds access in checked
      mode, a failed tl.device_assert, an mbarrier deadlock. */
  TILERUN_ERROR_LAUNCH = 5,
  /** A file could not be read, or object code could not be loaded. */
  TILERUN_ERROR_IO = 6,
  /** A fatal error inside LLVM or MLIR, caught and reported. */
  TILERUN_ERROR_INTERNAL = 7
} tilerun_status_t;

/** "0.4.0". */
const char *tilerun_version(void);

/** The machine kernels are compiled for: the process triple and the host
    CPU's name, e.g. "x86_64-pc-linux-gnu sapphirerapids". A binary from
    tilerun_kernel_binary loads only where this is the same, so caches of
    binaries key on it. */
const char *tilerun_host_target(void);

/** The message of the last failed call on this thread; a call that can
    fail clears it when it succeeds. Valid until the next tilerun call on
    this thread. */
const char *tilerun_last_error(void);

/*===-- Contexts ---------------------------------------------------------===*/

typedef struct tilerun_context tilerun_context_t;

typedef struct tilerun_context_options {
  /** Worker threads of a launch, the caller included; 0: all cores. */
  uint32_t threads;
  /** Bounds-check every access of kernels compiled on this context
      (0/1; tilerun_compile_options_t.checked may override it). */
  int32_t checked;
  /** Directory of the on-disk compile cache. NULL: where the command line
      keeps it ($TILERUN_CACHE_DIR, else $XDG_CACHE_HOME/tilerun, else
      ~/.cache/tilerun; TILERUN_CACHE_DIR=off or empty for none). "": no
      cache. The cache prunes itself by $TILERUN_CACHE_POLICY (docs/api.md). */
  const char *cache_dir;
} tilerun_context_options_t;

/** Fills `options` with the defaults (all cores, unchecked, default cache). */
void tilerun_context_options_init(tilerun_context_options_t *options);

/** Creates a context; `options` may be NULL for the defaults. */
tilerun_status_t
tilerun_context_create(const tilerun_context_options_t *options,
                       tilerun_context_t **context);

/** Destroys `context` (NULL is ignored). Its kernels must be destroyed
    first. */
void tilerun_context_destroy(tilerun_context_t *context);

/*===-- Kernels ----------------------------------------------------------===*/

typedef struct tilerun_kernel tilerun_kernel_t;

typedef struct tilerun_compile_options {
  /** The kernel's name; NULL or "": the module's only public kernel. */
  const char *kernel_name;
  /** -1: the context's setting; 0 or 1: bounds checks off or on. */
  int32_t checked;
  /** Most bytes of tile buffers and shared memory one program may use;
      0: the default (64 MiB). At most 2 GiB (TILERUN_ERROR_INVALID_ARGUMENT
      above). */
  uint64_t max_program_bytes;
  /** 1 (the default): check the IR's shared-memory descriptor ops against
      the rules of Triton after 3.6 and keep a warning for each op that
      Triton 3.6 accepts and they reject (tilerun_kernel_warning), on every
      compile, whether or not the compile cache has the kernel; the kernel
      compiles and runs as Triton 3.6 runs it either way. 0: no check, no
      warnings. */
  int32_t memdesc_warnings;
  /** 1 (the default): multiply dots on the CPU's AMX tiles where it has
      them and Linux grants the process the tile state (asked for once);
      otherwise, and with 0, on its AVX-512 or AVX2 dot instructions. */
  int32_t amx;
} tilerun_compile_options_t;

/** Fills `options` with the defaults. */
void tilerun_compile_options_init(tilerun_compile_options_t *options);

/** Compiles a kernel from IR text (`size` bytes; need not be
    NUL-terminated). `source_name` names the text in diagnostics (NULL:
    "<source>"). `options` may be NULL. */
tilerun_status_t
tilerun_kernel_compile(tilerun_context_t *context, const char *ir, size_t size,
                       const char *source_name,
                       const tilerun_compile_options_t *options,
                       tilerun_kernel_t **kernel);

/** Compiles a kernel from an IR file (.ttir, .ttgir, .mlir). */
tilerun_status_t
tilerun_kernel_compile_file(tilerun_context_t *context, const char *path,
                            const tilerun_compile_options_t *options,
                            tilerun_kernel_t **kernel);

/** Destroys `kernel` (NULL is ignored). */
void tilerun_kernel_destroy(tilerun_kernel_t *kernel);

/** The kernel's function name. Valid while the kernel lives. */
const char *tilerun_kernel_name(const tilerun_kernel_t *kernel);

/** Milliseconds its compile took (or its load from the cache). */
double tilerun_kernel_compile_ms(const tilerun_kernel_t *kernel);

/** Number of warnings its compile gave (0 for a kernel from
    tilerun_kernel_load). Today these are the memdesc_warnings of
    tilerun_compile_options_t, and a compile cache directory that cannot be
    written (read-only, full): the kernel runs, uncached, and this process
    stores nothing more there, so only the first such compile warns. */
size_t tilerun_kernel_num_warnings(const tilerun_kernel_t *kernel);

/** Warning `index`, as the command line prints it: "file:line:col:
    warning: ...", the source line, and its notes on the lines after (the
    cache's warning is one line with no location). NULL if there is no such
    warning. Valid while the kernel lives. */
const char *tilerun_kernel_warning(const tilerun_kernel_t *kernel,
                                   size_t index);

/*===-- Signatures -------------------------------------------------------===*/

typedef enum tilerun_param_kind {
  /** A scalar passed by value (tilerun_arg_t.scalar). */
  TILERUN_PARAM_SCALAR = 0,
  /** A pointer (`!tt.ptr<T>`): a buffer. */
  TILERUN_PARAM_POINTER = 1,
  /** A memref (triton-shared's linalg kernels): a buffer. */
  TILERUN_PARAM_MEMREF = 2,
  /** A host-side tensor descriptor (`!tt.tensordesc`): its base tensor's
      buffer and a padding; its shape and strides are the scalar parameters
      after it. */
  TILERUN_PARAM_TENSOR_DESC = 3
} tilerun_param_kind_t;

typedef enum tilerun_scalar_kind {
  TILERUN_SCALAR_INT = 0,
  TILERUN_SCALAR_FLOAT = 1,
  /** An untyped pointer (!llvm.ptr). */
  TILERUN_SCALAR_UNTYPED = 2
} tilerun_scalar_kind_t;

typedef struct tilerun_param_info {
  /** The name Triton gave the parameter (`x_ptr`); a host descriptor's
      shape and strides are NAME.shapeD / NAME.strideD. */
  const char *name;
  tilerun_param_kind_t kind;
  /** The scalar's type, or the pointee / element type of a buffer. */
  tilerun_scalar_kind_t type_kind;
  /** Width in bits (1 for i1; 16 for f16 and bf16). */
  uint32_t bits;
  /** 1 for unsigned integers (`ui32` in a descriptor block). */
  int32_t is_unsigned;
  /** The IR spelling of the type: "f32", "bf16", "i64", "f8E4M3FN". */
  const char *type_name;
} tilerun_param_info_t;

/** Number of parameters a launch takes (the IR's own parameters). */
size_t tilerun_kernel_num_params(const tilerun_kernel_t *kernel);

/** Describes parameter `index`. Strings stay valid while the kernel lives. */
tilerun_status_t tilerun_kernel_param(const tilerun_kernel_t *kernel,
                                      size_t index, tilerun_param_info_t *info);

/*===-- Code -------------------------------------------------------------===*/

/** The kernel's LLVM IR as text, as tilerun's lowering produces it before
    LLVM's optimisation pipeline. `*text` is NUL-terminated; free it with
    tilerun_free(). A kernel from tilerun_kernel_load() has no IR:
    TILERUN_ERROR_INVALID_ARGUMENT. */
tilerun_status_t tilerun_kernel_llvm_ir(const tilerun_kernel_t *kernel,
                                        char **text, size_t *size);

/** The compiled kernel as bytes: its native object code for this CPU and
    its signature, in a form tilerun_kernel_load() takes back. Free with
    tilerun_free(). */
tilerun_status_t tilerun_kernel_binary(const tilerun_kernel_t *kernel,
                                       void **bytes, size_t *size);

/** Loads a kernel from tilerun_kernel_binary()'s bytes without compiling.
    Fails with TILERUN_ERROR_IO if the bytes are not such a binary, were made
    by another tilerun version or for another CPU. */
tilerun_status_t tilerun_kernel_load(tilerun_context_t *context,
                                     const void *bytes, size_t size,
                                     tilerun_kernel_t **kernel);

/** Frees memory that tilerun returned (NULL is ignored). */
void tilerun_free(void *memory);

/*===-- Launches ---------------------------------------------------------===*/

typedef enum tilerun_arg_kind {
  TILERUN_ARG_SCALAR = 0,
  TILERUN_ARG_BUFFER = 1,
  TILERUN_ARG_TENSOR_DESC = 2
} tilerun_arg_kind_t;

/** Out-of-bounds reads through a host descriptor: zero or NaN. */
typedef enum tilerun_padding {
  TILERUN_PADDING_ZERO = 0,
  TILERUN_PADDING_NAN = 1
} tilerun_padding_t;

/** One launch argument. Scalars are the little-endian bits of a value of
    the parameter's own type (use the tilerun_arg_* helpers below); bits
    above an integer parameter's width must be zero or its sign extension
    (else TILERUN_ERROR_BAD_ARGUMENT). Buffers are an address and their size
    in bytes; checked mode checks every access against that extent, and a
    buffer must hold at least one element (8 bytes for an untyped
    pointer). An address below 4096 (in the never-mapped first page: a
    size or an index passed by mistake) is TILERUN_ERROR_BAD_ARGUMENT. */
typedef struct tilerun_arg {
  tilerun_arg_kind_t kind;
  /** TILERUN_ARG_TENSOR_DESC: a tilerun_padding_t. */
  uint32_t padding;
  union {
    uint64_t bits;
    struct {
      void *data;
      uint64_t bytes;
    } buffer;
  } value;
} tilerun_arg_t;

static inline tilerun_arg_t tilerun_arg_buffer(void *data, uint64_t bytes) {
  tilerun_arg_t a;
  a.kind = TILERUN_ARG_BUFFER;
  a.padding = 0;
  a.value.buffer.data = data;
  a.value.buffer.bytes = bytes;
  return a;
}
static inline tilerun_arg_t tilerun_arg_tensor_desc(void *data, uint64_t bytes,
                                                    tilerun_padding_t padding) {
  tilerun_arg_t a = tilerun_arg_buffer(data, bytes);
  a.kind = TILERUN_ARG_TENSOR_DESC;
  a.padding = (uint32_t)padding;
  return a;
}
static inline tilerun_arg_t tilerun_arg_bits(uint64_t bits) {
  tilerun_arg_t a;
  a.kind = TILERUN_ARG_SCALAR;
  a.padding = 0;
  a.value.bits = bits;
  return a;
}
static inline tilerun_arg_t tilerun_arg_i32(int32_t v) {
  return tilerun_arg_bits((uint32_t)v);
}
static inline tilerun_arg_t tilerun_arg_i64(int64_t v) {
  return tilerun_arg_bits((uint64_t)v);
}
static inline tilerun_arg_t tilerun_arg_f32(float v) {
  union {
    float f;
    uint32_t u;
  } c;
  c.f = v;
  return tilerun_arg_bits(c.u);
}
static inline tilerun_arg_t tilerun_arg_f64(double v) {
  union {
    double f;
    uint64_t u;
  } c;
  c.f = v;
  return tilerun_arg_bits(c.u);
}

/** Runs every program of the grid (gx, gy, gz, each from 1 to 2^31 - 1,
    and at most 2^63 - 1 programs in all, else
    TILERUN_ERROR_INVALID_ARGUMENT) with `args` in the kernel's parameter
    order, and returns when all are done. Returns TILERUN_ERROR_BAD_ARGUMENT
    for a wrong count, kind or value (naming the parameter),
    TILERUN_ERROR_LAUNCH when a program failed or could not be started (no
    thread with the stack its programs need). Usable in a child of fork(),
    which makes its own worker threads. */
tilerun_status_t tilerun_kernel_launch(const tilerun_kernel_t *kernel,
                                       uint32_t gx, uint32_t gy, uint32_t gz,
                                       const tilerun_arg_t *args,
                                       size_t num_args);

#ifdef __cplusplus
}
#endif

#endif /* TILERUN_C_TILERUN_H */
