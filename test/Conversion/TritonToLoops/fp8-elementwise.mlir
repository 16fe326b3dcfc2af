// RUN: tilerun-opt %s -split-input-file -tilerun-convert-triton-to-loops | FileCheck %s

// tl.abs on fp8 clears the sign bit, exactly as the GPU does (NaN payloads
// kept); no CPU has fp8 arithmetic to lower math.absf to.
// CHECK-LABEL: func.func @abs_e4m3
// CHECK:         %[[BITS:.*]] = arith.bitcast %{{.*}} : f8E4M3FN to i8
// CHECK:         %[[MAG:.*]] = arith.andi %[[BITS]], %{{.*}} : i8
// CHECK:         arith.bitcast %[[MAG]] : i8 to f8E4M3FN
// CHECK-NOT:     math.absf
tt.func public @abs_e4m3(%x: !tt.ptr<f8E4M3FN>, %y: !tt.ptr<f8E4M3FN>) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %xp = tt.splat %x : !tt.ptr<f8E4M3FN> -> tensor<64x!tt.ptr<f8E4M3FN>>
  %xa = tt.addptr %xp, %r : tensor<64x!tt.ptr<f8E4M3FN>>, tensor<64xi32>
  %v = tt.load %xa : tensor<64x!tt.ptr<f8E4M3FN>>
  %a = math.absf %v : tensor<64xf8E4M3FN>
  %yp = tt.splat %y : !tt.ptr<f8E4M3FN> -> tensor<64x!tt.ptr<f8E4M3FN>>
  %ya = tt.addptr %yp, %r : tensor<64x!tt.ptr<f8E4M3FN>>, tensor<64xi32>
  tt.store %ya, %a : tensor<64x!tt.ptr<f8E4M3FN>>
  tt.return
}

// -----

// Other arithmetic on fp8 is computed in f32 from the exact widening and
// rounded back to nearest-even.
// CHECK-LABEL: func.func @add_e5m2
// CHECK:         %[[S:.*]] = arith.addf %{{.*}}, %{{.*}} : f32
// CHECK-NOT:     arith.addf {{.*}} : f8E5M2
// CHECK:         arith.bitcast %{{.*}} : i8 to f8E5M2
tt.func public @add_e5m2(%x: !tt.ptr<f8E5M2>, %y: !tt.ptr<f8E5M2>) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %xp = tt.splat %x : !tt.ptr<f8E5M2> -> tensor<64x!tt.ptr<f8E5M2>>
  %xa = tt.addptr %xp, %r : tensor<64x!tt.ptr<f8E5M2>>, tensor<64xi32>
  %v = tt.load %xa : tensor<64x!tt.ptr<f8E5M2>>
  %s = arith.addf %v, %v : tensor<64xf8E5M2>
  %yp = tt.splat %y : !tt.ptr<f8E5M2> -> tensor<64x!tt.ptr<f8E5M2>>
  %ya = tt.addptr %yp, %r : tensor<64x!tt.ptr<f8E5M2>>, tensor<64xi32>
  tt.store %ya, %s : tensor<64x!tt.ptr<f8E5M2>>
  tt.return
}
