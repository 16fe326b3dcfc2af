// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops -canonicalize -cse | FileCheck %s
// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops="checked=1" -canonicalize -cse | FileCheck %s --check-prefix=CHECKED

// The uniform part of an offset (pid * 64) is added to the pointer before
// the per-element part, so the address advances by one element per
// iteration. Checked mode keeps Triton's wrapping i32 sum.
// CHECK-LABEL: func.func @split
// CHECK: %[[BASE:.*]] = arith.muli
// CHECK: scf.for %[[I:.*]] =
// CHECK:   %[[P:.*]] = llvm.getelementptr %{{.*}}[%[[BASE]]]
// CHECK:   %[[R:.*]] = arith.index_cast %[[I]] : index to i32
// CHECK:   llvm.getelementptr %[[P]][%[[R]]]
// CHECKED-LABEL: func.func @split
// CHECKED: scf.for %[[I:.*]] =
// CHECKED:   %[[R:.*]] = arith.index_cast %[[I]] : index to i32
// CHECKED:   %[[SUM:.*]] = arith.addi %{{.*}}, %[[R]] : i32
// CHECKED:   llvm.getelementptr %{{.*}}[%[[SUM]]]
tt.func public @split(%x: !tt.ptr<f32>) {
  %pid = tt.get_program_id x : i32
  %c64 = arith.constant 64 : i32
  %base = arith.muli %pid, %c64 : i32
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %bs = tt.splat %base : i32 -> tensor<64xi32>
  %offs = arith.addi %bs, %r : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %cst = arith.constant dense<1.0> : tensor<64xf32>
  tt.store %xp, %cst : tensor<64x!tt.ptr<f32>>
  tt.return
}
