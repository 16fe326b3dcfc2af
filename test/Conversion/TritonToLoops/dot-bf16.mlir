// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops="bf16-dot-products=true matmul-tile-rows=8 matmul-tile-lanes=32" -canonicalize -cse | FileCheck %s
// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops="matmul-tile-rows=8 matmul-tile-lanes=32" -canonicalize -cse | FileCheck %s --check-prefix=WIDEN

// On AVX512-BF16 (bf16-dot-products, from the CPU target) a bf16 x bf16 ->
// f32 dot keeps its operands in bf16: A packed as it is, B in pairs along K
// (row 2p into the even, row 2p+1 into the odd positions of row p), and an
// 8 x 32 register tile of 8 x 2 f32 accumulators, each step adding two
// products per lane with one vdpbf16ps (x86vector.avx512.dot) for a pair of
// A broadcast to all lanes. Without it, both operands are widened to f32.
// CHECK-LABEL: func.func @bf16_dot
// CHECK-DAG: %[[A:.*]] = memref.alloca() {alignment = 64 : i64} : memref<32x64xbf16>
// CHECK-DAG: %[[BP:.*]] = memref.alloca() {alignment = 64 : i64} : memref<32x128xbf16>
// CHECK: scf.for %{{.*}} = %c0 to %c32 step %c1 iter_args(
// CHECK:   %[[B0:.*]] = vector.load %[[BP]][{{.*}}] : memref<32x128xbf16>, vector<32xbf16>
// CHECK:   %[[B1:.*]] = vector.load %[[BP]][{{.*}}] : memref<32x128xbf16>, vector<32xbf16>
// CHECK:   %[[PAIR:.*]] = vector.load %[[A]][{{.*}}] : memref<32x64xbf16>, vector<2xbf16>
// CHECK:   %[[WORD:.*]] = vector.bitcast %[[PAIR]] : vector<2xbf16> to vector<1xi32>
// CHECK:   %[[BCAST:.*]] = vector.broadcast %{{.*}} : i32 to vector<16xi32>
// CHECK:   %[[AV:.*]] = vector.bitcast %[[BCAST]] : vector<16xi32> to vector<32xbf16>
// CHECK:   x86vector.avx512.dot %{{.*}}, %[[AV]], %[[B0]] : vector<32xbf16> -> vector<16xf32>
// CHECK:   x86vector.avx512.dot %{{.*}}, %[[AV]], %[[B1]] : vector<32xbf16> -> vector<16xf32>
// WIDEN-LABEL: func.func @bf16_dot
// WIDEN-NOT: x86vector
// WIDEN: arith.extf {{.*}} : bf16 to f32
// WIDEN: vector.fma {{.*}} : vector<32xf32>
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

// fp8 operands (every e4m3 and e5m2 value is exact in bf16) take the same
// path, widened to bf16 as they are packed.
// CHECK-LABEL: func.func @fp8_dot
// CHECK: memref.alloca() {alignment = 64 : i64} : memref<32x128xbf16>
// CHECK: x86vector.avx512.dot
// WIDEN-LABEL: func.func @fp8_dot
// WIDEN-NOT: x86vector
tt.func public @fp8_dot(%a: !tt.ptr<f8E4M3FN>, %b: !tt.ptr<f8E5M2>, %c: !tt.ptr<f32>) {
  %ra = tt.make_range {end = 2048 : i32, start = 0 : i32} : tensor<2048xi32>
  %ia = tt.reshape %ra : tensor<2048xi32> -> tensor<32x64xi32>
  %pa = tt.splat %a : !tt.ptr<f8E4M3FN> -> tensor<32x64x!tt.ptr<f8E4M3FN>>
  %aa = tt.addptr %pa, %ia : tensor<32x64x!tt.ptr<f8E4M3FN>>, tensor<32x64xi32>
  %va = tt.load %aa : tensor<32x64x!tt.ptr<f8E4M3FN>>
  %rb = tt.make_range {end = 4096 : i32, start = 0 : i32} : tensor<4096xi32>
  %ib = tt.reshape %rb : tensor<4096xi32> -> tensor<64x64xi32>
  %pb = tt.splat %b : !tt.ptr<f8E5M2> -> tensor<64x64x!tt.ptr<f8E5M2>>
  %ab = tt.addptr %pb, %ib : tensor<64x64x!tt.ptr<f8E5M2>>, tensor<64x64xi32>
  %vb = tt.load %ab : tensor<64x64x!tt.ptr<f8E5M2>>
  %zero = arith.constant dense<0.0> : tensor<32x64xf32>
  %d = tt.dot %va, %vb, %zero : tensor<32x64xf8E4M3FN> * tensor<64x64xf8E5M2> -> tensor<32x64xf32>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>>
  %ac = tt.addptr %pc, %ia : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  tt.store %ac, %d : tensor<32x64x!tt.ptr<f32>>
  tt.return
}
