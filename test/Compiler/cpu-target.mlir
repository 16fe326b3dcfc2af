// RUN: tilerun-opt %s -tilerun-lower-to-loops="target-cpu=x86-64" | FileCheck %s --check-prefixes=CHECK,GENERIC
// RUN: tilerun-opt %s -tilerun-lower-to-loops="target-cpu=x86-64-v3" | FileCheck %s --check-prefixes=CHECK,AVX2
// RUN: tilerun-opt %s -tilerun-lower-to-loops="target-cpu=skylake-avx512" | FileCheck %s --check-prefixes=CHECK,AVX512
// RUN: tilerun-opt %s -tilerun-lower-to-loops="target-cpu=x86-64-v3 target-features=+avx512f" | FileCheck %s --check-prefixes=CHECK,AVX512
// RUN: not tilerun-opt %s -tilerun-lower-to-loops="target-cpu=pentium9000" 2>&1 | FileCheck %s --check-prefix=BADCPU
// RUN: not tilerun-opt %s -tilerun-lower-to-loops="target-cpu=x86-64 target-features=+avx9000" 2>&1 | FileCheck %s --check-prefix=BADFEATURE

// The pipeline's strategy follows the CPU it is given, not the machine that
// runs the test (CpuTarget): the f32 dot micro-kernel's register tile is
// 4 x 16 lanes without AVX-512 and 8 x 32 with it, and only AVX without
// AVX-512 (16 vector registers) gives the vector loops LLVM loop metadata.

// GENERIC-NOT: loop_annotation
// AVX512-NOT: loop_annotation
// AVX2: #llvm.loop_annotation<interleave =
// CHECK-LABEL: func.func @fresh_product
// GENERIC: arith.constant dense<0.000000e+00> : vector<16xf32>
// AVX2: arith.constant dense<0.000000e+00> : vector<16xf32>
// AVX512: arith.constant dense<0.000000e+00> : vector<32xf32>
// CHECK: vector.fma
// GENERIC-COUNT-4: vector.store {{.*}} : memref<32x32xf32>, vector<16xf32>
// AVX2-COUNT-4: vector.store {{.*}} : memref<32x32xf32>, vector<16xf32>
// AVX512-COUNT-8: vector.store {{.*}} : memref<32x32xf32>, vector<32xf32>

// BADCPU: unknown CPU 'pentium9000'
// BADFEATURE: unknown target feature 'avx9000'
module {
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

// A row softmax: its reduction and element loops are what the loop hints
// mark.
tt.func public @row_softmax(%in: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
  %pid = tt.get_program_id x : i32
  %c256 = arith.constant 256 : i32
  %base = arith.muli %pid, %c256 : i32
  %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
  %bs = tt.splat %base : i32 -> tensor<256xi32>
  %off = arith.addi %bs, %r : tensor<256xi32>
  %ip0 = tt.splat %in : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %ip = tt.addptr %ip0, %off : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  %x = tt.load %ip : tensor<256x!tt.ptr<f32>>
  %e = math.exp %x : tensor<256xf32>
  %s = "tt.reduce"(%e) <{axis = 0 : i32}> ({
  ^bb0(%l: f32, %rr: f32):
    %t = arith.addf %l, %rr : f32
    tt.reduce.return %t : f32
  }) : (tensor<256xf32>) -> f32
  %ss = tt.splat %s : f32 -> tensor<256xf32>
  %y = arith.divf %e, %ss : tensor<256xf32>
  %op0 = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
  %op = tt.addptr %op0, %off : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
  tt.store %op, %y : tensor<256x!tt.ptr<f32>>
  tt.return
}
}
