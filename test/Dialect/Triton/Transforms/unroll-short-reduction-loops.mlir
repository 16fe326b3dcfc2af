// RUN: tilerun-opt %s -split-input-file -tilerun-unroll-short-reduction-loops="max-trips=1" | FileCheck %s
// RUN: tilerun-opt %s -split-input-file -tilerun-unroll-short-reduction-loops="max-trips=2" | FileCheck %s --check-prefix=TWO
// RUN: tilerun-opt %s -split-input-file -tilerun-unroll-short-reduction-loops="max-trips=0" | FileCheck %s --check-prefix=NONE
// RUN: tilerun-opt %s -split-input-file -tilerun-unroll-short-reduction-loops -tilerun-convert-triton-to-loops -canonicalize -cse | FileCheck %s --check-prefix=LOOPS

// NONE-NOT: scf.if

// A row summed in blocks into a tile accumulator. When the loop runs once
// (0 < n <= 64 here, tested in i64) the body runs with the first offset and
// the initial accumulator, and its value is reduced directly; otherwise the
// loop and the reduction run as written. The `+ 0.0` of the first iteration stays:
// it turns -0.0 into +0.0 as the loop does.
// CHECK-LABEL: tt.func public @row_sum
// CHECK-SAME: %[[X:.*]]: !tt.ptr<f32>, %[[OUT:.*]]: !tt.ptr<f32>, %[[N:.*]]: i32
// CHECK-DAG: %[[NOSTEP:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[STEP:.*]] = arith.constant 64 : i64
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[C64:.*]] = arith.constant 64 : i32
// CHECK-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32>
// CHECK: %[[SPAN:.*]] = arith.extsi %[[N]] : i32 to i64
// CHECK: %[[ENTERED:.*]] = arith.cmpi sgt, %[[SPAN]], %[[NOSTEP]] : i64
// CHECK: %[[FITS:.*]] = arith.cmpi sle, %[[SPAN]], %[[STEP]] : i64
// CHECK: %[[ONCE:.*]] = arith.andi %[[ENTERED]], %[[FITS]] : i1
// CHECK: %[[SUM:.*]] = scf.if %[[ONCE]] -> (f32) {
// CHECK:   %[[OFFS:.*]] = tt.splat %[[C0]] : i32 -> tensor<64xi32>
// CHECK:   %[[V:.*]] = tt.load
// CHECK:   %[[FIRST:.*]] = arith.addf %[[V]], %[[ZERO]] : tensor<64xf32>
// CHECK:   %[[R:.*]] = "tt.reduce"(%[[FIRST]]) <{axis = 0 : i32}>
// CHECK:   scf.yield %[[R]] : f32
// CHECK: } else {
// CHECK:   %[[ACC:.*]] = scf.for %{{.*}} = %[[C0]] to %[[N]] step %[[C64]] iter_args(%{{.*}} = %[[ZERO]]) -> (tensor<64xf32>)
// CHECK-NOT: tilerun.short_trips_versioned
// CHECK:   %[[R2:.*]] = "tt.reduce"(%[[ACC]]) <{axis = 0 : i32}>
// CHECK:   scf.yield %[[R2]] : f32
// CHECK: }
// CHECK: tt.store %[[OUT]], %[[SUM]] : !tt.ptr<f32>

// With max-trips=2 the else-branch tests for two trips, `64 < n <= 128` in
// i64, and runs the body twice: the second trip at offset 64 adds its block
// to the first trip's accumulator, and that sum is reduced. Longer loops
// still take the loop.
// TWO-LABEL: tt.func public @row_sum
// TWO-SAME: %[[X:.*]]: !tt.ptr<f32>, %[[OUT:.*]]: !tt.ptr<f32>, %[[N:.*]]: i32
// TWO-DAG: %[[TWOSTEPS:.*]] = arith.constant 128 : i64
// TWO-DAG: %[[STEP:.*]] = arith.constant 64 : i64
// TWO-DAG: %[[C64:.*]] = arith.constant 64 : i32
// TWO-DAG: %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : tensor<64xf32>
// TWO: scf.if %{{.*}} -> (f32) {
// TWO: } else {
// TWO:   %[[SPAN:.*]] = arith.extsi %[[N]] : i32 to i64
// TWO:   %[[MORE:.*]] = arith.cmpi sgt, %[[SPAN]], %[[STEP]] : i64
// TWO:   %[[ATMOST:.*]] = arith.cmpi sle, %[[SPAN]], %[[TWOSTEPS]] : i64
// TWO:   %[[TWICE:.*]] = arith.andi %[[MORE]], %[[ATMOST]] : i1
// TWO:   scf.if %[[TWICE]] -> (f32) {
// TWO:     %[[V0:.*]] = tt.load
// TWO:     %[[A0:.*]] = arith.addf %[[V0]], %[[ZERO]] : tensor<64xf32>
// TWO:     tt.splat %[[C64]] : i32 -> tensor<64xi32>
// TWO:     %[[V1:.*]] = tt.load
// TWO:     %[[A1:.*]] = arith.addf %[[A0]], %[[V1]] : tensor<64xf32>
// TWO:     %[[R:.*]] = "tt.reduce"(%[[A1]]) <{axis = 0 : i32}>
// TWO:     scf.yield %[[R]] : f32
// TWO:   } else {
// TWO:     scf.for
// TWO-NOT: scf.if
// TWO: tt.return

// The single-trip branch needs no slot for the accumulator: the nest that loads
// the row adds the initial zero and writes the reduction's first level.
// LOOPS-LABEL: func.func @row_sum
// LOOPS: scf.if
// LOOPS:   scf.for
// LOOPS:     llvm.load
// LOOPS:     %[[ADD:.*]] = arith.addf %{{.*}}, %{{cst[_0-9]*}} : f32
// LOOPS:     memref.store %[[ADD]], %[[TREE:.*]][%{{.*}}] : memref<64xf32>
// LOOPS:   scf.for
// LOOPS:     memref.load %[[TREE]][
// The many-trip branch keeps the accumulator in a slot, which starts as the
// zero splat in whole-row vector stores.
// LOOPS:   } else {
// LOOPS:     vector.store %{{.*}}, %{{.*}}[%c0] : memref<64xf32>, vector<64xf32>
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
// Their two-trip test could overflow too: they get no other version.
// TWO-LABEL: tt.func public @wide_bounds
// TWO: scf.if
// TWO: } else {
// TWO-NEXT: scf.for
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
// TWO-LABEL: tt.func public @left_alone
// TWO-NOT: scf.if
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
