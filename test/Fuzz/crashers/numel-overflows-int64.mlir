module {
  tt.func public @k(%x: !tt.ptr<f32> loc("x")) {
    %c = arith.constant dense<1.0> : tensor<4294967296x4294967296xf32> loc("o.py":1:1)
    %p = tt.splat %x : !tt.ptr<f32> -> tensor<4294967296x4294967296x!tt.ptr<f32>> loc("o.py":2:1)
    tt.store %p, %c : tensor<4294967296x4294967296x!tt.ptr<f32>> loc("o.py":3:1)
    tt.return
  }
}
