// RUN: tilerun-opt %s -split-input-file -tilerun-convert-triton-to-loops="amx-bf16=true share-tiles=true" | FileCheck %s
// RUN: tilerun-opt %s -split-input-file -tilerun-convert-triton-to-loops="amx-bf16=true" | FileCheck %s --check-prefix=OFF
// RUN: tilerun-opt %s -split-input-file -tilerun-convert-triton-to-loops="checked=true amx-bf16=true share-tiles=true" | FileCheck %s --check-prefix=OFF

// With share-tiles, the AMX kernel's packed B comes from the runtime's
// per-thread tile cache where it can: in the copy of the nest where B's
// load reads its whole tile from one affine view, the tile's first address
// and row stride are the key (after the site, a global of its own per
// packing), and B is packed only when tilerun_tile_cache_find has no tile
// for it, into the buffer tilerun_tile_cache_insert gives, or into the
// program's own where the cache cannot hold it. Off by default, and in
// checked mode, whose element path checks every access.
// CHECK: llvm.mlir.global internal @__tilerun_tile_site_{{[0-9]+}}(0 : i8)
// CHECK-LABEL: func.func @shared_b
// CHECK: %[[KEY:.*]] = llvm.alloca %{{.*}} x !llvm.array<2 x i64>
// CHECK: scf.for
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr to i64
// CHECK: llvm.store %[[ADDR]], %{{.*}} : i64, !llvm.ptr
// CHECK: %[[SITE:.*]] = llvm.mlir.addressof @__tilerun_tile_site_
// CHECK: %[[FOUND:.*]] = llvm.call @tilerun_tile_cache_find(%[[SITE]], %[[KEY]], %{{.*}}) : (!llvm.ptr, !llvm.ptr, i32) -> !llvm.ptr
// CHECK: %[[HIT:.*]] = llvm.icmp "ne" %[[FOUND]]
// CHECK: scf.if %[[HIT]] -> (memref<32x128xbf16>, i1)
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to memref<32x128xbf16>
// CHECK: } else {
// CHECK: llvm.call @tilerun_tile_cache_insert(%[[SITE]], %[[KEY]], %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i32, i64) -> !llvm.ptr
// The packing runs under the "needs packing" flag, then the tile kernel
// reads the buffer either way.
// CHECK: scf.if %{{.*}} {
// CHECK: amx.tile_mulf
// CHECK-DAG: llvm.func @tilerun_tile_cache_find(!llvm.ptr, !llvm.ptr, i32) -> !llvm.ptr
// CHECK-DAG: llvm.func @tilerun_tile_cache_insert(!llvm.ptr, !llvm.ptr, i32, i64) -> !llvm.ptr
// OFF-LABEL: func.func @shared_b
// OFF-NOT: tilerun_tile_cache
tt.func public @shared_b(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<f32>, %n: i32, %sbk: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %ia = tt.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ja = tt.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %ib = tt.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %s = tt.splat %sbk : i32 -> tensor<64x1xi32>
  %rowb = arith.muli %ib, %s : tensor<64x1xi32>
  %pb0 = tt.splat %b : !tt.ptr<bf16> -> tensor<64x1x!tt.ptr<bf16>>
  %pb1 = tt.addptr %pb0, %rowb : tensor<64x1x!tt.ptr<bf16>>, tensor<64x1xi32>
  %pb2 = tt.broadcast %pb1 : tensor<64x1x!tt.ptr<bf16>> -> tensor<64x64x!tt.ptr<bf16>>
  %colb = tt.broadcast %ja : tensor<1x64xi32> -> tensor<64x64xi32>
  %pb = tt.addptr %pb2, %colb : tensor<64x64x!tt.ptr<bf16>>, tensor<64x64xi32>
  %pa = tt.splat %a : !tt.ptr<bf16> -> tensor<32x64x!tt.ptr<bf16>>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x64xf32>) : i32 {
    %ka = tt.splat %k : i32 -> tensor<32x64xi32>
    %aa = tt.addptr %pa, %ka : tensor<32x64x!tt.ptr<bf16>>, tensor<32x64xi32>
    %va = tt.load %aa : tensor<32x64x!tt.ptr<bf16>>
    %k0 = arith.muli %k, %c64 : i32
    %kb = tt.splat %k0 : i32 -> tensor<64x64xi32>
    %ab = tt.addptr %pb, %kb : tensor<64x64x!tt.ptr<bf16>>, tensor<64x64xi32>
    %vb = tt.load %ab : tensor<64x64x!tt.ptr<bf16>>
    %d = tt.dot %va, %vb, %acc : tensor<32x64xbf16> * tensor<64x64xbf16> -> tensor<32x64xf32>
    scf.yield %d : tensor<32x64xf32>
  }
  %rc = tt.splat %c : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %ci = tt.broadcast %ia : tensor<32x1xi32> -> tensor<32x64xi32>
  %pc = tt.addptr %rc, %ci : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  tt.store %pc, %r : tensor<32x64x!tt.ptr<f32>>
  tt.return
}

// -----

// A program that writes global memory before its dot could read its own
// write through B: its packed tiles are its own. So are those of a kernel
// with an atomic anywhere (atomics order programs' accesses).
// CHECK-LABEL: func.func @store_before_dot
// CHECK-NOT: tilerun_tile_cache
// CHECK: return
tt.func public @store_before_dot(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<f32>) {
  %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %ib = tt.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ja = tt.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rowb = tt.broadcast %ib : tensor<64x1xi32> -> tensor<64x64xi32>
  %colb = tt.broadcast %ja : tensor<1x64xi32> -> tensor<64x64xi32>
  %c64 = arith.constant dense<64> : tensor<64x64xi32>
  %rows = arith.muli %rowb, %c64 : tensor<64x64xi32>
  %ob = arith.addi %rows, %colb : tensor<64x64xi32>
  %pb0 = tt.splat %b : !tt.ptr<bf16> -> tensor<64x64x!tt.ptr<bf16>>
  %pb = tt.addptr %pb0, %ob : tensor<64x64x!tt.ptr<bf16>>, tensor<64x64xi32>
  %one = arith.constant dense<1.0> : tensor<64x64xbf16>
  tt.store %pb, %one : tensor<64x64x!tt.ptr<bf16>>
  %vb = tt.load %pb : tensor<64x64x!tt.ptr<bf16>>
  %pa = tt.splat %a : !tt.ptr<bf16> -> tensor<32x64x!tt.ptr<bf16>>
  %ia = tt.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ra = tt.broadcast %ia : tensor<32x1xi32> -> tensor<32x64xi32>
  %c64a = arith.constant dense<64> : tensor<32x64xi32>
  %rowa = arith.muli %ra, %c64a : tensor<32x64xi32>
  %ca = tt.broadcast %ja : tensor<1x64xi32> -> tensor<32x64xi32>
  %oa = arith.addi %rowa, %ca : tensor<32x64xi32>
  %aa = tt.addptr %pa, %oa : tensor<32x64x!tt.ptr<bf16>>, tensor<32x64xi32>
  %va = tt.load %aa : tensor<32x64x!tt.ptr<bf16>>
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %d = tt.dot %va, %vb, %zero : tensor<32x64xbf16> * tensor<64x64xbf16> -> tensor<32x64xf32>
  %pc0 = tt.splat %c : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %pc = tt.addptr %pc0, %oa : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  tt.store %pc, %d : tensor<32x64x!tt.ptr<f32>>
  tt.return
}

// -----

// CHECK-LABEL: func.func @atomic_after_dot
// CHECK-NOT: tilerun_tile_cache
// CHECK: return
tt.func public @atomic_after_dot(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<f32>) {
  %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %ib = tt.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ja = tt.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rowb = tt.broadcast %ib : tensor<64x1xi32> -> tensor<64x64xi32>
  %colb = tt.broadcast %ja : tensor<1x64xi32> -> tensor<64x64xi32>
  %c64 = arith.constant dense<64> : tensor<64x64xi32>
  %rows = arith.muli %rowb, %c64 : tensor<64x64xi32>
  %ob = arith.addi %rows, %colb : tensor<64x64xi32>
  %pb0 = tt.splat %b : !tt.ptr<bf16> -> tensor<64x64x!tt.ptr<bf16>>
  %pb = tt.addptr %pb0, %ob : tensor<64x64x!tt.ptr<bf16>>, tensor<64x64xi32>
  %vb = tt.load %pb : tensor<64x64x!tt.ptr<bf16>>
  %pa = tt.splat %a : !tt.ptr<bf16> -> tensor<32x64x!tt.ptr<bf16>>
  %ia = tt.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ra = tt.broadcast %ia : tensor<32x1xi32> -> tensor<32x64xi32>
  %c64a = arith.constant dense<64> : tensor<32x64xi32>
  %rowa = arith.muli %ra, %c64a : tensor<32x64xi32>
  %ca = tt.broadcast %ja : tensor<1x64xi32> -> tensor<32x64xi32>
  %oa = arith.addi %rowa, %ca : tensor<32x64xi32>
  %aa = tt.addptr %pa, %oa : tensor<32x64x!tt.ptr<bf16>>, tensor<32x64xi32>
  %va = tt.load %aa : tensor<32x64x!tt.ptr<bf16>>
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %d = tt.dot %va, %vb, %zero : tensor<32x64xbf16> * tensor<64x64xbf16> -> tensor<32x64xf32>
  %pc0 = tt.splat %c : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %pc = tt.addptr %pc0, %oa : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  %old = tt.atomic_rmw fadd, relaxed, gpu, %pc, %d : (tensor<32x64x!tt.ptr<f32>>, tensor<32x64xf32>) -> tensor<32x64xf32>
  tt.return
}

// -----

// The same kernel with a plain store after the dot shares its tiles.
// CHECK-LABEL: func.func @store_after_dot
// CHECK: llvm.call @tilerun_tile_cache_find
tt.func public @store_after_dot(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<f32>) {
  %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %ib = tt.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %ja = tt.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rowb = tt.broadcast %ib : tensor<64x1xi32> -> tensor<64x64xi32>
  %colb = tt.broadcast %ja : tensor<1x64xi32> -> tensor<64x64xi32>
  %c64 = arith.constant dense<64> : tensor<64x64xi32>
  %rows = arith.muli %rowb, %c64 : tensor<64x64xi32>
  %ob = arith.addi %rows, %colb : tensor<64x64xi32>
  %pb0 = tt.splat %b : !tt.ptr<bf16> -> tensor<64x64x!tt.ptr<bf16>>
  %pb = tt.addptr %pb0, %ob : tensor<64x64x!tt.ptr<bf16>>, tensor<64x64xi32>
  %vb = tt.load %pb : tensor<64x64x!tt.ptr<bf16>>
  %pa = tt.splat %a : !tt.ptr<bf16> -> tensor<32x64x!tt.ptr<bf16>>
  %ia = tt.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ra = tt.broadcast %ia : tensor<32x1xi32> -> tensor<32x64xi32>
  %c64a = arith.constant dense<64> : tensor<32x64xi32>
  %rowa = arith.muli %ra, %c64a : tensor<32x64xi32>
  %ca = tt.broadcast %ja : tensor<1x64xi32> -> tensor<32x64xi32>
  %oa = arith.addi %rowa, %ca : tensor<32x64xi32>
  %aa = tt.addptr %pa, %oa : tensor<32x64x!tt.ptr<bf16>>, tensor<32x64xi32>
  %va = tt.load %aa : tensor<32x64x!tt.ptr<bf16>>
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %d = tt.dot %va, %vb, %zero : tensor<32x64xbf16> * tensor<64x64xbf16> -> tensor<32x64xf32>
  %pc0 = tt.splat %c : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %pc = tt.addptr %pc0, %oa : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  tt.store %pc, %d : tensor<32x64x!tt.ptr<f32>>
  tt.return
}
