// RUN: tilerun-opt %s -split-input-file -verify-diagnostics

tt.func @program_id_enum() {
  // expected-error @+1 {{axis}}
  %0 = "tt.get_program_id"() <{axis = 3 : i32}> : () -> i32
  tt.return
}

// -----

tt.func @program_id_keyword() {
  // expected-error @+1 {{enum values for attribute 'axis' [x, y, z]}}
  %0 = tt.get_program_id w : i32
  tt.return
}

// -----

tt.func @dot_k(%a: tensor<16x8xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{reduction dimensions differ: 8 vs 16}}
  %0 = tt.dot %a, %b, %c : tensor<16x8xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_mn(%a: tensor<16x8xf16>, %b: tensor<8x16xf16>, %c: tensor<32x16xf32>) {
  // expected-error @+1 {{to give MxN = 32x16}}
  %0 = tt.dot %a, %b, %c : tensor<16x8xf16> * tensor<8x16xf16> -> tensor<32x16xf32>
  tt.return
}

// -----

tt.func @dot_elem(%a: tensor<16x8xf16>, %b: tensor<8x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{operand element types differ}}
  %0 = tt.dot %a, %b, %c : tensor<16x8xf16> * tensor<8x16xf32> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_precision(%a: tensor<16x8xf32>, %b: tensor<8x16xf32>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{inputPrecision}}
  %0 = "tt.dot"(%a, %b, %c) <{inputPrecision = 9 : i32}> : (tensor<16x8xf32>, tensor<8x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @reduce_axis(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{axis 2 out of range for rank 2}}
  %0 = "tt.reduce"(%x) <{axis = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<4x8xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @reduce_result(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{result must be a tensor of shape [4]}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<4x8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @reduce_region_args(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{combine region argument 1 has type 'i32', expected 'f32'}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: i32):
    tt.reduce.return %a : f32
  }) : (tensor<4x8xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @reduce_region_count(%x: tensor<4x8xf32>) {
  // expected-error @+1 {{combine region must take 2 arguments, got 1}}
  %0 = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32):
    tt.reduce.return %a : f32
  }) : (tensor<4x8xf32>) -> tensor<4xf32>
  tt.return
}

// -----

tt.func @scan_return(%x: tensor<8xi32>) {
  // expected-error @+1 {{combine region returns 'f32' at position 0, expected 'i32'}}
  %0 = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: i32, %b: i32):
    %f = arith.sitofp %a : i32 to f32
    tt.scan.return %f : f32
  }) : (tensor<8xi32>) -> tensor<8xi32>
  tt.return
}

// -----

tt.func @map_args(%x: tensor<8xf32>) {
  // expected-error @+1 {{region must take 2 arguments}}
  %0 = "tt.map_elementwise"(%x) <{pack = 2 : i32}> ({
  ^bb0(%a: f32):
    tt.map_elementwise.return %a, %a : f32, f32
  }) : (tensor<8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @desc_elem(%p: !tt.ptr<f16>, %M: i32, %s: i64) {
  // expected-error @+1 {{base points to 'f16' but the block holds 'f32'}}
  %d = tt.make_tensor_descriptor %p, [%M, %M], [%s, %s] : <f16>, <tensor<16x32xf32>>
  tt.return
}

// -----

tt.func @desc_load(%d: !tt.tensordesc<tensor<16x32xf32>>, %i: i32) {
  // expected-error @+1 {{does not match the block shape [16, 32]}}
  %0 = tt.descriptor_load %d[%i, %i] : !tt.tensordesc<tensor<16x32xf32>> -> tensor<32x16xf32>
  tt.return
}

// -----

tt.func @desc_store(%d: !tt.tensordesc<tensor<16x32xf32>>, %i: i32, %x: tensor<16x32xf32>) {
  // expected-error @+1 {{expects 2 indices, got 1}}
  tt.descriptor_store %d[%i], %x : !tt.tensordesc<tensor<16x32xf32>>, tensor<16x32xf32>
  tt.return
}

// -----

tt.func @desc_gather(%d: !tt.tensordesc<tensor<2x32xf32>>, %x: tensor<8xi32>, %y: i32) {
  // expected-error @+1 {{2-D with one row}}
  %0 = tt.descriptor_gather %d[%x, %y] : (!tt.tensordesc<tensor<2x32xf32>>, tensor<8xi32>, i32) -> tensor<8x32xf32>
  tt.return
}

// -----

tt.func private @callee(%a: f32) -> f32 {
  tt.return %a : f32
}

tt.func @call_types(%x: i32) {
  // expected-error @+1 {{operand type mismatch}}
  %0 = tt.call @callee(%x) : (i32) -> f32
  tt.return
}

// -----

tt.func @call_missing(%x: i32) {
  // expected-error @+1 {{'nope' does not reference a valid tt.func}}
  tt.call @nope(%x) : (i32) -> ()
  tt.return
}

// -----

tt.func @return_types(%x: i32) -> f32 {
  // expected-error @+1 {{type of return operand 0 ('i32') doesn't match function result type ('f32')}}
  tt.return %x : i32
}

// -----

tt.func @return_count(%x: f32) -> f32 {
  // expected-error @+1 {{has 0 operands, but enclosing function (@return_count) returns 1}}
  tt.return
}

// -----

tt.func @bad_ptr(%p: !tt.ptr<f32, x>) {  // expected-error {{expected integer value}}
  tt.return
}
