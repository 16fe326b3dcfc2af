// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops -canonicalize -cse | FileCheck %s

// Tiles carried by scf.for live in slot buffers. `acc = acc + x` reads its
// slot only at the element it writes, so it is updated in place: no
// temporary, no copy, and its masked load is versioned like any other nest.
// CHECK-LABEL: func.func @accumulate
// CHECK-COUNT-1: memref.alloca() {{.*}} : memref<64xf32>
// CHECK-NOT: memref.alloca
// CHECK: scf.for
// CHECK-NOT: memref.copy
// CHECK:   scf.if
// CHECK:     scf.for
// CHECK:       memref.load %[[SLOT:.*]][
// CHECK:       llvm.load
// CHECK:       arith.addf
// CHECK:       memref.store %{{.*}}, %[[SLOT]][
// CHECK-NOT: memref.copy
// CHECK: return
tt.func public @accumulate(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %acc = scf.for %off = %c0 to %n step %c64 iter_args(%a = %zero) -> (tensor<64xf32>) : i32 {
    %offs = tt.splat %off : i32 -> tensor<64xi32>
    %cols = arith.addi %offs, %r : tensor<64xi32>
    %m = arith.cmpi slt, %cols, %ns : tensor<64xi32>
    %p = tt.addptr %xs, %cols : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %v = tt.load %p, %m, %zero : tensor<64x!tt.ptr<f32>>
    %s = arith.addf %a, %v : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  }
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %yp, %acc : tensor<64x!tt.ptr<f32>>
  tt.return
}

// Swapped tiles read each other's slot: both are evaluated into
// temporaries before either slot is written.
// CHECK-LABEL: func.func @swap
// CHECK: scf.for %{{.*}} = %c0_i32
// CHECK:   scf.for
// CHECK:     memref.store %{{.*}}, %[[T0:[a-z_0-9]+]][
// CHECK:   scf.for
// CHECK:     memref.store %{{.*}}, %[[T1:[a-z_0-9]+]][
// CHECK:   memref.copy %[[T0]]
// CHECK:   memref.copy %[[T1]]
tt.func public @swap(%y: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant dense<1.0> : tensor<64xf32>
  %two = arith.constant dense<2.0> : tensor<64xf32>
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %one, %b = %two) -> (tensor<64xf32>, tensor<64xf32>) : i32 {
    %a2 = arith.addf %b, %one : tensor<64xf32>
    %b2 = arith.mulf %a, %two : tensor<64xf32>
    scf.yield %a2, %b2 : tensor<64xf32>, tensor<64xf32>
  }
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %sum = arith.addf %res#0, %res#1 : tensor<64xf32>
  tt.store %yp, %sum : tensor<64x!tt.ptr<f32>>
  tt.return
}

// `acc + trans(acc)` reads its slot at other elements than it writes: it
// goes through a temporary.
// CHECK-LABEL: func.func @transposed_update
// CHECK: scf.for %{{.*}} = %c0_i32
// CHECK:   scf.for
// CHECK:     memref.store %{{.*}}, %[[TMP:[a-z_0-9]+]][
// CHECK:   memref.copy %[[TMP]]
tt.func public @transposed_update(%y: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant dense<1.0> : tensor<8x8xf32>
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%a = %one) -> (tensor<8x8xf32>) : i32 {
    %t = tt.trans %a {order = array<i32: 1, 0>} : tensor<8x8xf32> -> tensor<8x8xf32>
    %s = arith.addf %a, %t : tensor<8x8xf32>
    scf.yield %s : tensor<8x8xf32>
  }
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %rb = tt.broadcast %r2 : tensor<8x1xi32> -> tensor<8x8xi32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %rb : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
  tt.store %yp, %res : tensor<8x8x!tt.ptr<f32>>
  tt.return
}

// Two accumulations one after the other (layernorm's mean and variance):
// the first slot is dead once its reduction has read it, so the second loop
// carries its tile in the same buffer.
// CHECK-LABEL: func.func @sequential_slots
// CHECK-COUNT-1: memref.alloca() {{.*}} : memref<128xf32>
// CHECK-NOT: memref.alloca() {{.*}} : memref<128xf32>
// CHECK: return
tt.func public @sequential_slots(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<128xf32>
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %sum = scf.for %off = %c0 to %n step %c128 iter_args(%a = %zero) -> (tensor<128xf32>) : i32 {
    %offs = tt.splat %off : i32 -> tensor<128xi32>
    %cols = arith.addi %offs, %r : tensor<128xi32>
    %p = tt.addptr %xs, %cols : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    %s = arith.addf %a, %v : tensor<128xf32>
    scf.yield %s : tensor<128xf32>
  }
  %s1 = "tt.reduce"(%sum) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %h: f32):
    %t = arith.addf %l, %h : f32
    tt.reduce.return %t : f32
  }) : (tensor<128xf32>) -> f32
  %sq = scf.for %off = %c0 to %n step %c128 iter_args(%a = %zero) -> (tensor<128xf32>) : i32 {
    %offs = tt.splat %off : i32 -> tensor<128xi32>
    %cols = arith.addi %offs, %r : tensor<128xi32>
    %p = tt.addptr %xs, %cols : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
    %v = tt.load %p : tensor<128x!tt.ptr<f32>>
    %v2 = arith.mulf %v, %v : tensor<128xf32>
    %s = arith.addf %a, %v2 : tensor<128xf32>
    scf.yield %s : tensor<128xf32>
  }
  %s2 = "tt.reduce"(%sq) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %h: f32):
    %t = arith.addf %l, %h : f32
    tt.reduce.return %t : f32
  }) : (tensor<128xf32>) -> f32
  %total = arith.addf %s1, %s2 : f32
  tt.store %y, %total : !tt.ptr<f32>
  tt.return
}

// A slot that starts as a splat constant is filled with whole-row vector stores
// (a scalar nest became scatters on some targets); an i1 slot, one byte per
// element where LLVM would store a vector of i1 as packed bits, keeps the
// scalar fill.
// CHECK-LABEL: func.func @splat_fills
// CHECK-DAG: %[[ONES:.*]] = arith.constant dense<1.000000e+00> : vector<64xf32>
// CHECK-DAG: %[[BITS:.*]] = memref.alloca() {{.*}} : memref<64xi1>
// CHECK-DAG: %[[TILE:.*]] = memref.alloca() {{.*}} : memref<32x64xf32>
// CHECK: scf.for %[[ROW:.*]] = %c0 to %c32 step %c1 {
// CHECK-NEXT:   vector.store %[[ONES]], %[[TILE]][%[[ROW]], %c0] : memref<32x64xf32>, vector<64xf32>
// CHECK: scf.for %[[I:.*]] = %c0 to %c64 step %c1 {
// CHECK-NEXT:   memref.store %false, %[[BITS]][%[[I]]] : memref<64xi1>
tt.func public @splat_fills(%x: !tt.ptr<f32>, %out: !tt.ptr<i8>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant dense<1.0> : tensor<32x64xf32>
  %false = arith.constant dense<false> : tensor<64xi1>
  %true = arith.constant dense<true> : tensor<64xi1>
  %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %one, %f = %false) -> (tensor<32x64xf32>, tensor<64xi1>) : i32 {
    %a2 = arith.addf %a, %a : tensor<32x64xf32>
    %f2 = arith.xori %f, %true : tensor<64xi1>
    scf.yield %a2, %f2 : tensor<32x64xf32>, tensor<64xi1>
  }
  %r = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32>
  %ri = tt.reshape %r : tensor<2048xi32> -> tensor<32x64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %ri : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  tt.store %xp, %res#0 : tensor<32x64x!tt.ptr<f32>>
  %c = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %os = tt.splat %out : !tt.ptr<i8> -> tensor<64x!tt.ptr<i8>>
  %op = tt.addptr %os, %c : tensor<64x!tt.ptr<i8>>, tensor<64xi32>
  %fb = arith.extui %res#1 : tensor<64xi1> to tensor<64xi8>
  tt.store %op, %fb : tensor<64x!tt.ptr<i8>>
  tt.return
}
