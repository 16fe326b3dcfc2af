// Row-wise maxnum and minnum of a 256-column matrix, one row per program.
tt.func public @row_maxmin(%x: !tt.ptr<f32>, %mx: !tt.ptr<f32>, %mn: !tt.ptr<f32>) {
  %pid = tt.get_program_id x : i32
  %c256 = arith.constant 256 : i32
  %row = arith.muli %pid, %c256 : i32
  %base = tt.addptr %x, %row : !tt.ptr<f32>, i32
  %offs = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %p0 = tt.splat %base : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %p = tt.addptr %p0, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %v = tt.load %p : tensor<256x!tt.ptr<f32>>
  %hi = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.maxnumf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<256xf32>) -> f32
  %lo = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.minnumf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<256xf32>) -> f32
  %mxp = tt.addptr %mx, %pid : !tt.ptr<f32>, i32
  tt.store %mxp, %hi : !tt.ptr<f32>
  %mnp = tt.addptr %mn, %pid : !tt.ptr<f32>, i32
  tt.store %mnp, %lo : !tt.ptr<f32>
  tt.return
}
