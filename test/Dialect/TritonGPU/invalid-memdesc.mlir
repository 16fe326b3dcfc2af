// RUN: tilerun-opt %s -split-input-file -verify-diagnostics

#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// The leading (index) dim may be anything; the others must be powers of 2.
func.func @ok(%a: !ttg.memdesc<3x64x32xf32, #r2, #smem>) { return }
// expected-error @+1 {{shape must have power-of-2 dimensions; got 64, 24}}
func.func @npot(%a: !ttg.memdesc<64x24xf32, #r2, #smem>) { return }

// -----
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{shape must be less than or equal to allocShape. shape = 64, 32, allocShape = 32, 32}}
func.func @alloc_small(%a: !ttg.memdesc<64x32xf32, #r2, #smem, 32x32>) { return }

// -----
#r2 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{alloc shape must have at least as many dimensions as shape}}
func.func @alloc_rank(%a: !ttg.memdesc<2x64x32xf32, #r2, #smem, mutable, 64x32>) { return }

// -----
#r1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{encoding rank (1) must equal the rank of the shape (3) or be one less}}
func.func @enc_rank(%a: !ttg.memdesc<2x4x32xf32, #r1, #smem>) { return }

// -----
#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{is not a valid encoding}}
func.func @not_shared(%a: !ttg.memdesc<32xf32, #blocked, #smem>) { return }

// -----
// expected-error @+1 {{swizzlingByteWidth must be 0, 32, 64, or 128}}
#nv = #ttg.nvmma_shared<{swizzlingByteWidth = 48, transposed = false, elementBitWidth = 16}>

// -----
// expected-error @+1 {{interval values must all be power of two}}
#pad = #ttg.padded_shared<[24:+4] {order = [0], shape = [64]}>

// -----
// expected-error @+1 {{unexpected key: foo}}
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], foo = 1}>

// -----
// expected-error @+1 {{missing key: order}}
#b = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4]}>

// -----
// expected-error @+1 {{sizePerThread, threadsPerWarp, warpsPerCTA and order must have the same rank}}
#b = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>

// -----
// expected-error @+1 {{order must be a permutation of the dimensions}}
#s = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 1]}>

// -----
// expected-error @+1 {{alignment must be specified outside of the linear layout braces}}
#sl = #ttg.shared_linear<{offset = [[1]], alignment = 16}, alignment = 16>

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func @ttg_tile_size(%m: !ttg.memdesc<2097152xf32, #shared, #smem, mutable>) {
    // expected-error @+1 {{maximum allowed number of elements is 1048576}}
    %0 = ttg.local_load %m : !ttg.memdesc<2097152xf32, #shared, #smem, mutable> -> tensor<2097152xf32, #blocked>
    tt.return
  }
}
