// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops -canonicalize -cse | FileCheck %s

// An integer division or remainder divides by 1 where its divisor is 0 (or,
// signed, -1 under the minimum): LLVM's sdiv/udiv/srem/urem are undefined
// there and trap on x86, while the GPU gives a value. Masked-off elements
// load 0, so without the guard a masked tail traps, and LLVM, which may
// assume the divisor nonzero, drops the masks of the loads that feed it
// (Inductor's `a // b` on a tail read past the end of both buffers).
// CHECK-LABEL: func.func @masked_divsi
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[MIN:.*]] = arith.constant -9223372036854775808 : i64
// CHECK-DAG: %[[M1:.*]] = arith.constant -1 : i64
// CHECK: } else {
// CHECK: scf.for
// CHECK:   %[[X:.*]] = scf.if
// CHECK:   %[[D:.*]] = scf.if
// CHECK-DAG:   %[[IS0:.*]] = arith.cmpi eq, %[[D]], %[[ZERO]] : i64
// CHECK-DAG:   %[[ISM1:.*]] = arith.cmpi eq, %[[D]], %[[M1]] : i64
// CHECK-DAG:   %[[ISMIN:.*]] = arith.cmpi eq, %[[X]], %[[MIN]] : i64
// CHECK:   %[[OVF:.*]] = arith.andi %[[ISMIN]], %[[ISM1]] : i1
// CHECK:   %[[BAD:.*]] = arith.ori %[[IS0]], %[[OVF]] : i1
// CHECK:   %[[SAFE:.*]] = arith.select %[[BAD]], %[[ONE]], %[[D]] : i64
// CHECK:   arith.divsi %[[X]], %[[SAFE]] : i64
tt.func public @masked_divsi(%x: !tt.ptr<i64>, %y: !tt.ptr<i64>, %o: !tt.ptr<i64>, %n: i32) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %ns = tt.splat %n : i32 -> tensor<16xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<16xi32>
  %xp = tt.splat %x : !tt.ptr<i64> -> tensor<16x!tt.ptr<i64>>
  %xa = tt.addptr %xp, %r : tensor<16x!tt.ptr<i64>>, tensor<16xi32>
  %a = tt.load %xa, %m : tensor<16x!tt.ptr<i64>>
  %yp = tt.splat %y : !tt.ptr<i64> -> tensor<16x!tt.ptr<i64>>
  %ya = tt.addptr %yp, %r : tensor<16x!tt.ptr<i64>>, tensor<16xi32>
  %b = tt.load %ya, %m : tensor<16x!tt.ptr<i64>>
  %q = arith.divsi %a, %b : tensor<16xi64>
  %op = tt.splat %o : !tt.ptr<i64> -> tensor<16x!tt.ptr<i64>>
  %oa = tt.addptr %op, %r : tensor<16x!tt.ptr<i64>>, tensor<16xi32>
  tt.store %oa, %q, %m : tensor<16x!tt.ptr<i64>>
  tt.return
}

// Unsigned: only the zero divisor.
// CHECK-LABEL: func.func @remui
// CHECK: scf.for
// CHECK:   %[[X:.*]] = llvm.load
// CHECK:   %[[D:.*]] = llvm.load
// CHECK:   %[[IS0:.*]] = arith.cmpi eq, %[[D]], %c0_i32 : i32
// CHECK:   %[[SAFE:.*]] = arith.select %[[IS0]], %c1_i32, %[[D]] : i32
// CHECK:   arith.remui %[[X]], %[[SAFE]] : i32
tt.func public @remui(%x: !tt.ptr<i32>, %y: !tt.ptr<i32>) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %xp = tt.splat %x : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %xa = tt.addptr %xp, %r : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  %a = tt.load %xa : tensor<16x!tt.ptr<i32>>
  %yp = tt.splat %y : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %ya = tt.addptr %yp, %r : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  %b = tt.load %ya : tensor<16x!tt.ptr<i32>>
  %q = arith.remui %a, %b : tensor<16xi32>
  tt.store %xa, %q : tensor<16x!tt.ptr<i32>>
  tt.return
}
