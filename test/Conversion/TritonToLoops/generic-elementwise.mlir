// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops -canonicalize -cse | FileCheck %s

// No code of the lowering names math.atan2 or arith.minui: the generic
// arith/math tile model (attached through ElementwiseMappable) evaluates
// each element as the scalar op, fused into the store's loop.
// CHECK-LABEL: func.func @generic_ops
// CHECK: scf.for
// CHECK:   %[[X:.*]] = llvm.load {{.*}} : !llvm.ptr -> f32
// CHECK:   %[[Y:.*]] = llvm.load {{.*}} : !llvm.ptr -> f32
// CHECK:   %[[A:.*]] = math.atan2 %[[X]], %[[Y]] : f32
// CHECK:   llvm.store %[[A]]
// CHECK:   arith.minui {{.*}} : i32
// CHECK: return
tt.func public @generic_ops(%xp: !tt.ptr<f32>, %yp: !tt.ptr<f32>, %op: !tt.ptr<f32>, %ip: !tt.ptr<i32>) {
  %offs = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %xs = tt.splat %xp : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %xa = tt.addptr %xs, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %ys = tt.splat %yp : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %ya = tt.addptr %ys, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %os = tt.splat %op : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %oa = tt.addptr %os, %offs : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %x = tt.load %xa : tensor<128x!tt.ptr<f32>>
  %y = tt.load %ya : tensor<128x!tt.ptr<f32>>
  %a = math.atan2 %x, %y : tensor<128xf32>
  tt.store %oa, %a : tensor<128x!tt.ptr<f32>>
  %c = arith.constant dense<100> : tensor<128xi32>
  %m = arith.minui %offs, %c : tensor<128xi32>
  %is = tt.splat %ip : !tt.ptr<i32> -> tensor<128x!tt.ptr<i32>>
  %ia = tt.addptr %is, %offs : tensor<128x!tt.ptr<i32>>, tensor<128xi32>
  tt.store %ia, %m : tensor<128x!tt.ptr<i32>>
  tt.return
}
