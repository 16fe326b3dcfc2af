// q = x / d and r = x % d on a masked tile (n below the block): signed in
// @signed, unsigned in @unsigned.
tt.func public @signed(%x: !tt.ptr<i32> loc("x"), %d: !tt.ptr<i32> loc("d"), %q: !tt.ptr<i32> loc("q"), %r: !tt.ptr<i32> loc("r"), %n: i32 loc("n")) {
  %pid = tt.get_program_id x : i32
  %c64 = arith.constant 64 : i32
  %base = arith.muli %pid, %c64 : i32
  %range = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %bs = tt.splat %base : i32 -> tensor<64xi32>
  %offs = arith.addi %bs, %range : tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %offs, %ns : tensor<64xi32>
  %xp = tt.splat %x : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %xa = tt.addptr %xp, %offs : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  %a = tt.load %xa, %m : tensor<64x!tt.ptr<i32>>
  %dp = tt.splat %d : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %da = tt.addptr %dp, %offs : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  %b = tt.load %da, %m : tensor<64x!tt.ptr<i32>>
  %qv = arith.divsi %a, %b : tensor<64xi32>
  %rv = arith.remsi %a, %b : tensor<64xi32>
  %qp = tt.splat %q : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %qa = tt.addptr %qp, %offs : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  tt.store %qa, %qv, %m : tensor<64x!tt.ptr<i32>>
  %rp = tt.splat %r : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %ra = tt.addptr %rp, %offs : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  tt.store %ra, %rv, %m : tensor<64x!tt.ptr<i32>>
  tt.return
}

tt.func public @unsigned(%x: !tt.ptr<i32> loc("x"), %d: !tt.ptr<i32> loc("d"), %q: !tt.ptr<i32> loc("q"), %r: !tt.ptr<i32> loc("r"), %n: i32 loc("n")) {
  %pid = tt.get_program_id x : i32
  %c64 = arith.constant 64 : i32
  %base = arith.muli %pid, %c64 : i32
  %range = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %bs = tt.splat %base : i32 -> tensor<64xi32>
  %offs = arith.addi %bs, %range : tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %offs, %ns : tensor<64xi32>
  %xp = tt.splat %x : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %xa = tt.addptr %xp, %offs : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  %a = tt.load %xa, %m : tensor<64x!tt.ptr<i32>>
  %dp = tt.splat %d : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %da = tt.addptr %dp, %offs : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  %b = tt.load %da, %m : tensor<64x!tt.ptr<i32>>
  %qv = arith.divui %a, %b : tensor<64xi32>
  %rv = arith.remui %a, %b : tensor<64xi32>
  %qp = tt.splat %q : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %qa = tt.addptr %qp, %offs : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  tt.store %qa, %qv, %m : tensor<64x!tt.ptr<i32>>
  %rp = tt.splat %r : !tt.ptr<i32> -> tensor<64x!tt.ptr<i32>>
  %ra = tt.addptr %rp, %offs : tensor<64x!tt.ptr<i32>>, tensor<64xi32>
  tt.store %ra, %rv, %m : tensor<64x!tt.ptr<i32>>
  tt.return
}
