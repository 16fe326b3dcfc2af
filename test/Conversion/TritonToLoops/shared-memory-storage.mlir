// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops | FileCheck %s

// Shared memory lives until its last use but is not a tile value, so its
// bytes must never come from (or go back to) the pool of dead tiles' buffers.
// Here the first scan's 64 x i8 buffer is dead when the 64-byte allocation
// is made and when the second scan needs a buffer: taking it for the
// allocation let the second scan overwrite the shared memory before the
// local_load read it. Three buffers: two scans (the second may reuse the
// first's) and the allocation's own.
// CHECK-LABEL: func.func @reuse
// CHECK-COUNT-3: memref.alloca() {alignment = 64 : i64} : memref<64xi8>
// CHECK-NOT: memref.alloca
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [2], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @reuse(%x: !tt.ptr<i8>, %o: !tt.ptr<i8>) {
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #blocked>
    %xp = tt.splat %x : !tt.ptr<i8> -> tensor<64x!tt.ptr<i8>, #blocked>
    %xa = tt.addptr %xp, %r : tensor<64x!tt.ptr<i8>, #blocked>, tensor<64xi32, #blocked>
    %v = tt.load %xa : tensor<64x!tt.ptr<i8>, #blocked>
    %s1 = "tt.scan"(%v) <{axis = 0 : i32, reverse = false}> ({
    ^bb0(%a: i8, %b: i8):
      %c = arith.addi %a, %b : i8
      tt.scan.return %c : i8
    }) : (tensor<64xi8, #blocked>) -> tensor<64xi8, #blocked>
    %op = tt.splat %o : !tt.ptr<i8> -> tensor<64x!tt.ptr<i8>, #blocked>
    %oa = tt.addptr %op, %r : tensor<64x!tt.ptr<i8>, #blocked>, tensor<64xi32, #blocked>
    tt.store %oa, %s1 : tensor<64x!tt.ptr<i8>, #blocked>
    %sm = ttg.local_alloc %v : (tensor<64xi8, #blocked>) -> !ttg.memdesc<64xi8, #shared, #smem, mutable>
    %s2 = "tt.scan"(%v) <{axis = 0 : i32, reverse = true}> ({
    ^bb0(%a: i8, %b: i8):
      %c = arith.addi %a, %b : i8
      tt.scan.return %c : i8
    }) : (tensor<64xi8, #blocked>) -> tensor<64xi8, #blocked>
    %c64 = arith.constant dense<64> : tensor<64xi32, #blocked>
    %oa2 = tt.addptr %oa, %c64 : tensor<64x!tt.ptr<i8>, #blocked>, tensor<64xi32, #blocked>
    tt.store %oa2, %s2 : tensor<64x!tt.ptr<i8>, #blocked>
    %back = ttg.local_load %sm : !ttg.memdesc<64xi8, #shared, #smem, mutable> -> tensor<64xi8, #blocked>
    %c128 = arith.constant dense<128> : tensor<64xi32, #blocked>
    %oa3 = tt.addptr %oa, %c128 : tensor<64x!tt.ptr<i8>, #blocked>, tensor<64xi32, #blocked>
    tt.store %oa3, %back : tensor<64x!tt.ptr<i8>, #blocked>
    tt.return
  }
}
