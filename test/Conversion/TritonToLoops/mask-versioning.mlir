// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops -canonicalize -cse | FileCheck %s

// Masks computed from indices and scalars: the unguarded copy of the loop
// runs when all are true, the guarded copy otherwise. `pid * 64 + arange(64)
// < n` is proved from value ranges, with no loop: the largest offset (exact,
// in i64, and checked to fit i32 so that no element wrapped) is below n.
// CHECK-LABEL: func.func @tail_masked
// CHECK-NOT: iter_args
// CHECK-DAG: %[[MAX32:.*]] = arith.constant 2147483647 : i64
// CHECK-DAG: %[[LAST:.*]] = arith.constant 63 : i64
// CHECK: %[[BASE:.*]] = arith.extsi %{{.*}} : i32 to i64
// CHECK: %[[HI:.*]] = arith.addi %[[BASE]], %[[LAST]] : i64
// CHECK: %[[FITS:.*]] = arith.cmpi sle, %[[HI]], %[[MAX32]] : i64
// CHECK: %[[N:.*]] = arith.extsi %arg2 : i32 to i64
// CHECK: %[[BELOW:.*]] = arith.cmpi slt, %[[HI]], %[[N]] : i64
// CHECK: %[[ALL:.*]] = arith.andi %{{.*}}, %[[BELOW]] : i1
// CHECK: scf.if %[[ALL]] {
// CHECK:   scf.for
// CHECK-NOT: scf.if
// CHECK:     llvm.load
// CHECK-NOT: scf.if
// CHECK:     llvm.store
// CHECK: } else {
// CHECK:   scf.for
// CHECK:     scf.if
// CHECK:       llvm.load
// CHECK:       llvm.store
tt.func public @tail_masked(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) {
  %pid = tt.get_program_id x : i32
  %c64 = arith.constant 64 : i32
  %base = arith.muli %pid, %c64 : i32
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %bs = tt.splat %base : i32 -> tensor<64xi32>
  %offs = arith.addi %bs, %r : tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %offs, %ns : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %xp, %m : tensor<64x!tt.ptr<f32>>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %offs : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %yp, %v, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}

// A mask read from memory is not evaluated twice: no versioning.
// CHECK-LABEL: func.func @data_mask
// CHECK-NOT: iter_args
// CHECK: scf.for
// CHECK: scf.if
// CHECK: return
tt.func public @data_mask(%x: !tt.ptr<f32>, %flags: !tt.ptr<i1>) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %fs = tt.splat %flags : !tt.ptr<i1> -> tensor<64x!tt.ptr<i1>>
  %fp = tt.addptr %fs, %r : tensor<64x!tt.ptr<i1>>, tensor<64xi32>
  %m = tt.load %fp : tensor<64x!tt.ptr<i1>>
  %cst = arith.constant dense<1.0> : tensor<64xf32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %xp, %cst, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}

// A mask the ranges cannot describe (xor) is checked element by element; a
// provable one next to it (`c < n`) is checked from its ranges.
// CHECK-LABEL: func.func @unprovable_mask
// CHECK: %[[RANGE:.*]] = arith.cmpi sgt, %{{.*}}, %c63_i64 : i64
// CHECK: %[[LOOP:.*]] = scf.for {{.*}} iter_args(%[[ACC:.*]] = %true) -> (i1)
// CHECK:   arith.xori
// CHECK:   arith.andi %[[ACC]]
// CHECK: %[[ALL:.*]] = arith.andi %{{.*}}, %[[LOOP]] : i1
// CHECK: scf.if %[[ALL]]
tt.func public @unprovable_mask(%x: !tt.ptr<f32>, %n: i32, %k: i32) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %ks = tt.splat %k : i32 -> tensor<64xi32>
  %scrambled = arith.xori %r, %ks : tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %m1 = arith.cmpi slt, %scrambled, %ns : tensor<64xi32>
  %m2 = arith.cmpi slt, %r, %ns : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %xp, %m1 : tensor<64x!tt.ptr<f32>>
  tt.store %xp, %v, %m2 : tensor<64x!tt.ptr<f32>>
  tt.return
}

// A 2-D mask `(rows < m)[:, None] & (cols < n)[None, :]`: each side's
// largest index against its bound.
// CHECK-LABEL: func.func @mask_2d
// CHECK-NOT: iter_args
// CHECK-DAG: arith.constant 7 : i64
// CHECK-DAG: %[[M:.*]] = arith.extsi %arg1 : i32 to i64
// CHECK-DAG: %[[N:.*]] = arith.extsi %arg2 : i32 to i64
// CHECK-DAG: arith.cmpi slt, %{{.*}}, %[[M]] : i64
// CHECK-DAG: arith.cmpi sgt, %[[N]], %c15_i64 : i64
// CHECK: scf.if
tt.func public @mask_2d(%x: !tt.ptr<f32>, %m: i32, %n: i32) {
  %pid = tt.get_program_id x : i32
  %c8 = arith.constant 8 : i32
  %row0 = arith.muli %pid, %c8 : i32
  %r8 = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<8xi32>
  %rows = arith.addi %row0s, %r8 : tensor<8xi32>
  %cols = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %ms = tt.splat %m : i32 -> tensor<8xi32>
  %rm = arith.cmpi slt, %rows, %ms : tensor<8xi32>
  %ns = tt.splat %n : i32 -> tensor<16xi32>
  %cm = arith.cmpi slt, %cols, %ns : tensor<16xi32>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<8xi1> -> tensor<8x1xi1>
  %cm2 = tt.expand_dims %cm {axis = 0 : i32} : tensor<16xi1> -> tensor<1x16xi1>
  %rmb = tt.broadcast %rm2 : tensor<8x1xi1> -> tensor<8x16xi1>
  %cmb = tt.broadcast %cm2 : tensor<1x16xi1> -> tensor<8x16xi1>
  %mask = arith.andi %rmb, %cmb : tensor<8x16xi1>
  %rows2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<8xi32> -> tensor<8x1xi32>
  %c16 = arith.constant dense<16> : tensor<8x1xi32>
  %rowoff = arith.muli %rows2, %c16 : tensor<8x1xi32>
  %rowb = tt.broadcast %rowoff : tensor<8x1xi32> -> tensor<8x16xi32>
  %cols2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %colb = tt.broadcast %cols2 : tensor<1x16xi32> -> tensor<8x16xi32>
  %offs = arith.addi %rowb, %colb : tensor<8x16xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<8x16x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offs : tensor<8x16x!tt.ptr<f32>>, tensor<8x16xi32>
  %cst = arith.constant dense<0.0> : tensor<8x16xf32>
  tt.store %xp, %cst, %mask : tensor<8x16x!tt.ptr<f32>>
  tt.return
}

// A masked load kept in a buffer (read by a reduction and by a store) is
// filled by a versioned loop too.
// CHECK-LABEL: func.func @buffered_masked_load
// CHECK: %[[BUF:.*]] = memref.alloca() {{.*}} : memref<64xf32>
// CHECK: scf.if %{{.*}} {
// CHECK:   scf.for
// CHECK-NOT: scf.if
// CHECK:     llvm.load
// CHECK:     memref.store %{{.*}}, %[[BUF]]
// CHECK: } else {
// CHECK:   scf.for
// CHECK:     scf.if
tt.func public @buffered_masked_load(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32) {
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<64xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %zero = arith.constant dense<0.0> : tensor<64xf32>
  %v = tt.load %xp, %m, %zero : tensor<64x!tt.ptr<f32>>
  %s = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<64xf32>) -> f32
  %ss = tt.splat %s : f32 -> tensor<64xf32>
  %d = arith.subf %v, %ss : tensor<64xf32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %r : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %yp, %d, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}

// A division by one scalar for the whole tile versions the nest on that
// scalar having a normal reciprocal (2^-126 <= |s| <= 2^126): that copy
// multiplies by 1/s and corrects once with the exact residual (an FMA),
// keeping the product where it is not finite; the other copy divides.
// CHECK-LABEL: func.func @divide_by_scalar
// CHECK-SAME: %{{.*}}: !llvm.ptr, %[[S:arg1]]: f32
// CHECK: %[[ABS:.*]] = math.absf %[[S]] : f32
// CHECK-DAG: %[[GE:.*]] = arith.cmpf oge, %[[ABS]], %{{.*}} : f32
// CHECK-DAG: %[[LE:.*]] = arith.cmpf ole, %[[ABS]], %{{.*}} : f32
// CHECK: %[[SAFE:.*]] = arith.andi %[[GE]], %[[LE]] : i1
// CHECK: scf.if %[[SAFE]] {
// CHECK:   scf.for
// CHECK:     %[[R:.*]] = arith.divf %{{.*}}, %[[S]] : f32
// CHECK:     %[[Q:.*]] = arith.mulf %[[X:.*]], %[[R]] : f32
// CHECK:     %[[NQ:.*]] = arith.negf %[[Q]] : f32
// CHECK:     %[[E:.*]] = math.fma %[[NQ]], %[[S]], %[[X]] : f32
// CHECK:     %[[Q1:.*]] = math.fma %[[E]], %[[R]], %[[Q]] : f32
// CHECK:     %[[FIN:.*]] = arith.cmpf olt
// CHECK:     arith.select %[[FIN]], %[[Q1]], %[[Q]] : f32
// CHECK: } else {
// CHECK:   scf.for
// CHECK:     arith.divf %{{.*}}, %[[S]] : f32
// CHECK-NOT:     math.fma
// CHECK:   }
tt.func public @divide_by_scalar(%x_ptr: !tt.ptr<f32>, %s: f32) {
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %xp = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %xa = tt.addptr %xp, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %x = tt.load %xa : tensor<256x!tt.ptr<f32>>
  %d = tt.splat %s : f32 -> tensor<256xf32>
  %q = arith.divf %x, %d : tensor<256xf32>
  tt.store %xa, %q : tensor<256x!tt.ptr<f32>>
  tt.return
}

// A remainder kept in a buffer (read in a loop), Triton's
// `(pid * 64 + arange(64)) % n`: the nest that reads it is versioned on
// the tile's range proving it equal to its dividend (0 <= lo, hi < n), and
// that copy computes the affine dividend instead of loading the buffer.
// CHECK-LABEL: func.func @wrapped_columns
// CHECK: %[[WRAPPED:.*]] = memref.alloca() {{.*}} : memref<64xi32>
// CHECK: arith.remsi
// CHECK: memref.store %{{.*}}, %[[WRAPPED]]
// CHECK: scf.for
// CHECK:   %[[LT:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i64
// CHECK:   %[[GE:.*]] = arith.cmpi sge, %{{.*}}, %c0_i64 : i64
// CHECK:   %[[IN:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK:   %[[OK:.*]] = arith.andi %{{.*}}, %[[IN]] : i1
// CHECK:   scf.if %[[OK]] {
// CHECK-NOT: memref.load %[[WRAPPED]]
// CHECK:     arith.addi
// CHECK:     llvm.getelementptr
// CHECK:   } else {
// CHECK:     memref.load %[[WRAPPED]]
tt.func public @wrapped_columns(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32, %steps: i32) {
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
