// RUN: tilerun-opt %s | tilerun-opt | FileCheck %s

// CHECK-DAG: #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK-DAG: #blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1], CGALayout = {{\[\[}}1, 0]]}>
// CHECK-DAG: #linear = #ttg.linear<{register = [], lane = {{\[\[}}8], [16], [32], [1], [2]], warp = {{\[\[}}4], [0]], block = []}>
// CHECK-DAG: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
// CHECK-DAG: #mma1 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], CGALayout = {{\[\[}}0, 1]], instrShape = [16, 8]}>
// CHECK-DAG: #shared = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>
// CHECK-DAG: #shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
// CHECK-DAG: #shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16, rank = 3}>
// CHECK-DAG: #shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8, fp4Padded = true, CGALayout = {{\[\[}}0, 1]]}>
// CHECK-DAG: #shared4 = #ttg.padded_shared<[512:+16] {order = [1, 0], shape = [64, 64]}>
// CHECK-DAG: #shared5 = #ttg.padded_shared<[32:+4, 64:+8] {offset = {{\[\[}}1, 0], [0, 1], [2, 0], [0, 2]], block = []}>
// CHECK-DAG: #shared6 = #ttg.shared_linear<{offset = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 2]]}, alignment = 16>
// CHECK-DAG: #shared7 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = {{\[\[}}1]]}>
// CHECK-DAG: #smem = #ttg.shared_memory
#blocked = #ttg.blocked<{order = [1, 0], sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [2, 2], order = [0, 1], CGALayout = [[1, 0]]}>
#linear = #ttg.linear<{register = [], lane = [[8], [16], [32], [1], [2]], warp = [[4], [0]], block = []}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 32, 16]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 4], CGALayout = [[0, 1]], instrShape = [16, 8]}>
#sw = #ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 32}>
#nv3 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16, rank = 3}>
#nvcga = #ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, elementBitWidth = 8, fp4Padded = true, CGALayout = [[0, 1]]}>
#pad = #ttg.padded_shared<[512:+16] {order = [1, 0], shape = [64, 64]}>
#pad2 = #ttg.padded_shared<[32:+4, 64:+8] {offset = [[1, 0], [0, 1], [2, 0], [0, 2]], block = []}>
#sl = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 2]]}, alignment = 16>
#cga1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0], CGALayout = [[1]]}>
#smem = #ttg.shared_memory
// An identity linear component prints in the short form, as Triton does.
// CHECK-DAG: #shared8 = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [4, 4]}>
#padid = #ttg.padded_shared<[32:+4] {offset = [[0, 1], [0, 2], [1, 0], [2, 0]], block = []}>

// CHECK-LABEL: func.func @distributed
// CHECK-SAME: tensor<64x32xf32, #blocked>
// CHECK-SAME: tensor<64xf32, #ttg.slice<{dim = 1, parent = #blocked}>>
// CHECK-SAME: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
// CHECK-SAME: tensor<64x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>
// CHECK-SAME: tensor<64xi32, #linear>
// CHECK-SAME: tensor<16x8xf32, #mma1>
// CHECK-SAME: tensor<64x64xf32, #blocked1>
func.func @distributed(%a: tensor<64x32xf32, #blocked>,
                       %b: tensor<64xf32, #ttg.slice<{parent = #blocked, dim = 1}>>,
                       %c: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>,
                       %d: tensor<64x32xf32, #ttg.dot_op<{opIdx = 1, parent = #blocked}>>,
                       %e: tensor<64xi32, #linear>,
                       %f: tensor<16x8xf32, #mma1>,
                       %g: tensor<64x64xf32, #blocked1>) {
  return
}

// CHECK-LABEL: func.func @shared
// CHECK-SAME: !ttg.memdesc<64x32xf16, #shared, #smem>
// CHECK-SAME: !ttg.memdesc<2x64x32xf32, #shared1, #smem, mutable>
// CHECK-SAME: !ttg.memdesc<2x64x32xf16, #shared2, #smem>
// CHECK-SAME: !ttg.memdesc<64x32xi8, #shared3, #smem, mutable, 2x64x32>
// CHECK-SAME: !ttg.memdesc<64x64xf16, #shared4, #smem>
// CHECK-SAME: !ttg.memdesc<4x4xf16, #shared5, #smem>
// CHECK-SAME: !ttg.memdesc<4x4xf16, #shared6, #smem>
// CHECK-SAME: !ttg.memdesc<32x2xi32, #shared7, #smem, mutable>
// CHECK-SAME: !ttg.memdesc<4x4xf16, #shared8, #smem>
// CHECK-SAME: !ttg.async.token
func.func @shared(%a: !ttg.memdesc<64x32xf16, #sw, #smem>,
                  %b: !ttg.memdesc<2x64x32xf32, #nv, #smem, mutable>,
                  %c: !ttg.memdesc<2x64x32xf16, #nv3, #smem>,
                  %d: !ttg.memdesc<64x32xi8, #nvcga, #smem, mutable, 2x64x32>,
                  %e: !ttg.memdesc<64x64xf16, #pad, #smem>,
                  %f: !ttg.memdesc<4x4xf16, #pad2, #smem>,
                  %g: !ttg.memdesc<4x4xf16, #sl, #smem>,
                  %h: !ttg.memdesc<32x2xi32, #cga1, #smem, mutable>,
                  %i: !ttg.memdesc<4x4xf16, #padid, #smem>,
                  %t: !ttg.async.token) {
  return
}
