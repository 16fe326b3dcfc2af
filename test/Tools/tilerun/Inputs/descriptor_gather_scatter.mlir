// Rows x[idx[i], y:y+32] gathered through a [1, 32] box descriptor, doubled,
// and scattered to the same places of out; rows and columns outside the
// 20 x 64 tensor are read as zero and not written.
module {
  tt.func public @gs(%x: !tt.ptr<f32>, %ix: !tt.ptr<i32>, %out: !tt.ptr<f32>, %m: i32, %y: i32) {
    %c1 = arith.constant 1 : i64
    %c64 = arith.constant 64 : i32
    %c64l = arith.constant 64 : i64
    %d = tt.make_tensor_descriptor %x, [%m, %c64], [%c64l, %c1] : !tt.ptr<f32>, !tt.tensordesc<tensor<1x32xf32>>
    %o = tt.make_tensor_descriptor %out, [%m, %c64], [%c64l, %c1] : !tt.ptr<f32>, !tt.tensordesc<tensor<1x32xf32>>
    %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
    %ip = tt.splat %ix : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
    %ipp = tt.addptr %ip, %r : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
    %rows = tt.load %ipp : tensor<8x!tt.ptr<i32>>
    %g = tt.descriptor_gather %d[%rows, %y] : (!tt.tensordesc<tensor<1x32xf32>>, tensor<8xi32>, i32) -> tensor<8x32xf32>
    %two = arith.constant dense<2.0> : tensor<8x32xf32>
    %g2 = arith.mulf %g, %two : tensor<8x32xf32>
    tt.descriptor_scatter %o[%rows, %y], %g2 : !tt.tensordesc<tensor<1x32xf32>>, tensor<8xi32>, i32, tensor<8x32xf32>
    tt.return
  }
}
