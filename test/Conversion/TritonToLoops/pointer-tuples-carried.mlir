// RUN: tilerun-opt %s -split-input-file -tilerun-convert-triton-to-loops | FileCheck %s

// A block pointer crosses scf.if and scf.while as its parts: base, then
// shape, strides and offsets per dimension.
// CHECK-LABEL: func.func @advance_in_branches
// CHECK: %[[IF:.*]]:7 = scf.if %{{.*}} -> (!llvm.ptr, i64, i64, i64, i64, i64, i64)
// CHECK: scf.yield %arg0, {{.*}} : !llvm.ptr, i64, i64, i64, i64, i64, i64
// CHECK: scf.yield %arg0, {{.*}} : !llvm.ptr, i64, i64, i64, i64, i64, i64
// CHECK: scf.while ({{.*}}, %{{.*}} = %[[IF]]#0, {{.*}}, %{{.*}} = %[[IF]]#6) : (i32, !llvm.ptr, i64, i64, i64, i64, i64, i64)
// The loop advances the column offset, the last part.
// CHECK: scf.condition
// CHECK: ^bb0(%{{.*}}: i32, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %[[COL:.*]]: i64):
// CHECK: arith.addi %[[COL]],
tt.func public @advance_in_branches(%x: !tt.ptr<f32>, %o: !tt.ptr<f32>, %flag: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c8 = arith.constant 8 : i32
  %c16 = arith.constant 16 : i32
  %c64 = arith.constant 64 : i64
  %c1_64 = arith.constant 1 : i64
  %c16_64 = arith.constant 16 : i64
  %p = tt.make_tensor_ptr %x, [%c16_64, %c64], [%c64, %c1_64], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<4x16xf32>>
  %cond = arith.cmpi sgt, %flag, %c0 : i32
  %q = scf.if %cond -> (!tt.ptr<tensor<4x16xf32>>) {
    %a = tt.advance %p, [%c4, %c16] : <tensor<4x16xf32>>
    scf.yield %a : !tt.ptr<tensor<4x16xf32>>
  } else {
    scf.yield %p : !tt.ptr<tensor<4x16xf32>>
  }
  %zero = arith.constant dense<0.0> : tensor<4x16xf32>
  %r:3 = scf.while (%i = %c0, %bp = %q, %acc = %zero) : (i32, !tt.ptr<tensor<4x16xf32>>, tensor<4x16xf32>) -> (i32, !tt.ptr<tensor<4x16xf32>>, tensor<4x16xf32>) {
    %lt = arith.cmpi slt, %i, %c4 : i32
    scf.condition(%lt) %i, %bp, %acc : i32, !tt.ptr<tensor<4x16xf32>>, tensor<4x16xf32>
  } do {
  ^bb0(%j: i32, %bq: !tt.ptr<tensor<4x16xf32>>, %a2: tensor<4x16xf32>):
    %v = tt.load %bq {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<4x16xf32>>
    %s = arith.addf %a2, %v : tensor<4x16xf32>
    %n = tt.advance %bq, [%c0, %c16] : <tensor<4x16xf32>>
    %j1 = arith.addi %j, %c1 : i32
    scf.yield %j1, %n, %s : i32, !tt.ptr<tensor<4x16xf32>>, tensor<4x16xf32>
  }
  %op = tt.make_tensor_ptr %o, [%c16_64, %c16_64], [%c16_64, %c1_64], [%c0, %c0] {order = array<i32: 1, 0>} : <tensor<4x16xf32>>
  tt.store %op, %r#2 : !tt.ptr<tensor<4x16xf32>>
  tt.return
}

// -----

// tl.assume stays an assumption for LLVM.
// CHECK-LABEL: func.func @assume
// CHECK: %[[P:.*]] = arith.cmpi sgt, %arg1, %c0_i32
// CHECK: llvm.intr.assume %[[P]] : i1
tt.func public @assume(%o: !tt.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %p = arith.cmpi sgt, %n, %c0 : i32
  llvm.intr.assume %p : i1
  %q = arith.divsi %c0, %n : i32
  tt.store %o, %q : !tt.ptr<i32>
  tt.return
}
