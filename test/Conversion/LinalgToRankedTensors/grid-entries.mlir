// RUN: tilerun-opt %s -split-input-file -tilerun-add-grid-entries -verify-diagnostics | FileCheck %s

// One loop over gx * gy * gz programs (x fastest) calls the kernel with the
// tensors the previous programs returned; the result stays tied.
// CHECK-LABEL: func.func @k(
// CHECK-LABEL: func.func @k_grid(
// CHECK-SAME: %[[X:.*]]: tensor<?xf32>, %[[OUT:.*]]: tensor<?xf32> {iree.abi.output = 0 : index}, %[[N:.*]]: i32, %[[GX:.*]]: i32, %[[GY:.*]]: i32, %[[GZ:.*]]: i32) -> tensor<?xf32> attributes {tilerun.grid_of = "k"}
// CHECK: %[[SX:.*]] = arith.maxsi
// CHECK: %[[SY:.*]] = arith.maxsi
// CHECK: %[[SZ:.*]] = arith.maxsi
// CHECK: %[[PLANE:.*]] = arith.muli %[[SX]], %[[SY]]
// CHECK: %[[ALL:.*]] = arith.muli %[[PLANE]], %[[SZ]]
// CHECK: %[[R:.*]] = scf.for %[[P:.*]] = %{{.*}} to %[[ALL]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[OUT]])
// CHECK:   %[[YZ:.*]] = arith.divui %[[P]], %[[SX]]
// CHECK:   %[[PX:.*]] = arith.remui %[[P]], %[[SX]]
// CHECK:   %[[PY:.*]] = arith.remui %[[YZ]], %[[SY]]
// CHECK:   %[[PZ:.*]] = arith.divui %[[P]], %[[PLANE]]
// CHECK:   %[[IX:.*]] = arith.index_cast %[[PX]] : index to i32
// CHECK:   %[[IY:.*]] = arith.index_cast %[[PY]] : index to i32
// CHECK:   %[[IZ:.*]] = arith.index_cast %[[PZ]] : index to i32
// CHECK:   %[[V:.*]] = func.call @k(%[[X]], %[[ACC]], %[[N]], %[[GX]], %[[GY]], %[[GZ]], %[[IX]], %[[IY]], %[[IZ]])
// CHECK:   scf.yield %[[V]]
// CHECK: return %[[R]]
// Not kernels: private, external, or without the six grid parameters.
// CHECK-NOT: _grid
func.func @k(%x: tensor<?xf32>, %out: tensor<?xf32> {iree.abi.output = 0 : index}, %n: i32, %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) -> tensor<?xf32> {
  return %out : tensor<?xf32>
}
func.func private @helper(%a: i32, %b: i32, %c: i32, %d: i32, %e: i32, %f: i32) {
  return
}
func.func @not_a_kernel(%a: i32) {
  return
}

// -----

// Two written tensors: each result carried, in the order of the results.
// CHECK-LABEL: func.func @two_grid(
// CHECK-SAME: %[[A:.*]]: tensor<?xi32> {iree.abi.output = 1 : index}, %[[B:.*]]: tensor<?xf32> {iree.abi.output = 0 : index}
// CHECK: scf.for {{.*}} iter_args(%[[RB:.*]] = %[[B]], %[[RA:.*]] = %[[A]])
// CHECK:   func.call @two(%[[RA]], %[[RB]],
func.func @two(%a: tensor<?xi32> {iree.abi.output = 1 : index}, %b: tensor<?xf32> {iree.abi.output = 0 : index}, %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) -> (tensor<?xf32>, tensor<?xi32>) {
  return %b, %a : tensor<?xf32>, tensor<?xi32>
}

// -----

// expected-error @+1 {{result 0 is not tied to a parameter by 'iree.abi.output'}}
func.func @untied(%a: tensor<?xf32>, %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}

// -----

// expected-error @+1 {{cannot add the grid entry 'taken_grid': the module already has a symbol of that name}}
func.func @taken(%a: tensor<?xf32> {iree.abi.output = 0 : index}, %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}
func.func private @taken_grid()
