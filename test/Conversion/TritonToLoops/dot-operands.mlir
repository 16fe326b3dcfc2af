// RUN: tilerun-opt %s -tilerun-loop-pointers-to-offsets -tilerun-convert-triton-to-loops -canonicalize -cse | FileCheck %s

// A K loop as Triton's matmul tutorial writes it: rows wrapped by `% M`,
// pointers advanced each step, the K tail masked.
// - The `% M` row offsets are computed once, into a 64-element buffer.
// - The pointer tiles stay inline (no i64 pointer buffer): packing loads
//   are contiguous along K, not gathers through stored pointers.
// - Packing is mask-versioned: full K steps copy without guards.
// CHECK-LABEL: func.func @matmul_k_loop
// CHECK-NOT: memref<64x32xi64>
// CHECK-DAG: memref.alloca() {{.*}} : memref<64xi32>
// CHECK-DAG: memref.alloca() {{.*}} : memref<64x32xf32>
// CHECK: arith.remsi
// CHECK: scf.for %{{.*}} = %c0_i32
// CHECK:   scf.if %{{.*}} {
// CHECK:     scf.for
// CHECK:       scf.for
// CHECK-NOT:     scf.if
// CHECK:         llvm.load
// CHECK:   } else {
// CHECK:       scf.if
// CHECK-NOT: memref<64x32xi64>
tt.func public @matmul_k_loop(%a_ptr: !tt.ptr<f32>, %b_ptr: !tt.ptr<f32>, %c_ptr: !tt.ptr<f32>, %M: i32, %K: i32, %sam: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %c64 = arith.constant 64 : i32
  %pid = tt.get_program_id x : i32
  %a1 = arith.addi %pid, %c1 : i32
  %a2 = arith.muli %a1, %c64 : i32
  %a3 = arith.subi %a2, %c64 : i32
  %a4 = arith.divsi %a3, %c1 : i32
  %a5 = arith.addi %a4, %c0 : i32
  %a6 = arith.muli %a5, %c1 : i32
  %a7 = arith.addi %a6, %c0 : i32
  %a8 = arith.muli %a7, %c1 : i32
  %row0 = arith.addi %a8, %c0 : i32
  %r64 = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %row0s = tt.splat %row0 : i32 -> tensor<64xi32>
  %rows = arith.addi %row0s, %r64 : tensor<64xi32>
  %Ms = tt.splat %M : i32 -> tensor<64xi32>
  %rm = arith.remsi %rows, %Ms : tensor<64xi32>
  %rk = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %rm2 = tt.expand_dims %rm {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %sams = tt.splat %sam : i32 -> tensor<64x1xi32>
  %roff = arith.muli %rm2, %sams : tensor<64x1xi32>
  %as = tt.splat %a_ptr : !tt.ptr<f32> -> tensor<64x1x!tt.ptr<f32>>
  %ap1 = tt.addptr %as, %roff : tensor<64x1x!tt.ptr<f32>>, tensor<64x1xi32>
  %rk2 = tt.expand_dims %rk {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %apb = tt.broadcast %ap1 : tensor<64x1x!tt.ptr<f32>> -> tensor<64x32x!tt.ptr<f32>>
  %rkb = tt.broadcast %rk2 : tensor<1x32xi32> -> tensor<64x32xi32>
  %aptrs = tt.addptr %apb, %rkb : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi32>
  %rk3 = tt.expand_dims %rk {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %c64t = arith.constant dense<64> : tensor<32x1xi32>
  %boff = arith.muli %rk3, %c64t : tensor<32x1xi32>
  %bs = tt.splat %b_ptr : !tt.ptr<f32> -> tensor<32x1x!tt.ptr<f32>>
  %bp1 = tt.addptr %bs, %boff : tensor<32x1x!tt.ptr<f32>>, tensor<32x1xi32>
  %bpb = tt.broadcast %bp1 : tensor<32x1x!tt.ptr<f32>> -> tensor<32x64x!tt.ptr<f32>>
  %rn = tt.expand_dims %r64 {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rnb = tt.broadcast %rn : tensor<1x64xi32> -> tensor<32x64xi32>
  %bptrs = tt.addptr %bpb, %rnb : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %za = arith.constant dense<0.0> : tensor<64x32xf32>
  %zb = arith.constant dense<0.0> : tensor<32x64xf32>
  %step_a = arith.constant dense<32> : tensor<64x32xi32>
  %step_b = arith.constant dense<2048> : tensor<32x64xi32>
  %nk = arith.divsi %K, %c32 : i32
  %res:3 = scf.for %k = %c0 to %nk step %c1 iter_args(%ap = %aptrs, %bp = %bptrs, %acc = %zero) -> (tensor<64x32x!tt.ptr<f32>>, tensor<32x64x!tt.ptr<f32>>, tensor<64x64xf32>) : i32 {
    %kk = arith.muli %k, %c32 : i32
    %left = arith.subi %K, %kk : i32
    %lefts = tt.splat %left : i32 -> tensor<1x32xi32>
    %km = arith.cmpi slt, %rk2, %lefts : tensor<1x32xi32>
    %kmb = tt.broadcast %km : tensor<1x32xi1> -> tensor<64x32xi1>
    %a = tt.load %ap, %kmb, %za : tensor<64x32x!tt.ptr<f32>>
    %b = tt.load %bp : tensor<32x64x!tt.ptr<f32>>
    %d = tt.dot %a, %b, %acc : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    %ap2 = tt.addptr %ap, %step_a : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi32>
    %bp2 = tt.addptr %bp, %step_b : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi32>
    scf.yield %ap2, %bp2, %d : tensor<64x32x!tt.ptr<f32>>, tensor<32x64x!tt.ptr<f32>>, tensor<64x64xf32>
  }
  %rm3 = tt.expand_dims %r64 {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  %c64c = arith.constant dense<64> : tensor<64x1xi32>
  %crow = arith.muli %rm3, %c64c : tensor<64x1xi32>
  %crowb = tt.broadcast %crow : tensor<64x1xi32> -> tensor<64x64xi32>
  %ccol = tt.broadcast %rn : tensor<1x64xi32> -> tensor<64x64xi32>
  %coff = arith.addi %crowb, %ccol : tensor<64x64xi32>
  %cs = tt.splat %c_ptr : !tt.ptr<f32> -> tensor<64x64x!tt.ptr<f32>>
  %cp = tt.addptr %cs, %coff : tensor<64x64x!tt.ptr<f32>>, tensor<64x64xi32>
  tt.store %cp, %res#2 : tensor<64x64x!tt.ptr<f32>>
  tt.return
}

// A fresh product (a zero accumulator, as attention's `q @ k`): the
// micro-kernel's accumulators start at +0.0 in registers; the result tile is
// not filled with zeros first, nor read back.
// CHECK-LABEL: func.func @fresh_product
// CHECK: %[[Z:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK-NOT: memref.store %cst
// CHECK: scf.for {{.*}} iter_args(%{{[^ ]*}} = %[[Z]],
// CHECK:   vector.fma
// CHECK: vector.store
tt.func public @fresh_product(%a: !tt.ptr<f32>, %b: !tt.ptr<f32>, %c: !tt.ptr<f32>) {
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %r = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
  %row = tt.expand_dims %r {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
  %col = tt.expand_dims %r {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
  %c32 = arith.constant dense<32> : tensor<32x1xi32>
  %rowoff = arith.muli %row, %c32 : tensor<32x1xi32>
  %rb = tt.broadcast %rowoff : tensor<32x1xi32> -> tensor<32x32xi32>
  %cb = tt.broadcast %col : tensor<1x32xi32> -> tensor<32x32xi32>
  %off = arith.addi %rb, %cb : tensor<32x32xi32>
  %ap0 = tt.splat %a : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %ap = tt.addptr %ap0, %off : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
  %bp0 = tt.splat %b : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %bp = tt.addptr %bp0, %off : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
  %cp0 = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %cp = tt.addptr %cp0, %off : tensor<32x32x!tt.ptr<f32>>, tensor<32x32xi32>
  %x = tt.load %ap : tensor<32x32x!tt.ptr<f32>>
  %y = tt.load %bp : tensor<32x32x!tt.ptr<f32>>
  %d = tt.dot %x, %y, %zero : tensor<32x32xf32> * tensor<32x32xf32> -> tensor<32x32xf32>
  tt.store %cp, %d : tensor<32x32x!tt.ptr<f32>>
  tt.return
}
