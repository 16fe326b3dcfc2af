// RUN: tilerun-opt %s -tilerun-test-print-tile-ops -verify-diagnostics -split-input-file

// Shape ops are remaps with the index map they apply to operand 0; a
// reshape's is not affine.
tt.func @remaps(%p: !tt.ptr<f32>, %x: tensor<4x1xf32>, %y: tensor<4x8xf32>, %z: tensor<32xf32>) {
  // expected-remark @below {{tile: remap, cost 0, map (d0, d1) -> ()}}
  %s = tt.splat %p : !tt.ptr<f32> -> tensor<4x8x!tt.ptr<f32>>
  // expected-remark @below {{tile: remap, cost 0, map (d0, d1) -> (d0, 0)}}
  %b = tt.broadcast %x : tensor<4x1xf32> -> tensor<4x8xf32>
  // expected-remark @below {{tile: remap, cost 0, map (d0, d1, d2) -> (d0, d2)}}
  %e = tt.expand_dims %y {axis = 1 : i32} : tensor<4x8xf32> -> tensor<4x1x8xf32>
  // expected-remark @below {{tile: remap, cost 0, map (d0, d1) -> (d1, d0)}}
  %t = tt.trans %y {order = array<i32: 1, 0>} : tensor<4x8xf32> -> tensor<8x4xf32>
  // expected-remark @below {{tile: remap, cost 0}}
  %r = tt.reshape %z : tensor<32xf32> -> tensor<4x8xf32>
  tt.return
}

// -----

// arith and math ops get one generic elementwise model through their
// traits; divisions and transcendental functions cost enough to be
// buffered when read twice. tt's elementwise ops have models of their own.
tt.func @elementwise(%x: tensor<64xf32>, %i: tensor<64xi32>, %p: tensor<64x!tt.ptr<f32>>) {
  // expected-remark @below {{tile: elementwise, cost 1, own index}}
  %a = arith.addf %x, %x : tensor<64xf32>
  // expected-remark @below {{tile: elementwise, cost 0, own index}}
  %b = arith.addi %i, %i : tensor<64xi32>
  // expected-remark @below {{tile: elementwise, cost 4, own index}}
  %c = arith.divf %x, %a : tensor<64xf32>
  // expected-remark @below {{tile: elementwise, cost 8, own index}}
  %d = math.exp %x : tensor<64xf32>
  // The generic path covers ops that no other code names: math.atan2.
  // expected-remark @below {{tile: elementwise, cost 8, own index}}
  %e = math.atan2 %x, %d : tensor<64xf32>
  // expected-remark @below {{tile: elementwise, cost 0, own index}}
  %f = tt.addptr %p, %i : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  // expected-remark @below {{tile: elementwise, cost 8, own index}}
  %g = tt.precise_sqrt %x : tensor<64xf32>
  // expected-remark @below {{tile: elementwise, cost 0}}
  %cst = arith.constant dense<1.0> : tensor<64xf32>
  tt.return
}

// -----

// Loads read memory where they are evaluated; dots, reductions and
// non-splat constants are computed whole.
tt.func @whole(%p: tensor<16x16x!tt.ptr<f32>>, %a: tensor<16x16xf32>) {
  // expected-remark @below {{tile: load, cost 0, own index}}
  %l = tt.load %p : tensor<16x16x!tt.ptr<f32>>
  // expected-remark @below {{tile: materializing, cost 0}}
  %d = tt.dot %l, %a, %a : tensor<16x16xf32> * tensor<16x16xf32> -> tensor<16x16xf32>
  // expected-remark @below {{tile: materializing, cost 0}}
  %r = "tt.reduce"(%d) <{axis = 1 : i32}> ({
  ^bb0(%u: f32, %v: f32):
    // expected-remark @below {{tile: elementwise, cost 1, own index}}
    %s = arith.addf %u, %v : f32
    tt.reduce.return %s : f32
  }) : (tensor<16x16xf32>) -> tensor<16xf32>
  // expected-remark @below {{tile: materializing, cost 0}}
  %t = arith.constant dense<[0, 1]> : tensor<2xi32>
  // expected-remark @below {{tile: rearrange, cost 0}}
  %m = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  tt.return
}
