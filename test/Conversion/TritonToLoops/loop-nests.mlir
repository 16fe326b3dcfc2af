// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops -canonicalize -cse | FileCheck %s

// A tile gets at most two loops: short dimensions share one loop whose index
// is split by shifts and masks; a long innermost dimension keeps its own
// loop for the vectoriser; unit dimensions get none.
// CHECK-LABEL: func.func @short_dims
// CHECK: scf.for %[[F:.*]] = %c0 to %c16 step %c1 {
// CHECK-NOT: scf.for
// CHECK:   arith.andi %[[F]], %c1
// CHECK:   arith.shrui %[[F]], %c1
// CHECK: return
tt.func public @short_dims(%x: !tt.ptr<f32>) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %r4 = tt.reshape %r : tensor<16xi32> -> tensor<2x1x2x2x2xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<2x1x2x2x2x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r4 : tensor<2x1x2x2x2x!tt.ptr<f32>>, tensor<2x1x2x2x2xi32>
  %v = arith.sitofp %r4 : tensor<2x1x2x2x2xi32> to tensor<2x1x2x2x2xf32>
  tt.store %xp, %v : tensor<2x1x2x2x2x!tt.ptr<f32>>
  tt.return
}

// CHECK-LABEL: func.func @long_inner
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c1 {
// CHECK:   scf.for %{{.*}} = %c0 to %c32 step %c1 {
// CHECK-NOT: scf.for
// CHECK: return
tt.func public @long_inner(%x: !tt.ptr<f32>) {
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %r3 = tt.reshape %r : tensor<256xi32> -> tensor<2x4x32xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<2x4x32x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r3 : tensor<2x4x32x!tt.ptr<f32>>, tensor<2x4x32xi32>
  %v = arith.sitofp %r3 : tensor<2x4x32xi32> to tensor<2x4x32xf32>
  tt.store %xp, %v : tensor<2x4x32x!tt.ptr<f32>>
  tt.return
}

// A reduction over an axis of two is an expression of its operand, evaluated
// by its consumer: one loop, no buffer for the operand or the result.
// CHECK-LABEL: func.func @short_reduce
// CHECK-NOT: memref.alloca
// CHECK: scf.for %{{.*}} = %c0 to %c64 step %c1 {
// CHECK-NOT: scf.for
// CHECK:   arith.addf
// CHECK-NEXT: llvm.store
// CHECK: }
tt.func public @short_reduce(%x: !tt.ptr<f32>) {
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %r2 = tt.reshape %r : tensor<128xi32> -> tensor<64x2xi32>
  %v = arith.sitofp %r2 : tensor<64x2xi32> to tensor<64x2xf32>
  %s = "tt.reduce"(%v) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<64x2xf32>) -> tensor<64xf32>
  %o = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %o : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %xp, %s : tensor<64x!tt.ptr<f32>>
  tt.return
}
