// RUN: not tilerun check %s 2>&1 | FileCheck %s
// RUN: not tilerun run %s --grid 1 2>&1 | FileCheck %s
// RUN: tilerun check %S/Inputs/add.mlir

module {
  tt.func public @k(%p: !tt.ptr<f32>) {
    // CHECK: check.mlir:[[@LINE+1]]:10: error: 'arith.addi' op operand #0 must be signless-integer-like
    %0 = "arith.addi"(%p, %p) : (!tt.ptr<f32>, !tt.ptr<f32>) -> !tt.ptr<f32>
    tt.return
  }
}
