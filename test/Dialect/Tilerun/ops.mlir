// RUN: tilerun-opt %s | tilerun-opt | FileCheck %s
// RUN: tilerun-opt %s -split-input-file -verify-diagnostics -canonicalize | FileCheck %s --check-prefix=DCE

// CHECK-LABEL: tt.func @prefetch
// CHECK: tilerun.prefetch_next_program %arg0, %arg1 : tensor<64x!tt.ptr<f32>>, tensor<64xf32>
// A prefetch is a hint: dead-code elimination may drop it.
// DCE-NOT: tilerun.prefetch_next_program
tt.func @prefetch(%ptrs: tensor<64x!tt.ptr<f32>>, %carrier: tensor<64xf32>) {
  tilerun.prefetch_next_program %ptrs, %carrier : tensor<64x!tt.ptr<f32>>, tensor<64xf32>
  tt.return
}

// -----

// CHECK-LABEL: tt.func @prefetch_next_iteration
// CHECK: %[[D:.*]] = tt.dot
// CHECK: tilerun.prefetch_next_iteration %arg0, %[[D]] : tensor<32x8x!tt.ptr<f32>>, tensor<32x32xf32>
// DCE-LABEL: tt.func @prefetch_next_iteration
// DCE-NOT: tilerun.prefetch_next_iteration
tt.func @prefetch_next_iteration(%ptrs: tensor<32x8x!tt.ptr<f32>>, %a: tensor<32x8xf32>, %b: tensor<8x32xf32>, %c: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %d = tt.dot %a, %b, %c : tensor<32x8xf32> * tensor<8x32xf32> -> tensor<32x32xf32>
  tilerun.prefetch_next_iteration %ptrs, %d : tensor<32x8x!tt.ptr<f32>>, tensor<32x32xf32>
  tt.return %d : tensor<32x32xf32>
}
