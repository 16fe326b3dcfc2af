// Each program writes one 1024-element row of `out`, `shift` elements past
// the row's start, masked to the first n elements of the input: 4096
// programs write 16 MiB, enough for streaming stores.
tt.func public @shifted_rows(%out: !tt.ptr<f32>, %in: !tt.ptr<f32>, %shift: i32, %n: i32) {
  %pid = tt.get_program_id x : i32
  %c1024 = arith.constant 1024 : i32
  %row = arith.muli %pid, %c1024 : i32
  %offs = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %rs = tt.splat %row : i32 -> tensor<1024xi32>
  %cols = arith.addi %rs, %offs : tensor<1024xi32>
  %ns = tt.splat %n : i32 -> tensor<1024xi32>
  %mask = arith.cmpi slt, %cols, %ns : tensor<1024xi32>
  %ip0 = tt.splat %in : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %ip = tt.addptr %ip0, %cols : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %x = tt.load %ip, %mask : tensor<1024x!tt.ptr<f32>>
  %two = arith.constant dense<2.0> : tensor<1024xf32>
  %one = arith.constant dense<1.0> : tensor<1024xf32>
  %y0 = arith.mulf %x, %two : tensor<1024xf32>
  %y = arith.addf %y0, %one : tensor<1024xf32>
  %sh = tt.splat %shift : i32 -> tensor<1024xi32>
  %ocols = arith.addi %cols, %sh : tensor<1024xi32>
  %op0 = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %op = tt.addptr %op0, %ocols : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %op, %y, %mask : tensor<1024x!tt.ptr<f32>>
  tt.return
}
