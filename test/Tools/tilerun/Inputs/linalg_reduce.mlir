// triton-shared's form of row reductions: each program copies a block of 8
// rows of 100 floats, `stride` apart, into a local buffer and reduces each
// row three ways: max ignoring NaNs (tl.max), min propagating them
// (tl.minimum's arith.minimumf) and sum, stored at out_*[8 * pid + row].
module {
  func.func @row_stats(%out_max: memref<*xf32>, %out_min: memref<*xf32>, %out_sum: memref<*xf32>, %x: memref<*xf32>, %stride: i32, %gx: i32, %gy: i32, %gz: i32, %px: i32, %py: i32, %pz: i32) {
    %c8 = arith.constant 8 : index
    %ninf = arith.constant 0xFF800000 : f32
    %pinf = arith.constant 0x7F800000 : f32
    %zero = arith.constant 0.0 : f32
    %pid = arith.index_cast %px : i32 to index
    %s = arith.index_cast %stride : i32 to index
    %row0 = arith.muli %pid, %c8 : index
    %start = arith.muli %row0, %s : index
    %xv = memref.reinterpret_cast %x to offset: [%start], sizes: [8, 100], strides: [%s, 1] : memref<*xf32> to memref<8x100xf32, strided<[?, 1], offset: ?>>
    %t = memref.alloc() : memref<8x100xf32>
    memref.copy %xv, %t : memref<8x100xf32, strided<[?, 1], offset: ?>> to memref<8x100xf32>
    %mx = memref.alloc() : memref<8xf32>
    linalg.fill ins(%ninf : f32) outs(%mx : memref<8xf32>)
    linalg.reduce ins(%t : memref<8x100xf32>) outs(%mx : memref<8xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %r = arith.maxnumf %in, %init : f32
        linalg.yield %r : f32
      }
    %mn = memref.alloc() : memref<8xf32>
    linalg.fill ins(%pinf : f32) outs(%mn : memref<8xf32>)
    linalg.reduce ins(%t : memref<8x100xf32>) outs(%mn : memref<8xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %r = arith.minimumf %in, %init : f32
        linalg.yield %r : f32
      }
    %sm = memref.alloc() : memref<8xf32>
    linalg.fill ins(%zero : f32) outs(%sm : memref<8xf32>)
    linalg.reduce ins(%t : memref<8x100xf32>) outs(%sm : memref<8xf32>) dimensions = [1]
      (%in: f32, %init: f32) {
        %r = arith.addf %in, %init : f32
        linalg.yield %r : f32
      }
    %omx = memref.reinterpret_cast %out_max to offset: [%row0], sizes: [8], strides: [1] : memref<*xf32> to memref<8xf32, strided<[1], offset: ?>>
    %omn = memref.reinterpret_cast %out_min to offset: [%row0], sizes: [8], strides: [1] : memref<*xf32> to memref<8xf32, strided<[1], offset: ?>>
    %osm = memref.reinterpret_cast %out_sum to offset: [%row0], sizes: [8], strides: [1] : memref<*xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %mx, %omx : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %mn, %omn : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>>
    memref.copy %sm, %osm : memref<8xf32> to memref<8xf32, strided<[1], offset: ?>>
    return
  }
}
