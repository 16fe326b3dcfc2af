// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops="amx-bf16=true amx-fp16=true amx-int8=true matmul-tile-rows=8 matmul-tile-lanes=32" -canonicalize -cse | FileCheck %s
// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops="checked=true amx-bf16=true matmul-tile-rows=8 matmul-tile-lanes=32" | FileCheck %s --check-prefix=CHECKED

// With AMX (the amx-* options, set by the pipeline from the CPU target under
// `--amx`) a dot of whole 16 x 16 tiles runs on AMX tiles: A packed as it is,
// B in groups of rows along K as for the dot-product instructions (pairs for
// bf16 and f16, fours for int8), and blocks of 2 x 2 accumulator tiles,
// multiplied over every tile step of K (unrolled: an !amx.tile does not
// cross loop iterations) and stored to the result. A zero accumulator starts
// as zeroed tiles: nothing fills the result first.
// CHECK-LABEL: func.func @bf16_dot
// CHECK-DAG: %[[BG:.*]] = memref.alloca() {alignment = 64 : i64} : memref<32x128xbf16>
// CHECK-DAG: %[[A:.*]] = memref.alloca() {alignment = 64 : i64} : memref<32x64xbf16>
// CHECK-DAG: %[[OUT:.*]] = memref.alloca() {alignment = 64 : i64} : memref<32x64xf32>
// CHECK-NOT: memref.store {{.*}}%[[OUT]]
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1 {
// CHECK-NOT: amx.tile_load %[[OUT]]
// CHECK-COUNT-4: amx.tile_zero : !amx.tile<16x16xf32>
// CHECK: %[[A0:.*]] = amx.tile_load %[[A]][%c0, %c0] : memref<32x64xbf16> into !amx.tile<16x32xbf16>
// CHECK: %[[A1:.*]] = amx.tile_load %[[A]][%c16, %c0] : memref<32x64xbf16> into !amx.tile<16x32xbf16>
// CHECK: %[[B0:.*]] = amx.tile_load %[[BG]][%c0, %{{.*}}] : memref<32x128xbf16> into !amx.tile<16x32xbf16>
// CHECK: %[[B1:.*]] = amx.tile_load %[[BG]][%c0, %{{.*}}] : memref<32x128xbf16> into !amx.tile<16x32xbf16>
// CHECK: amx.tile_mulf %[[A0]], %[[B0]], %{{.*}} : !amx.tile<16x32xbf16>, !amx.tile<16x32xbf16>, !amx.tile<16x16xf32>
// CHECK: amx.tile_mulf %[[A0]], %[[B1]]
// CHECK: amx.tile_mulf %[[A1]], %[[B0]]
// CHECK: amx.tile_mulf %[[A1]], %[[B1]]
// The second tile step of K: A's columns 32.., B's pair rows 16..
// CHECK: amx.tile_load %[[A]][%c0, %c32]
// CHECK: amx.tile_load %[[BG]][%c16, %{{.*}}]
// CHECK-COUNT-4: amx.tile_store %[[OUT]]
tt.func public @bf16_dot(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<f32>) {
  %ra = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32>
  %ia = tt.reshape %ra : tensor<2048xi32> -> tensor<32x64xi32>
  %pa = tt.splat %a : !tt.ptr<bf16> -> tensor<32x64x!tt.ptr<bf16>>
  %aa = tt.addptr %pa, %ia : tensor<32x64x!tt.ptr<bf16>>, tensor<32x64xi32>
  %va = tt.load %aa : tensor<32x64x!tt.ptr<bf16>>
  %rb = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32>
  %ib = tt.reshape %rb : tensor<4096xi32> -> tensor<64x64xi32>
  %pb = tt.splat %b : !tt.ptr<bf16> -> tensor<64x64x!tt.ptr<bf16>>
  %ab = tt.addptr %pb, %ib : tensor<64x64x!tt.ptr<bf16>>, tensor<64x64xi32>
  %vb = tt.load %ab : tensor<64x64x!tt.ptr<bf16>>
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %d = tt.dot %va, %vb, %zero : tensor<32x64xbf16> * tensor<64x64xbf16> -> tensor<32x64xf32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %ac = tt.addptr %pc, %ia : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  tt.store %ac, %d : tensor<32x64x!tt.ptr<f32>>
  tt.return
}

// An accumulator from memory: it is copied into the result, whose tiles the
// kernel loads, multiplies into and stores back.
// CHECK-LABEL: func.func @bf16_dot_acc
// CHECK-DAG: %[[OUT:.*]] = memref.alloca() {alignment = 64 : i64} : memref<32x64xf32>
// CHECK-NOT: amx.tile_zero
// CHECK: scf.for %{{.*}} = %c0 to %c2 step %c1 {
// CHECK-COUNT-4: amx.tile_load %[[OUT]][{{.*}}] : memref<32x64xf32> into !amx.tile<16x16xf32>
// CHECK-COUNT-8: amx.tile_mulf
// CHECK-COUNT-4: amx.tile_store %[[OUT]]
tt.func public @bf16_dot_acc(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<f32>) {
  %ra = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32>
  %ia = tt.reshape %ra : tensor<2048xi32> -> tensor<32x64xi32>
  %pa = tt.splat %a : !tt.ptr<bf16> -> tensor<32x64x!tt.ptr<bf16>>
  %aa = tt.addptr %pa, %ia : tensor<32x64x!tt.ptr<bf16>>, tensor<32x64xi32>
  %va = tt.load %aa : tensor<32x64x!tt.ptr<bf16>>
  %rb = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32>
  %ib = tt.reshape %rb : tensor<4096xi32> -> tensor<64x64xi32>
  %pb = tt.splat %b : !tt.ptr<bf16> -> tensor<64x64x!tt.ptr<bf16>>
  %ab = tt.addptr %pb, %ib : tensor<64x64x!tt.ptr<bf16>>, tensor<64x64xi32>
  %vb = tt.load %ab : tensor<64x64x!tt.ptr<bf16>>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %ac = tt.addptr %pc, %ia : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  %vc = tt.load %ac : tensor<32x64x!tt.ptr<f32>>
  %d = tt.dot %va, %vb, %vc : tensor<32x64xbf16> * tensor<64x64xbf16> -> tensor<32x64xf32>
  tt.store %ac, %d : tensor<32x64x!tt.ptr<f32>>
  tt.return
}

// int8 (signed by signed, tdpbssd: no sign flip and no column sums) with a
// BLOCK_K of 32, half of a tile's 64 bytes of K: the packed operands are
// padded with zeros to K = 64, A's columns 32.. and B's groups 8...
// CHECK-LABEL: func.func @int8_dot_k32
// CHECK-DAG: %[[BG:.*]] = memref.alloca() {alignment = 64 : i64} : memref<16x256xi8>
// CHECK-DAG: %[[A:.*]] = memref.alloca() {alignment = 64 : i64} : memref<32x64xi8>
// CHECK-NOT: arith.xori
// CHECK: scf.for %{{.*}} = %c0 to %c32 step %c1 {
// CHECK:   scf.for %{{.*}} = %c0 to %c32 step %c1 {
// CHECK:     %[[COL:.*]] = arith.addi %{{.*}}, %c32 : index
// CHECK:     memref.store %c0_i8, %[[A]][%{{.*}}, %[[COL]]] : memref<32x64xi8>
// CHECK: scf.for %{{.*}} = %c0 to %c8 step %c1 {
// CHECK:   scf.for %{{.*}} = %c0 to %c256 step %c1 {
// CHECK:     %[[ROW:.*]] = arith.addi %{{.*}}, %c8 : index
// CHECK:     memref.store %c0_i8, %[[BG]][%[[ROW]], %{{.*}}] : memref<16x256xi8>
// CHECK: amx.tile_load %[[A]][%c0, %c0] : memref<32x64xi8> into !amx.tile<16x64xi8>
// CHECK: amx.tile_load %[[BG]][%c0, %{{.*}}] : memref<16x256xi8> into !amx.tile<16x64xi8>
// CHECK: amx.tile_muli %{{.*}}, %{{.*}}, %{{.*}} : !amx.tile<16x64xi8>, !amx.tile<16x64xi8>, !amx.tile<16x16xi32>
tt.func public @int8_dot_k32(%a: !tt.ptr<i8>, %b: !tt.ptr<i8>, %c: !tt.ptr<i32>) {
  %ra = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %ia = tt.reshape %ra : tensor<1024xi32> -> tensor<32x32xi32>
  %pa = tt.splat %a : !tt.ptr<i8> -> tensor<32x32x!tt.ptr<i8>>
  %aa = tt.addptr %pa, %ia : tensor<32x32x!tt.ptr<i8>>, tensor<32x32xi32>
  %va = tt.load %aa : tensor<32x32x!tt.ptr<i8>>
  %rb = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32>
  %ib = tt.reshape %rb : tensor<2048xi32> -> tensor<32x64xi32>
  %pb = tt.splat %b : !tt.ptr<i8> -> tensor<32x64x!tt.ptr<i8>>
  %ab = tt.addptr %pb, %ib : tensor<32x64x!tt.ptr<i8>>, tensor<32x64xi32>
  %vb = tt.load %ab : tensor<32x64x!tt.ptr<i8>>
  %zero = arith.constant dense<0> : tensor<32x64xi32>
  %d = tt.dot %va, %vb, %zero : tensor<32x32xi8> * tensor<32x64xi8> -> tensor<32x64xi32>
  %pc = tt.splat %c : !tt.ptr<i32> -> tensor<32x64x!tt.ptr<i32>>
  %ac = tt.addptr %pc, %ib : tensor<32x64x!tt.ptr<i32>>, tensor<32x64xi32>
  tt.store %ac, %d : tensor<32x64x!tt.ptr<i32>>
  tt.return
}

// f16 on AMX-FP16 (tdpfp16ps), in pairs like bf16.
// CHECK-LABEL: func.func @f16_dot
// CHECK: amx.tile_mulf %{{.*}}, %{{.*}}, %{{.*}} : !amx.tile<16x32xf16>, !amx.tile<16x32xf16>, !amx.tile<16x16xf32>
tt.func public @f16_dot(%a: !tt.ptr<f16>, %b: !tt.ptr<f16>, %c: !tt.ptr<f32>) {
  %ra = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32>
  %ia = tt.reshape %ra : tensor<2048xi32> -> tensor<32x64xi32>
  %pa = tt.splat %a : !tt.ptr<f16> -> tensor<32x64x!tt.ptr<f16>>
  %aa = tt.addptr %pa, %ia : tensor<32x64x!tt.ptr<f16>>, tensor<32x64xi32>
  %va = tt.load %aa : tensor<32x64x!tt.ptr<f16>>
  %rb = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32>
  %ib = tt.reshape %rb : tensor<4096xi32> -> tensor<64x64xi32>
  %pb = tt.splat %b : !tt.ptr<f16> -> tensor<64x64x!tt.ptr<f16>>
  %ab = tt.addptr %pb, %ib : tensor<64x64x!tt.ptr<f16>>, tensor<64x64xi32>
  %vb = tt.load %ab : tensor<64x64x!tt.ptr<f16>>
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %d = tt.dot %va, %vb, %zero : tensor<32x64xf16> * tensor<64x64xf16> -> tensor<32x64xf32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %ac = tt.addptr %pc, %ia : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  tt.store %ac, %d : tensor<32x64x!tt.ptr<f32>>
  tt.return
}

// A chain of dots, each adding to the previous one's result, as
// UnrollDotKLoops leaves a K loop: one dot along all their K. Each dot's
// operands are packed into their own span of K (A's columns, B's pair
// rows), and the accumulator tiles are loaded and stored once for the eight
// tile steps of both. (A's pointer tiles have no rows of their own here:
// A is packed, after B.)
// CHECK-LABEL: func.func @bf16_dot_chain
// CHECK-DAG: %[[A:.*]] = memref.alloca() {alignment = 64 : i64} : memref<32x256xbf16>
// CHECK-DAG: %[[BG:.*]] = memref.alloca() {alignment = 64 : i64} : memref<128x64xbf16>
// CHECK: scf.for
// CHECK: memref.subview %[[BG]][64, 0] [64, 64] [1, 1]
// CHECK: memref.subview %[[A]][0, 128] [32, 128] [1, 1]
// CHECK-COUNT-4: amx.tile_load %{{.*}} : memref<32x32xf32> into !amx.tile<16x16xf32>
// CHECK-COUNT-32: amx.tile_mulf
// CHECK-NOT: amx.tile_load %{{.*}} : memref<32x32xf32>
// CHECK-COUNT-4: amx.tile_store
tt.func public @bf16_dot_chain(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %pa = tt.splat %a : !tt.ptr<bf16> -> tensor<32x128x!tt.ptr<bf16>>
  %pb = tt.splat %b : !tt.ptr<bf16> -> tensor<128x32x!tt.ptr<bf16>>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32>) : i32 {
    %ka = tt.splat %k : i32 -> tensor<32x128xi32>
    %aa = tt.addptr %pa, %ka : tensor<32x128x!tt.ptr<bf16>>, tensor<32x128xi32>
    %va = tt.load %aa : tensor<32x128x!tt.ptr<bf16>>
    %kb = tt.splat %k : i32 -> tensor<128x32xi32>
    %ab = tt.addptr %pb, %kb : tensor<128x32x!tt.ptr<bf16>>, tensor<128x32xi32>
    %vb = tt.load %ab : tensor<128x32x!tt.ptr<bf16>>
    %k1 = arith.addi %k, %c1 : i32
    %ka1 = tt.splat %k1 : i32 -> tensor<32x128xi32>
    %aa1 = tt.addptr %pa, %ka1 : tensor<32x128x!tt.ptr<bf16>>, tensor<32x128xi32>
    %va1 = tt.load %aa1 : tensor<32x128x!tt.ptr<bf16>>
    %kb1 = tt.splat %k1 : i32 -> tensor<128x32xi32>
    %ab1 = tt.addptr %pb, %kb1 : tensor<128x32x!tt.ptr<bf16>>, tensor<128x32xi32>
    %vb1 = tt.load %ab1 : tensor<128x32x!tt.ptr<bf16>>
    %d0 = tt.dot %va, %vb, %acc : tensor<32x128xbf16> * tensor<128x32xbf16> -> tensor<32x32xf32>
    %d1 = tt.dot %va1, %vb1, %d0 : tensor<32x128xbf16> * tensor<128x32xbf16> -> tensor<32x32xf32>
    scf.yield %d1 : tensor<32x32xf32>
  }
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  tt.store %pc, %r : tensor<32x32x!tt.ptr<f32>>
  tt.return
}

// The same chain with A loaded through affine pointer tiles, `a + row * sam
// + col + k`: the tile kernel reads each dot's A where it lies (a strided
// view of global memory per dot, tileloadd's stride the row stride in
// bytes) when every i32 offset tile fits i32 at its corners and no i64 step
// of the affine forms overflows, and every row starts on a cache line (the
// first row's address and the row stride in bytes both multiples of 64);
// otherwise A is packed as before.
// CHECK-LABEL: func.func @bf16_dot_chain_in_place
// CHECK: scf.for
// CHECK: arith.mulsi_extended
// CHECK: %[[ADDR:.*]] = llvm.ptrtoint %{{.*}} : !llvm.ptr to i64
// CHECK: %[[ROWB:.*]] = arith.muli %{{.*}}, %c2_i64 : i64
// CHECK: %[[BOTH:.*]] = arith.ori %[[ADDR]], %[[ROWB]] : i64
// CHECK: %[[LOW:.*]] = arith.andi %[[BOTH]], %c63_i64 : i64
// CHECK: arith.cmpi eq, %[[LOW]], %c0_i64 : i64
// CHECK: %[[A0:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<32x128xbf16, strided<[?, 1]>>
// CHECK: %[[A1:.*]] = builtin.unrealized_conversion_cast %{{.*}} to memref<32x128xbf16, strided<[?, 1]>>
// CHECK: scf.if
// CHECK-COUNT-4: amx.tile_load %{{.*}} : memref<32x32xf32> into !amx.tile<16x16xf32>
// CHECK: amx.tile_load %[[A0]][%c0, %c0] : memref<32x128xbf16, strided<[?, 1]>> into !amx.tile<16x32xbf16>
// CHECK: amx.tile_load %[[A0]][%c16, %c0]
// CHECK: amx.tile_load %[[A0]][%c0, %c96]
// CHECK: amx.tile_load %[[A1]][%c0, %c0]
// CHECK: amx.tile_load %[[A1]][%c16, %c96]
// CHECK-COUNT-4: amx.tile_store
// CHECK: } else {
// CHECK: amx.tile_load %{{.*}} : memref<32x256xbf16> into !amx.tile<16x32xbf16>
// Checked mode checks every access of the element path: A is packed.
// CHECKED-LABEL: func.func @bf16_dot_chain_in_place
// CHECKED-NOT: builtin.unrealized_conversion_cast
// CHECKED: amx.tile_load %{{.*}} : memref<32x256xbf16> into !amx.tile<16x32xbf16>
// CHECKED-NOT: builtin.unrealized_conversion_cast
tt.func public @bf16_dot_chain_in_place(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<f32>, %n: i32, %sam: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c128 = arith.constant 128 : i32
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %r128 = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  %rows = tt.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %ssam = tt.splat %sam : i32 -> tensor<32x1xi32>
  %roff = arith.muli %rows, %ssam : tensor<32x1xi32>
  %pa0 = tt.splat %a : !tt.ptr<bf16> -> tensor<32x1x!tt.ptr<bf16>>
  %pa1 = tt.addptr %pa0, %roff : tensor<32x1x!tt.ptr<bf16>>, tensor<32x1xi32>
  %pa2 = tt.broadcast %pa1 : tensor<32x1x!tt.ptr<bf16>> -> tensor<32x128x!tt.ptr<bf16>>
  %cols = tt.expand_dims %r128 {axis = 0 : i32} : tensor<128xi32> -> tensor<1x128xi32>
  %colsb = tt.broadcast %cols : tensor<1x128xi32> -> tensor<32x128xi32>
  %pa = tt.addptr %pa2, %colsb : tensor<32x128x!tt.ptr<bf16>>, tensor<32x128xi32>
  %pb = tt.splat %b : !tt.ptr<bf16> -> tensor<128x32x!tt.ptr<bf16>>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32>) : i32 {
    %k0 = arith.muli %k, %c128 : i32
    %ka = tt.splat %k0 : i32 -> tensor<32x128xi32>
    %aa = tt.addptr %pa, %ka : tensor<32x128x!tt.ptr<bf16>>, tensor<32x128xi32>
    %va = tt.load %aa : tensor<32x128x!tt.ptr<bf16>>
    %kb = tt.splat %k : i32 -> tensor<128x32xi32>
    %ab = tt.addptr %pb, %kb : tensor<128x32x!tt.ptr<bf16>>, tensor<128x32xi32>
    %vb = tt.load %ab : tensor<128x32x!tt.ptr<bf16>>
    %k1 = arith.addi %k0, %c128 : i32
    %ka1 = tt.splat %k1 : i32 -> tensor<32x128xi32>
    %aa1 = tt.addptr %pa, %ka1 : tensor<32x128x!tt.ptr<bf16>>, tensor<32x128xi32>
    %va1 = tt.load %aa1 : tensor<32x128x!tt.ptr<bf16>>
    %vb1 = tt.load %ab : tensor<128x32x!tt.ptr<bf16>>
    %d0 = tt.dot %va, %vb, %acc : tensor<32x128xbf16> * tensor<128x32xbf16> -> tensor<32x32xf32>
    %d1 = tt.dot %va1, %vb1, %d0 : tensor<32x128xbf16> * tensor<128x32xbf16> -> tensor<32x32xf32>
    scf.yield %d1 : tensor<32x32xf32>
  }
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  tt.store %pc, %r : tensor<32x32x!tt.ptr<f32>>
  tt.return
}

// A transposed A (`a + row + col * sam`): its rows are consecutive only
// where sam is 1, which the view requires at run time.
// CHECK-LABEL: func.func @bf16_dot_transposed_a
// CHECK: %[[ONE:.*]] = arith.cmpi eq, %{{.*}}, %c1_i64 : i64
// CHECK: builtin.unrealized_conversion_cast %{{.*}} to memref<32x32xbf16, strided<[?, 1]>>
// CHECK: scf.if %{{.*}} {
// CHECK: } else {
tt.func public @bf16_dot_transposed_a(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<f32>, %sam: i32) {
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %rows = tt.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %rowsb = tt.broadcast %rows : tensor<32x1xi32> -> tensor<32x32xi32>
  %cols = tt.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %ssam = tt.splat %sam : i32 -> tensor<1x32xi32>
  %coff = arith.muli %cols, %ssam : tensor<1x32xi32>
  %coffb = tt.broadcast %coff : tensor<1x32xi32> -> tensor<32x32xi32>
  %off = arith.addi %rowsb, %coffb : tensor<32x32xi32>
  %pa = tt.splat %a : !tt.ptr<bf16> -> tensor<32x32x!tt.ptr<bf16>>
  %aa = tt.addptr %pa, %off : tensor<32x32x!tt.ptr<bf16>>, tensor<32x32xi32>
  %va = tt.load %aa : tensor<32x32x!tt.ptr<bf16>>
  %pb = tt.splat %b : !tt.ptr<bf16> -> tensor<32x32x!tt.ptr<bf16>>
  %ab = tt.addptr %pb, %off : tensor<32x32x!tt.ptr<bf16>>, tensor<32x32xi32>
  %vb = tt.load %ab : tensor<32x32x!tt.ptr<bf16>>
  %d = tt.dot %va, %vb, %zero : tensor<32x32xbf16> * tensor<32x32xbf16> -> tensor<32x32xf32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %ac = tt.addptr %pc, %off : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
  tt.store %ac, %d : tensor<32x32x!tt.ptr<f32>>
  tt.return
}

// A store between two chained dots: the first dot's operands could read
// what it writes if they were packed at the second, so each dot is
// lowered where it stands, loading and storing the accumulator tiles.
// CHECK-LABEL: func.func @bf16_dot_chain_split_by_store
// CHECK: scf.for
// CHECK-COUNT-4: amx.tile_load %{{.*}} : memref<32x32xf32> into !amx.tile<16x16xf32>
// CHECK-COUNT-16: amx.tile_mulf
// CHECK-COUNT-4: amx.tile_store
// CHECK: llvm.store
// CHECK-COUNT-4: amx.tile_load %{{.*}} : memref<32x32xf32> into !amx.tile<16x16xf32>
// CHECK-COUNT-16: amx.tile_mulf
// CHECK-COUNT-4: amx.tile_store
tt.func public @bf16_dot_chain_split_by_store(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %one = arith.constant 1.0 : bf16
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %pa = tt.splat %a : !tt.ptr<bf16> -> tensor<32x128x!tt.ptr<bf16>>
  %pb = tt.splat %b : !tt.ptr<bf16> -> tensor<128x32x!tt.ptr<bf16>>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32>) : i32 {
    %va = tt.load %pa : tensor<32x128x!tt.ptr<bf16>>
    %vb = tt.load %pb : tensor<128x32x!tt.ptr<bf16>>
    %d0 = tt.dot %va, %vb, %acc : tensor<32x128xbf16> * tensor<128x32xbf16> -> tensor<32x32xf32>
    tt.store %a, %one : !tt.ptr<bf16>
    %va1 = tt.load %pa : tensor<32x128x!tt.ptr<bf16>>
    %d1 = tt.dot %va1, %vb, %d0 : tensor<32x128xbf16> * tensor<128x32xbf16> -> tensor<32x32xf32>
    scf.yield %d1 : tensor<32x32xf32>
  }
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  tt.store %pc, %r : tensor<32x32x!tt.ptr<f32>>
  tt.return
}
