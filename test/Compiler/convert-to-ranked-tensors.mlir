// RUN: tilerun-opt %S/../../examples/triton_shared_add/add_kernel.mlir -tilerun-convert-to-ranked-tensors | FileCheck %s

// The pipeline behind `tilerun convert --to=ranked-tensors` (lib/Compiler):
// triton-shared's add_kernel on ranked tensors, its output tied to its
// argument for IREE, and a whole-grid entry beside it.
// CHECK-LABEL: func.func @add_kernel(
// CHECK-SAME:    tensor<?xf32> {iree.abi.output = 0 : index
// CHECK-NOT:     memref
// CHECK-LABEL: func.func @add_kernel_grid(
// CHECK:         scf.for
// CHECK:           call @add_kernel(
