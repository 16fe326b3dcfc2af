// RUN: tilerun-opt %s -split-input-file -verify-diagnostics

tt.func @splat_elem(%x: f32) {
  // expected-error @+1 {{requires the same element type for all operands and results}}
  %0 = tt.splat %x : f32 -> tensor<8xi32>
  tt.return
}

// -----

tt.func @unsplat(%x: tensor<2xf32>) {
  // expected-error @+1 {{exactly one element}}
  %0 = tt.unsplat %x : tensor<2xf32>
  tt.return
}

// -----

tt.func @broadcast(%x: tensor<2x1xf32>) {
  // expected-error @+1 {{only size-1 dimensions can grow}}
  %0 = tt.broadcast %x : tensor<2x1xf32> -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @broadcast_rank(%x: tensor<4xf32>) {
  // expected-error @+1 {{same rank}}
  %0 = tt.broadcast %x : tensor<4xf32> -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @expand_dims_axis(%x: tensor<4xf32>) {
  // expected-error @+1 {{axis 2 out of range}}
  %0 = tt.expand_dims %x {axis = 2 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return
}

// -----

tt.func @expand_dims_shape(%x: tensor<4xf32>) {
  // expected-error @+1 {{result shape must be [1, 4]}}
  %0 = tt.expand_dims %x {axis = 0 : i32} : tensor<4xf32> -> tensor<4x1xf32>
  tt.return
}

// -----

tt.func @trans_perm(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{order must be a permutation}}
  %0 = tt.trans %x {order = array<i32: 0, 0>} : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @trans_shape(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{result shape must be [8, 4]}}
  %0 = tt.trans %x {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @reshape(%x: tensor<32xf32>) {
  // expected-error @+1 {{number of source and result elements must match}}
  %0 = tt.reshape %x : tensor<32xf32> -> tensor<4x4xf32>
  tt.return
}

// -----

tt.func @cat(%x: tensor<32xf32>) {
  // expected-error @+1 {{as many elements as both operands}}
  %0 = tt.cat %x, %x : tensor<32xf32> -> tensor<32xf32>
  tt.return
}

// -----

tt.func @join(%x: tensor<4xf32>) {
  // expected-error @+1 {{result shape must be [4, 2]}}
  %0 = tt.join %x, %x : tensor<4xf32> -> tensor<2x4xf32>
  tt.return
}

// -----

tt.func @split(%x: tensor<4x4xf32>) {
  // expected-error @+1 {{last dimension must have size 2}}
  %0, %1 = tt.split %x : tensor<4x4xf32> -> tensor<4xf32>
  tt.return
}

// -----

tt.func @gather_axis(%x: tensor<4x8xf32>, %i: tensor<4x2xi32>) {
  // expected-error @+1 {{axis 2 out of range}}
  %0 = tt.gather %x[%i] {axis = 2 : i32} : (tensor<4x8xf32>, tensor<4x2xi32>) -> tensor<4x2xf32>
  tt.return
}

// -----

tt.func @gather_shape(%x: tensor<4x8xf32>, %i: tensor<4x2xi32>) {
  // expected-error @+1 {{shape of the indices}}
  %0 = tt.gather %x[%i] {axis = 1 : i32} : (tensor<4x8xf32>, tensor<4x2xi32>) -> tensor<4x8xf32>
  tt.return
}

// -----

tt.func @make_range_size() {
  // expected-error @+1 {{expected end - start = 16}}
  %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<32xi32>
  tt.return
}

// -----

tt.func @make_range_order() {
  // expected-error @+1 {{end must be greater than start}}
  %0 = tt.make_range {end = 0 : i32, start = 16 : i32} : tensor<16xi32>
  tt.return
}

// -----

tt.func @make_range_type() {
  // expected-error @+1 {{element type must be i32}}
  %0 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi64>
  tt.return
}

// -----

tt.func @histogram(%x: tensor<4x4xi32>) {
  // expected-error @+1 {{must be 1-D}}
  %0 = tt.histogram %x : tensor<4x4xi32> -> tensor<8xi32>
  tt.return
}

// -----

// Triton's tile-size rule: at most 2^20 elements, computed without
// overflowing however large the dimensions are.
tt.func @too_many_elements(%x: tensor<1024x1xi32>) {
  // expected-error @+1 {{maximum allowed number of elements is 1048576, but 'tensor<1024x9223372036854775807xi32>' has more than that}}
  %0 = tt.broadcast %x : tensor<1024x1xi32> -> tensor<1024x9223372036854775807xi32>
  tt.return
}

// -----

tt.func @not_power_of_two(%x: f32) {
  // expected-error @+1 {{number of elements must be power-of-two, but 'tensor<3x4xf32>' has 12}}
  %0 = tt.splat %x : f32 -> tensor<3x4xf32>
  tt.return
}
