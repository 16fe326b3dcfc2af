module {
  tt.func public @big(%x: !tt.ptr<f32> loc("x"), %y: !tt.ptr<f32> loc("y")) {
    %r = tt.make_range {end = 1073741824 : i32, start = 0 : i32} : tensor<1073741824xi32> loc("big.py":3:4)
    %p = tt.splat %x : !tt.ptr<f32> -> tensor<1073741824x!tt.ptr<f32>> loc("big.py":4:4)
    %a = tt.addptr %p, %r : tensor<1073741824x!tt.ptr<f32>>, tensor<1073741824xi32> loc("big.py":5:4)
    %v = tt.load %a : tensor<1073741824x!tt.ptr<f32>> loc("big.py":6:4)
    %s = "tt.reduce"(%v) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %rr: f32):
      %m = arith.addf %l, %rr : f32
      tt.reduce.return %m : f32
    }) : (tensor<1073741824xf32>) -> f32 loc("big.py":7:4)
    tt.store %y, %s : !tt.ptr<f32> loc("big.py":8:4)
    tt.return
  }
}
