// RUN: tilerun-opt %s -split-input-file -tilerun-peel-single-trip-reductions | FileCheck %s
// RUN: tilerun-opt %s -split-input-file -tilerun-peel-single-trip-reductions -tilerun-convert-triton-to-loops -canonicalize -cse | FileCheck %s --check-prefix=LOOPS

// A row summed in blocks into a tile accumulator. When the loop runs once
// (0 < n <= 64 here) the body runs with the first offset and the initial
// accumulator, and its value is reduced directly; otherwise the loop and
// the reduction run as written. The `+ 0.0` of the first iteration stays:
// it turns -0.0 into +0.0 as the loop does.
// CHECK-LABEL: tt.func public @row_sum
// CHECK-SAME: %[[X:.*]]: !tt.ptr<f32>, %[[OUT:.*]]: !tt.ptr<f32>, %[[N:.*]]: i32
// CHECK-DAG: %[[STEP:.*]] = arith.constant 64 : i64
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32>
// CHECK: %[[ENTERED:.*]] = arith.cmpi sgt, %[[N]], %[[C0]] : i32
// CHECK: %[[UB:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK: %[[FITS:.*]] = arith.cmpi sle, %[[UB]], %[[STEP]] : i64
// CHECK: %[[ONCE:.*]] = arith.andi %[[ENTERED]], %[[FITS]] : i1
// CHECK: %[[SUM:.*]] = scf.if %[[ONCE]] -> (f32) {
// CHECK:   %[[OFFS:.*]] = tt.splat %[[C0]] : i32 -> tensor<64xi32>
// CHECK:   %[[V:.*]] = tt.load
// CHECK:   %[[FIRST:.*]] = arith.addf %[[V]], %[[ZERO]] : tensor<64xf32>
// CHECK:   %[[R:.*]] = "tt.reduce"(%[[FIRST]]) <{axis = 0 : i32}>
// CHECK:   scf.yield %[[R]] : f32
// CHECK: } else {
// CHECK:   %[[ACC:.*]] = scf.for %{{.*}} = %[[C0]] to %[[N]] step %[[C64]] iter_args(%{{.*}} = %[[ZERO]]) -> (tensor<64xf32>)
// CHECK-NOT: tilerun.single_trip_peeled
// CHECK:   %[[R2:.*]] = "tt.reduce"(%[[ACC]]) <{axis = 0 : i32}>
// CHECK:   scf.yield %[[R2]] : f32
// CHECK: }
// CHECK: tt.store %[[OUT]], %[[SUM]] : !tt.ptr<f32>

// The peeled branch needs no slot for the accumulator: the nest that loads
// the row adds the initial zero and writes the reduction's first level.
// LOOPS-LABEL: func.func @row_sum
// LOOPS: scf.if
// LOOPS:   scf.for
// LOOPS:     llvm.load
// LOOPS:     %[[ADD:.*]] = arith.addf %{{.*}}, %cst : f32
// LOOPS:     memref.store %[[ADD]], %[[TREE:.*]][%{{.*}}] : memref<64xf32>
// LOOPS:   scf.for
// LOOPS:     memref.load %[[TREE]][
tt.func public @row_sum(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
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
  %sum = "tt.reduce"(%acc) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %rr: f32):
    %t = arith.addf %l, %rr : f32
    tt.reduce.return %t : f32
  }) : (tensor<64xf32>) -> f32
  tt.store %out, %sum : !tt.ptr<f32>
  tt.return
}

// -----

// i64 bounds: `ub - lb` could overflow, so the test is ub <= lb + step
// where that sum does not wrap.
// CHECK-LABEL: tt.func public @wide_bounds
// CHECK-SAME: %{{.*}}: !tt.ptr<f32>, %{{.*}}: !tt.ptr<f32>, %[[LB:.*]]: i64, %[[UB:.*]]: i64
// CHECK: %[[ENTERED:.*]] = arith.cmpi slt, %[[LB]], %[[UB]] : i64
// CHECK: %[[NEXT:.*]] = arith.addi %[[LB]], %{{.*}} : i64
// CHECK: %[[NOWRAP:.*]] = arith.cmpi sge, %[[NEXT]], %[[LB]] : i64
// CHECK: %[[FITS:.*]] = arith.cmpi sle, %[[UB]], %[[NEXT]] : i64
// CHECK: %[[ONCE:.*]] = arith.andi %[[NOWRAP]], %[[FITS]] : i1
// CHECK: %[[COND:.*]] = arith.andi %[[ENTERED]], %[[ONCE]] : i1
// CHECK: scf.if %[[COND]] -> (f32)
// CHECK:   arith.maxnumf
// CHECK: } else {
// CHECK:   scf.for %{{.*}} = %[[LB]] to %[[UB]]
tt.func public @wide_bounds(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %lb: i64, %ub: i64) {
  %c64 = arith.constant 64 : i64
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %p = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %acc = scf.for %i = %lb to %ub step %c64 iter_args(%a = %zero) -> (tensor<64xf32>) : i64 {
    %v = tt.load %p : tensor<64x!tt.ptr<f32>>
    %s = arith.addf %a, %v : tensor<64xf32>
    scf.yield %s : tensor<64xf32>
  }
  %m = "tt.reduce"(%acc) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %rr: f32):
    %t = arith.maxnumf %l, %rr : f32
    tt.reduce.return %t : f32
  }) : (tensor<64xf32>) -> f32
  tt.store %out, %m : !tt.ptr<f32>
  tt.return
}

// -----

// Left alone: the accumulator is also stored, a reduction that keeps a
// dimension, a loop with a second result, a dot's K loop, and a loop that
// compares its bounds unsigned.
// CHECK-LABEL: tt.func public @left_alone
// CHECK-NOT: scf.if
// CHECK: tt.return
tt.func public @left_alone(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<16xf32>
  %zero2 = arith.constant dense<0.0> : tensor<16x16xf32>
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %p = tt.addptr %xs, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  %os = tt.splat %out : !tt.ptr<f32> -> tensor<16x!tt.ptr<f32>>
  %op = tt.addptr %os, %r : tensor<16x!tt.ptr<f32>>, tensor<16xi32>
  // Two uses.
  %a1 = scf.for %i = %c0 to %n step %c16 iter_args(%a = %zero) -> (tensor<16xf32>) : i32 {
    %v = tt.load %p : tensor<16x!tt.ptr<f32>>
    %s = arith.addf %a, %v : tensor<16xf32>
    scf.yield %s : tensor<16xf32>
  }
  %s1 = "tt.reduce"(%a1) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %rr: f32):
    %t = arith.addf %l, %rr : f32
    tt.reduce.return %t : f32
  }) : (tensor<16xf32>) -> f32
  tt.store %op, %a1 : tensor<16x!tt.ptr<f32>>
  tt.store %out, %s1 : !tt.ptr<f32>
  // A reduction to a tensor.
  %a2 = scf.for %i = %c0 to %n step %c16 iter_args(%a = %zero2) -> (tensor<16x16xf32>) : i32 {
    %s = arith.addf %a, %zero2 : tensor<16x16xf32>
    scf.yield %s : tensor<16x16xf32>
  }
  %s2 = "tt.reduce"(%a2) <{axis = 1 : i32}> ({
  ^bb0(%l: f32, %rr: f32):
    %t = arith.addf %l, %rr : f32
    tt.reduce.return %t : f32
  }) : (tensor<16x16xf32>) -> tensor<16xf32>
  tt.store %op, %s2 : tensor<16x!tt.ptr<f32>>
  // A second result.
  %a3:2 = scf.for %i = %c0 to %n step %c16 iter_args(%a = %zero, %k = %c0) -> (tensor<16xf32>, i32) : i32 {
    %v = tt.load %p : tensor<16x!tt.ptr<f32>>
    %s = arith.addf %a, %v : tensor<16xf32>
    %k1 = arith.addi %k, %c16 : i32
    scf.yield %s, %k1 : tensor<16xf32>, i32
  }
  %s3 = "tt.reduce"(%a3#0) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %rr: f32):
    %t = arith.addf %l, %rr : f32
    tt.reduce.return %t : f32
  }) : (tensor<16xf32>) -> f32
  tt.store %out, %s3 : !tt.ptr<f32>
  // A dot.
  %a4 = scf.for %i = %c0 to %n step %c16 iter_args(%a = %zero2) -> (tensor<16x16xf32>) : i32 {
    %d = tt.dot %zero2, %zero2, %a : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
    scf.yield %d : tensor<16x16xf32>
  }
  %s4 = "tt.reduce"(%a4) <{axis = 1 : i32}> ({
  ^bb0(%l: f32, %rr: f32):
    %t = arith.addf %l, %rr : f32
    tt.reduce.return %t : f32
  }) : (tensor<16x16xf32>) -> tensor<16xf32>
  tt.store %op, %s4 : tensor<16x!tt.ptr<f32>>
  // Unsigned bounds.
  %a5 = scf.for unsigned %i = %c0 to %n step %c16 iter_args(%a = %zero) -> (tensor<16xf32>) : i32 {
    %v = tt.load %p : tensor<16x!tt.ptr<f32>>
    %s = arith.addf %a, %v : tensor<16xf32>
    scf.yield %s : tensor<16xf32>
  }
  %s5 = "tt.reduce"(%a5) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %rr: f32):
    %t = arith.addf %l, %rr : f32
    tt.reduce.return %t : f32
  }) : (tensor<16xf32>) -> f32
  tt.store %out, %s5 : !tt.ptr<f32>
  tt.return
}
