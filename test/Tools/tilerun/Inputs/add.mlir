module {
  tt.func public @add_kernel(%x_ptr: !tt.ptr<f32> loc("x_ptr"), %y_ptr: !tt.ptr<f32> loc("y_ptr"), %out_ptr: !tt.ptr<f32> loc("out_ptr"), %n: i32 loc("n")) {
    %c64 = arith.constant 64 : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c64 : i32
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %s = tt.splat %start : i32 -> tensor<64xi32>
    %off = arith.addi %s, %r : tensor<64xi32>
    %ns = tt.splat %n : i32 -> tensor<64xi32>
    %mask = arith.cmpi slt, %off, %ns : tensor<64xi32>
    %xp = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %xa = tt.addptr %xp, %off : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %x = tt.load %xa, %mask : tensor<64x!tt.ptr<f32>>
    %yp = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %ya = tt.addptr %yp, %off : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %y = tt.load %ya, %mask : tensor<64x!tt.ptr<f32>>
    %z = arith.addf %x, %y : tensor<64xf32>
    %op = tt.splat %out_ptr : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %oa = tt.addptr %op, %off : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    tt.store %oa, %z, %mask : tensor<64x!tt.ptr<f32>>
    tt.return
  }
}
