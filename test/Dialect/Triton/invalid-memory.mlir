// RUN: tilerun-opt %s -split-input-file -verify-diagnostics

tt.func @addptr_shape(%p: tensor<8x!tt.ptr<f32>>, %o: tensor<4xi32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape}}
  %0 = tt.addptr %p, %o : tensor<8x!tt.ptr<f32>>, tensor<4xi32>
  tt.return
}

// -----

tt.func @addptr_scalar(%p: !tt.ptr<f32>, %o: tensor<4xi32>) {
  // expected-error @+1 {{there must be at least one non-scalar result}}
  %0 = tt.addptr %p, %o : !tt.ptr<f32>, tensor<4xi32>
  tt.return
}

// -----

tt.func @addptr_not_ptr(%p: tensor<8xf32>, %o: tensor<8xi32>) {
  // expected-error @+1 {{'result' must be ptr or ranked tensor of ptr values}}
  %0 = tt.addptr %p, %o : tensor<8xf32>, tensor<8xi32>
  tt.return
}

// -----

tt.func @load_not_ptr(%p: tensor<8xf32>) {
  // expected-error @+1 {{'ptr' must be ptr or ranked tensor of ptr values}}
  %0 = tt.load %p : tensor<8xf32>
  tt.return
}

// -----

tt.func @load_mask(%p: tensor<8x!tt.ptr<f32>>, %m: tensor<4xi1>) {
  // expected-error @+1 {{mask type matches ptr type}}
  %0 = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<8x!tt.ptr<f32>>, tensor<4xi1>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @load_result(%p: tensor<8x!tt.ptr<f32>>) {
  // expected-error @+1 {{result matches ptr type}}
  %0 = "tt.load"(%p) <{operandSegmentSizes = array<i32: 1, 0, 0>}> : (tensor<8x!tt.ptr<f32>>) -> tensor<8xf16>
  tt.return
}

// -----

tt.func @load_cache_enum(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{cache}}
  %0 = tt.load %p {cache = 9 : i32} : !tt.ptr<f32>
  tt.return
}

// -----

tt.func @load_cache_keyword(%p: !tt.ptr<f32>) {
  // expected-error @+1 {{enum values for attribute 'cache' [none, ca, cg, wb, cs, wt, cv]}}
  %0 = tt.load %p cacheModifier = bogus : !tt.ptr<f32>
  tt.return
}

// -----

tt.func @load_boundary(%p: tensor<8x!tt.ptr<f32>>) {
  // expected-error @+1 {{boundaryCheck requires a block pointer}}
  %0 = tt.load %p {boundaryCheck = array<i32: 0>} : tensor<8x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @store_value(%p: tensor<8x!tt.ptr<f32>>, %v: tensor<8xf16>) {
  // expected-error @+1 {{value type matches ptr type}}
  "tt.store"(%p, %v) : (tensor<8x!tt.ptr<f32>>, tensor<8xf16>) -> ()
  tt.return
}

// -----

tt.func @atomic_ptr(%p: tensor<8x!tt.ptr<f16>>, %v: tensor<8xf32>) {
  // expected-error @+1 {{ptr type matches value type}}
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (tensor<8x!tt.ptr<f16>>, tensor<8xf32>) -> tensor<8xf32>
  tt.return
}

// -----

tt.func @atomic_fadd_int(%p: !tt.ptr<i32>, %v: i32) {
  // expected-error @+1 {{fadd requires a floating-point value}}
  %0 = tt.atomic_rmw fadd, relaxed, gpu, %p, %v : (!tt.ptr<i32>, i32) -> i32
  tt.return
}

// -----

tt.func @atomic_sem(%p: !tt.ptr<i32>, %v: i32) {
  // expected-error @+1 {{sem}}
  %0 = "tt.atomic_rmw"(%p, %v) <{atomic_rmw_op = 4 : i32, sem = 7 : i32, scope = 1 : i32}> : (!tt.ptr<i32>, i32) -> i32
  tt.return
}

// -----

tt.func @atomic_cas(%p: !tt.ptr<i32>, %c: i32, %v: i64) {
  // expected-error @+1 {{val type matches cmp type}}
  %0 = tt.atomic_cas acq_rel, gpu, %p, %c, %v : (!tt.ptr<i32>, i32, i64) -> i32
  tt.return
}

// -----

tt.func @make_tensor_ptr(%b: !tt.ptr<f16>, %s: i64, %o: i32) {
  // expected-error @+1 {{expects 2 shape, stride and offset values, got 1}}
  %0 = tt.make_tensor_ptr %b, [%s], [%s], [%o] {order = array<i32: 0>} : <tensor<16x32xf16>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_base(%b: !tt.ptr<f32>, %s: i64, %o: i32) {
  // expected-error @+1 {{base is a pointer to the block's element type}}
  %0 = "tt.make_tensor_ptr"(%b, %s, %o) <{order = array<i32: 0>}> : (!tt.ptr<f32>, i64, i32) -> !tt.ptr<tensor<16xf16>>
  tt.return
}

// -----

tt.func @advance(%p: !tt.ptr<tensor<16x32xf16>>, %o: i32) {
  // expected-error @+1 {{expects 2 offsets}}
  %0 = tt.advance %p, [%o] : <tensor<16x32xf16>>
  tt.return
}

// -----

tt.func @bitcast(%x: tensor<8xf32>) {
  // expected-error @+1 {{same bit width}}
  %0 = tt.bitcast %x : tensor<8xf32> -> tensor<8xi16>
  tt.return
}

// -----

tt.func @fp_to_fp(%x: f32) {
  // expected-error @+1 {{rounding mode is required}}
  %0 = tt.fp_to_fp %x : f32 -> f16
  tt.return
}

// -----

tt.func @print(%x: i32) {
  // expected-error @+1 {{isSigned has 0 entries for 1 args}}
  tt.print "x" {hex = false, isSigned = array<i32>} : %x : i32
  tt.return
}

// -----

tt.func @assert(%x: tensor<8xi32>) {
  // expected-error @+1 {{operand #0 must be}}
  tt.assert %x, "m" : tensor<8xi32>
  tt.return
}
