module {
  tt.func public @divide(%x_ptr: !tt.ptr<f32> loc("x_ptr"), %s: f32 loc("s"), %q_ptr: !tt.ptr<f32> loc("q_ptr")) {
    %c1024 = arith.constant 1024 : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c1024 : i32
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %base = tt.splat %start : i32 -> tensor<1024xi32>
    %off = arith.addi %base, %r : tensor<1024xi32>
    %xp = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %xa = tt.addptr %xp, %off : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    %x = tt.load %xa : tensor<1024x!tt.ptr<f32>>
    %d = tt.splat %s : f32 -> tensor<1024xf32>
    %q = arith.divf %x, %d : tensor<1024xf32>
    %qp = tt.splat %q_ptr : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
    %qa = tt.addptr %qp, %off : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
    tt.store %qa, %q : tensor<1024x!tt.ptr<f32>>
    tt.return
  }
}
