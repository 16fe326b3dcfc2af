// RUN: tilerun-opt %s -split-input-file -tilerun-convert-triton-to-loops -canonicalize -cse | FileCheck %s

// A scalar function whose early return became branches: the CFG is copied
// into an scf.execute_region inside the element loop, the return becomes
// its scf.yield.
// CHECK-LABEL: func.func @early_return
// CHECK: scf.for
// CHECK:   llvm.load
// CHECK:   scf.execute_region -> f32 {
// CHECK:     arith.cmpf ogt
// CHECK:     cf.cond_br %{{.*}}, ^[[JOIN:bb[0-9]+]](%{{.*}} : f32), ^[[NEG:bb[0-9]+]]
// CHECK:   ^[[NEG]]:
// CHECK:     math.exp
// CHECK:     cf.br ^[[JOIN]](
// CHECK:   ^[[JOIN]](%[[R:.*]]: f32):
// CHECK:     scf.yield %[[R]] : f32
// CHECK:   llvm.store
tt.func public @early_return(%x: !tt.ptr<f32>, %o: !tt.ptr<f32>) {
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xa = tt.addptr %xp, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %xa : tensor<64x!tt.ptr<f32>>
  %m = "tt.map_elementwise"(%v) <{pack = 1 : i32}> ({
  ^bb0(%a: f32):
    %pos = arith.cmpf ogt, %a, %zero : f32
    cf.cond_br %pos, ^bb2(%a : f32), ^bb1
  ^bb1:
    %e = math.exp %a : f32
    %em1 = arith.subf %e, %one : f32
    cf.br ^bb2(%em1 : f32)
  ^bb2(%res: f32):
    tt.map_elementwise.return %res : f32
  }) : (tensor<64xf32>) -> tensor<64xf32>
  %op = tt.splat %o : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %oa = tt.addptr %op, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %oa, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}

// -----

// pack = 2: each element runs the call on its pair (linear index rounded
// down to even) and keeps the result at its own position in the pair.
// CHECK-LABEL: func.func @pack_two
// CHECK: scf.for %[[I:.*]] =
// CHECK:   %[[POS:.*]] = arith.remui %[[I]], %c2
// CHECK:   %[[FIRST:.*]] = arith.subi %[[I]], %[[POS]]
// CHECK:   %[[A0:.*]] = llvm.load
// CHECK:   %[[SECOND:.*]] = arith.addi %[[FIRST]], %c1
// CHECK:   %[[A1:.*]] = llvm.load
// CHECK:   %[[D:.*]] = arith.subf %[[A1]], %[[A0]]
// CHECK:   %[[P:.*]] = arith.mulf %[[A0]], %[[A1]]
// CHECK:   %[[IS0:.*]] = arith.cmpi eq, %[[POS]], %c0
// CHECK:   arith.select %[[IS0]], %[[D]], %[[P]]
tt.func public @pack_two(%x: !tt.ptr<f32>, %o: !tt.ptr<f32>) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %xp = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xa = tt.addptr %xp, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %xa : tensor<64x!tt.ptr<f32>>
  %m = "tt.map_elementwise"(%v) <{pack = 2 : i32}> ({
  ^bb0(%a0: f32, %a1: f32):
    %d = arith.subf %a1, %a0 : f32
    %p = arith.mulf %a0, %a1 : f32
    tt.map_elementwise.return %d, %p : f32, f32
  }) : (tensor<64xf32>) -> tensor<64xf32>
  %op = tt.splat %o : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %oa = tt.addptr %op, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %oa, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}
