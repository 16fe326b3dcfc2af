// RUN: tilerun-opt %s -split-input-file -verify-diagnostics

#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
func.func @mutability(%a: !ttg.memdesc<128xf32, #r1, #smem, mutable>) {
  // expected-error @+1 {{source and result must have the same mutability}}
  %0 = ttg.memdesc_reinterpret %a : !ttg.memdesc<128xf32, #r1, #smem, mutable> -> !ttg.memdesc<128xi32, #r1, #smem>
  return
}

// -----
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
func.func @size(%a: !ttg.memdesc<128xf16, #r1, #smem, mutable>) {
  // expected-error @+1 {{result logical storage size must not exceed source (2048 vs 4096)}}
  %0 = ttg.memdesc_reinterpret %a : !ttg.memdesc<128xf16, #r1, #smem, mutable> -> !ttg.memdesc<128xf32, #r1, #smem, mutable>
  return
}

// -----
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
func.func @ring_size(%a: !ttg.memdesc<128xf32, #r1, #smem, mutable>) {
  // The multi-buffer factor counts: 4 copies of 128 x 32 bits.
  // expected-error @+1 {{result logical storage size must not exceed source (4096 vs 16384)}}
  %0 = ttg.memdesc_reinterpret %a : !ttg.memdesc<128xf32, #r1, #smem, mutable> -> !ttg.memdesc<4x128xf32, #r1, #smem, mutable>
  return
}

// -----
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
func.func @result_subview(%a: !ttg.memdesc<256xf32, #r1, #smem, mutable>) {
  // expected-error @+1 {{source and result must not be subviews; reinterpret the parent descriptor and then take a subview}}
  %0 = ttg.memdesc_reinterpret %a : !ttg.memdesc<256xf32, #r1, #smem, mutable> -> !ttg.memdesc<256xi32, #r1, #smem, mutable, 512>
  return
}

// -----
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
func.func @noncontiguous_subslice(%m: !ttg.memdesc<32x16xf32, #r2, #smem, mutable>) {
  %left = ttg.memdesc_subslice %m[0, 0] : !ttg.memdesc<32x16xf32, #r2, #smem, mutable> -> !ttg.memdesc<32x8xf32, #r2, #smem, mutable, 32x16>
  // expected-error @+1 {{source subslice is not contiguous in its parent along dimension 1; reinterpret the parent descriptor and then take a subview}}
  %0 = ttg.memdesc_reinterpret %left : !ttg.memdesc<32x8xf32, #r2, #smem, mutable, 32x16> -> !ttg.memdesc<256xf32, #r1, #smem, mutable>
  return
}

// -----
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
func.func @contiguous_subslice_wrong_size(%m: !ttg.memdesc<32x16xf32, #r2, #smem, mutable>) {
  %top = ttg.memdesc_subslice %m[16, 0] : !ttg.memdesc<32x16xf32, #r2, #smem, mutable> -> !ttg.memdesc<16x16xf32, #r2, #smem, mutable, 32x16>
  // The result must cover exactly the chunk, not the parent.
  // expected-error @+1 {{result logical storage size must not exceed source (8192 vs 16384)}}
  %0 = ttg.memdesc_reinterpret %top : !ttg.memdesc<16x16xf32, #r2, #smem, mutable, 32x16> -> !ttg.memdesc<512xf32, #r1, #smem, mutable>
  return
}

// -----
#pad = #ttg.padded_shared<[32:+4] {order = [0], shape = [512]}>
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
func.func @padded_vs_plain(%a: !ttg.memdesc<512xf16, #pad, #smem>) {
  // 512 elements + 15 pads of 4 = 572 elements either way.
  // expected-error @+1 {{cannot reinterpret between padded and non-padded layouts}}
  %0 = ttg.memdesc_reinterpret %a : !ttg.memdesc<512xf16, #pad, #smem> -> !ttg.memdesc<286xi32, #r1, #smem>
  return
}

// -----
#pad = #ttg.padded_shared<[32:+4] {order = [0], shape = [512]}>
#pad2 = #ttg.padded_shared<[64:+8] {order = [0], shape = [1024]}>
#smem = #ttg.shared_memory
func.func @padding_pattern(%a: !ttg.memdesc<512xf16, #pad, #smem>) {
  // (512 + 15 * 4) x 16 bits = (1024 + 15 * 8) x 8 bits.
  // expected-error @+1 {{cannot reinterpret with different padding pattern}}
  %0 = ttg.memdesc_reinterpret %a : !ttg.memdesc<512xf16, #pad, #smem> -> !ttg.memdesc<1024xi8, #pad2, #smem>
  return
}
