// RUN: tilerun-opt %s | tilerun-opt | FileCheck %s

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory

// CHECK-LABEL: tt.func @memory
tt.func @memory(%ptrs: tensor<64x32x!tt.ptr<f32>, #blocked>, %mask: tensor<64x32xi1, #blocked>,
                %other: tensor<64x32xf32, #blocked>, %x: tensor<64x32xf32, #blocked>, %i: i32) {
  // CHECK: %[[A:.*]] = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf32, #shared, #smem, mutable>
  %a = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf32, #shared, #smem, mutable>
  // CHECK: ttg.local_alloc %{{.*}} {alignment = 16 : i32} : (tensor<64x32xf32, #blocked>) -> !ttg.memdesc<64x32xf32, #shared, #smem>
  %b = ttg.local_alloc %x {alignment = 16 : i32} : (tensor<64x32xf32, #blocked>) -> !ttg.memdesc<64x32xf32, #shared, #smem>
  // CHECK: %[[S:.*]] = ttg.memdesc_index %[[A]][%{{.*}}] : !ttg.memdesc<2x64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf32, #shared, #smem, mutable>
  %s = ttg.memdesc_index %a[%i] : !ttg.memdesc<2x64x32xf32, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf32, #shared, #smem, mutable>
  // CHECK: ttg.async_copy_global_to_local %{{.*}}, %[[S]] : tensor<64x32x!tt.ptr<f32>, #blocked> -> <64x32xf32, #shared, #smem, mutable>
  %t0 = ttg.async_copy_global_to_local %ptrs, %s : tensor<64x32x!tt.ptr<f32>, #blocked> -> <64x32xf32, #shared, #smem, mutable>
  // CHECK: ttg.async_copy_global_to_local %{{.*}}, %[[S]] mask %{{.*}} other %{{.*}} cacheModifier = cg evictionPolicy = evict_last {contiguity = 4 : i32, isVolatile = true} : tensor<64x32x!tt.ptr<f32>, #blocked> -> <64x32xf32, #shared, #smem, mutable>
  %t1 = ttg.async_copy_global_to_local %ptrs, %s mask %mask other %other evictionPolicy = evict_last cacheModifier = cg {contiguity = 4 : i32, isVolatile = true} : tensor<64x32x!tt.ptr<f32>, #blocked> -> !ttg.memdesc<64x32xf32, #shared, #smem, mutable>
  // CHECK: ttg.async_copy_global_to_local %{{.*}}, %[[S]] mask %{{.*}} : tensor
  %t2 = ttg.async_copy_global_to_local %ptrs, %s mask %mask : tensor<64x32x!tt.ptr<f32>, #blocked> -> <64x32xf32, #shared, #smem, mutable>
  // CHECK: %[[G:.*]] = ttg.async_commit_group tokens %{{.*}}, %{{.*}}
  %g = ttg.async_commit_group tokens %t0, %t1
  // CHECK: ttg.async_commit_group{{$}}
  %g2 = ttg.async_commit_group
  // CHECK: %[[W:.*]] = ttg.async_wait %[[G]] {num = 0 : i32}
  %w = ttg.async_wait %g {num = 0 : i32}
  // CHECK: ttg.async_wait {num = 1 : i32}
  %w2 = ttg.async_wait {num = 1 : i32}
  // CHECK: ttg.local_load %[[S]] token %[[W]] : !ttg.memdesc<64x32xf32, #shared, #smem, mutable> -> tensor<64x32xf32, #blocked>
  %l = ttg.local_load %s token %w : !ttg.memdesc<64x32xf32, #shared, #smem, mutable> -> tensor<64x32xf32, #blocked>
  // CHECK: ttg.local_load %{{.*}} : !ttg.memdesc<64x32xf32, #shared, #smem> -> tensor<64x32xf32, #blocked>
  %l2 = ttg.local_load %b : !ttg.memdesc<64x32xf32, #shared, #smem> -> tensor<64x32xf32, #blocked>
  // CHECK: ttg.local_store %{{.*}}, %[[S]] : tensor<64x32xf32, #blocked> -> !ttg.memdesc<64x32xf32, #shared, #smem, mutable>
  ttg.local_store %l, %s : tensor<64x32xf32, #blocked> -> !ttg.memdesc<64x32xf32, #shared, #smem, mutable>
  // CHECK: ttg.local_barrier
  ttg.local_barrier
  // CHECK: ttg.local_dealloc %[[A]] : !ttg.memdesc<2x64x32xf32, #shared, #smem, mutable>
  ttg.local_dealloc %a : !ttg.memdesc<2x64x32xf32, #shared, #smem, mutable>
  tt.return
}
