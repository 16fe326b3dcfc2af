// triton-shared's form of a row kernel: each program writes 16 rows of
// `ncols` elements, `stride` elements apart, of out = x * scale[row] +
// bias[col], with the row scales and the bias copied into local buffers.
// Both are read at other indices than those written (broadcasts).
module {
  func.func @rows(%out: memref<*xf32>, %x: memref<*xf32>, %scale: memref<*xf32>, %bias: memref<*xf32>, %stride: i32, %ncols: i32, %gx: i32, %gy: i32, %gz: i32, %px: i32, %py: i32, %pz: i32) {
    %c16 = arith.constant 16 : index
    %pid = arith.index_cast %px : i32 to index
    %s = arith.index_cast %stride : i32 to index
    %n = arith.index_cast %ncols : i32 to index
    %row0 = arith.muli %pid, %c16 : index
    %start = arith.muli %row0, %s : index
    %ov = memref.reinterpret_cast %out to offset: [%start], sizes: [16, %n], strides: [%s, 1] : memref<*xf32> to memref<16x?xf32, strided<[?, 1], offset: ?>>
    %xv = memref.reinterpret_cast %x to offset: [%start], sizes: [16, %n], strides: [%s, 1] : memref<*xf32> to memref<16x?xf32, strided<[?, 1], offset: ?>>
    %sv = memref.reinterpret_cast %scale to offset: [%row0], sizes: [16], strides: [1] : memref<*xf32> to memref<16xf32, strided<[1], offset: ?>>
    %bv = memref.reinterpret_cast %bias to offset: [0], sizes: [%n], strides: [1] : memref<*xf32> to memref<?xf32, strided<[1]>>
    %sl = memref.alloc() : memref<16xf32>
    memref.copy %sv, %sl : memref<16xf32, strided<[1], offset: ?>> to memref<16xf32>
    %bl = memref.alloc(%n) : memref<?xf32>
    memref.copy %bv, %bl : memref<?xf32, strided<[1]>> to memref<?xf32>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%xv, %sl, %bl : memref<16x?xf32, strided<[?, 1], offset: ?>>, memref<16xf32>, memref<?xf32>) outs(%ov : memref<16x?xf32, strided<[?, 1], offset: ?>>) {
    ^bb0(%a: f32, %r: f32, %b: f32, %o: f32):
      %m = arith.mulf %a, %r : f32
      %y = arith.addf %m, %b : f32
      linalg.yield %y : f32
    }
    return
  }
}
