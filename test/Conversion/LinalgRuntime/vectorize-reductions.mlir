// RUN: tilerun-opt %s -split-input-file -tilerun-vectorize-reductions | FileCheck %s

// A row max: four 8-lane partials over the row, combined pairwise, reduced
// across lanes (in any order: the max is the same), then the accumulator.
// CHECK-LABEL: func.func @row_max(
// CHECK-DAG: %[[C32:.*]] = arith.constant 32 : index
// CHECK-DAG: %[[C1024:.*]] = arith.constant 1024 : index
// CHECK-COUNT-4: vector.load %arg0[%{{.*}}] : memref<1024xf32>, vector<8xf32>
// CHECK: %[[P:.*]]:4 = scf.for %[[I:.*]] = %[[C32]] to %[[C1024]] step %[[C32]] iter_args(
// CHECK-COUNT-4: arith.maxnumf %{{.*}}, %{{.*}} : vector<8xf32>
// CHECK: scf.yield
// CHECK: %[[A:.*]] = arith.maxnumf %[[P]]#0, %[[P]]#1 : vector<8xf32>
// CHECK: %[[B:.*]] = arith.maxnumf %[[P]]#2, %[[P]]#3 : vector<8xf32>
// CHECK: %[[AB:.*]] = arith.maxnumf %[[A]], %[[B]] : vector<8xf32>
// CHECK: %[[R:.*]] = vector.reduction <maxnumf>, %[[AB]] : vector<8xf32> into f32
// CHECK: %[[OLD:.*]] = memref.load %arg1[] : memref<f32>
// CHECK: %[[NEW:.*]] = arith.maxnumf %[[R]], %[[OLD]] : f32
// CHECK: memref.store %[[NEW]], %arg1[] : memref<f32>
// CHECK-NOT: linalg.reduce
func.func @row_max(%x: memref<1024xf32>, %acc: memref<f32>) {
  linalg.reduce ins(%x : memref<1024xf32>) outs(%acc : memref<f32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %m = arith.maxnumf %in, %init : f32
      linalg.yield %m : f32
    }
  return
}

// -----

// Rows of a 2-D tile, each with a tail past its whole groups of 32: the
// lanes of a float sum are reassociated, and the tail added one by one.
// CHECK-LABEL: func.func @row_sums_with_tail(
// CHECK: scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:   vector.load %arg0[%[[ROW]], %{{.*}}] : memref<4x100xf32, strided<[?, 1]>>, vector<8xf32>
// CHECK:   scf.for {{.*}} -> (vector<8xf32>, vector<8xf32>, vector<8xf32>, vector<8xf32>)
// CHECK:   vector.reduction <add>, %{{.*}} fastmath<reassoc> : vector<8xf32> into f32
// CHECK:   %[[T:.*]] = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[S:.*]] = %{{.*}}) -> (f32) {
// CHECK:     %[[E:.*]] = memref.load %arg0[%[[ROW]], %[[K]]]
// CHECK:     arith.addf %[[S]], %[[E]] : f32
// CHECK:   memref.load %arg1[%[[ROW]]] : memref<4xf32>
// CHECK:   memref.store %{{.*}}, %arg1[%[[ROW]]] : memref<4xf32>
func.func @row_sums_with_tail(%x: memref<4x100xf32, strided<[?, 1]>>, %acc: memref<4xf32>) {
  linalg.reduce ins(%x : memref<4x100xf32, strided<[?, 1]>>) outs(%acc : memref<4xf32>) dimensions = [1]
    (%in: f32, %init: f32) {
      %s = arith.addf %init, %in : f32
      linalg.yield %s : f32
    }
  return
}

// -----

// Integer kinds; their order changes nothing.
// CHECK-LABEL: func.func @int_xor(
// CHECK: vector.reduction <xor>, %{{.*}} : vector<8xi32> into i32
// CHECK-NOT: fastmath
func.func @int_xor(%x: memref<64xi32>, %acc: memref<i32>) {
  linalg.reduce ins(%x : memref<64xi32>) outs(%acc : memref<i32>) dimensions = [0]
    (%in: i32, %init: i32) {
      %r = arith.xori %in, %init : i32
      linalg.yield %r : i32
    }
  return
}

// -----

// Left alone: a reduction over an outer dimension, a combiner of more than
// one op, a row shorter than four vectors, a row that is not contiguous,
// and a float op with fast-math flags of its own.
// CHECK-LABEL: func.func @left_alone(
// CHECK-COUNT-5: linalg.reduce
// CHECK-NOT: vector.reduction
func.func @left_alone(%cols: memref<64x64xf32>, %colacc: memref<64xf32>,
                      %x: memref<64xf32>, %acc: memref<f32>,
                      %short: memref<31xf32>, %strided: memref<64xf32, strided<[2]>>) {
  linalg.reduce ins(%cols : memref<64x64xf32>) outs(%colacc : memref<64xf32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  linalg.reduce ins(%x : memref<64xf32>) outs(%acc : memref<f32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %sq = arith.mulf %in, %in : f32
      %s = arith.addf %sq, %init : f32
      linalg.yield %s : f32
    }
  linalg.reduce ins(%short : memref<31xf32>) outs(%acc : memref<f32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  linalg.reduce ins(%strided : memref<64xf32, strided<[2]>>) outs(%acc : memref<f32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init : f32
      linalg.yield %s : f32
    }
  linalg.reduce ins(%x : memref<64xf32>) outs(%acc : memref<f32>) dimensions = [0]
    (%in: f32, %init: f32) {
      %s = arith.addf %in, %init fastmath<nnan> : f32
      linalg.yield %s : f32
    }
  return
}
