// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops="int8-dot-products=16 matmul-tile-rows=8 matmul-tile-lanes=32" -canonicalize -cse | FileCheck %s
// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops="matmul-tile-rows=8 matmul-tile-lanes=32" -canonicalize -cse | FileCheck %s --check-prefix=WIDEN
// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops="int8-word-products=8 matmul-tile-rows=4 matmul-tile-lanes=16" -canonicalize -cse | FileCheck %s --check-prefix=WORDS
// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops="int8-dot-products=8 int8-word-products=8 matmul-tile-rows=4 matmul-tile-lanes=16" -canonicalize -cse | FileCheck %s --check-prefix=VNNI256

// On AVX512-VNNI (int8-dot-products, from the CPU target) an int8 x int8 ->
// i32 dot keeps its operands in bytes: A packed with its sign bit flipped
// (A + 128, as vpdpbusd wants its first operand unsigned), B in groups of
// four rows along K (row 4p + i into position 4n + i of row p), and -128
// times each column's sum of B, summed while B is packed, as the
// accumulators' starting values. An 8 x 32 register tile of 8 x 2 i32
// accumulators adds four products per lane with one vpdpbusd for a group of
// A broadcast to all lanes. Without it, both operands are widened to i32.
// CHECK-LABEL: func.func @int8_dot
// CHECK-DAG: %[[SUMS:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64xi32>
// CHECK-DAG: %[[A:.*]] = memref.alloca() {alignment = 64 : i64} : memref<32x64xi8>
// CHECK-DAG: %[[BG:.*]] = memref.alloca() {alignment = 64 : i64} : memref<16x256xi8>
// CHECK: arith.xori %{{.*}}, %c-128_i8 : i8
// CHECK: %[[SCALED:.*]] = arith.muli %{{.*}}, %c-128_i32 : i32
// CHECK: %[[OLD:.*]] = memref.load %[[SUMS]]
// CHECK: %[[NEW:.*]] = arith.addi %[[OLD]], %[[SCALED]] : i32
// CHECK: memref.store %[[NEW]], %[[SUMS]]
// CHECK: %[[START:.*]] = vector.load %[[SUMS]][%{{.*}}] : memref<64xi32>, vector<16xi32>
// CHECK: scf.for %{{.*}} = %c0 to %c16 step %c1 iter_args(
// CHECK:   %[[B0:.*]] = vector.load %[[BG]][{{.*}}] : memref<16x256xi8>, vector<64xi8>
// CHECK:   %[[B1:.*]] = vector.load %[[BG]][{{.*}}] : memref<16x256xi8>, vector<64xi8>
// CHECK:   %[[GROUP:.*]] = vector.load %[[A]][{{.*}}] : memref<32x64xi8>, vector<4xi8>
// CHECK:   %[[WORD:.*]] = vector.bitcast %[[GROUP]] : vector<4xi8> to vector<1xi32>
// CHECK:   %[[BCAST:.*]] = vector.broadcast %{{.*}} : i32 to vector<16xi32>
// CHECK:   %[[AV:.*]] = vector.bitcast %[[BCAST]] : vector<16xi32> to vector<64xi8>
// CHECK:   llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%{{.*}}, %[[AV]], %[[B0]]) : (vector<16xi32>, vector<64xi8>, vector<64xi8>) -> vector<16xi32>
// CHECK:   llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.512"(%{{.*}}, %[[AV]], %[[B1]])
// On AVX-VNNI (int8-dot-products=8: 256-bit vectors, no AVX-512) the same
// packing, 8 lanes of four byte products each; it is preferred to vpmaddwd.
// VNNI256-LABEL: func.func @int8_dot
// VNNI256-DAG: memref.alloca() {alignment = 64 : i64} : memref<16x256xi8>
// VNNI256-NOT: pmadd
// VNNI256: arith.xori %{{.*}}, %c-128_i8 : i8
// VNNI256: vector.load %{{.*}} : memref<64xi32>, vector<8xi32>
// VNNI256: %[[BCAST:.*]] = vector.broadcast %{{.*}} : i32 to vector<8xi32>
// VNNI256: %[[AV:.*]] = vector.bitcast %[[BCAST]] : vector<8xi32> to vector<32xi8>
// VNNI256: llvm.call_intrinsic "llvm.x86.avx512.vpdpbusd.256"(%{{.*}}, %[[AV]], %{{.*}}) : (vector<8xi32>, vector<32xi8>, vector<32xi8>) -> vector<8xi32>
// VNNI256-NOT: pmadd
// WIDEN-LABEL: func.func @int8_dot
// WIDEN-NOT: vpdpbusd
// WIDEN: arith.extsi {{.*}} : i8 to i32

// Without VNNI (int8-word-products: AVX2's 8 lanes here, AVX-512BW's 16),
// both operands are widened to 16-bit words as they are packed, B in pairs
// of rows, and vpmaddwd adds two word products per i32 lane (exact for
// int8: a lane's two products stay within i32); no sign flip is needed.
// WORDS-LABEL: func.func @int8_dot
// WORDS-DAG: %[[BG:.*]] = memref.alloca() {alignment = 64 : i64} : memref<32x128xi16>
// WORDS-DAG: %[[A:.*]] = memref.alloca() {alignment = 64 : i64} : memref<32x64xi16>
// WORDS-NOT: arith.xori
// WORDS: arith.extsi %{{.*}} : i8 to i16
// WORDS: %[[B0:.*]] = vector.load %[[BG]][{{.*}}] : memref<32x128xi16>, vector<16xi16>
// WORDS: vector.load %[[A]][{{.*}}] : memref<32x64xi16>, vector<2xi16>
// WORDS: %[[P:.*]] = llvm.call_intrinsic "llvm.x86.avx2.pmadd.wd"(%{{.*}}, %[[B0]]) : (vector<16xi16>, vector<16xi16>) -> vector<8xi32>
// WORDS: arith.addi %{{.*}}, %[[P]] : vector<8xi32>
tt.func public @int8_dot(%a: !tt.ptr<i8>, %b: !tt.ptr<i8>, %c: !tt.ptr<i32>) {
  %ra = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32>
  %ia = tt.reshape %ra : tensor<2048xi32> -> tensor<32x64xi32>
  %pa = tt.splat %a : !tt.ptr<i8> -> tensor<32x64x!tt.ptr<i8>>
  %aa = tt.addptr %pa, %ia : tensor<32x64x!tt.ptr<i8>>, tensor<32x64xi32>
  %va = tt.load %aa : tensor<32x64x!tt.ptr<i8>>
  %rb = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32>
  %ib = tt.reshape %rb : tensor<4096xi32> -> tensor<64x64xi32>
  %pb = tt.splat %b : !tt.ptr<i8> -> tensor<64x64x!tt.ptr<i8>>
  %ab = tt.addptr %pb, %ib : tensor<64x64x!tt.ptr<i8>>, tensor<64x64xi32>
  %vb = tt.load %ab : tensor<64x64x!tt.ptr<i8>>
  %zero = arith.constant dense<0> : tensor<32x64xi32>
  %d = tt.dot %va, %vb, %zero : tensor<32x64xi8> * tensor<64x64xi8> -> tensor<32x64xi32>
  %pc = tt.splat %c : !tt.ptr<i32> -> tensor<32x64x!tt.ptr<i32>>
  %ac = tt.addptr %pc, %ia : tensor<32x64x!tt.ptr<i32>>, tensor<32x64xi32>
  tt.store %ac, %d : tensor<32x64x!tt.ptr<i32>>
  tt.return
}

// A K that is not a multiple of four (here 2) keeps the widening loops.
// CHECK-LABEL: func.func @int8_dot_odd_k
// CHECK-NOT: vpdpbusd
// CHECK: arith.extsi {{.*}} : i8 to i32
tt.func public @int8_dot_odd_k(%x: i8, %y: i8, %c: !tt.ptr<i32>) {
  %a = tt.splat %x : i8 -> tensor<32x2xi8>
  %b = tt.splat %y : i8 -> tensor<2x32xi8>
  %zero = arith.constant dense<0> : tensor<32x32xi32>
  %d = tt.dot %a, %b, %zero : tensor<32x2xi8> * tensor<2x32xi8> -> tensor<32x32xi32>
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %i = tt.reshape %r : tensor<1024xi32> -> tensor<32x32xi32>
  %pc = tt.splat %c : !tt.ptr<i32> -> tensor<32x32x!tt.ptr<i32>>
  %ac = tt.addptr %pc, %i : tensor<32x32x!tt.ptr<i32>>, tensor<32x32xi32>
  tt.store %ac, %d : tensor<32x32x!tt.ptr<i32>>
  tt.return
}
