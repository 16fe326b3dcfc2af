// RUN: tilerun-opt %s -tilerun-loop-pointers-to-offsets -canonicalize | FileCheck %s

// A tensor of pointers advanced by the same scalar every iteration is
// carried as that scalar offset (i64, from 0); the pointers are rebuilt
// from the loop's initial tensor, so their addresses stay affine in the
// tile index.
// CHECK-LABEL: tt.func public @row_sums
// CHECK:       %[[BASE:.*]] = tt.addptr %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
// CHECK:       scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[OFF:.*]] = %c0_i64) -> (tensor<64xf32>, i64)
// CHECK:         %[[S:.*]] = tt.splat %[[OFF]] : i64 -> tensor<64xi64>
// CHECK:         %[[P:.*]] = tt.addptr %[[BASE]], %[[S]]
// CHECK:         tt.load %[[P]]
// CHECK:         arith.addi %[[OFF]], %c64_i64 : i64
// CHECK-NOT:   tensor<64x!tt.ptr<f32>>)
tt.func public @row_sums(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %step = arith.constant dense<64> : tensor<64xi32>
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %p0 = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %p = tt.addptr %p0, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %res:2 = scf.for %i = %c0 to %n step %c64 iter_args(%acc = %zero, %ptrs = %p) -> (tensor<64xf32>, tensor<64x!tt.ptr<f32>>) : i32 {
    %v = tt.load %ptrs : tensor<64x!tt.ptr<f32>>
    %a = arith.addf %acc, %v : tensor<64xf32>
    %next = tt.addptr %ptrs, %step : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    scf.yield %a, %next : tensor<64xf32>, tensor<64x!tt.ptr<f32>>
  }
  %o0 = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %o = tt.addptr %o0, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %o, %res#0 : tensor<64x!tt.ptr<f32>>
  tt.return
}
