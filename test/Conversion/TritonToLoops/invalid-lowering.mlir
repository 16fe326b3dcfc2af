// RUN: tilerun-opt %s -split-input-file -tilerun-convert-triton-to-loops -verify-diagnostics

// GPU inline assembly has no CPU meaning: the kernel is rejected at the op.
tt.func public @inline_asm(%x: !tt.ptr<f32>) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %xa = tt.addptr %xp, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %v = tt.load %xa : tensor<16x!tt.ptr<f32>>
  // expected-error @+1 {{holds GPU inline assembly, which cannot run on a CPU}}
  %w = tt.elementwise_inline_asm "mov.b32 $0, $1;" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %v : tensor<16xf32> -> tensor<16xf32>
  tt.store %xa, %w : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

// Assembly that writes memory through its pointer operands (pure = false)
// is rejected even when no result is read: skipping it would leave the
// memory unwritten.
tt.func public @inline_asm_unused(%x: !tt.ptr<f32>) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %xa = tt.addptr %xp, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // expected-error @+1 {{holds GPU inline assembly, which cannot run on a CPU}}
  %w = tt.elementwise_inline_asm "st.global.b32 [$1], 0; mov.b32 $0, 0;" {constraints = "=r,l", packed_element = 1 : i32, pure = false} %xa : tensor<16x!tt.ptr<f32>> -> tensor<16xi32>
  tt.return
}

// -----

// An impure extern function runs where it stands, once per element, even
// when its result is unused: one without a CPU implementation is an error.
tt.func public @impure_extern_unused(%x: !tt.ptr<f32>) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %xa = tt.addptr %xp, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %v = tt.load %xa : tensor<16x!tt.ptr<f32>>
  // expected-error @+1 {{extern_elementwise symbol 'my_logger' has no CPU implementation}}
  %w = tt.extern_elementwise %v {libname = "", libpath = "", pure = false, symbol = "my_logger"} : (tensor<16xf32>) -> tensor<16xf32>
  tt.return
}

// -----

// A scaled dot's result must be f32.
tt.func public @scaled_f16_result(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %o: !tt.ptr<f16>) {
  %ap = tt.splat %a : !tt.ptr<bf16> -> tensor<16x32x!tt.ptr<bf16>>
  %av = tt.load %ap : tensor<16x32x!tt.ptr<bf16>>
  %bp = tt.splat %b : !tt.ptr<bf16> -> tensor<32x16x!tt.ptr<bf16>>
  %bv = tt.load %bp : tensor<32x16x!tt.ptr<bf16>>
  %z = arith.constant dense<0.0> : tensor<16x16xf16>
  // expected-error @+1 {{only f32 results are supported}}
  %d = tt.dot_scaled %av, %bv, %z lhs = bf16 rhs = bf16 {fastMath = false} : tensor<16x32xbf16> * tensor<32x16xbf16> -> tensor<16x16xf16>
  %op = tt.splat %o : !tt.ptr<f16> -> tensor<16x16x!tt.ptr<f16>>
  tt.store %op, %d : tensor<16x16x!tt.ptr<f16>>
  tt.return
}

// -----

// TMA has no bitwise reductions of floats.
tt.func public @float_and(%p: !tt.ptr<f32>, %i: i32, %n: i64) {
  %d = tt.make_tensor_descriptor %p, [%i, %i], [%n, %n] : !tt.ptr<f32>, !tt.tensordesc<tensor<16x16xf32>>
  %v = arith.constant dense<1.0> : tensor<16x16xf32>
  // expected-error @+1 {{reduction 'and' is not defined for 'f32'}}
  tt.descriptor_reduce and, %d[%i, %i], %v : !tt.tensordesc<tensor<16x16xf32>>, tensor<16x16xf32>
  tt.return
}
