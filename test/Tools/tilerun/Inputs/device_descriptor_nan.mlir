// tl.make_tensor_descriptor(..., padding_option="nan"): Triton prints the
// non-default padding as an attribute; out-of-bounds reads are NaN.
module {
  tt.func public @pad(%x: !tt.ptr<f32> loc("x"), %out: !tt.ptr<f32> loc("out")) {
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i64
    %c1 = arith.constant 1 : i64
    %c6 = arith.constant 6 : i32
    %d = tt.make_tensor_descriptor %x, [%c4, %c6], [%c8, %c1] {padding = 2 : i32} : !tt.ptr<f32>, !tt.tensordesc<tensor<8x8xf32>>
    %c0 = arith.constant 0 : i32
    %v = tt.descriptor_load %d[%c0, %c0] : !tt.tensordesc<tensor<8x8xf32>> -> tensor<8x8xf32>
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %r0 = tt.expand_dims %r {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
    %r1 = tt.expand_dims %r {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
    %s8 = arith.constant dense<8> : tensor<8x1xi32>
    %m = arith.muli %r0, %s8 : tensor<8x1xi32>
    %mb = tt.broadcast %m : tensor<8x1xi32> -> tensor<8x8xi32>
    %cb = tt.broadcast %r1 : tensor<1x8xi32> -> tensor<8x8xi32>
    %o = arith.addi %mb, %cb : tensor<8x8xi32>
    %op = tt.splat %out : !tt.ptr<f32> -> tensor<8x8x!tt.ptr<f32>>
    %oa = tt.addptr %op, %o : tensor<8x8x!tt.ptr<f32>>, tensor<8x8xi32>
    tt.store %oa, %v : tensor<8x8x!tt.ptr<f32>>
    tt.return
  }
}
