// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops -canonicalize -cse | FileCheck %s

// A sum along the innermost axis: 64 lane partials take consecutive chunks
// of the row in one pass (the loop LLVM vectorises), then fold as a tree:
// loops down to 16 lanes, the last 8 unrolled.
// The masked load feeding it is versioned; the result is a scalar, so both
// copies yield it.
// CHECK-LABEL: func.func @row_sum
// CHECK-COUNT-2: memref.alloca() {{.*}} : memref<64xf32>
// CHECK: %[[SUM:.*]] = scf.if %{{.*}} -> (f32) {
// CHECK:   scf.for %{{.*}} = %c0 to %c64 step %c1 {
// CHECK:     memref.store
// CHECK:   scf.for %[[CHUNK:.*]] = %c64 to %c1024 step %c64 {
// CHECK:     scf.for %[[L:.*]] = %c0 to %c64 step %c1 {
// CHECK:       arith.addi %[[CHUNK]], %[[L]]
// CHECK:       %[[ACC:.*]] = memref.load %[[P:.*]][%[[L]]]
// CHECK-NOT:   scf.if
// CHECK:       llvm.load
// CHECK:       %[[NEW:.*]] = arith.addf %[[ACC]]
// CHECK:       memref.store %[[NEW]], %[[P]][%[[L]]]
// CHECK:   scf.for %{{.*}} = %c0 to %c32 step %c1 {
// CHECK:     arith.addf
// CHECK:   scf.for %{{.*}} = %c0 to %c16 step %c1 {
// CHECK:     arith.addf
// CHECK:   scf.for %{{.*}} = %c0 to %c8 step %c1 {
// CHECK:     arith.addf
// CHECK-COUNT-7: arith.addf
// CHECK:   scf.yield %{{.*}} : f32
// CHECK: } else {
// CHECK:   scf.if
// CHECK: llvm.store %[[SUM]]
tt.func public @row_sum(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %n: i32) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ns = tt.splat %n : i32 -> tensor<1024xi32>
  %m = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %zero = arith.constant dense<0.0> : tensor<1024xf32>
  %v = tt.load %xp, %m, %zero : tensor<1024x!tt.ptr<f32>>
  %s = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<1024xf32>) -> f32
  tt.store %out, %s : !tt.ptr<f32>
  tt.return
}

// A custom combine keeps the GPU's tree order (i with i + n/2, then
// i + n/4, ...). Its first four levels run as one pass: each of the 64
// scratch elements is the unrolled tree over 16 elements 64 apart.
// CHECK-LABEL: func.func @custom_tree
// CHECK: %[[S:.*]] = memref.alloca() {{.*}} : memref<64xf32>
// CHECK: scf.for %[[K:.*]] = %c0 to %c64 step %c1 {
// CHECK-DAG: arith.addi %[[K]], %c512
// CHECK-DAG: arith.addi %[[K]], %c960
// CHECK-COUNT-15: arith.subf
// CHECK: memref.store %{{.*}}, %[[S]][%[[K]]]
// CHECK: scf.for %{{.*}} = %c0 to %c32 step %c1 {
// CHECK-NOT: scf.for %{{.*}} = %c0 to %c64
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1 {
tt.func public @custom_tree(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = tt.load %xp : tensor<1024x!tt.ptr<f32>>
  %s = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.subf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<1024xf32>) -> f32
  tt.store %out, %s : !tt.ptr<f32>
  tt.return
}

// `e = exp(x - max(x))` reads x only at its own index and x is dead after
// it: e takes over x's buffer, so one row buffer serves the whole kernel.
// (The rows are 64 KB, too large to be read twice from the cache.)
// CHECK-LABEL: func.func @softmax_row
// CHECK-COUNT-1: memref.alloca() {{.*}} : memref<16384xf32>
// CHECK-NOT: memref.alloca() {{.*}} : memref<16384xf32>
// CHECK: return
tt.func public @softmax_row(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %r = tt.make_range {end = 16384 : i32, start = 0 : i32} : tensor<16384xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<16384x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<16384x!tt.ptr<f32>>, tensor<16384xi32>
  %v = tt.load %xp : tensor<16384x!tt.ptr<f32>>
  %mx = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.maxnumf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<16384xf32>) -> f32
  %mxs = tt.splat %mx : f32 -> tensor<16384xf32>
  %d = arith.subf %v, %mxs : tensor<16384xf32>
  %e = math.exp %d : tensor<16384xf32>
  %sum = "tt.reduce"(%e) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<16384xf32>) -> f32
  %sums = tt.splat %sum : f32 -> tensor<16384xf32>
  %q = arith.divf %e, %sums : tensor<16384xf32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<16384x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %r : tensor<16384x!tt.ptr<f32>>, tensor<16384xi32>
  tt.store %yp, %q : tensor<16384x!tt.ptr<f32>>
  tt.return
}

// x is read again after e is computed: e gets a buffer of its own.
// CHECK-LABEL: func.func @operand_still_live
// CHECK-COUNT-2: memref.alloca() {{.*}} : memref<16384xf32>
tt.func public @operand_still_live(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %r = tt.make_range {end = 16384 : i32, start = 0 : i32} : tensor<16384xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<16384x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<16384x!tt.ptr<f32>>, tensor<16384xi32>
  %v = tt.load %xp : tensor<16384x!tt.ptr<f32>>
  %mx = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.maxnumf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<16384xf32>) -> f32
  %mxs = tt.splat %mx : f32 -> tensor<16384xf32>
  %d = arith.subf %v, %mxs : tensor<16384xf32>
  %e = math.exp %d : tensor<16384xf32>
  %sum = "tt.reduce"(%e) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<16384xf32>) -> f32
  %sums = tt.splat %sum : f32 -> tensor<16384xf32>
  %q = arith.divf %e, %sums : tensor<16384xf32>
  %q2 = arith.addf %q, %v : tensor<16384xf32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<16384x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %r : tensor<16384x!tt.ptr<f32>>, tensor<16384xi32>
  tt.store %yp, %q2 : tensor<16384x!tt.ptr<f32>>
  tt.return
}

// A 4 KB row stays in the cache between the max pass and the exp pass: both
// read x from memory (the first brings it in) and only e gets a buffer.
// CHECK-LABEL: func.func @softmax_row_reread
// CHECK-COUNT-1: memref.alloca() {{.*}} : memref<1024xf32>
// CHECK-NOT: memref.alloca() {{.*}} : memref<1024xf32>
// CHECK: llvm.load
// CHECK: arith.cmpf ogt
// CHECK: } else {
// CHECK: }
// CHECK-NEXT: scf.for
// CHECK-NEXT: arith.index_cast
// CHECK-NEXT: llvm.getelementptr %arg0
// CHECK-NEXT: llvm.load
// CHECK-NEXT: arith.subf
// CHECK-NEXT: math.exp
// CHECK-NEXT: memref.store
// CHECK: return
tt.func public @softmax_row_reread(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = tt.load %xp : tensor<1024x!tt.ptr<f32>>
  %mx = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.maxnumf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<1024xf32>) -> f32
  %mxs = tt.splat %mx : f32 -> tensor<1024xf32>
  %d = arith.subf %v, %mxs : tensor<1024xf32>
  %e = math.exp %d : tensor<1024xf32>
  %sum = "tt.reduce"(%e) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.addf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<1024xf32>) -> f32
  %sums = tt.splat %sum : f32 -> tensor<1024xf32>
  %q = arith.divf %e, %sums : tensor<1024xf32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %yp, %q : tensor<1024x!tt.ptr<f32>>
  tt.return
}


// e reads x at its own index and, through the transpose, at others: writing
// e over x would clobber elements the transpose still needs.
// CHECK-LABEL: func.func @operand_read_transposed
// CHECK-COUNT-2: memref.alloca() {{.*}} : memref<32x32xf32>
tt.func public @operand_read_transposed(%x: !tt.ptr<f32>, %y: !tt.ptr<f32>) {
  %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %r2 = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %c32 = arith.constant dense<32> : tensor<32x1xi32>
  %rows = arith.muli %r2, %c32 : tensor<32x1xi32>
  %rowb = tt.broadcast %rows : tensor<32x1xi32> -> tensor<32x32xi32>
  %c2 = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %colb = tt.broadcast %c2 : tensor<1x32xi32> -> tensor<32x32xi32>
  %offs = arith.addi %rowb, %colb : tensor<32x32xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %offs : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
  %v = tt.load %xp : tensor<32x32x!tt.ptr<f32>>
  %t = tt.trans %v {order = array<i32: 1, 0>} : tensor<32x32xf32> -> tensor<32x32xf32>
  %s = arith.addf %t, %v : tensor<32x32xf32>
  %e = math.exp %s : tensor<32x32xf32>
  %e2 = arith.mulf %e, %e : tensor<32x32xf32>
  %e3 = math.exp %e : tensor<32x32xf32>
  %o = arith.addf %e2, %e3 : tensor<32x32xf32>
  %ys = tt.splat %y : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %yp = tt.addptr %ys, %offs : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
  tt.store %yp, %o : tensor<32x32x!tt.ptr<f32>>
  tt.return
}

// maxnum along the row: the partials start NaN-free (a NaN becomes -inf)
// and accumulate with one ordered compare and select, which x86 does in one
// vmaxps. The pairwise fold keeps the IR's maxnum, and a result of -inf is
// recomputed with the IR's fold, which is NaN when every element is.
// CHECK-LABEL: func.func @row_max
// CHECK-DAG: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: scf.for
// CHECK:   %[[X0:.*]] = llvm.load
// CHECK:   %[[NAN:.*]] = arith.cmpf uno, %[[X0]], %[[X0]] : f32
// CHECK:   arith.select %[[NAN]], %[[NINF]], %[[X0]] : f32
// CHECK: scf.for
// CHECK:   scf.for
// CHECK:     %[[ACC:.*]] = memref.load
// CHECK:     %[[X:.*]] = llvm.load
// CHECK:     %[[GT:.*]] = arith.cmpf ogt, %[[X]], %[[ACC]] : f32
// CHECK:     arith.select %[[GT]], %[[X]], %[[ACC]] : f32
// CHECK: arith.maxnumf
// CHECK: %[[LOW:.*]] = arith.cmpf oeq, %[[R:.*]], %[[NINF]] : f32
// CHECK: scf.if %[[LOW]] -> (f32) {
// CHECK:   scf.for {{.*}} iter_args
// CHECK:     arith.maxnumf
// CHECK: } else {
// CHECK:   scf.yield %[[R]] : f32
tt.func public @row_max(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %xs = tt.splat %x : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %xp = tt.addptr %xs, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %v = tt.load %xp : tensor<1024x!tt.ptr<f32>>
  %mx = "tt.reduce"(%v) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %t = arith.maxnumf %a, %b : f32
    tt.reduce.return %t : f32
  }) : (tensor<1024xf32>) -> f32
  tt.store %out, %mx : !tt.ptr<f32>
  tt.return
}

// One stage of a bitonic sort as Triton writes it: the partner of each
// element is `x ^ xor_reduce(x)` over an axis of two, broadcast back. The
// pair reduction is evaluated inline, its operand (needed by the reduction,
// the partner and the compare) gets the buffer, and the stage is one loop
// that reads each element and both elements of its pair from that buffer.
// Before, the stage took three loops and three buffers (the bitcast, the
// reduction's 64 results, the partners).
// CHECK-LABEL: func.func @bitonic_stage
// CHECK-COUNT-1: memref.alloca() {{.*}} : memref<64x2xf32>
// CHECK-NOT: memref.alloca
// CHECK: scf.for
// CHECK:   memref.store {{.*}} : memref<64x2xf32>
// CHECK: scf.for %[[I:.*]] = %c0 to %c128 step %c1 {
// CHECK-NOT: scf.for
// CHECK:   %[[X:.*]] = memref.load %[[BUF:.*]][%{{.*}}, %{{.*}}] : memref<64x2xf32>
// CHECK:   memref.load %[[BUF]][%{{.*}}, %c0] : memref<64x2xf32>
// CHECK:   memref.load %[[BUF]][%{{.*}}, %c1] : memref<64x2xf32>
// CHECK:   arith.xori
// CHECK:   arith.xori
// CHECK:   arith.cmpf ogt
// CHECK:   arith.select
// CHECK:   llvm.store
// CHECK: }
// CHECK-NOT: scf.for
// CHECK: return
tt.func public @bitonic_stage(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %ip = tt.splat %in : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %ia = tt.addptr %ip, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  %v = tt.load %ia : tensor<128x!tt.ptr<f32>>
  %h = tt.reshape %v : tensor<128xf32> -> tensor<64x2xf32>
  %x = arith.addf %h, %h : tensor<64x2xf32>
  %ix = tt.bitcast %x : tensor<64x2xf32> -> tensor<64x2xi32>
  %pair = "tt.reduce"(%ix) <{axis = 1 : i32}> ({
  ^bb0(%a: i32, %b: i32):
    %t = arith.xori %a, %b : i32
    tt.reduce.return %t : i32
  }) : (tensor<64x2xi32>) -> tensor<64xi32>
  %pe = tt.expand_dims %pair {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %pb = tt.broadcast %pe : tensor<64x1xi32> -> tensor<64x2xi32>
  %iy = arith.xori %ix, %pb : tensor<64x2xi32>
  %y = tt.bitcast %iy : tensor<64x2xi32> -> tensor<64x2xf32>
  %gt = arith.cmpf ogt, %x, %y : tensor<64x2xf32>
  %s = arith.select %gt, %y, %x : tensor<64x2xi1>, tensor<64x2xf32>
  %flat = tt.reshape %s : tensor<64x2xf32> -> tensor<128xf32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<128x!tt.ptr<f32>>
  %oa = tt.addptr %op, %r : tensor<128x!tt.ptr<f32>>, tensor<128xi32>
  tt.store %oa, %flat : tensor<128x!tt.ptr<f32>>
  tt.return
}
