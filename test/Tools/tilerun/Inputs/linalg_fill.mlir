// Each program fills its 1024-element block of `out` (cut to the first n
// elements) with `v`: triton-shared's form of storing a constant tile.
module {
  func.func @fill(%out: memref<*xf32>, %n: i32, %v: f32, %gx: i32, %gy: i32, %gz: i32, %px: i32, %py: i32, %pz: i32) {
    %c1024 = arith.constant 1024 : index
    %pid = arith.index_cast %px : i32 to index
    %start = arith.muli %pid, %c1024 : index
    %end = arith.addi %start, %c1024 : index
    %nn = arith.index_cast %n : i32 to index
    %lim = arith.minsi %end, %nn : index
    %hi = arith.maxsi %lim, %start : index
    %len = arith.subi %hi, %start : index
    %view = memref.reinterpret_cast %out to offset: [%start], sizes: [%len], strides: [1] : memref<*xf32> to memref<?xf32, strided<[1], offset: ?>>
    linalg.fill ins(%v : f32) outs(%view : memref<?xf32, strided<[1], offset: ?>>)
    return
  }
}
