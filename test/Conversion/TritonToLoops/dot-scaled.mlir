// RUN: tilerun-opt %s -split-input-file -tilerun-convert-triton-to-loops -canonicalize -cse -verify-diagnostics | FileCheck %s

// e2m1 x e4m3 with e8m0 scales: both operands are decoded and scaled into
// f32 tiles (K = 64: two fp4 codes per byte of A, one scale per 32 along K),
// then multiplied by the f32 micro-kernel. (The operands are splat loads:
// only the lowering is under test.)
// CHECK-LABEL: func.func @mx
// CHECK-DAG: memref.alloca() {{.*}} : memref<16x64xf32>
// CHECK-DAG: memref.alloca() {{.*}} : memref<64x16xf32>
// The fp4 code of an odd k is the high nibble of its byte.
// CHECK: llvm.load %arg0 {{.*}} : !llvm.ptr -> i8
// CHECK: arith.shrui %{{.*}}, %c4_i32
// A scale byte s is 2^(s - 127): s shifted into the f32 exponent field.
// CHECK: llvm.load %arg1 {{.*}} : !llvm.ptr -> i8
// CHECK: arith.shli %{{.*}}, %c23_i32
// CHECK: memref.store %{{.*}} : memref<16x64xf32>
// fp8 elements are loaded as bytes and decoded.
// CHECK: llvm.load %arg2 {{.*}} : !llvm.ptr -> i8
// CHECK: llvm.load %arg3 {{.*}} : !llvm.ptr -> i8
// CHECK: memref.store %{{.*}} : memref<64x16xf32>
// CHECK: vector.fma
tt.func public @mx(%a: !tt.ptr<i8>, %as: !tt.ptr<i8>, %b: !tt.ptr<f8E4M3FN>, %bs: !tt.ptr<i8>, %o: !tt.ptr<f32>) {
  %ap = tt.splat %a : !tt.ptr<i8> -> tensor<16x32x!tt.ptr<i8>>
  %av = tt.load %ap : tensor<16x32x!tt.ptr<i8>>
  %asp = tt.splat %as : !tt.ptr<i8> -> tensor<16x2x!tt.ptr<i8>>
  %asv = tt.load %asp : tensor<16x2x!tt.ptr<i8>>
  %bp = tt.splat %b : !tt.ptr<f8E4M3FN> -> tensor<64x16x!tt.ptr<f8E4M3FN>>
  %bv = tt.load %bp : tensor<64x16x!tt.ptr<f8E4M3FN>>
  %bsp = tt.splat %bs : !tt.ptr<i8> -> tensor<16x2x!tt.ptr<i8>>
  %bsv = tt.load %bsp : tensor<16x2x!tt.ptr<i8>>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  %d = tt.dot_scaled %av scale %asv, %bv scale %bsv, %z lhs = e2m1 rhs = e4m3 {fastMath = false} : tensor<16x32xi8>, tensor<16x2xi8> * tensor<64x16xf8E4M3FN>, tensor<16x2xi8> -> tensor<16x16xf32>
  %op = tt.splat %o : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  tt.store %op, %d : tensor<16x16x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func public @scale_rows(%a: !tt.ptr<f8E5M2>, %as: !tt.ptr<i8>, %b: !tt.ptr<bf16>, %o: !tt.ptr<f32>) {
  %ap = tt.splat %a : !tt.ptr<f8E5M2> -> tensor<16x64x!tt.ptr<f8E5M2>>
  %av = tt.load %ap : tensor<16x64x!tt.ptr<f8E5M2>>
  %asp = tt.splat %as : !tt.ptr<i8> -> tensor<8x2x!tt.ptr<i8>>
  %asv = tt.load %asp : tensor<8x2x!tt.ptr<i8>>
  %bp = tt.splat %b : !tt.ptr<bf16> -> tensor<64x16x!tt.ptr<bf16>>
  %bv = tt.load %bp : tensor<64x16x!tt.ptr<bf16>>
  %z = arith.constant dense<0.0> : tensor<16x16xf32>
  // expected-error @+1 {{scale of shape 'tensor<8x2xi8>' does not divide a 16 x 64 operand into groups along K}}
  %d = tt.dot_scaled %av scale %asv, %bv, %z lhs = e5m2 rhs = bf16 {fastMath = false} : tensor<16x64xf8E5M2>, tensor<8x2xi8> * tensor<64x16xbf16> -> tensor<16x16xf32>
  %op = tt.splat %o : !tt.ptr<f32> -> tensor<16x16x!tt.ptr<f32>>
  tt.store %op, %d : tensor<16x16x!tt.ptr<f32>>
  tt.return
}

// -----

// ttg.fp4_to_fp (Triton's upcast of an e2m1 operand, Gluon's fp4_to_fp):
// element k of the result is nibble k % 2 of byte k / 2, decoded exactly
// and rounded to bf16 (a no-op for e2m1 values).
// CHECK-LABEL: func.func @fp4_upcast
// CHECK: scf.for
// CHECK:   llvm.load %{{.*}} : !llvm.ptr -> i8
// CHECK:   arith.shrui %{{.*}}, %c4_i32
// CHECK:   arith.sitofp
// CHECK:   llvm.store %{{.*}} : bf16, !llvm.ptr
tt.func public @fp4_upcast(%x: !tt.ptr<i8>, %o: !tt.ptr<bf16>) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %xp = tt.splat %x : !tt.ptr<i8> -> tensor<16x!tt.ptr<i8>>
  %xa = tt.addptr %xp, %r : tensor<16x!tt.ptr<i8>>, tensor<16xi32>
  %v = tt.load %xa : tensor<16x!tt.ptr<i8>>
  %f = ttg.fp4_to_fp %v {axis = 0 : i32} : tensor<16xi8> -> tensor<32xbf16>
  %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %op = tt.splat %o : !tt.ptr<bf16> -> tensor<32x!tt.ptr<bf16>>
  %oa = tt.addptr %op, %r32 : tensor<32x!tt.ptr<bf16>>, tensor<32xi32>
  tt.store %oa, %f : tensor<32x!tt.ptr<bf16>>
  tt.return
}
