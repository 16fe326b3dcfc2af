// RUN: tilerun-opt %s -split-input-file -tilerun-forward-elementwise-copies | FileCheck %s

// triton-shared's masked add: inputs' valid parts copied into block buffers,
// the add over whole blocks, the valid part copied out. The add reads the
// copies' sources and writes the last copy's target directly.
// CHECK-LABEL: func.func @add(
// CHECK-NOT: memref.alloc
// CHECK-NOT: memref.copy
// CHECK: linalg.generic {{.*}} ins(%[[X:.*]], %[[Y:.*]] : memref<?xf32, strided<[1], offset: ?>>, memref<?xf32, strided<[1], offset: ?>>) outs(%[[O:.*]] : memref<?xf32, strided<[1], offset: ?>>)
// CHECK: arith.addf
// CHECK-NOT: memref.copy
// CHECK: return
#map = affine_map<(d0) -> (d0)>
func.func @add(%x: memref<1024xf32, strided<[1], offset: ?>>, %y: memref<1024xf32, strided<[1], offset: ?>>, %o: memref<1024xf32, strided<[1], offset: ?>>, %n: index) {
  %a = memref.alloc() : memref<1024xf32>
  %xs = memref.subview %x[0] [%n] [1] : memref<1024xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  %as = memref.subview %a[0] [%n] [1] : memref<1024xf32> to memref<?xf32, strided<[1]>>
  memref.copy %xs, %as : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1]>>
  %b = memref.alloc() : memref<1024xf32>
  %ys = memref.subview %y[0] [%n] [1] : memref<1024xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  %bs = memref.subview %b[0] [%n] [1] : memref<1024xf32> to memref<?xf32, strided<[1]>>
  memref.copy %ys, %bs : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1]>>
  linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%a, %b : memref<1024xf32>, memref<1024xf32>) outs(%a : memref<1024xf32>) {
  ^bb0(%i: f32, %j: f32, %out: f32):
    %s = arith.addf %i, %j : f32
    linalg.yield %s : f32
  }
  %rs = memref.subview %a[0] [%n] [1] : memref<1024xf32> to memref<?xf32, strided<[1]>>
  %os = memref.subview %o[0] [%n] [1] : memref<1024xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  memref.copy %rs, %os : memref<?xf32, strided<[1]>> to memref<?xf32, strided<[1], offset: ?>>
  return
}

// -----

// Kept: the buffer is filled with `other` for masked-off elements first
// (another write), a store to the input between the copy and the add, and a
// generic that reads its output's old values.
// CHECK-LABEL: func.func @kept(
// CHECK-COUNT-3: memref.alloc
#map = affine_map<(d0) -> (d0)>
func.func @kept(%x: memref<1024xf32, strided<[1], offset: ?>>, %o: memref<1024xf32, strided<[1], offset: ?>>, %n: index, %v: f32) {
  %a = memref.alloc() : memref<1024xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<1024xf32>)
  %xs = memref.subview %x[0] [%n] [1] : memref<1024xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  %as = memref.subview %a[0] [%n] [1] : memref<1024xf32> to memref<?xf32, strided<[1]>>
  memref.copy %xs, %as : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1]>>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%a : memref<1024xf32>) outs(%a : memref<1024xf32>) {
  ^bb0(%i: f32, %out: f32):
    %s = arith.mulf %i, %i : f32
    linalg.yield %s : f32
  }
  %rs = memref.subview %a[0] [%n] [1] : memref<1024xf32> to memref<?xf32, strided<[1]>>
  %os = memref.subview %o[0] [%n] [1] : memref<1024xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  memref.copy %rs, %os : memref<?xf32, strided<[1]>> to memref<?xf32, strided<[1], offset: ?>>

  %b = memref.alloc() : memref<1024xf32>
  %xs2 = memref.subview %x[0] [%n] [1] : memref<1024xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  %bs = memref.subview %b[0] [%n] [1] : memref<1024xf32> to memref<?xf32, strided<[1]>>
  memref.copy %xs2, %bs : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1]>>
  linalg.fill ins(%v : f32) outs(%x : memref<1024xf32, strided<[1], offset: ?>>)
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%b : memref<1024xf32>) outs(%b : memref<1024xf32>) {
  ^bb0(%i: f32, %out: f32):
    %s = arith.mulf %i, %i : f32
    linalg.yield %s : f32
  }
  %rs2 = memref.subview %b[0] [%n] [1] : memref<1024xf32> to memref<?xf32, strided<[1]>>
  %os2 = memref.subview %o[0] [%n] [1] : memref<1024xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  memref.copy %rs2, %os2 : memref<?xf32, strided<[1]>> to memref<?xf32, strided<[1], offset: ?>>

  %c = memref.alloc() : memref<1024xf32>
  %xs3 = memref.subview %x[0] [%n] [1] : memref<1024xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  %cs = memref.subview %c[0] [%n] [1] : memref<1024xf32> to memref<?xf32, strided<[1]>>
  memref.copy %xs3, %cs : memref<?xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1]>>
  linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%c : memref<1024xf32>) outs(%c : memref<1024xf32>) {
  ^bb0(%i: f32, %out: f32):
    %s = arith.addf %i, %out : f32
    linalg.yield %s : f32
  }
  %rs3 = memref.subview %c[0] [%n] [1] : memref<1024xf32> to memref<?xf32, strided<[1]>>
  %os3 = memref.subview %o[0] [%n] [1] : memref<1024xf32, strided<[1], offset: ?>> to memref<?xf32, strided<[1], offset: ?>>
  memref.copy %rs3, %os3 : memref<?xf32, strided<[1]>> to memref<?xf32, strided<[1], offset: ?>>
  return
}
