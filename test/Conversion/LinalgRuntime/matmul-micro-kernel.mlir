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
