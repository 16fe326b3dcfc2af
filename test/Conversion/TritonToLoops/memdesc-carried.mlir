// RUN: tilerun-opt %s -split-input-file -tilerun-convert-triton-to-loops -canonicalize -verify-diagnostics | FileCheck %s

// Shared-memory descriptors swapped through scf.for and picked by a select
// travel as (base, allocation base, allocation size); canonicalisation then
// drops the parts that are the same for both.
// CHECK-LABEL: func.func @pingpong
// CHECK: %[[R:.*]]:4 = scf.for {{.*}} -> (!llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr)
// CHECK: arith.select %{{.*}}, %[[R]]#0, %[[R]]#2 : !llvm.ptr
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @pingpong(%out: !tt.ptr<f32>, %steps: i32, %flip: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %one = arith.constant dense<1.0> : tensor<32xf32, #blocked>
    %a = ttg.local_alloc : () -> !ttg.memdesc<32xf32, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<32xf32, #shared, #smem, mutable>
    %r:2 = scf.for %t = %c0 to %steps step %c1 iter_args(%cur = %a, %prev = %b) -> (!ttg.memdesc<32xf32, #shared, #smem, mutable>, !ttg.memdesc<32xf32, #shared, #smem, mutable>) : i32 {
      ttg.local_store %one, %cur : tensor<32xf32, #blocked> -> !ttg.memdesc<32xf32, #shared, #smem, mutable>
      scf.yield %prev, %cur : !ttg.memdesc<32xf32, #shared, #smem, mutable>, !ttg.memdesc<32xf32, #shared, #smem, mutable>
    }
    %pick = arith.select %flip, %r#0, %r#1 : !ttg.memdesc<32xf32, #shared, #smem, mutable>
    %v = ttg.local_load %pick : !ttg.memdesc<32xf32, #shared, #smem, mutable> -> tensor<32xf32, #blocked>
    %rn = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #blocked>
    %os = tt.splat %out : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #blocked>
    %op = tt.addptr %os, %rn : tensor<32x!tt.ptr<f32>, #blocked>, tensor<32xi32, #blocked>
    tt.store %op, %v : tensor<32x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// A subslice's placement depends on where it lies in its parent; it is
// not carried.
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @carried_subslice(%steps: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<64xf32, #shared, #smem, mutable>
    // expected-error @+1 {{carries a shared-memory view through a loop or branch or into a warp_specialize partition; only whole allocations}}
    %s = ttg.memdesc_subslice %a[32] : !ttg.memdesc<64xf32, #shared, #smem, mutable> -> !ttg.memdesc<32xf32, #shared, #smem, mutable, 64>
    %r = scf.for %t = %c0 to %steps step %c1 iter_args(%cur = %s) -> (!ttg.memdesc<32xf32, #shared, #smem, mutable, 64>) : i32 {
      scf.yield %cur : !ttg.memdesc<32xf32, #shared, #smem, mutable, 64>
    }
    tt.return
  }
}
