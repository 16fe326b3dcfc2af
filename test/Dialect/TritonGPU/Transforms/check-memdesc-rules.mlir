// The rule Triton states after 3.6: the same amount of memory on both sides,
// both padded or both dense. Each violation is one error at the op.
// RUN: tilerun-opt %s -split-input-file -verify-diagnostics -tilerun-check-memdesc-rules -o /dev/null
// RUN: not tilerun-opt %s -split-input-file -tilerun-check-memdesc-rules -o /dev/null 2>/dev/null

#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
func.func @one_copy_of_a_ring(%ring: !ttg.memdesc<4x128xf32, #r1, #smem, mutable>) {
  // The index dim counts (triton-lang/triton#10286): 4 copies of 128 x 32.
  // expected-error @+2 {{'ttg.memdesc_reinterpret' op source and result must have the same logical storage size (16384 vs 4096 bits)}}
  // expected-note @+1 {{Triton 3.6 accepts this reinterpret; Triton rejects it since triton-lang/triton#10243}}
  %0 = ttg.memdesc_reinterpret %ring : !ttg.memdesc<4x128xf32, #r1, #smem, mutable> -> !ttg.memdesc<128xf32, #r1, #smem, mutable>
  return
}

// -----
// What a later Triton accepts passes: the seed's repro (32 copies of a
// 2-element tile as one 32x2 tile), the whole ring, a dtype of the same
// width, half the elements at twice the width.
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
func.func @same_memory(%smem: !ttg.memdesc<32x2xi32, #r1, #smem, mutable>,
                       %ring: !ttg.memdesc<4x128xf32, #r1, #smem, mutable>) {
  %rep = ttg.memdesc_reinterpret %smem : !ttg.memdesc<32x2xi32, #r1, #smem, mutable> -> !ttg.memdesc<32x2xi32, #r2, #smem, mutable>
  %whole = ttg.memdesc_reinterpret %ring : !ttg.memdesc<4x128xf32, #r1, #smem, mutable> -> !ttg.memdesc<512xf32, #r1, #smem, mutable>
  %bits = ttg.memdesc_reinterpret %ring : !ttg.memdesc<4x128xf32, #r1, #smem, mutable> -> !ttg.memdesc<4x128xi32, #r1, #smem, mutable>
  %wide = ttg.memdesc_reinterpret %whole : !ttg.memdesc<512xf32, #r1, #smem, mutable> -> !ttg.memdesc<256xi64, #r1, #smem, mutable>
  return
}

// -----
// A contiguous subslice owns its chunk of the parent (tilerun's allowance):
// a result covering all of it passes, a smaller one does not.
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
func.func @subslices(%m: !ttg.memdesc<32x16xf32, #r2, #smem, mutable>) {
  %top = ttg.memdesc_subslice %m[16, 0] : !ttg.memdesc<32x16xf32, #r2, #smem, mutable> -> !ttg.memdesc<16x16xf32, #r2, #smem, mutable, 32x16>
  %chunk = ttg.memdesc_reinterpret %top : !ttg.memdesc<16x16xf32, #r2, #smem, mutable, 32x16> -> !ttg.memdesc<256xf32, #r1, #smem, mutable>
  // expected-error @+2 {{same logical storage size (8192 vs 4096 bits)}}
  // expected-note @+1 {{triton-lang/triton#10243}}
  %part = ttg.memdesc_reinterpret %top : !ttg.memdesc<16x16xf32, #r2, #smem, mutable, 32x16> -> !ttg.memdesc<128xf32, #r1, #smem, mutable>
  return
}

// -----
// Triton 3.6's own frontend test (test_shared_memory_cast): 32x1x4x64 f16 as
// 1024 bytes.
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16, rank = 4}>
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32} {
  tt.func public @shared_memory_cast_kernel() {
    %0 = ttg.local_alloc : () -> !ttg.memdesc<32x1x4x64xf16, #nv, #smem, mutable>
    // expected-error @+2 {{same logical storage size (131072 vs 8192 bits)}}
    // expected-note @+1 {{triton-lang/triton#10243}}
    %1 = ttg.memdesc_reinterpret %0 : !ttg.memdesc<32x1x4x64xf16, #nv, #smem, mutable> -> !ttg.memdesc<1024xi8, #r1, #smem, mutable>
    tt.return
  }
}

// -----
// A padded tile over a dense buffer, as the extra corpus' gluon_padded_32_4
// does: 32x32 f32 with 4 pads after each 32 elements but the last is 1148
// elements of the 2048.
// Both rules fail; the size is reported first, as Triton checks it.
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#pad = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [32, 32]}>
#smem = #ttg.shared_memory
func.func @padded_over_a_larger_buffer(%raw: !ttg.memdesc<2048xf32, #r1, #smem, mutable>) {
  // expected-error @+3 {{same logical storage size (65536 vs 36736 bits)}}
  // expected-note @+2 {{triton-lang/triton#10243}}
  // expected-note @+1 {{also: cannot reinterpret between padded and non-padded layouts (triton-lang/triton#10184)}}
  %0 = ttg.memdesc_reinterpret %raw : !ttg.memdesc<2048xf32, #r1, #smem, mutable> -> !ttg.memdesc<32x32xf32, #pad, #smem, mutable>
  return
}

// -----
// The same padded tile over a buffer of exactly its size: only the padding
// rule fails.
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#pad = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [32, 32]}>
#smem = #ttg.shared_memory
func.func @padded_over_an_exact_buffer(%raw: !ttg.memdesc<1148xf32, #r1, #smem, mutable>) {
  // expected-error @+2 {{'ttg.memdesc_reinterpret' op cannot reinterpret between padded and non-padded layouts}}
  // expected-note @+1 {{Triton rejects it since triton-lang/triton#10184}}
  %0 = ttg.memdesc_reinterpret %raw : !ttg.memdesc<1148xf32, #r1, #smem, mutable> -> !ttg.memdesc<32x32xf32, #pad, #smem, mutable>
  return
}

// -----
// Every op is reported, each once, in every function.
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
func.func @first(%a: !ttg.memdesc<256xf32, #r1, #smem, mutable>) {
  // expected-error @+2 {{(8192 vs 4096 bits)}}
  // expected-note @+1 {{triton-lang/triton#10243}}
  %0 = ttg.memdesc_reinterpret %a : !ttg.memdesc<256xf32, #r1, #smem, mutable> -> !ttg.memdesc<128xf32, #r1, #smem, mutable>
  // expected-error @+2 {{(8192 vs 2048 bits)}}
  // expected-note @+1 {{triton-lang/triton#10243}}
  %1 = ttg.memdesc_reinterpret %a : !ttg.memdesc<256xf32, #r1, #smem, mutable> -> !ttg.memdesc<128xf16, #r1, #smem, mutable>
  return
}
func.func @second(%a: !ttg.memdesc<256xf32, #r1, #smem, mutable>) {
  // expected-error @+2 {{(8192 vs 256 bits)}}
  // expected-note @+1 {{triton-lang/triton#10243}}
  %0 = ttg.memdesc_reinterpret %a : !ttg.memdesc<256xf32, #r1, #smem, mutable> -> !ttg.memdesc<32xi8, #r1, #smem, mutable>
  return
}
