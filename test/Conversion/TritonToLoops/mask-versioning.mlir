// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops -canonicalize -cse | FileCheck %s

// Masks computed from indices and scalars: one pass checks them over the
// tile, then an unguarded copy of the loop runs when all are true, and the
// guarded copy otherwise.
// CHECK-LABEL: func.func @tail_masked
// CHECK: %[[ALL:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %true) -> (i1)
// CHECK:   arith.cmpi slt
// CHECK:   arith.andi %[[ACC]]
// CHECK: scf.if %[[ALL]] {
// CHECK:   scf.for
// CHECK-NOT: scf.if
// CHECK:     llvm.load
// CHECK-NOT: scf.if
// CHECK:     llvm.store
// CHECK: } else {
// CHECK:   scf.for
// CHECK:     scf.if
// CHECK:       llvm.load
// CHECK:       llvm.store
tt.func public @tail_masked(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) {
  %pid = tt.get_program_id x : i32
  %c64 = arith.constant 64 : i32
  %base = arith.muli %pid, %c64 : i32
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %bs = tt.splat %base : i32 -> tensor<64xi32>
  %offs = arith.addi %bs, %r : tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %offs, %ns : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %xp, %m : tensor<64x!tt.ptr<f32>>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %yp, %v, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}

// A mask read from memory is not evaluated twice: no versioning.
// CHECK-LABEL: func.func @data_mask
// CHECK-NOT: iter_args
// CHECK: scf.for
// CHECK: scf.if
// CHECK: return
tt.func public @data_mask(%x: !tt.ptr<f32>, %flags: !tt.ptr<i1>) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %fs = tt.splat %flags : !tt.ptr<i1> -> tensor<64x!tt.ptr<i1>>
  %fp = tt.addptr %fs, %r : tensor<64x!tt.ptr<i1>>, tensor<64xi32>
  %m = tt.load %fp : tensor<64x!tt.ptr<i1>>
  %cst = arith.constant dense<1.0> : tensor<64xf32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %xp, %cst, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}
