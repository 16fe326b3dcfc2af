// RUN: tilerun-opt %s -split-input-file -verify-diagnostics

#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
func.func @index_shape(%a: !ttg.memdesc<2x64x32xf32, #r2, #smem>, %i: i32) {
  // expected-error @+1 {{result shape must equal to srcShape[1:]}}
  %0 = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x64x32xf32, #r2, #smem> -> !ttg.memdesc<32x32xf32, #r2, #smem>
  return
}

// -----
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
func.func @index_rank(%a: !ttg.memdesc<64x32xf32, #r2, #smem>, %i: i32) {
  // expected-error @+1 {{result rank must be input rank - 1}}
  %0 = ttg.memdesc_index %a[%i] : !ttg.memdesc<64x32xf32, #r2, #smem> -> !ttg.memdesc<64x32xf32, #r2, #smem>
  return
}

// -----
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
func.func @index_subview(%a: !ttg.memdesc<2x64x32xf32, #r2, #smem, 4x64x32>, %i: i32) {
  // expected-error @+1 {{We don't support memdesc_index of a subview}}
  %0 = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x64x32xf32, #r2, #smem, 4x64x32> -> !ttg.memdesc<64x32xf32, #r2, #smem>
  return
}

// -----
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#r3 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>
#smem = #ttg.shared_memory
func.func @index_enc(%a: !ttg.memdesc<2x64x32xf32, #r2, #smem>, %i: i32) {
  // expected-error @+1 {{src and result must have the same encoding}}
  %0 = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x64x32xf32, #r2, #smem> -> !ttg.memdesc<64x32xf32, #r3, #smem>
  return
}

// -----
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
func.func @subslice_offset(%a: !ttg.memdesc<32x16xf32, #r2, #smem>) {
  // expected-error @+1 {{The split offset may not touch the tile}}
  %0 = ttg.memdesc_subslice %a[8, 0] : !ttg.memdesc<32x16xf32, #r2, #smem> -> !ttg.memdesc<16x16xf32, #r2, #smem, 32x16>
  return
}

// -----
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
func.func @subslice_unsplit(%a: !ttg.memdesc<32x16xf32, #r2, #smem>) {
  // expected-error @+1 {{A non zero offset found in a dimension that is not being split}}
  %0 = ttg.memdesc_subslice %a[16, 4] : !ttg.memdesc<32x16xf32, #r2, #smem> -> !ttg.memdesc<16x16xf32, #r2, #smem, 32x16>
  return
}

// -----
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
func.func @subslice_outside(%a: !ttg.memdesc<32x16xf32, #r2, #smem>) {
  // expected-error @+1 {{subslice of dimension 0 must lie inside the source}}
  %0 = ttg.memdesc_subslice %a[32, 0] : !ttg.memdesc<32x16xf32, #r2, #smem> -> !ttg.memdesc<16x16xf32, #r2, #smem, 32x16>
  return
}

// -----
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
func.func @subslice_rank(%a: !ttg.memdesc<32x16xf32, #r2, #smem>) {
  // expected-error @+1 {{offsets must have the same rank as input}}
  %0 = ttg.memdesc_subslice %a[16] : !ttg.memdesc<32x16xf32, #r2, #smem> -> !ttg.memdesc<16x16xf32, #r2, #smem, 32x16>
  return
}

// -----
#sw = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
func.func @subslice_swizzle(%a: !ttg.memdesc<64x32xf32, #sw, #smem>) {
  // Row 4 has XOR phase 2: the piece would start inside the swizzle pattern.
  // expected-error @+1 {{We don't support splitting along the swizzling pattern}}
  %0 = ttg.memdesc_subslice %a[4, 0] : !ttg.memdesc<64x32xf32, #sw, #smem> -> !ttg.memdesc<4x32xf32, #sw, #smem, 64x32>
  return
}

// -----
#sw = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
func.func @trans_order(%a: !ttg.memdesc<64x32xf32, #sw, #smem>) {
  // expected-error @+1 {{order must be a permutation of the dimensions}}
  %0 = ttg.memdesc_trans %a {order = array<i32: 0, 0>} : !ttg.memdesc<64x32xf32, #sw, #smem> -> !ttg.memdesc<64x32xf32, #sw, #smem>
  return
}

// -----
#sw = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
func.func @trans_shape(%a: !ttg.memdesc<64x32xf32, #sw, #smem>) {
  // expected-error @+1 {{result shape must be the source shape permuted by order}}
  %0 = ttg.memdesc_trans %a {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf32, #sw, #smem> -> !ttg.memdesc<64x32xf32, #sw, #smem>
  return
}

// -----
#sw = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
func.func @trans_enc(%a: !ttg.memdesc<64x32xf32, #sw, #smem>) {
  // expected-error @+1 {{result encoding must be the source encoding with its dimensions permuted}}
  %0 = ttg.memdesc_trans %a {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf32, #sw, #smem> -> !ttg.memdesc<32x64xf32, #sw, #smem>
  return
}

// -----
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
func.func @reshape_count(%a: !ttg.memdesc<32x16xf32, #r2, #smem>) {
  // expected-error @+1 {{number of src and dst elements of reshape must be the same}}
  %0 = ttg.memdesc_reshape %a : !ttg.memdesc<32x16xf32, #r2, #smem> -> !ttg.memdesc<256xf32, #r1, #smem>
  return
}

// -----
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
func.func @reshape_subslice(%a: !ttg.memdesc<16x16xf32, #r2, #smem, 32x16>) {
  // expected-error @+1 {{NYI: memdesc_reshape of a subslice}}
  %0 = ttg.memdesc_reshape %a : !ttg.memdesc<16x16xf32, #r2, #smem, 32x16> -> !ttg.memdesc<256xf32, #r1, #smem, 256>
  return
}

// -----
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @store_immutable(%a: !ttg.memdesc<32x16xf32, #r2, #smem>, %x: tensor<32x16xf32, #blocked>) {
  // expected-error @+1 {{Cannot store into immutable memory}}
  ttg.local_store %x, %a : tensor<32x16xf32, #blocked> -> !ttg.memdesc<32x16xf32, #r2, #smem>
  return
}

// -----
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
func.func @load_shape(%a: !ttg.memdesc<32x16xf32, #r2, #smem>) {
  // expected-error @+1 {{tensor and memdesc must have the same shape}}
  %0 = ttg.local_load %a : !ttg.memdesc<32x16xf32, #r2, #smem> -> tensor<16x16xf32, #blocked>
  return
}

// -----
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
func.func @alloc_immutable() {
  // expected-error @+1 {{uninitialized alloc must have a mutable memdesc type}}
  %0 = ttg.local_alloc : () -> !ttg.memdesc<32x16xf32, #r2, #smem>
  return
}

// -----
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
func.func @subslice_empty(%a: !ttg.memdesc<4x32xf32, #r1, #smem>) {
  // expected-error @+1 {{subslice of dimension 0 must lie inside the source}}
  %0 = ttg.memdesc_subslice %a[0, 0] : !ttg.memdesc<4x32xf32, #r1, #smem> -> !ttg.memdesc<0x32xf32, #r1, #smem, 4x32>
  return
}
