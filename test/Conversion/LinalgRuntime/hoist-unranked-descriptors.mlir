// RUN: tilerun-opt %s -tilerun-hoist-unranked-descriptors | FileCheck %s
// RUN: tilerun-opt %s -tilerun-hoist-unranked-descriptors -canonicalize | FileCheck %s --check-prefix=CANON

// Casts of an unranked argument, in a loop or not, reinterpret one rank-0
// view made at entry; arguments without casts get none.
// CHECK-LABEL: func.func @casts(
// CHECK-SAME: %[[A:[^:]*]]: memref<*xf32>, %[[B:[^:]*]]: memref<*xi8>, %[[C:[^:]*]]: memref<*xf32>
// CHECK: %[[VA:.*]] = memref.reinterpret_cast %[[A]] to offset: [0], sizes: [], strides: [] : memref<*xf32> to memref<f32>
// CHECK-NEXT: %[[EA:.*]] = memref.assume_alignment %[[VA]], 1 : memref<f32>
// CHECK-NEXT: %[[VB:.*]] = memref.reinterpret_cast %[[B]] to offset: [0], sizes: [], strides: [] : memref<*xi8> to memref<i8>
// CHECK-NEXT: %[[EB:.*]] = memref.assume_alignment %[[VB]], 1 : memref<i8>
// CHECK-NOT: memref.reinterpret_cast %[[C]]
// CHECK: memref.reinterpret_cast %[[EA]] to offset: [%{{.*}}], sizes: [4, 8], strides: [%{{.*}}, 1] : memref<f32> to memref<4x8xf32, strided<[?, 1], offset: ?>>
// CHECK: scf.for
// CHECK:   memref.reinterpret_cast %[[EB]] to offset: [%{{.*}}], sizes: [64], strides: [1] : memref<i8> to memref<64xi8, strided<[1], offset: ?>>
// The cast of the entry view survives canonicalization, which would fold a
// cast of a cast back onto the argument.
// CANON-LABEL: func.func @casts(
// CANON: scf.for
// CANON:   memref.reinterpret_cast %{{.*}} to offset: [%{{.*}}], sizes: [64], strides: [1] : memref<i8> to memref<64xi8, strided<[1], offset: ?>>
func.func @casts(%a: memref<*xf32>, %b: memref<*xi8>, %c: memref<*xf32>, %off: index, %s: index, %n: index) -> memref<4x8xf32, strided<[?, 1], offset: ?>> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %va = memref.reinterpret_cast %a to offset: [%off], sizes: [4, 8], strides: [%s, 1] : memref<*xf32> to memref<4x8xf32, strided<[?, 1], offset: ?>>
  scf.for %i = %c0 to %n step %c1 {
    %vb = memref.reinterpret_cast %b to offset: [%i], sizes: [64], strides: [1] : memref<*xi8> to memref<64xi8, strided<[1], offset: ?>>
    %x = memref.load %vb[%c0] : memref<64xi8, strided<[1], offset: ?>>
    memref.store %x, %vb[%c1] : memref<64xi8, strided<[1], offset: ?>>
  }
  return %va : memref<4x8xf32, strided<[?, 1], offset: ?>>
}
