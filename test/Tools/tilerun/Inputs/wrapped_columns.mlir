module {
tt.func public @wrapped_columns(%in: !tt.ptr<f32> loc("in"), %out: !tt.ptr<f32> loc("out"), %n: i32 loc("n"), %steps: i32 loc("steps")) {
  %pid = tt.get_program_id x : i32
  %c64 = arith.constant 64 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %start = arith.muli %pid, %c64 : i32
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %s = tt.splat %start : i32 -> tensor<64xi32>
  %cols = arith.addi %s, %r : tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %wrapped = arith.remsi %cols, %ns : tensor<64xi32>
  %base = tt.splat %in : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %ptrs = tt.addptr %base, %wrapped : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %acc = scf.for %i = %c0 to %steps step %c1 iter_args(%a = %zero) -> (tensor<64xf32>) : i32 {
    %x = tt.load %ptrs : tensor<64x!tt.ptr<f32>>
    %sum = arith.addf %a, %x : tensor<64xf32>
    scf.yield %sum : tensor<64xf32>
  }
  %obase = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %optrs = tt.addptr %obase, %cols : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %optrs, %acc : tensor<64x!tt.ptr<f32>>
  tt.return
}
}
