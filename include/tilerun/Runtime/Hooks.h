//===- Hooks.h - C functions compiled kernels call --------------*- C++ -*-===//
//
// Lowered kernels call these for what they cannot do alone (reporting a
// failed tt.assert or checked-mode violation, printing, bf16 truncation,
// packed tiles kept between programs);
// the warp-specialization hooks are in Partitions.h. They are defined in
// lib/Runtime/Support, which needs no LLVM, so that ahead-of-time kernels
// link them from libtilerun_rt; the JIT maps them (RuntimeSymbols.h).
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_RUNTIME_HOOKS_H
#define TILERUN_RUNTIME_HOOKS_H

#include <cstdint>

extern "C" {
/// Fails the current launch with `msg` (the first report wins; the message is
/// prefixed with the program id). The calling program keeps running: code
/// that must not continue has to return on its own. Remaining chunks of
/// programs are skipped.
void tilerun_report_error(const char *msg, int32_t pidX, int32_t pidY,
                          int32_t pidZ, int64_t elementIndex);
/// Checked mode, before every global load, store and atomic: whether the
/// `bytes` at `addr` lie inside a buffer bound to the launch (the one bound to
/// parameter `param` when the compiler traced the pointer to it, else any).
/// On a violation, fails the launch with a report naming `op` ("tt.load at
/// file:line:col"), the program, tile element `elementIndex`, the address and
/// the buffer, and returns false: the caller skips the access. After the
/// launch has failed every access is refused, so programs wind down quickly.
bool tilerun_check_access(const char *op, void *addr, int64_t bytes,
                          int32_t param, int32_t pidX, int32_t pidY,
                          int32_t pidZ, int64_t elementIndex);
/// Checked mode, when a shared-memory access of `bytes` at `byteOffset` falls
/// outside its allocation of `allocBytes` (the compiled code checks).
void tilerun_report_shared_access(const char *op, int64_t byteOffset,
                                  int64_t bytes, int64_t allocBytes,
                                  int32_t pidX, int32_t pidY, int32_t pidZ,
                                  int64_t elementIndex);
/// tt.print writes its lines as CUDA's device printf does (Triton's
/// PrintOpToLLVM): `pid (x, y, z)PREFIX` without operands, else one line per
/// element, `pid (x, y, z) idx (i0, i1, ...)PREFIX(operand n) VALUE`, where
/// each index is padded to the digits of its dimension's largest, a scalar
/// shows `idx ()`, and `(operand n) ` appears when the print has several
/// operands. Triton's frontend gives a prefix with operands its leading space
/// and trailing ": " (" x: "). Every line is written whole under one lock, so
/// programs printing on several threads never interleave within a line.
void tilerun_print_str(const char *prefix, int32_t pidX, int32_t pidY,
                       int32_t pidZ);

/// How tilerun_print_int shows its value.
typedef enum tilerun_print_format {
  TILERUN_PRINT_SIGNED = 0,   ///< decimal, the value sign-extended
  TILERUN_PRINT_UNSIGNED = 1, ///< decimal, the value zero-extended
  TILERUN_PRINT_HEX = 2,      ///< 0x and the element's bits, bits/4 digits
  TILERUN_PRINT_POINTER = 3,  ///< 0x and the address
} tilerun_print_format_t;

/// What one operand of a tt.print needs at run time, known when compiling:
/// the compiled kernel keeps one constant per operand. The layout is fixed
/// (DebugOps.cpp builds it as an LLVM struct of the same fields).
typedef struct tilerun_print_site {
  const char *prefix;   ///< as Triton's frontend made it (" x: ", ": ")
  const int64_t *shape; ///< the operand's dimensions (null for a scalar)
  int32_t rank;         ///< 0 for a scalar
  int32_t operand;      ///< which operand of the print this is
  int32_t numOperands;  ///< the print's operands
  int32_t format;       ///< tilerun_print_format_t (tilerun_print_int)
  int32_t bits;         ///< the element's bit width (hex digits)
} tilerun_print_site_t;

/// Element `index` (row-major over `site->shape`; 0 for a scalar) of a
/// print's integer, bool or pointer operand; `value` is the element widened
/// to 64 bits as `site->format` says (hex shows only its low `bits`).
void tilerun_print_int(const tilerun_print_site_t *site, int32_t pidX,
                       int32_t pidY, int32_t pidZ, int64_t index,
                       int64_t value);
/// The same for a floating-point operand, shown as `%f` (CUDA's format).
void tilerun_print_float(const tilerun_print_site_t *site, int32_t pidX,
                         int32_t pidY, int32_t pidZ, int64_t index,
                         double value);
/// f32 / f64 -> bf16 rounded to nearest-even, NaN kept quiet: what LLVM calls
/// `__truncsfbf2` / `__truncdfbf2` on x86 without AVX512-BF16 (Debian 12's
/// libgcc lacks them). The result is returned in the low 16 bits of a
/// float's register, which is where the ABI puts a bf16 return value.
float tilerun_truncsfbf2(float x);
float tilerun_truncdfbf2(double x);
/// f64 / f32 -> f16 rounded once to nearest-even, and f16 -> f32: what LLVM
/// calls `__truncdfhf2` (f64 -> f16 on x86 without AVX512-FP16),
/// `__truncsfhf2` and `__extendhfsf2` (without F16C). libgcc has them, but
/// where it is loaded only with local scope (a Python process that got it
/// through an extension module) the JIT cannot find them. f16 travels in
/// the low 16 bits of a float's register, as bf16 does.
float tilerun_truncdfhf2(double x);
float tilerun_truncsfhf2(float x);
float tilerun_extendhfsf2(float h);

/// A cache, per worker thread and per launch, of packed dot operand tiles
/// (TileCache.cpp): consecutive programs of a matmul that share a column of
/// B pack the same B tiles, and the second and later programs on a thread
/// can take them from here. A packed tile is keyed by the packing code's
/// `site` (one per dot or chain of dots in a compiled kernel, which fixes
/// the tile's shape and layout) and `words` 64-bit words of `key`: the
/// address of the first source element and the row stride of each tile
/// packed into it. Valid only for tiles that no program of the launch
/// writes (Triton's programs do not see each other's stores within a
/// launch); a new launch empties the cache. At most
/// TILERUN_TILE_CACHE_KEY_WORDS words.
#define TILERUN_TILE_CACHE_KEY_WORDS 16
///
/// The packed tile of this launch for the key, or null.
void *tilerun_tile_cache_find(const void *site, const int64_t *key,
                              int32_t words);
/// A 64-byte aligned buffer of `bytes` for the key, into which the caller
/// packs the tile; null when the cache cannot hold it (outside a launch, a
/// key too long, or a tile larger than the cache's share for one): the
/// caller packs into its own buffer. What either function returned stays
/// valid until the thread's next insert.
void *tilerun_tile_cache_insert(const void *site, const int64_t *key,
                                int32_t words, int64_t bytes);
}

#endif // TILERUN_RUNTIME_HOOKS_H
