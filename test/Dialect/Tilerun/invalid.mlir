// RUN: tilerun-opt %s -split-input-file -verify-diagnostics

tt.func @shape_mismatch(%ptrs: tensor<64x!tt.ptr<f32>>, %carrier: tensor<32xf32>) {
  // expected-error @below {{prefetches a tile of shape 'tensor<64x!tt.ptr<f32>>' during the evaluation of a tile of another shape, 'tensor<32xf32>'}}
  tilerun.prefetch_next_program %ptrs, %carrier : tensor<64x!tt.ptr<f32>>, tensor<32xf32>
  tt.return
}

// -----

tt.func @not_pointers(%ptrs: tensor<64xi32>, %carrier: tensor<64xf32>) {
  // expected-error @below {{operand #0 must be ranked tensor of ptr values}}
  tilerun.prefetch_next_program %ptrs, %carrier : tensor<64xi32>, tensor<64xf32>
  tt.return
}
