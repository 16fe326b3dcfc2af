// RUN: tilerun-opt %s -tilerun-linalg-matmul-to-micro-kernel="tile-rows=4 tile-lanes=16 prefetch-next-iteration=true" -canonicalize -cse | FileCheck %s
// RUN: tilerun-opt %s -tilerun-linalg-matmul-to-micro-kernel="tile-rows=4 tile-lanes=16" | FileCheck %s --check-prefix=OFF

// OFF-NOT: memref.prefetch

// A K loop as triton-shared writes it: each iteration copies a 16x16 view
// of A and of B, at offsets carried by the loop, into local tiles and
// multiplies them. The views the next iteration copies (offsets plus their
// steps) are built before the matmul; before each of its 4 register tiles
// the micro-kernel prefetches a quarter of each view's 16 lines (one per
// row of 16 floats), into L2, skipping lines past the view's rows.
// CHECK-LABEL: func.func @k_loop
// CHECK-SAME: %[[A:.*]]: memref<16x1024xf32>, %[[B:.*]]: memref<1024x16xf32>
// CHECK: scf.for %{{.*}} iter_args(%[[KA:.*]] = %c0, %[[KB:.*]] = %c0)
// CHECK: %[[NKA:.*]] = arith.addi %[[KA]], %c16 : index
// CHECK: %[[NA:.*]] = memref.subview %[[A]][0, %[[NKA]]] [16, 16] [1, 1]
// CHECK: %[[NKB:.*]] = arith.addi %[[KB]], %c16 : index
// CHECK: %[[NB:.*]] = memref.subview %[[B]][%[[NKB]], 0] [16, 16] [1, 1]
// CHECK: scf.for %[[M0:.*]] = %c0 to %c16 step %c4
// CHECK: %[[FIRST:.*]] = arith.muli %{{.*}}, %c4 : index
// CHECK: scf.for %[[LA:.*]] = %[[FIRST]] to
// CHECK: memref.prefetch %[[NA]][%[[LA]], %c0], read, locality<2>, data
// CHECK: scf.for %[[LB:.*]] = %[[FIRST]] to
// CHECK: memref.prefetch %[[NB]][%[[LB]], %c0], read, locality<2>, data
// CHECK: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK: vector.fma
func.func @k_loop(%a: memref<16x1024xf32>, %b: memref<1024x16xf32>, %c: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %ta = memref.alloca() : memref<16x16xf32>
  %tb = memref.alloca() : memref<16x16xf32>
  %acc = memref.alloca() : memref<16x16xf32>
  %r:2 = scf.for %k = %c0 to %c64 step %c1 iter_args(%ka = %c0, %kb = %c0) -> (index, index) {
    %va = memref.subview %a[0, %ka] [16, 16] [1, 1] : memref<16x1024xf32> to memref<16x16xf32, strided<[1024, 1], offset: ?>>
    linalg.copy ins(%va : memref<16x16xf32, strided<[1024, 1], offset: ?>>) outs(%ta : memref<16x16xf32>)
    %vb = memref.subview %b[%kb, 0] [16, 16] [1, 1] : memref<1024x16xf32> to memref<16x16xf32, strided<[16, 1], offset: ?>>
    linalg.copy ins(%vb : memref<16x16xf32, strided<[16, 1], offset: ?>>) outs(%tb : memref<16x16xf32>)
    linalg.matmul ins(%ta, %tb : memref<16x16xf32>, memref<16x16xf32>) outs(%acc : memref<16x16xf32>)
    %nka = arith.addi %ka, %c16 : index
    %nkb = arith.addi %kb, %c16 : index
    scf.yield %nka, %nkb : index, index
  }
  memref.copy %acc, %c : memref<16x16xf32> to memref<16x16xf32>
  return
}
