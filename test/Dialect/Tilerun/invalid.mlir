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

// -----

tt.func @not_a_dot(%ptrs: tensor<32x32x!tt.ptr<f32>>, %carrier: tensor<32x32xf32>) {
  // expected-error @below {{prefetches during a tt.dot, but its carrier is not the result of one}}
  tilerun.prefetch_next_iteration %ptrs, %carrier : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xf32>
  tt.return
}

// -----

tt.func @not_an_operand_shape(%ptrs: tensor<16x16x!tt.ptr<f32>>, %a: tensor<32x8xf32>, %b: tensor<8x32xf32>, %c: tensor<32x32xf32>) {
  %d = tt.dot %a, %b, %c : tensor<32x8xf32> * tensor<8x32xf32> -> tensor<32x32xf32>
  // expected-error @below {{prefetches a tile of shape 'tensor<16x16x!tt.ptr<f32>>' that is neither of the dot's operands' shapes}}
  tilerun.prefetch_next_iteration %ptrs, %d : tensor<16x16x!tt.ptr<f32>>, tensor<32x32xf32>
  tt.return
}
