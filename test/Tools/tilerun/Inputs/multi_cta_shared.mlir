// A shared_linear layout with block bases (num-ctas > 1): the offset bases
// place one CTA's 8x8 part column-major, the block bases pick the part
// (rows 8-15 for CTA 1; a zero basis is a copy two CTAs share). Stores a
// 16x8 tile, writes out the raw placement (the buffer reinterpreted as
// row-major) and the tile read back.
#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [4, 8], warpsPerCTA = [1, 1], order = [1, 0], CGALayout = [[0, 0], [1, 0]]}>
#lin = #ttg.shared_linear<{offset = [[1, 0], [2, 0], [4, 0], [0, 1], [0, 2], [0, 4]], block = [[0, 0], [8, 0]]}, alignment = 16>
#raw = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-ctas" = 4 : i32, "ttg.num-warps" = 1 : i32, "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @k(%in: !tt.ptr<i32>, %out: !tt.ptr<i32>) {
    %rr = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %cr = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %r = tt.expand_dims %rr {axis = 1 : i32} : tensor<16xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<16x1xi32, #blocked>
    %c = tt.expand_dims %cr {axis = 0 : i32} : tensor<8xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x8xi32, #blocked>
    %c8 = arith.constant dense<8> : tensor<16x1xi32, #blocked>
    %r8 = arith.muli %r, %c8 : tensor<16x1xi32, #blocked>
    %rb = tt.broadcast %r8 : tensor<16x1xi32, #blocked> -> tensor<16x8xi32, #blocked>
    %cb = tt.broadcast %c : tensor<1x8xi32, #blocked> -> tensor<16x8xi32, #blocked>
    %off = arith.addi %rb, %cb : tensor<16x8xi32, #blocked>
    %ip = tt.splat %in : !tt.ptr<i32> -> tensor<16x8x!tt.ptr<i32>, #blocked>
    %ia = tt.addptr %ip, %off : tensor<16x8x!tt.ptr<i32>, #blocked>, tensor<16x8xi32, #blocked>
    %x = tt.load %ia : tensor<16x8x!tt.ptr<i32>, #blocked>
    %s = ttg.local_alloc %x : (tensor<16x8xi32, #blocked>) -> !ttg.memdesc<16x8xi32, #lin, #smem, mutable>
    %raw = ttg.memdesc_reinterpret %s : !ttg.memdesc<16x8xi32, #lin, #smem, mutable> -> !ttg.memdesc<16x8xi32, #raw, #smem, mutable>
    %rv = ttg.local_load %raw : !ttg.memdesc<16x8xi32, #raw, #smem, mutable> -> tensor<16x8xi32, #blocked>
    %op = tt.splat %out : !tt.ptr<i32> -> tensor<16x8x!tt.ptr<i32>, #blocked>
    %oa = tt.addptr %op, %off : tensor<16x8x!tt.ptr<i32>, #blocked>, tensor<16x8xi32, #blocked>
    tt.store %oa, %rv : tensor<16x8x!tt.ptr<i32>, #blocked>
    %back = ttg.local_load %s : !ttg.memdesc<16x8xi32, #lin, #smem, mutable> -> tensor<16x8xi32, #blocked>
    %c128 = arith.constant dense<128> : tensor<16x8xi32, #blocked>
    %ob = tt.addptr %oa, %c128 : tensor<16x8x!tt.ptr<i32>, #blocked>, tensor<16x8xi32, #blocked>
    tt.store %ob, %back : tensor<16x8x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
