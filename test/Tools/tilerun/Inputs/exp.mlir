module {
  tt.func public @exp_kernel(%x_ptr: !tt.ptr<f32> loc("x_ptr"), %e_ptr: !tt.ptr<f32> loc("e_ptr"), %e2_ptr: !tt.ptr<f32> loc("e2_ptr")) {
    %c1024 = arith.constant 1024 : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c1024 : i32
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %s = tt.splat %start : i32 -> tensor<1024xi32>
    %off = arith.addi %s, %r : tensor<1024xi32>
    %xp = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %xa = tt.addptr %xp, %off : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %x = tt.load %xa : tensor<1024x!tt.ptr<f32>>
    %e = math.exp %x : tensor<1024xf32>
    %e2 = math.exp2 %x : tensor<1024xf32>
    %ep = tt.splat %e_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %ea = tt.addptr %ep, %off : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %ea, %e : tensor<1024x!tt.ptr<f32>>
    %e2p = tt.splat %e2_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %e2a = tt.addptr %e2p, %off : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %e2a, %e2 : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
