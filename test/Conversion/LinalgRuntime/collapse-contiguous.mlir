// RUN: tilerun-opt %s -tilerun-collapse-contiguous-linalg | FileCheck %s

// Elementwise ops on static contiguous tiles run over one flat loop.
// CHECK-LABEL: func.func @tiles(
// CHECK-DAG: %[[A:.*]] = memref.collapse_shape %arg0 {{\[}}[0, 1]] : memref<64x32xf32> into memref<2048xf32>
// CHECK-DAG: %[[B:.*]] = memref.collapse_shape %arg1 {{\[}}[0, 1]] : memref<64x32xf32> into memref<2048xf32>
// CHECK: linalg.generic {{.*}}iterator_types = ["parallel"]{{.*}} ins(%[[A]], %[[B]] : memref<2048xf32>, memref<2048xf32>) outs(%{{.*}} : memref<2048xf32>)
// CHECK: linalg.copy ins(%{{.*}} : memref<2048xf32>) outs(%{{.*}} : memref<2048xf32>)
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : memref<2048xf32>)
// Views with a row stride of their own keep their shape.
// CHECK: linalg.copy ins(%arg2 : memref<64x32xf32, strided<[?, 1]>>) outs(%arg0 : memref<64x32xf32>)
#map = affine_map<(d0, d1) -> (d0, d1)>
func.func @tiles(%a: memref<64x32xf32>, %b: memref<64x32xf32>, %v: memref<64x32xf32, strided<[?, 1]>>, %x: f32) {
  linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel", "parallel"]} ins(%a, %b : memref<64x32xf32>, memref<64x32xf32>) outs(%a : memref<64x32xf32>) {
  ^bb0(%i: f32, %j: f32, %o: f32):
    %s = arith.addf %i, %j : f32
    linalg.yield %s : f32
  }
  linalg.copy ins(%a : memref<64x32xf32>) outs(%b : memref<64x32xf32>)
  linalg.fill ins(%x : f32) outs(%b : memref<64x32xf32>)
  linalg.copy ins(%v : memref<64x32xf32, strided<[?, 1]>>) outs(%a : memref<64x32xf32>)
  return
}
