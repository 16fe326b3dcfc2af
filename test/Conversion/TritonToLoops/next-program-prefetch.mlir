// RUN: tilerun-opt %s -split-input-file -tilerun-prefetch-next-program -tilerun-convert-triton-to-loops -canonicalize -cse | FileCheck %s
// RUN: tilerun-opt %s -split-input-file -tilerun-convert-triton-to-loops | FileCheck %s --check-prefix=OFF
// RUN: tilerun-opt %s -split-input-file -tilerun-prefetch-next-program -tilerun-convert-triton-to-loops="checked=true" | FileCheck %s --check-prefix=OFF

// OFF-NOT: llvm.intr.prefetch

// A softmax row: the max pass reads the row from memory, then `exp(x - max)`,
// the heaviest nest, reads it again from the cache. It prefetches the row of
// program pid + 1, one 64-byte line
// per 16 floats, at the start of each 64-element chunk; the chunk's own loop
// keeps a constant trip count for the vectoriser.
// CHECK-LABEL: func.func @row_softmax
// CHECK-SAME: %[[IN:arg1]]: !llvm.ptr, %[[STRIDE:arg2]]: i32
// CHECK-SAME: %[[PID:arg6]]: i32
// CHECK: %[[NEXT:.*]] = arith.addi %[[PID]], %c1_i32 : i32
// CHECK: %[[NROW:.*]] = arith.muli %[[NEXT]], %[[STRIDE]] : i32
// CHECK: %[[NBASE:.*]] = llvm.getelementptr %[[IN]][%[[NROW]]]
// CHECK: scf.for %[[C:.*]] = %c0 to %c4 step %c1 {
// CHECK:   %[[FIRST:.*]] = arith.muli %[[C]], %c64 : index
// CHECK:   %[[O0:.*]] = arith.index_cast %[[FIRST]] : index to i32
// CHECK:   %[[A0:.*]] = llvm.getelementptr %[[NBASE]][%[[O0]]]
// CHECK:   "llvm.intr.prefetch"(%[[A0]]) <{cache = 1 : i32, hint = 2 : i32, rw = 0 : i32}>
// CHECK:   arith.addi %[[FIRST]], %c16 : index
// CHECK:   "llvm.intr.prefetch"
// CHECK:   arith.addi %[[FIRST]], %c32 : index
// CHECK:   "llvm.intr.prefetch"
// CHECK:   arith.addi %[[FIRST]], %c48 : index
// CHECK:   "llvm.intr.prefetch"
// CHECK-NOT: "llvm.intr.prefetch"
// CHECK:   %[[END:.*]] = arith.addi %[[FIRST]], %c64 : index
// CHECK:   scf.for %{{.*}} = %[[FIRST]] to %[[END]] step %c1 {
// CHECK:     math.exp
// CHECK-NOT: "llvm.intr.prefetch"
// CHECK: return
tt.func public @row_softmax(%out: !tt.ptr<f32>, %in: !tt.ptr<f32>, %stride: i32) {
  %pid = tt.get_program_id x : i32
  %row = arith.muli %pid, %stride : i32
  %base = tt.addptr %in, %row : !tt.ptr<f32>, i32
  %offs = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %ptrs0 = tt.splat %base : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %ptrs = tt.addptr %ptrs0, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %x = tt.load %ptrs : tensor<256x!tt.ptr<f32>>
  %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.maxnumf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<256xf32>) -> f32
  %ms = tt.splat %m : f32 -> tensor<256xf32>
  %d = arith.subf %x, %ms : tensor<256xf32>
  %e = math.exp %d : tensor<256xf32>
  %s = "tt.reduce"(%e) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<256xf32>) -> f32
  %ss = tt.splat %s : f32 -> tensor<256xf32>
  %y = arith.divf %e, %ss : tensor<256xf32>
  %obase = tt.addptr %out, %row : !tt.ptr<f32>, i32
  %optrs0 = tt.splat %obase : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %optrs = tt.addptr %optrs0, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %optrs, %y : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

// A streaming kernel has no nest without its own loads: prefetching there
// would compete with them.
// CHECK-LABEL: func.func @streaming
// CHECK-NOT: llvm.intr.prefetch
// CHECK: return
tt.func public @streaming(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %pid = tt.get_program_id x : i32
  %c256 = arith.constant 256 : i32
  %start = arith.muli %pid, %c256 : i32
  %offs0 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %s = tt.splat %start : i32 -> tensor<256xi32>
  %offs = arith.addi %s, %offs0 : tensor<256xi32>
  %xp0 = tt.splat %x : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %xp = tt.addptr %xp0, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %v = tt.load %xp : tensor<256x!tt.ptr<f32>>
  %e = math.exp %v : tensor<256xf32>
  %yp0 = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %yp = tt.addptr %yp0, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %yp, %e : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

// The heaviest nest, `exp(x)`, is the first to read the row, from memory; the
// max pass that reads it again has too little work to hide prefetches.
// CHECK-LABEL: func.func @first_reader
// CHECK-NOT: llvm.intr.prefetch
// CHECK: return
tt.func public @first_reader(%out: !tt.ptr<f32>, %in: !tt.ptr<f32>, %stride: i32) {
  %pid = tt.get_program_id x : i32
  %row = arith.muli %pid, %stride : i32
  %base = tt.addptr %in, %row : !tt.ptr<f32>, i32
  %offs = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %ptrs0 = tt.splat %base : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %ptrs = tt.addptr %ptrs0, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %x = tt.load %ptrs : tensor<256x!tt.ptr<f32>>
  %e = math.exp %x : tensor<256xf32>
  %s = "tt.reduce"(%e) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.addf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<256xf32>) -> f32
  %m = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %r = arith.maxnumf %a, %b : f32
    tt.reduce.return %r : f32
  }) : (tensor<256xf32>) -> f32
  %ss = tt.splat %s : f32 -> tensor<256xf32>
  %ms = tt.splat %m : f32 -> tensor<256xf32>
  %p = arith.mulf %e, %ss : tensor<256xf32>
  %y = arith.addf %p, %ms : tensor<256xf32>
  %obase = tt.addptr %out, %row : !tt.ptr<f32>, i32
  %optrs0 = tt.splat %obase : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %optrs = tt.addptr %optrs0, %offs : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %optrs, %y : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

// Layernorm's shape: the row is first read in one loop, and the heaviest
// nest is in a second loop over the same range (the same bound values).
// Iteration k of the second loop prefetches what iteration k of the first
// loop reads in the next program. The weights do not depend on the program
// id: every program reads the same ones, so they are not prefetched.
// CHECK-LABEL: func.func @same_range_loops
// CHECK-SAME: %[[X:arg0]]: !llvm.ptr, %{{.*}}: !llvm.ptr, %[[W:arg2]]: !llvm.ptr, %[[N:arg3]]: i32
// CHECK-SAME: %[[PID:arg7]]: i32
// CHECK: scf.for %{{.*}} = %c0_i32 to %[[N]] step %c256_i32
// CHECK-NOT: llvm.intr.prefetch
// CHECK: scf.for %[[IV:.*]] = %c0_i32 to %[[N]] step %c256_i32
// CHECK:   %[[NEXT:.*]] = arith.addi %[[PID]], %c1_i32 : i32
// CHECK:   %[[NROW:.*]] = arith.muli %[[NEXT]], %[[N]] : i32
// CHECK:   %[[NBASE:.*]] = llvm.getelementptr %[[X]][%[[NROW]]]
// CHECK:   scf.for
// CHECK:     %[[AT:.*]] = llvm.getelementptr %[[NBASE]][%[[IV]]]
// CHECK-COUNT-4: "llvm.intr.prefetch"(%{{.*}})
// CHECK-NOT: "llvm.intr.prefetch"
// CHECK:     math.exp
// CHECK:     llvm.getelementptr %[[W]][%[[IV]]]
// CHECK-NOT: "llvm.intr.prefetch"
// CHECK: return
tt.func public @same_range_loops(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %w: !tt.ptr<f32>, %n: i32) {
  %pid = tt.get_program_id x : i32
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %zero = arith.constant dense<0.0> : tensor<256xf32>
  %row = arith.muli %pid, %n : i32
  %xrow = tt.addptr %x, %row : !tt.ptr<f32>, i32
  %yrow = tt.addptr %y, %row : !tt.ptr<f32>, i32
  %acc = scf.for %off = %c0 to %n step %c256 iter_args(%a = %zero) -> (tensor<256xf32>) : i32 {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %o = tt.splat %off : i32 -> tensor<256xi32>
    %cols = arith.addi %o, %r : tensor<256xi32>
    %p0 = tt.splat %xrow : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %p = tt.addptr %p0, %cols : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %v = tt.load %p : tensor<256x!tt.ptr<f32>>
    %s = arith.addf %a, %v : tensor<256xf32>
    scf.yield %s : tensor<256xf32>
  }
  %sum = "tt.reduce"(%acc) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %rr: f32):
    %t = arith.addf %l, %rr : f32
    tt.reduce.return %t : f32
  }) : (tensor<256xf32>) -> f32
  scf.for %off = %c0 to %n step %c256 : i32 {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %o = tt.splat %off : i32 -> tensor<256xi32>
    %cols = arith.addi %o, %r : tensor<256xi32>
    %p0 = tt.splat %xrow : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %p = tt.addptr %p0, %cols : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %v = tt.load %p : tensor<256x!tt.ptr<f32>>
    %wp0 = tt.splat %w : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %wp = tt.addptr %wp0, %cols : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %wv = tt.load %wp : tensor<256x!tt.ptr<f32>>
    %ss = tt.splat %sum : f32 -> tensor<256xf32>
    %d = arith.subf %v, %ss : tensor<256xf32>
    %e = math.exp %d : tensor<256xf32>
    %m = arith.mulf %e, %wv : tensor<256xf32>
    %q0 = tt.splat %yrow : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %q = tt.addptr %q0, %cols : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %q, %m : tensor<256x!tt.ptr<f32>>
  }
  tt.return
}

// -----

// The heaviest nest runs in a loop over another range than the load's: no
// iteration of it corresponds to the load's, and nothing is prefetched.
// CHECK-LABEL: func.func @other_range_loops
// CHECK-NOT: llvm.intr.prefetch
// CHECK: return
tt.func public @other_range_loops(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>, %n: i32, %m: i32) {
  %pid = tt.get_program_id x : i32
  %c0 = arith.constant 0 : i32
  %c256 = arith.constant 256 : i32
  %zero = arith.constant dense<0.0> : tensor<256xf32>
  %row = arith.muli %pid, %n : i32
  %xrow = tt.addptr %x, %row : !tt.ptr<f32>, i32
  %acc = scf.for %off = %c0 to %n step %c256 iter_args(%a = %zero) -> (tensor<256xf32>) : i32 {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %o = tt.splat %off : i32 -> tensor<256xi32>
    %cols = arith.addi %o, %r : tensor<256xi32>
    %p0 = tt.splat %xrow : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %p = tt.addptr %p0, %cols : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %v = tt.load %p : tensor<256x!tt.ptr<f32>>
    %s = arith.addf %a, %v : tensor<256xf32>
    scf.yield %s : tensor<256xf32>
  }
  %fin = scf.for %off = %c0 to %m step %c256 iter_args(%a = %acc) -> (tensor<256xf32>) : i32 {
    %e = math.exp %a : tensor<256xf32>
    %s = arith.mulf %e, %e : tensor<256xf32>
    scf.yield %s : tensor<256xf32>
  }
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %q0 = tt.splat %y : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %q = tt.addptr %q0, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %q, %fin : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

// The form tilerun-unroll-short-reduction-loops gives a row's mean and
// variance: each loop behind a test that it runs once, the peeled body
// reduced directly. The two branches of the variance's scf.if are never
// both run, so each gets a carrier: in the peeled branch the reduction's
// own pass (a reduction evaluates its operand chunk by chunk), in the other
// the loop's nest; both prefetch the row that program pid + 1 reads in the
// mean's pass. The mean's pass (one add per element) carries nothing.
// CHECK-LABEL: func.func @row_moments
// CHECK: scf.if
// CHECK-NOT: "llvm.intr.prefetch"
// CHECK: } else {
// CHECK-NOT: "llvm.intr.prefetch"
// CHECK: scf.if
// CHECK:   arith.addi %{{.*}}, %c1_i32 : i32
// CHECK:   "llvm.intr.prefetch"
// CHECK:   scf.for %{{.*}} = %c64 to %c256 step %c64 {
// CHECK:     "llvm.intr.prefetch"
// CHECK:     scf.for
// CHECK:       arith.subf
// CHECK: } else {
// CHECK:   scf.for %{{.*}} = %c0_i32 to %{{.*}} step %c256_i32
// CHECK:     arith.addi %{{.*}}, %c1_i32 : i32
// CHECK:     "llvm.intr.prefetch"
// CHECK:     arith.subf
// CHECK: return
tt.func public @row_moments(%arg0: !tt.ptr<f32>, %arg1: !tt.ptr<f32>, %arg2: i32) {
  %c256_i64 = arith.constant 256 : i64
  %c0_i32 = arith.constant 0 : i32
  %c256_i32 = arith.constant 256 : i32
  %cst = arith.constant dense<0.000000e+00> : tensor<256xf32>
  %0 = tt.get_program_id x : i32
  %1 = arith.muli %0, %arg2 : i32
  %2 = tt.addptr %arg0, %1 : !tt.ptr<f32>, i32
  %3 = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %4 = tt.splat %2 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %5 = tt.addptr %4, %3 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %6 = arith.cmpi sgt, %arg2, %c0_i32 : i32
  %7 = arith.extsi %arg2 : i32 to i64
  %8 = arith.cmpi sle, %7, %c256_i64 : i64
  %9 = arith.andi %6, %8 : i1
  %10 = scf.if %9 -> (f32) {
    %18 = tt.splat %c0_i32 : i32 -> tensor<256xi32>
    %19 = tt.addptr %5, %18 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %20 = tt.load %19 : tensor<256x!tt.ptr<f32>>
    %21 = arith.addf %20, %cst : tensor<256xf32>
    %22 = "tt.reduce"(%21) <{axis = 0 : i32}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      %23 = arith.addf %arg3, %arg4 : f32
      tt.reduce.return %23 : f32
    }) : (tensor<256xf32>) -> f32
    scf.yield %22 : f32
  } else {
    %18 = scf.for %arg3 = %c0_i32 to %arg2 step %c256_i32 iter_args(%arg4 = %cst) -> (tensor<256xf32>)  : i32 {
      %20 = tt.splat %arg3 : i32 -> tensor<256xi32>
      %21 = tt.addptr %5, %20 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
      %22 = tt.load %21 : tensor<256x!tt.ptr<f32>>
      %23 = arith.addf %arg4, %22 : tensor<256xf32>
      scf.yield %23 : tensor<256xf32>
    }
    %19 = "tt.reduce"(%18) <{axis = 0 : i32}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      %20 = arith.addf %arg3, %arg4 : f32
      tt.reduce.return %20 : f32
    }) : (tensor<256xf32>) -> f32
    scf.yield %19 : f32
  }
  %11 = tt.splat %10 : f32 -> tensor<256xf32>
  %12 = arith.cmpi sgt, %arg2, %c0_i32 : i32
  %13 = arith.extsi %arg2 : i32 to i64
  %14 = arith.cmpi sle, %13, %c256_i64 : i64
  %15 = arith.andi %12, %14 : i1
  %16 = scf.if %15 -> (f32) {
    %18 = tt.splat %c0_i32 : i32 -> tensor<256xi32>
    %19 = tt.addptr %5, %18 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %20 = tt.load %19 : tensor<256x!tt.ptr<f32>>
    %21 = arith.subf %20, %11 : tensor<256xf32>
    %22 = arith.mulf %21, %21 : tensor<256xf32>
    %23 = arith.addf %22, %cst : tensor<256xf32>
    %24 = "tt.reduce"(%23) <{axis = 0 : i32}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      %25 = arith.addf %arg3, %arg4 : f32
      tt.reduce.return %25 : f32
    }) : (tensor<256xf32>) -> f32
    scf.yield %24 : f32
  } else {
    %18 = scf.for %arg3 = %c0_i32 to %arg2 step %c256_i32 iter_args(%arg4 = %cst) -> (tensor<256xf32>)  : i32 {
      %20 = tt.splat %arg3 : i32 -> tensor<256xi32>
      %21 = tt.addptr %5, %20 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
      %22 = tt.load %21 : tensor<256x!tt.ptr<f32>>
      %23 = arith.subf %22, %11 : tensor<256xf32>
      %24 = arith.mulf %23, %23 : tensor<256xf32>
      %25 = arith.addf %arg4, %24 : tensor<256xf32>
      scf.yield %25 : tensor<256xf32>
    }
    %19 = "tt.reduce"(%18) <{axis = 0 : i32}> ({
    ^bb0(%arg3: f32, %arg4: f32):
      %20 = arith.addf %arg3, %arg4 : f32
      tt.reduce.return %20 : f32
    }) : (tensor<256xf32>) -> f32
    scf.yield %19 : f32
  }
  %17 = tt.addptr %arg1, %0 : !tt.ptr<f32>, i32
  tt.store %17, %16 : !tt.ptr<f32>
  tt.return
}

// -----

// A value evaluated by nests in both branches of an scf.if and after it:
// no nest precedes all the others, so the prefetch addresses, built before
// the carrier, could not reach every nest. It carries none, and the kernel
// still lowers.
// CHECK-LABEL: func.func @shared_value
// CHECK-NOT: "llvm.intr.prefetch"
// CHECK: return
tt.func public @shared_value(%x: !tt.ptr<f32>, %o1: !tt.ptr<f32>, %o2: !tt.ptr<f32>, %stride: i32, %c: i1) {
  %pid = tt.get_program_id x : i32
  %row = arith.muli %pid, %stride : i32
  %base = tt.addptr %x, %row : !tt.ptr<f32>, i32
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %ptrs0 = tt.splat %base : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %ptrs = tt.addptr %ptrs0, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %v = tt.load %ptrs : tensor<256x!tt.ptr<f32>>
  %m = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.maxnumf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<256xf32>) -> f32
  %ms = tt.splat %m : f32 -> tensor<256xf32>
  %d = arith.subf %v, %ms : tensor<256xf32>
  %d2 = arith.mulf %d, %d : tensor<256xf32>
  %d3 = arith.mulf %d2, %d : tensor<256xf32>
  %y = arith.addf %d3, %d2 : tensor<256xf32>
  %p1 = tt.addptr %o1, %row : !tt.ptr<f32>, i32
  %q1 = tt.splat %p1 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %s1 = tt.addptr %q1, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %p2 = tt.addptr %o2, %row : !tt.ptr<f32>, i32
  %q2 = tt.splat %p2 : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %s2 = tt.addptr %q2, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  scf.if %c {
    tt.store %s1, %y : tensor<256x!tt.ptr<f32>>
  } else {
    tt.store %s2, %y : tensor<256x!tt.ptr<f32>>
  }
  tt.store %s2, %y : tensor<256x!tt.ptr<f32>>
  tt.return
}

// -----

// The shape tilerun-unroll-short-reduction-loops gives a row reduced in two
// 64-element blocks: a version for two trips, unrolled, and the loop (here
// one block) in the else-branches of the same test. The two-trip variance
// prefetches both blocks the two-trip mean reads in the next program; the
// else-branch's prefetch follows the else-branch's load only, since a
// program that takes one branch of `%two` takes it in both ifs.
// (-canonicalize merges the two ifs on `%two` into one.)
// CHECK-LABEL: func.func @two_trip_versions
// CHECK: scf.if
// CHECK-COUNT-8: "llvm.intr.prefetch"
// CHECK-NOT: "llvm.intr.prefetch"
// CHECK: } else {
// CHECK-COUNT-4: "llvm.intr.prefetch"
// CHECK-NOT: "llvm.intr.prefetch"
// CHECK: return
tt.func public @two_trip_versions(%out: !tt.ptr<f32>, %in: !tt.ptr<f32>, %stride: i32, %two: i1) {
  %pid = tt.get_program_id x : i32
  %row = arith.muli %pid, %stride : i32
  %base = tt.addptr %in, %row : !tt.ptr<f32>, i32
  %bases = tt.splat %base : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %offs0 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %c64 = arith.constant dense<64> : tensor<64xi32>
  %offs1 = arith.addi %offs0, %c64 : tensor<64xi32>
  %p0 = tt.addptr %bases, %offs0 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %p1 = tt.addptr %bases, %offs1 : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %sum = scf.if %two -> (f32) {
    %x0 = tt.load %p0 : tensor<64x!tt.ptr<f32>>
    %x1 = tt.load %p1 : tensor<64x!tt.ptr<f32>>
    %a = arith.addf %x0, %x1 : tensor<64xf32>
    %r = "tt.reduce"(%a) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %rr: f32):
      %t = arith.addf %l, %rr : f32
      tt.reduce.return %t : f32
    }) : (tensor<64xf32>) -> f32
    scf.yield %r : f32
  } else {
    %x = tt.load %p0 : tensor<64x!tt.ptr<f32>>
    %r = "tt.reduce"(%x) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %rr: f32):
      %t = arith.addf %l, %rr : f32
      tt.reduce.return %t : f32
    }) : (tensor<64xf32>) -> f32
    scf.yield %r : f32
  }
  %ms = tt.splat %sum : f32 -> tensor<64xf32>
  %var = scf.if %two -> (f32) {
    %y0 = tt.load %p0 : tensor<64x!tt.ptr<f32>>
    %y1 = tt.load %p1 : tensor<64x!tt.ptr<f32>>
    %d0 = arith.subf %y0, %ms : tensor<64xf32>
    %d1 = arith.subf %y1, %ms : tensor<64xf32>
    %q0 = arith.mulf %d0, %d0 : tensor<64xf32>
    %q1 = arith.mulf %d1, %d1 : tensor<64xf32>
    %q = arith.addf %q0, %q1 : tensor<64xf32>
    %r = "tt.reduce"(%q) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %rr: f32):
      %t = arith.addf %l, %rr : f32
      tt.reduce.return %t : f32
    }) : (tensor<64xf32>) -> f32
    scf.yield %r : f32
  } else {
    %y = tt.load %p0 : tensor<64x!tt.ptr<f32>>
    %d = arith.subf %y, %ms : tensor<64xf32>
    %e = math.exp %d : tensor<64xf32>
    %r = "tt.reduce"(%e) <{axis = 0 : i32}> ({
    ^bb0(%l: f32, %rr: f32):
      %t = arith.addf %l, %rr : f32
      tt.reduce.return %t : f32
    }) : (tensor<64xf32>) -> f32
    scf.yield %r : f32
  }
  %o = tt.addptr %out, %pid : !tt.ptr<f32>, i32
  tt.store %o, %var : !tt.ptr<f32>
  tt.return
}
