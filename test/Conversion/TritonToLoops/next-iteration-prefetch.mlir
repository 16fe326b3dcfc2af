// RUN: tilerun-opt %s -split-input-file -tilerun-prefetch-next-iteration -tilerun-convert-triton-to-loops="matmul-tile-rows=4 matmul-tile-lanes=16" -canonicalize -cse | FileCheck %s
// RUN: tilerun-opt %s -split-input-file -tilerun-prefetch-next-iteration -tilerun-convert-triton-to-loops="bf16-dot-products=true matmul-tile-rows=8 matmul-tile-lanes=32" -canonicalize -cse | FileCheck %s --check-prefix=DP
// RUN: tilerun-opt %s -split-input-file -tilerun-prefetch-next-iteration -tilerun-convert-triton-to-loops="amx-bf16=true matmul-tile-rows=8 matmul-tile-lanes=32" -canonicalize -cse | FileCheck %s --check-prefix=AMX
// RUN: tilerun-opt %s -split-input-file -tilerun-convert-triton-to-loops="matmul-tile-rows=4 matmul-tile-lanes=16" | FileCheck %s --check-prefix=OFF
// RUN: tilerun-opt %s -split-input-file -tilerun-prefetch-next-iteration -tilerun-convert-triton-to-loops="checked=true matmul-tile-rows=4 matmul-tile-lanes=16" | FileCheck %s --check-prefix=OFF

// OFF-NOT: llvm.intr.prefetch

// A 32x16 by 16x32 f32 K loop on 4x16 register tiles: 16 tiles, and 32 cache
// lines in each operand's next tile (A: 32 rows of 16 floats, one line each;
// B: 16 rows of 32 floats, two lines each). Before each register tile the
// micro-kernel prefetches two lines of each, into L2, at the offsets the
// next iteration will load from (the carried offset plus its step); its
// accumulators are still the loop-carried buffer, updated in place. B is
// packed; A is read where it lies (a strided view of the argument) when its
// offsets fit, and packed otherwise, with the same prefetches.
// CHECK-LABEL: func.func @k_loop
// CHECK-SAME: %[[A:arg0]]: !llvm.ptr, %[[B:arg1]]: !llvm.ptr
// CHECK: scf.for {{.*}} iter_args(%[[OA:.*]] = %c0_i32, %[[OB:.*]] = %c0_i32)
// CHECK: %[[NOA:.*]] = arith.addi %[[OA]], %c16_i32 : i32
// CHECK: %[[NOB:.*]] = arith.addi %[[OB]], %{{.*}} : i32
// CHECK: memref.store {{.*}} : memref<16x32xf32>
// CHECK: %[[VIEW:.*]] = builtin.unrealized_conversion_cast {{.*}} to memref<32x16xf32, strided<[?, 1]>>
// CHECK: scf.if
// CHECK: scf.for %[[TILE:.*]] = %c0 to %c16 step %c1 {
// CHECK: %[[AROW:.*]] = llvm.getelementptr %[[A]][
// CHECK: %[[ALINE:.*]] = llvm.getelementptr %[[AROW]][%[[NOA]]]
// CHECK: "llvm.intr.prefetch"(%[[ALINE]]) <{cache = 1 : i32, hint = 2 : i32, rw = 0 : i32}>
// CHECK: "llvm.intr.prefetch"
// CHECK: %[[BROW:.*]] = llvm.getelementptr %[[B]][
// CHECK: %[[BCOL:.*]] = llvm.getelementptr %[[BROW]][
// CHECK: %[[BLINE:.*]] = llvm.getelementptr %[[BCOL]][%[[NOB]]]
// CHECK: "llvm.intr.prefetch"(%[[BLINE]]) <{cache = 1 : i32, hint = 2 : i32, rw = 0 : i32}>
// CHECK: "llvm.intr.prefetch"
// CHECK-NOT: "llvm.intr.prefetch"
// CHECK: scf.for {{.*}} -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK: memref.load %[[VIEW]]
// CHECK: vector.fma
// CHECK: vector.store {{.*}} : memref<32x32xf32>, vector<16xf32>
// CHECK: } else {
// CHECK: memref.store {{.*}} : memref<32x16xf32>
// CHECK: "llvm.intr.prefetch"
// CHECK: vector.fma
tt.func public @k_loop(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>, %sam: i32, %sbk: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c16 = arith.constant 16 : i32
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %r16 = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %rows = tt.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %cols = tt.expand_dims %r16 {axis = 0 : i32} : tensor<16xi32> -> tensor<1x16xi32>
  %sams = tt.splat %sam : i32 -> tensor<32x1xi32>
  %rowoff = arith.muli %rows, %sams : tensor<32x1xi32>
  %ro = tt.broadcast %rowoff : tensor<32x1xi32> -> tensor<32x16xi32>
  %co = tt.broadcast %cols : tensor<1x16xi32> -> tensor<32x16xi32>
  %aoff = arith.addi %ro, %co : tensor<32x16xi32>
  %as = tt.splat %a : !tt.ptr<f32> -> tensor<32x16x!tt.ptr<f32>>
  %a0 = tt.addptr %as, %aoff : tensor<32x16x!tt.ptr<f32>>, tensor<32x16xi32>
  %krows = tt.expand_dims %r16 {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %ncols = tt.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %sbks = tt.splat %sbk : i32 -> tensor<16x1xi32>
  %krowoff = arith.muli %krows, %sbks : tensor<16x1xi32>
  %kro = tt.broadcast %krowoff : tensor<16x1xi32> -> tensor<16x32xi32>
  %nco = tt.broadcast %ncols : tensor<1x32xi32> -> tensor<16x32xi32>
  %boff = arith.addi %kro, %nco : tensor<16x32xi32>
  %bs = tt.splat %b : !tt.ptr<f32> -> tensor<16x32x!tt.ptr<f32>>
  %b0 = tt.addptr %bs, %boff : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
  %stepb = arith.muli %sbk, %c16 : i32
  %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %oa = %c0, %ob = %c0) -> (tensor<32x32xf32>, i32, i32) : i32 {
    %sa = tt.splat %oa : i32 -> tensor<32x16xi32>
    %pa = tt.addptr %a0, %sa : tensor<32x16x!tt.ptr<f32>>, tensor<32x16xi32>
    %sb = tt.splat %ob : i32 -> tensor<16x32xi32>
    %pb = tt.addptr %b0, %sb : tensor<16x32x!tt.ptr<f32>>, tensor<16x32xi32>
    %at = tt.load %pa : tensor<32x16x!tt.ptr<f32>>
    %bt = tt.load %pb : tensor<16x32x!tt.ptr<f32>>
    %d = tt.dot %at, %bt, %acc : tensor<32x16xf32> * tensor<16x32xf32> -> tensor<32x32xf32>
    %noa = arith.addi %oa, %c16 : i32
    %nob = arith.addi %ob, %stepb : i32
    scf.yield %d, %noa, %nob : tensor<32x32xf32>, i32, i32
  }
  %cs = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  tt.store %cs, %r#0 : tensor<32x32x!tt.ptr<f32>>
  tt.return
}

// -----

// The same loop on bf16 operands (K 32, a whole AMX tile row): the
// vdpbf16ps micro-kernel issues them before each register tile; the AMX
// kernel issues none (their address arithmetic costs more than they save).
// DP-LABEL: func.func @bf16_k_loop
// DP: scf.for
// DP: "llvm.intr.prefetch"
// DP: x86vector.avx512.dot
// AMX-LABEL: func.func @bf16_k_loop
// AMX: scf.for
// AMX-NOT: "llvm.intr.prefetch"
// AMX: amx.tile_load
// AMX-NOT: "llvm.intr.prefetch"
// AMX: amx.tile_mulf
// AMX-NOT: "llvm.intr.prefetch"
// AMX: return
tt.func public @bf16_k_loop(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<f32>, %sam: i32, %sbk: i32, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %rows = tt.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %cols = tt.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %sams = tt.splat %sam : i32 -> tensor<32x1xi32>
  %rowoff = arith.muli %rows, %sams : tensor<32x1xi32>
  %ro = tt.broadcast %rowoff : tensor<32x1xi32> -> tensor<32x32xi32>
  %co = tt.broadcast %cols : tensor<1x32xi32> -> tensor<32x32xi32>
  %aoff = arith.addi %ro, %co : tensor<32x32xi32>
  %as = tt.splat %a : !tt.ptr<bf16> -> tensor<32x32x!tt.ptr<bf16>>
  %a0 = tt.addptr %as, %aoff : tensor<32x32x!tt.ptr<bf16>>, tensor<32x32xi32>
  %sbks = tt.splat %sbk : i32 -> tensor<32x1xi32>
  %krowoff = arith.muli %rows, %sbks : tensor<32x1xi32>
  %kro = tt.broadcast %krowoff : tensor<32x1xi32> -> tensor<32x32xi32>
  %boff = arith.addi %kro, %co : tensor<32x32xi32>
  %bs = tt.splat %b : !tt.ptr<bf16> -> tensor<32x32x!tt.ptr<bf16>>
  %b0 = tt.addptr %bs, %boff : tensor<32x32x!tt.ptr<bf16>>, tensor<32x32xi32>
  %stepb = arith.muli %sbk, %c32 : i32
  %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %oa = %c0, %ob = %c0) -> (tensor<32x32xf32>, i32, i32) : i32 {
    %sa = tt.splat %oa : i32 -> tensor<32x32xi32>
    %pa = tt.addptr %a0, %sa : tensor<32x32x!tt.ptr<bf16>>, tensor<32x32xi32>
    %sb = tt.splat %ob : i32 -> tensor<32x32xi32>
    %pb = tt.addptr %b0, %sb : tensor<32x32x!tt.ptr<bf16>>, tensor<32x32xi32>
    %at = tt.load %pa : tensor<32x32x!tt.ptr<bf16>>
    %bt = tt.load %pb : tensor<32x32x!tt.ptr<bf16>>
    %d = tt.dot %at, %bt, %acc : tensor<32x32xbf16> * tensor<32x32xbf16> -> tensor<32x32xf32>
    %noa = arith.addi %oa, %c32 : i32
    %nob = arith.addi %ob, %stepb : i32
    scf.yield %d, %noa, %nob : tensor<32x32xf32>, i32, i32
  }
  %cs = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  tt.store %cs, %r#0 : tensor<32x32x!tt.ptr<f32>>
  tt.return
}
