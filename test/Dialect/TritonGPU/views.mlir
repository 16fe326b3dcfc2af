// RUN: tilerun-opt %s | tilerun-opt | FileCheck %s
// Every reinterpret here keeps the amount of memory: the rule of Triton after
// 3.6 accepts them too, silently.
// RUN: tilerun-opt %s -tilerun-check-memdesc-rules -o /dev/null 2>&1 | count 0

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#sw = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#swT = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [0, 1]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#nvT = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 16}>
#pad = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [16, 32]}>
#pad1 = #ttg.padded_shared<[32:+4] {order = [0], shape = [512]}>
#smem = #ttg.shared_memory

// CHECK-LABEL: func.func @views
func.func @views(%ring: !ttg.memdesc<4x128xf32, #r1, #smem, mutable>,
                 %m: !ttg.memdesc<32x16xf32, #r2, #smem, mutable>,
                 %sw: !ttg.memdesc<64x32xf32, #sw, #smem, mutable>,
                 %nv: !ttg.memdesc<64x32xf16, #nv, #smem>,
                 %pad: !ttg.memdesc<16x32xf16, #pad, #smem>,
                 %x: tensor<32xf32, #blocked>, %i: i32) {
  // CHECK: ttg.convert_layout %{{.*}} : tensor<32xf32, #blocked> -> tensor<32xf32, #blocked1>
  %c = ttg.convert_layout %x : tensor<32xf32, #blocked> -> tensor<32xf32, #blocked1>
  // CHECK: ttg.memdesc_subslice %{{.*}}[16, 0] : !ttg.memdesc<32x16xf32, #shared{{[0-9]*}}, #smem, mutable> -> !ttg.memdesc<16x16xf32, #shared{{[0-9]*}}, #smem, mutable, 32x16>
  %top = ttg.memdesc_subslice %m[16, 0] : !ttg.memdesc<32x16xf32, #r2, #smem, mutable> -> !ttg.memdesc<16x16xf32, #r2, #smem, mutable, 32x16>
  // CHECK: ttg.memdesc_subslice %{{.*}}[0, 8] : {{.*}} -> !ttg.memdesc<32x8xf32, #shared{{[0-9]*}}, #smem, mutable, 32x16>
  %right = ttg.memdesc_subslice %m[0, 8] : !ttg.memdesc<32x16xf32, #r2, #smem, mutable> -> !ttg.memdesc<32x8xf32, #r2, #smem, mutable, 32x16>
  // Splitting rows at a multiple of perPhase * maxPhase keeps the swizzle whole.
  // CHECK: ttg.memdesc_subslice %{{.*}}[32, 0]
  %sws = ttg.memdesc_subslice %sw[32, 0] : !ttg.memdesc<64x32xf32, #sw, #smem, mutable> -> !ttg.memdesc<32x32xf32, #sw, #smem, mutable, 64x32>
  // CHECK: ttg.memdesc_trans %{{.*}} {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf32, #shared{{[0-9]*}}, #smem, mutable> -> !ttg.memdesc<32x64xf32, #shared{{[0-9]*}}, #smem, mutable>
  %t = ttg.memdesc_trans %sw {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf32, #sw, #smem, mutable> -> !ttg.memdesc<32x64xf32, #swT, #smem, mutable>
  // CHECK: ttg.memdesc_trans %{{.*}} {order = array<i32: 1, 0>} : {{.*}} -> !ttg.memdesc<32x64xf16, #shared{{[0-9]*}}, #smem>
  %tn = ttg.memdesc_trans %nv {order = array<i32: 1, 0>} : !ttg.memdesc<64x32xf16, #nv, #smem> -> !ttg.memdesc<32x64xf16, #nvT, #smem>
  // CHECK: ttg.memdesc_reshape %{{.*}} : !ttg.memdesc<4x128xf32, #shared{{[0-9]*}}, #smem, mutable> -> !ttg.memdesc<512xf32, #shared{{[0-9]*}}, #smem, mutable>
  %rs = ttg.memdesc_reshape %ring : !ttg.memdesc<4x128xf32, #r1, #smem, mutable> -> !ttg.memdesc<512xf32, #r1, #smem, mutable>
  return
}

// memdesc_reinterpret: every accepted form.
// CHECK-LABEL: func.func @reinterpret
func.func @reinterpret(%ring: !ttg.memdesc<4x128xf32, #r1, #smem, mutable>,
                       %smem: !ttg.memdesc<32x2xi32, #r1, #smem, mutable>,
                       %m: !ttg.memdesc<32x16xf32, #r2, #smem, mutable>,
                       %flat: !ttg.memdesc<512xf32, #r1, #smem, mutable>,
                       %pad: !ttg.memdesc<16x32xf16, #pad, #smem>, %i: i32) {
  // Flatten a multi-buffered ring (4 copies of a 128-element tile).
  // CHECK: ttg.memdesc_reinterpret %{{.*}} : !ttg.memdesc<4x128xf32, #shared{{[0-9]*}}, #smem, mutable> -> !ttg.memdesc<512xf32, #shared{{[0-9]*}}, #smem, mutable>
  %whole = ttg.memdesc_reinterpret %ring : !ttg.memdesc<4x128xf32, #r1, #smem, mutable> -> !ttg.memdesc<512xf32, #r1, #smem, mutable>
  // Raise the rank: 512 -> 16x32.
  // CHECK: -> !ttg.memdesc<16x32xf32, #shared{{[0-9]*}}, #smem, mutable>
  %up = ttg.memdesc_reinterpret %flat : !ttg.memdesc<512xf32, #r1, #smem, mutable> -> !ttg.memdesc<16x32xf32, #r2, #smem, mutable>
  // Lower the rank: 32x16 -> 512.
  // CHECK: -> !ttg.memdesc<512xf32, #shared{{[0-9]*}}, #smem, mutable>
  %down = ttg.memdesc_reinterpret %m : !ttg.memdesc<32x16xf32, #r2, #smem, mutable> -> !ttg.memdesc<512xf32, #r1, #smem, mutable>
  // Change the dtype at equal size.
  // CHECK: -> !ttg.memdesc<4x128xi32, #shared{{[0-9]*}}, #smem, mutable>
  %bits = ttg.memdesc_reinterpret %ring : !ttg.memdesc<4x128xf32, #r1, #smem, mutable> -> !ttg.memdesc<4x128xi32, #r1, #smem, mutable>
  // Half the elements, twice the width.
  // CHECK: -> !ttg.memdesc<256xi64, #shared{{[0-9]*}}, #smem, mutable>
  %wide = ttg.memdesc_reinterpret %flat : !ttg.memdesc<512xf32, #r1, #smem, mutable> -> !ttg.memdesc<256xi64, #r1, #smem, mutable>
  // The seed's repro: 32 copies of a 2-element rank-1 tile -> one 32x2 tile.
  // CHECK: -> !ttg.memdesc<32x2xi32, #shared{{[0-9]*}}, #smem, mutable>
  %rep = ttg.memdesc_reinterpret %smem : !ttg.memdesc<32x2xi32, #r1, #smem, mutable> -> !ttg.memdesc<32x2xi32, #r2, #smem, mutable>
  // Follow a memdesc_index: one copy of the ring is a whole descriptor.
  // CHECK: -> !ttg.memdesc<4x32xf32, #shared{{[0-9]*}}, #smem, mutable>
  %one = ttg.memdesc_index %ring[%i] : !ttg.memdesc<4x128xf32, #r1, #smem, mutable> -> !ttg.memdesc<128xf32, #r1, #smem, mutable>
  %one2d = ttg.memdesc_reinterpret %one : !ttg.memdesc<128xf32, #r1, #smem, mutable> -> !ttg.memdesc<4x32xf32, #r2, #smem, mutable>
  // A subslice of whole rows is one contiguous chunk of its parent.
  // CHECK: -> !ttg.memdesc<256xf32, #shared{{[0-9]*}}, #smem, mutable>
  %top = ttg.memdesc_subslice %m[16, 0] : !ttg.memdesc<32x16xf32, #r2, #smem, mutable> -> !ttg.memdesc<16x16xf32, #r2, #smem, mutable, 32x16>
  %topflat = ttg.memdesc_reinterpret %top : !ttg.memdesc<16x16xf32, #r2, #smem, mutable, 32x16> -> !ttg.memdesc<256xf32, #r1, #smem, mutable>
  // A subslice of the copies dim is whole tiles: one contiguous chunk.
  // CHECK: -> !ttg.memdesc<256xf32, #shared{{[0-9]*}}, #smem, mutable>
  %two = ttg.memdesc_subslice %ring[2, 0] : !ttg.memdesc<4x128xf32, #r1, #smem, mutable> -> !ttg.memdesc<2x128xf32, #r1, #smem, mutable, 4x128>
  %twoflat = ttg.memdesc_reinterpret %two : !ttg.memdesc<2x128xf32, #r1, #smem, mutable, 4x128> -> !ttg.memdesc<256xf32, #r1, #smem, mutable>
  // Padded to padded with the same padding.
  // CHECK: -> !ttg.memdesc<512xi16, #shared{{[0-9]*}}, #smem>
  %p = ttg.memdesc_reinterpret %pad : !ttg.memdesc<16x32xf16, #pad, #smem> -> !ttg.memdesc<512xi16, #pad1, #smem>
  return
}
