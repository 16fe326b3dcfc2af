// triton-shared's form of a tile kernel: each program loads a block of 16
// rows of `x`, `stride` elements apart, into a local buffer, computes
// 2 * x + 1 into another and stores it to the same block of `out`.
// @static_tiles' blocks are 16 x 20 and unmasked (static copies);
// @masked_tiles' are 16 x 24, cut to the rows and columns left (copies of
// the buffers' leading corners, whole away from the edges).
#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @static_tiles(%out: memref<*xf32>, %x: memref<*xf32>, %stride: i32, %gx: i32, %gy: i32, %gz: i32, %px: i32, %py: i32, %pz: i32) {
    %c16 = arith.constant 16 : index
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %pid = arith.index_cast %px : i32 to index
    %s = arith.index_cast %stride : i32 to index
    %row0 = arith.muli %pid, %c16 : index
    %start = arith.muli %row0, %s : index
    %xv = memref.reinterpret_cast %x to offset: [%start], sizes: [16, 20], strides: [%s, 1] : memref<*xf32> to memref<16x20xf32, strided<[?, 1], offset: ?>>
    %ov = memref.reinterpret_cast %out to offset: [%start], sizes: [16, 20], strides: [%s, 1] : memref<*xf32> to memref<16x20xf32, strided<[?, 1], offset: ?>>
    %t = memref.alloc() : memref<16x20xf32>
    memref.copy %xv, %t : memref<16x20xf32, strided<[?, 1], offset: ?>> to memref<16x20xf32>
    %u = memref.alloc() : memref<16x20xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%t : memref<16x20xf32>) outs(%u : memref<16x20xf32>) {
    ^bb0(%a: f32, %o: f32):
      %m = arith.mulf %a, %two : f32
      %y = arith.addf %m, %one : f32
      linalg.yield %y : f32
    }
    memref.copy %u, %ov : memref<16x20xf32> to memref<16x20xf32, strided<[?, 1], offset: ?>>
    return
  }

  func.func @masked_tiles(%out: memref<*xf32>, %x: memref<*xf32>, %stride: i32, %nrows: i32, %ncols: i32, %gx: i32, %gy: i32, %gz: i32, %px: i32, %py: i32, %pz: i32) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c24 = arith.constant 24 : index
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %two = arith.constant 2.0 : f32
    %pid = arith.index_cast %px : i32 to index
    %s = arith.index_cast %stride : i32 to index
    %m = arith.index_cast %nrows : i32 to index
    %n = arith.index_cast %ncols : i32 to index
    %row0 = arith.muli %pid, %c16 : index
    %start = arith.muli %row0, %s : index
    %left = arith.subi %m, %row0 : index
    %rows0 = arith.minsi %left, %c16 : index
    %rows = arith.maxsi %rows0, %c0 : index
    %cols = arith.minsi %n, %c24 : index
    %xv = memref.reinterpret_cast %x to offset: [%start], sizes: [%rows, %cols], strides: [%s, 1] : memref<*xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    %ov = memref.reinterpret_cast %out to offset: [%start], sizes: [%rows, %cols], strides: [%s, 1] : memref<*xf32> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    %t = memref.alloc() : memref<16x24xf32>
    linalg.fill ins(%zero : f32) outs(%t : memref<16x24xf32>)
    %tc = memref.subview %t[0, 0] [%rows, %cols] [1, 1] : memref<16x24xf32> to memref<?x?xf32, strided<[24, 1]>>
    memref.copy %xv, %tc : memref<?x?xf32, strided<[?, 1], offset: ?>> to memref<?x?xf32, strided<[24, 1]>>
    %u = memref.alloc() : memref<16x24xf32>
    linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%t : memref<16x24xf32>) outs(%u : memref<16x24xf32>) {
    ^bb0(%a: f32, %o: f32):
      %p = arith.mulf %a, %two : f32
      %y = arith.addf %p, %one : f32
      linalg.yield %y : f32
    }
    %uc = memref.subview %u[0, 0] [%rows, %cols] [1, 1] : memref<16x24xf32> to memref<?x?xf32, strided<[24, 1]>>
    memref.copy %uc, %ov : memref<?x?xf32, strided<[24, 1]>> to memref<?x?xf32, strided<[?, 1], offset: ?>>
    return
  }
}
