// strict=false is how Triton 3.6's output runs: what later Triton rejects is
// one warning per op, naming the rule and the sizes, and the pass succeeds
// without changing the IR.
// RUN: tilerun-opt %s -split-input-file -verify-diagnostics -tilerun-check-memdesc-rules=strict=false -o /dev/null
// RUN: tilerun-opt %s -split-input-file -tilerun-check-memdesc-rules=strict=false 2>/dev/null | FileCheck %s

#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// CHECK-LABEL: func.func @one_copy_of_a_ring
func.func @one_copy_of_a_ring(%ring: !ttg.memdesc<4x128xf32, #r1, #smem, mutable>) -> !ttg.memdesc<128xf32, #r1, #smem, mutable> {
  // CHECK: ttg.memdesc_reinterpret %{{.*}} -> !ttg.memdesc<128xf32
  // expected-warning @+1 {{'ttg.memdesc_reinterpret' op accepted for Triton 3.6; rejected by later Triton (triton-lang/triton#10243): source and result must have the same logical storage size (16384 vs 4096 bits)}}
  %0 = ttg.memdesc_reinterpret %ring : !ttg.memdesc<4x128xf32, #r1, #smem, mutable> -> !ttg.memdesc<128xf32, #r1, #smem, mutable>
  return %0 : !ttg.memdesc<128xf32, #r1, #smem, mutable>
}

// -----
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
func.func @same_memory(%smem: !ttg.memdesc<32x2xi32, #r1, #smem, mutable>) {
  %rep = ttg.memdesc_reinterpret %smem : !ttg.memdesc<32x2xi32, #r1, #smem, mutable> -> !ttg.memdesc<32x2xi32, #r2, #smem, mutable>
  return
}

// -----
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#pad = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [32, 32]}>
#smem = #ttg.shared_memory
func.func @padded_over_a_larger_buffer(%raw: !ttg.memdesc<2048xf32, #r1, #smem, mutable>) {
  // One warning; the second rule it breaks is a note of it.
  // expected-warning @+2 {{rejected by later Triton (triton-lang/triton#10243): source and result must have the same logical storage size (65536 vs 36736 bits)}}
  // expected-note @+1 {{also rejected by later Triton (triton-lang/triton#10184): cannot reinterpret between padded and non-padded layouts}}
  %0 = ttg.memdesc_reinterpret %raw : !ttg.memdesc<2048xf32, #r1, #smem, mutable> -> !ttg.memdesc<32x32xf32, #pad, #smem, mutable>
  return
}

// -----
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#pad = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [32, 32]}>
#smem = #ttg.shared_memory
func.func @padded_over_an_exact_buffer(%raw: !ttg.memdesc<1148xf32, #r1, #smem, mutable>) {
  // expected-warning @+1 {{'ttg.memdesc_reinterpret' op accepted for Triton 3.6; rejected by later Triton (triton-lang/triton#10184): cannot reinterpret between padded and non-padded layouts}}
  %0 = ttg.memdesc_reinterpret %raw : !ttg.memdesc<1148xf32, #r1, #smem, mutable> -> !ttg.memdesc<32x32xf32, #pad, #smem, mutable>
  return
}
