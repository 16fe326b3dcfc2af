// RUN: tilerun-opt %s | tilerun-opt | FileCheck %s

// The Hopper ops round-trip in Triton's printed form.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: tt.func @hopper
  tt.func @hopper(%p: !tt.ptr<f16>, %m: i32, %k: i32, %s: i64, %pred: i1, %phase: i32) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c64 = arith.constant 64 : i32
    %acc = arith.constant dense<0.0> : tensor<64x64xf32, #mma>
    // CHECK: %[[SCRATCH:.*]] = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    %scratch = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    // CHECK: ttng.tensormap_create %[[SCRATCH]], %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}], [%{{.*}}, %{{.*}}] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_create %scratch, %p, [%c64, %c64], [%k, %m], [%s], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    // CHECK: ttng.tensormap_fenceproxy_acquire %[[SCRATCH]] : !tt.ptr<i8>
    ttng.tensormap_fenceproxy_acquire %scratch : !tt.ptr<i8>
    // CHECK: %[[DESC:.*]] = ttng.reinterpret_tensor_descriptor %[[SCRATCH]] : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #shared>>
    %desc = ttng.reinterpret_tensor_descriptor %scratch : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #nvmma>>
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.init_barrier %[[B:.*]], 1 : !ttg.memdesc<1xi64
    ttng.init_barrier %b, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.barrier_expect %[[B]], 8192, %{{.*}} : !ttg.memdesc<1xi64
    ttng.barrier_expect %b, 8192, %pred : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.async_tma_copy_global_to_local %[[DESC]][%{{.*}}, %{{.*}}] %[[A:.*]], %[[B]], %{{.*}} : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%c0, %c64] %a, %b, %pred : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    // CHECK: ttng.wait_barrier %[[B]], %{{.*}}, %{{.*}} : !ttg.memdesc<1xi64
    ttng.wait_barrier %b, %phase, %pred : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.arrive_barrier %[[B]], 1 : !ttg.memdesc<1xi64
    ttng.arrive_barrier %b, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    // CHECK: ttng.fence_async_shared{{$}}
    ttng.fence_async_shared {bCluster = false}
    // CHECK: %[[D:.*]] = ttng.warp_group_dot %[[A]], %[[A]], %{{.*}}, %{{.*}} {isAsync = true} : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> * !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> tensor<64x64xf32, #mma>
    %d = ttng.warp_group_dot %a, %a, %acc, %pred {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable> * !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable> -> tensor<64x64xf32, #mma>
    // CHECK: ttng.warp_group_dot_wait %[[D]], %[[A]] {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16
    %w:2 = ttng.warp_group_dot_wait %d, %a {pendings = 0 : i32} : tensor<64x64xf32, #mma>, !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    // CHECK: ttng.async_tma_copy_local_to_global %[[DESC]][%{{.*}}, %{{.*}}] %[[A]] : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16
    ttng.async_tma_copy_local_to_global %desc[%c0, %c0] %a : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    // CHECK: ttng.async_tma_reduce add, %[[DESC]][%{{.*}}, %{{.*}}] %[[A]] : !tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16
    ttng.async_tma_reduce add, %desc[%c0, %c0] %a : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    // CHECK: ttng.async_tma_store_wait {pendings = 0 : i32}
    ttng.async_tma_store_wait {pendings = 0 : i32}
    // CHECK: ttng.inval_barrier %[[B]] : !ttg.memdesc<1xi64
    ttng.inval_barrier %b : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}

// A box with a leading unit dim lands in a buffer without it, as Triton
// prints TMA copies of 3-D descriptors.
#nvmma3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32, rank = 3}>
#nvmma2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#bar2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem2 = #ttg.shared_memory
module {
  // CHECK-LABEL: tt.func @rank_reduced_box
  tt.func @rank_reduced_box(%d: !tt.tensordesc<tensor<1x32x64xf32, #nvmma3>>, %a: !ttg.memdesc<32x64xf32, #nvmma2, #smem2, mutable>, %b: !ttg.memdesc<1xi64, #bar2, #smem2, mutable>, %i: i32, %p: i1) {
    // CHECK: ttng.async_tma_copy_global_to_local %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] %{{.*}}, %{{.*}}, %{{.*}} : !tt.tensordesc<tensor<1x32x64xf32, #{{.*}}>>, !ttg.memdesc<1xi64, {{.*}}> -> !ttg.memdesc<32x64xf32
    ttng.async_tma_copy_global_to_local %d[%i, %i, %i] %a, %b, %p : !tt.tensordesc<tensor<1x32x64xf32, #nvmma3>>, !ttg.memdesc<1xi64, #bar2, #smem2, mutable> -> !ttg.memdesc<32x64xf32, #nvmma2, #smem2, mutable>
    // CHECK: ttng.async_tma_copy_local_to_global
    ttng.async_tma_copy_local_to_global %d[%i, %i, %i] %a : !tt.tensordesc<tensor<1x32x64xf32, #nvmma3>>, !ttg.memdesc<32x64xf32, #nvmma2, #smem2, mutable>
    tt.return
  }
}
