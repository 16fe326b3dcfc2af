// RUN: tilerun-opt %s -split-input-file -tilerun-vectorize-static-copies | FileCheck %s
// RUN: tilerun-opt %s -split-input-file -tilerun-vectorize-static-copies=vector-bytes=64 | FileCheck %s --check-prefix=WIDE

// An unmasked tile load: each of the 64 rows moves as four 8-float vectors,
// all loads of a row before its stores.
// CHECK-LABEL: func.func @tile_load(
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK: scf.for %[[R:.*]] = %{{.*}} to %[[C64]] step %{{.*}} {
// CHECK:   %[[V0:.*]] = vector.load %arg0[%[[R]], %{{.*}}] : memref<64x32xf32, strided<[?, 1], offset: ?>>, vector<8xf32>
// CHECK:   vector.store %[[V0]], %{{.*}}[%[[R]], %{{.*}}] : memref<64x32xf32>, vector<8xf32>
// CHECK-COUNT-3: vector.load %arg0
// CHECK-NOT: linalg.copy
// WIDE-LABEL: func.func @tile_load(
// WIDE-COUNT-2: vector.load %arg0{{.*}} vector<16xf32>
// WIDE-NOT: vector.load %arg0
func.func @tile_load(%view: memref<64x32xf32, strided<[?, 1], offset: ?>>) -> f32 {
  %c0 = arith.constant 0 : index
  %tile = memref.alloca() : memref<64x32xf32>
  linalg.copy ins(%view : memref<64x32xf32, strided<[?, 1], offset: ?>>) outs(%tile : memref<64x32xf32>)
  %x = memref.load %tile[%c0, %c0] : memref<64x32xf32>
  return %x : f32
}

// -----

// A tile store whose rows are not a whole number of vectors: two full
// vectors and a tail of 4 elements per row.
// CHECK-LABEL: func.func @tile_store_with_tail(
// WIDE-LABEL: func.func @tile_store_with_tail(
// CHECK: scf.for
// CHECK-COUNT-2: vector.load %{{.*}} : memref<4x20xf32>, vector<8xf32>
// CHECK: %[[T:.*]] = vector.load %{{.*}} : memref<4x20xf32>, vector<4xf32>
// CHECK: vector.store %[[T]], %arg0[%{{.*}}, %{{.*}}] : memref<4x20xf32, strided<[?, 1], offset: ?>>, vector<4xf32>
func.func @tile_store_with_tail(%view: memref<4x20xf32, strided<[?, 1], offset: ?>>) {
  %tile = memref.alloc() : memref<4x20xf32>
  linalg.copy ins(%tile : memref<4x20xf32>) outs(%view : memref<4x20xf32, strided<[?, 1], offset: ?>>)
  memref.dealloc %tile : memref<4x20xf32>
  return
}

// -----

// A long 1-D row loops over its vectors instead of unrolling them.
// CHECK-LABEL: func.func @long_row(
// CHECK-DAG: %[[C200:.*]] = arith.constant 200 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK: scf.for %[[I:.*]] = %{{.*}} to %[[C200]] step %[[C8]] {
// CHECK:   vector.load %arg0[%[[I]]] : memref<200xi32, strided<[1], offset: ?>>, vector<8xi32>
// CHECK-NOT: vector.load
func.func @long_row(%view: memref<200xi32, strided<[1], offset: ?>>) {
  %tile = memref.alloca() : memref<200xi32>
  linalg.copy ins(%view : memref<200xi32, strided<[1], offset: ?>>) outs(%tile : memref<200xi32>)
  return
}

// -----

// A masked tile load into the leading corner of a local buffer is
// versioned on the corner being the whole buffer; that version moves
// vectors, the other keeps the copy.
// CHECK-LABEL: func.func @masked_tile_load(
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[ROWS:.*]] = arith.cmpi eq, %arg1, %[[C64]] : index
// CHECK: %[[COLS:.*]] = arith.cmpi eq, %arg2, %[[C32]] : index
// CHECK: %[[WHOLE:.*]] = arith.andi %[[ROWS]], %[[COLS]] : i1
// CHECK: scf.if %[[WHOLE]] {
// CHECK:   scf.for
// CHECK:     vector.load %arg0{{.*}} : memref<?x?xf32, strided<[?, 1], offset: ?>>, vector<8xf32>
// CHECK: } else {
// CHECK:   linalg.copy ins(%arg0 : memref<?x?xf32, strided<[?, 1], offset: ?>>) outs(%{{.*}} : memref<?x?xf32, strided<[32, 1]>>)
// CHECK: }
func.func @masked_tile_load(%view: memref<?x?xf32, strided<[?, 1], offset: ?>>, %rows: index, %cols: index) -> f32 {
  %c0 = arith.constant 0 : index
  %tile = memref.alloca() : memref<64x32xf32>
  %corner = memref.subview %tile[0, 0] [%rows, %cols] [1, 1] : memref<64x32xf32> to memref<?x?xf32, strided<[32, 1]>>
  linalg.copy ins(%view : memref<?x?xf32, strided<[?, 1], offset: ?>>) outs(%corner : memref<?x?xf32, strided<[32, 1]>>)
  %x = memref.load %tile[%c0, %c0] : memref<64x32xf32>
  return %x : f32
}

// -----

// A linalg.generic that copies (as StreamLinalgOutputs leaves a copy) is a
// copy too.
// CHECK-LABEL: func.func @generic_copy(
// CHECK: scf.for
// CHECK-COUNT-2: vector.store %{{.*}}, %arg0[%{{.*}}, %{{.*}}] : memref<8x16xf32, strided<[?, 1], offset: ?>>, vector<8xf32>
// CHECK-NOT: linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @generic_copy(%view: memref<8x16xf32, strided<[?, 1], offset: ?>>) {
  %tile = memref.alloca() : memref<8x16xf32>
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]} ins(%tile : memref<8x16xf32>) outs(%view : memref<8x16xf32, strided<[?, 1], offset: ?>>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}

// -----

// Left alone: copies whose sides may overlap (two arguments; two views of
// one buffer), rows that are not contiguous, elements smaller than a byte,
// a corner that does not start at the buffer's origin, and a transposing
// generic.
// CHECK-LABEL: func.func @left_alone(
// CHECK-NOT: vector.load
// CHECK-COUNT-5: linalg.copy
// CHECK: linalg.generic
// CHECK-NOT: vector.load
func.func @left_alone(%a: memref<8x8xf32, strided<[?, 1]>>, %b: memref<8x8xf32, strided<[?, 1]>>,
                      %c: memref<8x8xf32, strided<[1, ?]>>, %m: memref<8x8xi1, strided<[?, 1]>>,
                      %v: memref<?x?xf32, strided<[?, 1]>>, %n: index) {
  linalg.copy ins(%a : memref<8x8xf32, strided<[?, 1]>>) outs(%b : memref<8x8xf32, strided<[?, 1]>>)
  %buf = memref.alloca() : memref<16x8xf32>
  %top = memref.subview %buf[0, 0] [8, 8] [1, 1] : memref<16x8xf32> to memref<8x8xf32, strided<[8, 1]>>
  %bottom = memref.subview %buf[8, 0] [8, 8] [1, 1] : memref<16x8xf32> to memref<8x8xf32, strided<[8, 1], offset: 64>>
  linalg.copy ins(%top : memref<8x8xf32, strided<[8, 1]>>) outs(%bottom : memref<8x8xf32, strided<[8, 1], offset: 64>>)
  %t = memref.alloca() : memref<8x8xf32>
  linalg.copy ins(%c : memref<8x8xf32, strided<[1, ?]>>) outs(%t : memref<8x8xf32>)
  %mt = memref.alloca() : memref<8x8xi1>
  linalg.copy ins(%m : memref<8x8xi1, strided<[?, 1]>>) outs(%mt : memref<8x8xi1>)
  %off = memref.subview %buf[%n, 0] [%n, %n] [1, 1] : memref<16x8xf32> to memref<?x?xf32, strided<[8, 1], offset: ?>>
  linalg.copy ins(%v : memref<?x?xf32, strided<[?, 1]>>) outs(%off : memref<?x?xf32, strided<[8, 1], offset: ?>>)
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<8x8xf32, strided<[?, 1]>>) outs(%t : memref<8x8xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }
  return
}
