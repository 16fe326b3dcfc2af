// RUN: tilerun-opt %s -split-input-file -tilerun-convert-triton-to-loops -canonicalize -cse -verify-diagnostics | FileCheck %s

// A device-made TMA descriptor feeds a TMA load into NVMMA shared memory, a
// warpgroup MMA whose use_c is a runtime flag, and a TMA store. Fences
// leave nothing behind; mbarriers become runtime calls, the TMA load
// completing the bytes the barrier expects; the descriptor's byte stride
// becomes an element stride.
// CHECK-LABEL: func.func @tma_wgmma
// CHECK-NOT: ttng.
// CHECK: %[[STRIDE:.*]] = arith.divsi %arg3, %c2_i64
// CHECK: llvm.call @tilerun_mbarrier_init(%[[BAR:.*]], %c1_i32)
// The TMA load (predicated): out-of-bounds elements read as zero.
// CHECK: scf.if %arg4 {
// CHECK:   llvm.call @tilerun_mbarrier_expect(%[[BAR]], %c8192_i32)
// CHECK:   scf.for
// CHECK:     scf.for
// CHECK:       %[[IN:.*]] = scf.if %{{.*}} -> (f16) {
// CHECK:         llvm.load %{{.*}} : !llvm.ptr -> f16
// CHECK:       llvm.store %[[IN]]
// CHECK:   llvm.call @tilerun_mbarrier_complete_tx(%[[BAR]], %c8192_i32)
// CHECK: llvm.call @tilerun_mbarrier_wait(%[[BAR]], %c0_i32, %{{.*}})
// use_c false starts the accumulator at zero.
// CHECK: arith.select %arg4, %{{.*}}, %cst
// CHECK: vector.fma
// The TMA store skips what lies outside the tensor.
// CHECK: scf.if %{{.*}} {
// CHECK:   llvm.store %{{.*}} : f32, !llvm.ptr
// CHECK-NOT: ttng.
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#nvmma32 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @tma_wgmma(%p: !tt.ptr<f16>, %out: !tt.ptr<f32>, %m: i32, %s: i64, %use: i1) {
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c4 = arith.constant 4 : i64
    %c64 = arith.constant 64 : i32
    %true = arith.constant true
    %acc = arith.constant dense<1.0> : tensor<64x64xf32, #mma>
    %scratch = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    ttng.tensormap_create %scratch, %p, [%c64, %c64], [%c64, %m], [%s], [%c1, %c1] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i32, i32) -> ()
    ttng.tensormap_fenceproxy_acquire %scratch : !tt.ptr<i8>
    %desc = ttng.reinterpret_tensor_descriptor %scratch : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #nvmma>>
    %scratch2 = ttg.global_scratch_alloc {alignment = 128 : i32, nbytes = 128 : i32} : !tt.ptr<i8>
    %s32 = arith.muli %c4, %c4 : i64
    ttng.tensormap_create %scratch2, %out, [%c64, %c64], [%c64, %m], [%s32], [%c1, %c1] {elem_type = 7 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f32>, i32, i32, i32, i32, i64, i32, i32) -> ()
    %odesc = ttng.reinterpret_tensor_descriptor %scratch2 : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf32, #nvmma32>>
    %a = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.init_barrier %b, 1 : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.barrier_expect %b, 8192, %use : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.async_tma_copy_global_to_local %desc[%c0, %c0] %a, %b, %use : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
    ttng.wait_barrier %b, %c0, %true : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    ttng.fence_async_shared {bCluster = false}
    %d = ttng.warp_group_dot %a, %a, %acc, %use {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable> * !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable> -> tensor<64x64xf32, #mma>
    %w = ttng.warp_group_dot_wait %d {pendings = 0 : i32} : tensor<64x64xf32, #mma>
    %c = ttg.local_alloc %w : (tensor<64x64xf32, #mma>) -> !ttg.memdesc<64x64xf32, #nvmma32, #smem, mutable>
    ttng.async_tma_copy_local_to_global %odesc[%c64, %c0] %c : !tt.tensordesc<tensor<64x64xf32, #nvmma32>>, !ttg.memdesc<64x64xf32, #nvmma32, #smem, mutable>
    ttng.async_tma_store_wait {pendings = 0 : i32}
    ttng.inval_barrier %b : !ttg.memdesc<1xi64, #bar, #smem, mutable>
    tt.return
  }
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
tt.func public @unknown_descriptor(%scratch: !tt.ptr<i8>) {
  // expected-error @+1 {{reads a TMA descriptor that no ttng.tensormap_create in this kernel wrote}}
  %desc = ttng.reinterpret_tensor_descriptor %scratch : !tt.ptr<i8> to !tt.tensordesc<tensor<64x64xf16, #nvmma>>
  tt.return
}
