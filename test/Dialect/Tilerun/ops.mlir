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
