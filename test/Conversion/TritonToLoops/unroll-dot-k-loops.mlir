// RUN: tilerun-opt %s -split-input-file -tilerun-unroll-dot-k-loops="amx-bf16=true amx-int8=true" | FileCheck %s
// RUN: tilerun-opt %s -split-input-file -tilerun-unroll-dot-k-loops | FileCheck %s --check-prefix=NOAMX

// A K loop of bf16 dots with 128 of K (four AMX tile steps): two trips per
// trip of the unrolled loop make the tile kernel's eight steps. The
// unrolled loop stops at lb + (trips - trips mod 2) * step, computed in i64
// and at most ub; the original loop takes the trip left over from there.
// Each trip's dot comes right before the next one's, which adds to it.
// CHECK-LABEL: tt.func public @bf16_k_loop
// CHECK: %[[SPAN:.*]] = arith.maxsi
// CHECK: %[[TRIPS:.*]] = arith.divsi
// CHECK: arith.remsi %[[TRIPS]], %c2_i64
// CHECK: %[[END:.*]] = arith.minsi
// CHECK: %[[END32:.*]] = arith.trunci %[[END]] : i64 to i32
// CHECK: %[[R:.*]] = scf.for %[[K:.*]] = %c0_i32 to %[[END32]] step %c2_i32 iter_args(%[[ACC:.*]] = %cst)
// CHECK: %[[A0:.*]] = tt.load
// CHECK: %[[B0:.*]] = tt.load
// CHECK: %[[K1:.*]] = arith.addi %[[K]], %c1_i32
// CHECK: %[[A1:.*]] = tt.load
// CHECK: %[[B1:.*]] = tt.load
// CHECK-NEXT: %[[D0:.*]] = tt.dot %[[A0]], %[[B0]], %[[ACC]]
// CHECK-NEXT: %[[D1:.*]] = tt.dot %[[A1]], %[[B1]], %[[D0]]
// CHECK-NEXT: scf.yield %[[D1]]
// CHECK: scf.for %{{.*}} = %[[END32]] to %{{.*}} step %c1_i32 iter_args(%{{.*}} = %[[R]])
// CHECK-COUNT-1: tt.dot
// CHECK-NOT: tt.dot
// CHECK: tt.return
// Without AMX the micro-kernels keep their accumulators in registers across
// K: nothing to gain, the loop stays.
// NOAMX-LABEL: tt.func public @bf16_k_loop
// NOAMX-COUNT-1: tt.dot
// NOAMX-NOT: tt.dot
// NOAMX: tt.return
tt.func public @bf16_k_loop(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<f32>, %n: i32) {
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
    %d = tt.dot %va, %vb, %acc : tensor<32x128xbf16> * tensor<128x32xbf16> -> tensor<32x32xf32>
    scf.yield %d : tensor<32x32xf32>
  }
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  tt.store %pc, %r : tensor<32x32x!tt.ptr<f32>>
  tt.return
}

// -----

// int8 with 64 of K is one tile step: eight dots a trip.
// CHECK-LABEL: tt.func public @int8_k_loop
// CHECK: scf.for
// CHECK-COUNT-8: tt.dot
// CHECK-NEXT: scf.yield
// CHECK: scf.for
// CHECK-COUNT-1: tt.dot
// CHECK-NOT: tt.dot
// CHECK: tt.return
tt.func public @int8_k_loop(%a: !tt.ptr<i8>, %b: !tt.ptr<i8>, %c: !tt.ptr<i32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant dense<0> : tensor<32x32xi32>
  %pa = tt.splat %a : !tt.ptr<i8> -> tensor<32x64x!tt.ptr<i8>>
  %pb = tt.splat %b : !tt.ptr<i8> -> tensor<64x32x!tt.ptr<i8>>
  %r = scf.for %k = %c0 to %n step %c64 iter_args(%acc = %zero) -> (tensor<32x32xi32>) : i32 {
    %ka = tt.splat %k : i32 -> tensor<32x64xi32>
    %aa = tt.addptr %pa, %ka : tensor<32x64x!tt.ptr<i8>>, tensor<32x64xi32>
    %va = tt.load %aa : tensor<32x64x!tt.ptr<i8>>
    %kb = tt.splat %k : i32 -> tensor<64x32xi32>
    %ab = tt.addptr %pb, %kb : tensor<64x32x!tt.ptr<i8>>, tensor<64x32xi32>
    %vb = tt.load %ab : tensor<64x32x!tt.ptr<i8>>
    %d = tt.dot %va, %vb, %acc : tensor<32x64xi8> * tensor<64x32xi8> -> tensor<32x32xi32>
    scf.yield %d : tensor<32x32xi32>
  }
  %pc = tt.splat %c : !tt.ptr<i32> -> tensor<32x32x!tt.ptr<i32>>
  tt.store %pc, %r : tensor<32x32x!tt.ptr<i32>>
  tt.return
}

// -----

// Left alone: a body that writes memory (its copies could not be
// reordered), a loop of fewer constant trips than the factor, 64-bit
// bounds, a step that is not a constant, and an f32 dot (not on tiles).
// CHECK-LABEL: tt.func public @left_alone
// CHECK-COUNT-5: tt.dot
// CHECK-NOT: tt.dot
// CHECK: tt.return
tt.func public @left_alone(%a: !tt.ptr<bf16>, %b: !tt.ptr<bf16>, %c: !tt.ptr<f32>, %f: !tt.ptr<f32>, %n: i32, %n64: i64, %s: i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c0_64 = arith.constant 0 : i64
  %c1_64 = arith.constant 1 : i64
  %zero = arith.constant dense<0.0> : tensor<32x32xf32>
  %pa = tt.splat %a : !tt.ptr<bf16> -> tensor<32x128x!tt.ptr<bf16>>
  %pb = tt.splat %b : !tt.ptr<bf16> -> tensor<128x32x!tt.ptr<bf16>>
  %pc = tt.splat %c : !tt.ptr<f32> -> tensor<32x32x!tt.ptr<f32>>
  %va = tt.load %pa : tensor<32x128x!tt.ptr<bf16>>
  %vb = tt.load %pb : tensor<128x32x!tt.ptr<bf16>>
  %r0 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<32x32xf32>) : i32 {
    %d = tt.dot %va, %vb, %acc : tensor<32x128xbf16> * tensor<128x32xbf16> -> tensor<32x32xf32>
    tt.store %pc, %d : tensor<32x32x!tt.ptr<f32>>
    scf.yield %d : tensor<32x32xf32>
  }
  %r1 = scf.for %k = %c0 to %c1 step %c1 iter_args(%acc = %r0) -> (tensor<32x32xf32>) : i32 {
    %d = tt.dot %va, %vb, %acc : tensor<32x128xbf16> * tensor<128x32xbf16> -> tensor<32x32xf32>
    scf.yield %d : tensor<32x32xf32>
  }
  %r2 = scf.for %k = %c0_64 to %n64 step %c1_64 iter_args(%acc = %r1) -> (tensor<32x32xf32>) : i64 {
    %d = tt.dot %va, %vb, %acc : tensor<32x128xbf16> * tensor<128x32xbf16> -> tensor<32x32xf32>
    scf.yield %d : tensor<32x32xf32>
  }
  %r3 = scf.for %k = %c0 to %n step %s iter_args(%acc = %r2) -> (tensor<32x32xf32>) : i32 {
    %d = tt.dot %va, %vb, %acc : tensor<32x128xbf16> * tensor<128x32xbf16> -> tensor<32x32xf32>
    scf.yield %d : tensor<32x32xf32>
  }
  %pf = tt.splat %f : !tt.ptr<f32> -> tensor<32x128x!tt.ptr<f32>>
  %fa = tt.load %pf : tensor<32x128x!tt.ptr<f32>>
  %pg = tt.splat %f : !tt.ptr<f32> -> tensor<128x32x!tt.ptr<f32>>
  %fb = tt.load %pg : tensor<128x32x!tt.ptr<f32>>
  %r4 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %r3) -> (tensor<32x32xf32>) : i32 {
    %d = tt.dot %fa, %fb, %acc : tensor<32x128xf32> * tensor<128x32xf32> -> tensor<32x32xf32>
    scf.yield %d : tensor<32x32xf32>
  }
  tt.store %pc, %r4 : tensor<32x32x!tt.ptr<f32>>
  tt.return
}
