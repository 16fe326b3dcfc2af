// RUN: tilerun-opt %s -split-input-file -tilerun-prepare-iree-input -verify-diagnostics | FileCheck %s

// An scf.if writing a dynamically shaped tensor: the then branch in a loop of
// (c ? 1 : 0) trips, the else branch in one of (c ? 0 : 1), updating the
// carried tensor; the loop's init (a block argument) is a whole slice, and
// the scalar insert a one-element slice.
// CHECK-LABEL: func.func @if_write(
// CHECK-SAME: %[[OUT:[^:]*]]: tensor<?xf32> {iree.abi.output = 0 : index}, %[[C:[^:]*]]: i1, %[[V:[^:]*]]: f32
// CHECK-NOT: scf.if
// CHECK: %[[T:.*]] = arith.select %[[C]], %[[ONE:.*]], %[[ZERO:.*]] : index
// CHECK: %[[E:.*]] = arith.select %[[C]], %[[ZERO]], %[[ONE]] : index
// CHECK: %[[D:.*]] = tensor.dim %[[OUT]]
// CHECK: %[[W:.*]] = tensor.extract_slice %[[OUT]][0] [%[[D]]] [1]
// CHECK: %[[R0:.*]] = scf.for %{{.*}} = %[[ZERO]] to %[[T]] step %[[ONE]] iter_args(%[[A0:.*]] = %[[W]])
// CHECK:   %[[EL:.*]] = tensor.from_elements %[[V]] : tensor<1xf32>
// CHECK:   %[[I:.*]] = tensor.insert_slice %[[EL]] into %[[A0]][0] [1] [1]
// CHECK:   scf.yield %[[I]]
// CHECK: %[[R1:.*]] = scf.for %{{.*}} = %[[ZERO]] to %[[E]] step %[[ONE]] iter_args(%[[A1:.*]] = %[[R0]])
// CHECK:   scf.yield %[[A1]]
// CHECK: return %[[R1]]
func.func @if_write(%out: tensor<?xf32> {iree.abi.output = 0 : index}, %c: i1, %v: f32) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %r = scf.if %c -> tensor<?xf32> {
    %i = tensor.insert %v into %out[%c0] : tensor<?xf32>
    scf.yield %i : tensor<?xf32>
  } else {
    scf.yield %out : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

// A reduction's rank-0 init is a fill; statically shaped ifs stay.
// CHECK-LABEL: func.func @init(
// CHECK: %[[E:.*]] = tensor.empty() : tensor<f32>
// CHECK: linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<f32>)
// CHECK-NOT: tensor.insert
// CHECK: scf.if %{{.*}} -> (tensor<4xf32>)
func.func @init(%x: tensor<4xf32>, %c: i1) -> (tensor<f32>, tensor<4xf32>) {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<f32>
  %i = tensor.insert %zero into %e[] : tensor<f32>
  %r = scf.if %c -> tensor<4xf32> {
    scf.yield %x : tensor<4xf32>
  } else {
    %f = linalg.fill ins(%zero : f32) outs(%x : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %f : tensor<4xf32>
  }
  return %i, %r : tensor<f32>, tensor<4xf32>
}

// -----

func.func @while_dynamic(%t: tensor<?xf32>, %c: i1) -> tensor<?xf32> {
  // expected-error @+1 {{'scf.while' yields 'tensor<?xf32>', which IREE cannot follow the dimensions of: only scf.for may carry dynamically shaped tensors}}
  %r = scf.while (%a = %t) : (tensor<?xf32>) -> tensor<?xf32> {
    scf.condition(%c) %a : tensor<?xf32>
  } do {
  ^bb0(%b: tensor<?xf32>):
    scf.yield %b : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}

// -----

func.func @foreign(%t: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'bufferization.alloc_tensor' cannot be converted for IREE: a converted kernel may only use func, arith, math, scf, linalg and tensor ops}}
  %a = bufferization.alloc_tensor() : tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

func.func @both_branches(%n: index, %c: i1) -> tensor<?xf32> {
  // expected-error @+1 {{an scf.if yielding 'tensor<?xf32>' needs a value written by one of its branches to be restated for IREE}}
  %r = scf.if %c -> tensor<?xf32> {
    %a = tensor.empty(%n) : tensor<?xf32>
    scf.yield %a : tensor<?xf32>
  } else {
    %b = tensor.empty(%n) : tensor<?xf32>
    scf.yield %b : tensor<?xf32>
  }
  return %r : tensor<?xf32>
}
