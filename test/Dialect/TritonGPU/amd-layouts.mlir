// RUN: tilerun-opt %s | tilerun-opt | FileCheck %s

// AMD's matrix-core layouts round-trip as Triton 3.6 prints them: keys in
// Triton's order, defaults elided (elementBitWidth 32, tilesPerWarp of ones,
// WMMA's instrShape [16, 16, 16]), every matrix layout aliased #mma.

// CHECK-DAG: #mma = #ttg.amd_mfma<{version = 1, warpsPerCTA = [1, 4], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK-DAG: #mma1 = #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], isTransposed = true, CGALayout = {{\[\[}}1, 0]], tilesPerWarp = [2, 2], elementBitWidth = 64}>
// CHECK-DAG: #mma2 = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1, 4], instrShape = [32, 32, 8], isTransposed = false}>
// CHECK-DAG: #mma3 = #ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [1, 4]}>
// CHECK-DAG: #mma4 = #ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [2, 2], CGALayout = {{\[\[}}0, 1]], tilesPerWarp = [2, 1], instrShape = [16, 16, 32]}>
#mfma = #ttg.amd_mfma<{isTransposed = true, version = 1, instrShape = [32, 32, 8], warpsPerCTA = [1, 4]}>
#mfma64 = #ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [16, 16, 16], isTransposed = true, CGALayout = [[1, 0]], tilesPerWarp = [2, 2], elementBitWidth = 64}>
#mfma3d = #ttg.amd_mfma<{version = 3, warpsPerCTA = [1, 1, 4], instrShape = [32, 32, 8], isTransposed = false, tilesPerWarp = [1, 1, 1], elementBitWidth = 32}>
#wmma = #ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [1, 4], instrShape = [16, 16, 16]}>
#wmma3 = #ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [2, 2], CGALayout = [[0, 1]], tilesPerWarp = [2, 1], instrShape = [16, 16, 32]}>

// CHECK-LABEL: func.func @amd
// CHECK-SAME: tensor<64x64xf32, #mma>
// CHECK-SAME: tensor<64x64xf32, #mma1>
// CHECK-SAME: tensor<2x64x64xf32, #mma2>
// CHECK-SAME: tensor<64x64xf16, #mma3>
// CHECK-SAME: tensor<64x64xf16, #mma4>
// CHECK-SAME: tensor<64xf32, #ttg.slice<{dim = 0, parent = #mma3}>>
// CHECK-SAME: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 4}>>
func.func @amd(%a: tensor<64x64xf32, #mfma>,
               %b: tensor<64x64xf32, #mfma64>,
               %c: tensor<2x64x64xf32, #mfma3d>,
               %d: tensor<64x64xf16, #wmma>,
               %e: tensor<64x64xf16, #wmma3>,
               %f: tensor<64xf32, #ttg.slice<{dim = 0, parent = #wmma}>>,
               %g: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mfma, kWidth = 4}>>) {
  return
}
