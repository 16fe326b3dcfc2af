// RUN: tilerun-opt %s -split-input-file -tilerun-linalg-matmul-to-micro-kernel | FileCheck %s
// RUN: tilerun-opt %s -split-input-file -tilerun-linalg-matmul-to-micro-kernel="tile-rows=8 tile-lanes=32" | FileCheck %s --check-prefix=WIDE
// RUN: tilerun-opt %s -split-input-file -tilerun-linalg-matmul-to-micro-kernel="fuse-multiply-add=false" | FileCheck %s --check-prefix=LOOPS

// The register tile is the target's (CpuTarget::matmulRegisterTile): 4 rows
// of 16 lanes by default (16 vector registers), 8 of 32 with AVX-512's 32.
// WIDE-LABEL: func.func @tile(
// WIDE-COUNT-8: vector.fma {{.*}} : vector<32xf32>

// A static f32 matmul into a local buffer is a register tile: accumulators
// loaded from C as vectors, a K loop of broadcast-A times row-of-B, each step
// one fused multiply-add (as MLIR's vectorizer lowers a contraction), stored
// back. Unfused, each step is a multiply then an add: the loops' rounding.
// LOOPS-LABEL: func.func @tile(
// LOOPS-COUNT-4: arith.mulf {{.*}} : vector<16xf32>
// LOOPS: arith.addf {{.*}} : vector<16xf32>
// LOOPS-NOT: vector.fma
// LOOPS: vector.store
// CHECK-LABEL: func.func @tile(
// CHECK: %[[C:.*]] = memref.alloc
// CHECK-NOT: linalg.matmul
// CHECK: scf.for
// CHECK: scf.for
// CHECK: vector.load %[[C]]
// CHECK: scf.for {{.*}} iter_args(
// CHECK: vector.load %arg1
// CHECK: memref.load %arg0
// CHECK: vector.broadcast
// CHECK-COUNT-4: vector.fma {{.*}} : vector<16xf32>
// CHECK-NOT: arith.mulf
// CHECK: vector.store {{.*}}, %[[C]]
func.func @tile(%a: memref<64x32xf32>, %b: memref<32x32xf32>, %out: memref<64x32xf32>) {
  %c = memref.alloc() : memref<64x32xf32>
  memref.copy %out, %c : memref<64x32xf32> to memref<64x32xf32>
  linalg.matmul ins(%a, %b : memref<64x32xf32>, memref<32x32xf32>) outs(%c : memref<64x32xf32>)
  memref.copy %c, %out : memref<64x32xf32> to memref<64x32xf32>
  return
}

// -----

// Operands that are strided views still have unit inner stride.
// CHECK-LABEL: func.func @strided(
// CHECK-NOT: linalg.matmul
// CHECK: vector.load
func.func @strided(%a: memref<16x8xf32, strided<[?, 1], offset: ?>>, %b: memref<8x16xf32, strided<[?, 1], offset: ?>>) {
  %buf = memref.alloca() : memref<32x32xf32>
  %c = memref.subview %buf[0, 0] [16, 16] [1, 1] : memref<32x32xf32> to memref<16x16xf32, strided<[32, 1]>>
  linalg.matmul ins(%a, %b : memref<16x8xf32, strided<[?, 1], offset: ?>>, memref<8x16xf32, strided<[?, 1], offset: ?>>) outs(%c : memref<16x16xf32, strided<[32, 1]>>)
  return
}

// -----

// Left to the loops: dynamic shapes, other element types, column-strided B,
// C an argument (it may alias A or B), A a view of C.
// CHECK-LABEL: func.func @others(
// CHECK-COUNT-5: linalg.matmul
// CHECK-NOT: vector.
func.func @others(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
                  %ai: memref<8x8xi32>, %bi: memref<8x8xi32>,
                  %bt: memref<8x8xf32, strided<[1, 8]>>, %af: memref<8x8xf32>, %cf: memref<8x8xf32>, %n: index) {
  %c = memref.alloc(%n, %n) : memref<?x?xf32>
  linalg.matmul ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  %ci = memref.alloc() : memref<8x8xi32>
  linalg.matmul ins(%ai, %bi : memref<8x8xi32>, memref<8x8xi32>) outs(%ci : memref<8x8xi32>)
  %c2 = memref.alloc() : memref<8x8xf32>
  linalg.matmul ins(%af, %bt : memref<8x8xf32>, memref<8x8xf32, strided<[1, 8]>>) outs(%c2 : memref<8x8xf32>)
  linalg.matmul ins(%af, %af : memref<8x8xf32>, memref<8x8xf32>) outs(%cf : memref<8x8xf32>)
  %big = memref.alloc() : memref<8x16xf32>
  %left = memref.subview %big[0, 0] [8, 8] [1, 1] : memref<8x16xf32> to memref<8x8xf32, strided<[16, 1]>>
  %right = memref.subview %big[0, 8] [8, 8] [1, 1] : memref<8x16xf32> to memref<8x8xf32, strided<[16, 1], offset: 8>>
  linalg.matmul ins(%left, %af : memref<8x8xf32, strided<[16, 1]>>, memref<8x8xf32>) outs(%right : memref<8x8xf32, strided<[16, 1], offset: 8>>)
  return
}

// -----

// triton-shared's `acc = tl.dot(a, b, acc)`: a matmul into a copy of a zero
// tensor, then acc + product. The accumulators start at +0.0 (no copy) and
// are added to acc as they are stored, in the body's operand order; C is
// never written and neither the copy nor the add remains.
// CHECK-LABEL: func.func @dot_accumulate(
// CHECK-SAME: %[[A:[^:]*]]: memref<16x8xf32>, %[[B:[^:]*]]: memref<8x16xf32>
// CHECK-SAME: %[[OUT:[^:]*]]: memref<16x16xf32>
// CHECK: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<16x16xf32>
// CHECK-NEXT: linalg.copy ins(%[[OUT]] {{.*}} outs(%[[ACC]]
// CHECK-NOT: linalg.copy
// CHECK: scf.for {{.*}} iter_args({{[^=]*}} = %[[ZERO]],
// CHECK-COUNT-4: vector.fma
// CHECK: %[[OLD:.*]] = vector.load %[[ACC]]
// CHECK: %[[SUM:.*]] = arith.addf %[[OLD]], %{{.*}} : vector<16xf32>
// CHECK: vector.store %[[SUM]], %[[ACC]]
// CHECK-NOT: linalg.generic
// CHECK: linalg.copy ins(%[[ACC]] {{.*}} outs(%[[OUT]]
// CHECK-NEXT: return
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @dot_accumulate(%a: memref<16x8xf32>, %b: memref<8x16xf32>, %out: memref<16x16xf32>) {
  %zero = arith.constant 0.0 : f32
  %z = memref.alloc() : memref<16x16xf32>
  linalg.fill ins(%zero : f32) outs(%z : memref<16x16xf32>)
  %acc = memref.alloca() : memref<16x16xf32>
  linalg.copy ins(%out : memref<16x16xf32>) outs(%acc : memref<16x16xf32>)
  %c = memref.alloc() : memref<16x16xf32>
  linalg.copy ins(%z : memref<16x16xf32>) outs(%c : memref<16x16xf32>)
  linalg.matmul ins(%a, %b : memref<16x8xf32>, memref<8x16xf32>) outs(%c : memref<16x16xf32>)
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%acc, %c : memref<16x16xf32>, memref<16x16xf32>) outs(%acc : memref<16x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  memref.dealloc %c : memref<16x16xf32>
  memref.dealloc %z : memref<16x16xf32>
  linalg.copy ins(%acc : memref<16x16xf32>) outs(%out : memref<16x16xf32>)
  return
}

// -----

// The add's operands the other way round (product + acc): the same order.
// CHECK-LABEL: func.func @product_first(
// CHECK: %[[ACC:.*]] = memref.alloca() : memref<16x16xf32>
// CHECK: scf.for
// CHECK: %[[OLD:.*]] = vector.load %[[ACC]]
// CHECK: arith.addf %{{.*}}, %[[OLD]] : vector<16xf32>
// CHECK-NOT: linalg.generic
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @product_first(%a: memref<16x8xf32>, %b: memref<8x16xf32>) -> f32 {
  %i = arith.constant 0 : index
  %acc = memref.alloca() : memref<16x16xf32>
  %c = memref.alloc() : memref<16x16xf32>
  linalg.matmul ins(%a, %b : memref<16x8xf32>, memref<8x16xf32>) outs(%c : memref<16x16xf32>)
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c, %acc : memref<16x16xf32>, memref<16x16xf32>) outs(%acc : memref<16x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  %r = memref.load %acc[%i, %i] : memref<16x16xf32>
  return %r : f32
}

// -----

// Kept apart: a -0.0 fill (0 + -0.0 products would change sign), a fill
// the buffer gets written after, an accumulator that is an argument (it
// may alias A), and a product read again after the add.
// CHECK-LABEL: func.func @kept_apart(
// CHECK-NOT: arith.constant dense
// CHECK: linalg.copy ins({{.*}}) outs(%[[C0:[a-z0-9_]+]] :
// CHECK: vector.load %[[C0]][
// CHECK: linalg.copy ins({{.*}}) outs(%[[C1:[a-z0-9_]+]] :
// CHECK: vector.load %[[C1]][
// CHECK: linalg.generic {{.*}} ins(%arg2, %[[C1]] :
// CHECK: vector.store %{{.*}}, %[[C2:[a-z0-9_]+]][
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[C2]] :
// CHECK: memref.load %[[C2]]
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @kept_apart(%a: memref<16x8xf32>, %b: memref<8x16xf32>, %arg: memref<16x16xf32>) -> f32 {
  %i = arith.constant 0 : index
  %nzero = arith.constant -0.0 : f32
  %z = memref.alloc() : memref<16x16xf32>
  linalg.fill ins(%nzero : f32) outs(%z : memref<16x16xf32>)
  %c0 = memref.alloc() : memref<16x16xf32>
  linalg.copy ins(%z : memref<16x16xf32>) outs(%c0 : memref<16x16xf32>)
  linalg.matmul ins(%a, %b : memref<16x8xf32>, memref<8x16xf32>) outs(%c0 : memref<16x16xf32>)
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %w = memref.alloc() : memref<16x16xf32>
  linalg.fill ins(%zero : f32) outs(%w : memref<16x16xf32>)
  memref.store %one, %w[%i, %i] : memref<16x16xf32>
  %c1 = memref.alloc() : memref<16x16xf32>
  linalg.copy ins(%w : memref<16x16xf32>) outs(%c1 : memref<16x16xf32>)
  linalg.matmul ins(%a, %b : memref<16x8xf32>, memref<8x16xf32>) outs(%c1 : memref<16x16xf32>)
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%arg, %c1 : memref<16x16xf32>, memref<16x16xf32>) outs(%arg : memref<16x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  %acc = memref.alloca() : memref<16x16xf32>
  %c2 = memref.alloc() : memref<16x16xf32>
  linalg.matmul ins(%a, %b : memref<16x8xf32>, memref<8x16xf32>) outs(%c2 : memref<16x16xf32>)
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%acc, %c2 : memref<16x16xf32>, memref<16x16xf32>) outs(%acc : memref<16x16xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  }
  %r = memref.load %c2[%i, %i] : memref<16x16xf32>
  return %r : f32
}
