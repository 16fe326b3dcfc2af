// tl.reduce whose combine function asserts (tl.device_assert under
// debug=True): each combine checks its partial sum.
module {
  tt.func public @sum_checked(%x_ptr: !tt.ptr<f32> loc("x_ptr"), %out_ptr: !tt.ptr<f32> loc("out_ptr")) {
    %c64 = arith.constant 64 : i32
    %limit = arith.constant 1.000000e+02 : f32
    %pid = tt.get_program_id x : i32
    %base = arith.muli %pid, %c64 : i32
    %xp = tt.addptr %x_ptr, %base : !tt.ptr<f32>, i32
    %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
    %s = tt.splat %xp : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
    %a = tt.addptr %s, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
    %x = tt.load %a : tensor<64x!tt.ptr<f32>>
    %sum = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %rr: f32):
      %t = arith.addf %l, %rr : f32
      %ok = arith.cmpf olt, %t, %limit : f32
      tt.assert %ok, "partial sum reaches 100" : i1 loc("combine.py":7:4)
      tt.reduce.return %t : f32
    }) : (tensor<64xf32>) -> f32
    %o = tt.addptr %out_ptr, %pid : !tt.ptr<f32>, i32
    tt.store %o, %sum : !tt.ptr<f32>
    tt.return
  }
}
