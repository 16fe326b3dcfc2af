// tt.print in the forms Triton's frontend emits (device_print): a tensor,
// a hex tensor, a float scalar, two operands, and no operand, in a module
// that states its warps (2 x 32 threads: a scalar line comes out once per
// thread, as CUDA's printf does).
module attributes {"ttg.num-warps" = 2 : i32, "ttg.threads-per-warp" = 32 : i32} {
tt.func public @show(%p: !tt.ptr<i32>, %f: f32) {
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %s = tt.splat %p : !tt.ptr<i32> -> tensor<16x!tt.ptr<i32>>
  %a = tt.addptr %s, %r : tensor<16x!tt.ptr<i32>>, tensor<16xi32>
  %x = tt.load %a : tensor<16x!tt.ptr<i32>>
  tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<16xi32>
  tt.print " h: " {hex = true, isSigned = array<i32: 1>} : %x : tensor<16xi32>
  tt.print " f: " {hex = false, isSigned = array<i32: 0>} : %f : f32
  tt.print ": " {hex = false, isSigned = array<i32: 1, 1>} : %x, %r : tensor<16xi32>, tensor<16xi32>
  tt.print " done" {hex = false, isSigned = array<i32>}
  tt.return
}
}
