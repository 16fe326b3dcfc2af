// Triton's test_nested_if_else_return with scalar conditions: the early
// return leaves `val` undefined on its path, so lifting the CFG to scf
// yields a ub.poison i32 there; a tensor poison (tl.core's return_poison on
// a block) is stored where c1 is 2.
tt.func public @nested(%c1: i32, %c2: i32, %c3: i32, %out: !tt.ptr<i32>, %tile: !tt.ptr<i32>) {
  %c0_i32 = arith.constant 0 : i32
  %c2_i32 = arith.constant 2 : i32
  %one = arith.constant 1 : i32
  %two = arith.constant 2 : i32
  %three = arith.constant 3 : i32
  %is2 = arith.cmpi eq, %c1, %c2_i32 : i32
  cf.cond_br %is2, ^poison, ^start
^poison:
  %r = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %tp = tt.splat %tile : !tt.ptr<i32> -> tensor<8x!tt.ptr<i32>>
  %ta = tt.addptr %tp, %r : tensor<8x!tt.ptr<i32>>, tensor<8xi32>
  %p = ub.poison : tensor<8xi32>
  tt.store %ta, %p : tensor<8x!tt.ptr<i32>>
  tt.return
^start:
  %0 = arith.cmpi ne, %c1, %c0_i32 : i32
  cf.cond_br %0, ^bb1, ^bb2
^bb1:
  %1 = arith.cmpi ne, %c2, %c0_i32 : i32
  cf.cond_br %1, ^bb3, ^bb4
^bb2:
  %2 = arith.cmpi ne, %c3, %c0_i32 : i32
  %3 = arith.select %2, %two, %three : i32
  cf.br ^bb5(%3 : i32)
^bb3:
  cf.br ^bb5(%one : i32)
^bb4:
  tt.return
^bb5(%v: i32):
  tt.store %out, %v : !tt.ptr<i32>
  tt.return
}
