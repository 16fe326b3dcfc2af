// RUN: tilerun-opt %s -split-input-file -verify-diagnostics

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#bar = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
tt.func @box_shape(%desc: !tt.tensordesc<tensor<64x64xf16, #nvmma>>, %a: !ttg.memdesc<64x32xf16, #nvmma, #smem, mutable>, %b: !ttg.memdesc<1xi64, #bar, #smem, mutable>, %i: i32, %pred: i1) {
  // expected-error @+1 {{copies a block of 'tensor<64x64xf16, #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>>' but the shared-memory buffer is}}
  ttng.async_tma_copy_global_to_local %desc[%i, %i] %a, %b, %pred : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<1xi64, #bar, #smem, mutable> -> !ttg.memdesc<64x32xf16, #nvmma, #smem, mutable>
  tt.return
}

// -----

#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @coords(%desc: !tt.tensordesc<tensor<64x64xf16, #nvmma>>, %a: !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{takes 2 coordinates for a block of rank 2, got 1}}
  ttng.async_tma_copy_local_to_global %desc[%i] %a : !tt.tensordesc<tensor<64x64xf16, #nvmma>>, !ttg.memdesc<64x64xf16, #nvmma, #smem, mutable>
  tt.return
}

// -----

tt.func @strides(%s: !tt.ptr<i8>, %p: !tt.ptr<f16>, %d: i32, %st: i64) {
  // expected-error @+1 {{needs one global stride per dimension above the innermost (1), got 2}}
  ttng.tensormap_create %s, %p, [%d, %d], [%d, %d], [%st, %st], [%d, %d] {elem_type = 6 : i32, fill_mode = 0 : i32, interleave_layout = 0 : i32, swizzle_mode = 3 : i32} : (!tt.ptr<i8>, !tt.ptr<f16>, i32, i32, i32, i32, i64, i64, i32, i32) -> ()
  tt.return
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#nvmma = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
tt.func @chain(%a: !ttg.memdesc<64x32xf16, #nvmma, #smem>, %b: !ttg.memdesc<64x64xf16, #nvmma, #smem>, %c: tensor<64x64xf32, #mma>) {
  // expected-error @+1 {{shapes do not chain: 64x32 * 64x64 -> 64x64}}
  %d = ttng.warp_group_dot %a, %b, %c : !ttg.memdesc<64x32xf16, #nvmma, #smem> * !ttg.memdesc<64x64xf16, #nvmma, #smem> -> tensor<64x64xf32, #mma>
  tt.return
}

// -----

// Only leading unit dims may be left out of the buffer.
#nvmma3 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32, rank = 3}>
#nvmma2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 32}>
#smem = #ttg.shared_memory
tt.func @two_batches(%d: !tt.tensordesc<tensor<2x32x64xf32, #nvmma3>>, %a: !ttg.memdesc<32x64xf32, #nvmma2, #smem, mutable>, %i: i32) {
  // expected-error @+1 {{copies a block of 'tensor<2x32x64xf32}}
  ttng.async_tma_copy_local_to_global %d[%i, %i, %i] %a : !tt.tensordesc<tensor<2x32x64xf32, #nvmma3>>, !ttg.memdesc<32x64xf32, #nvmma2, #smem, mutable>
  tt.return
}
