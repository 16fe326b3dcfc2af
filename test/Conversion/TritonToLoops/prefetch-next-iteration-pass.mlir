// RUN: tilerun-opt %s -split-input-file -tilerun-prefetch-next-iteration | FileCheck %s
// RUN: tilerun-opt %s -split-input-file -tilerun-prefetch-next-iteration="amx-bf16=true" | FileCheck %s --check-prefix=AMX

// A matmul K loop whose pointer offsets are loop-carried (as
// tilerun-loop-pointers-to-offsets leaves them): the next iteration's A and
// B address tiles are built before the dot from the values the body yields
// (each offset plus its step, computed after the dot and copied before it,
// with the constant it uses), and each is recorded against the dot.
// CHECK-LABEL: tt.func public @carried_offsets
// With AMX-BF16, f32 dots still run on FMAs and are prefetched for.
// AMX-LABEL: tt.func public @carried_offsets
// AMX: tilerun.prefetch_next_iteration
// AMX: tilerun.prefetch_next_iteration
// CHECK: scf.for {{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[OA:.*]] = %c0_i64, %[[OB:.*]] = %c0_i64)
// CHECK: %[[A:.*]] = tt.load
// CHECK: %[[B:.*]] = tt.load
// CHECK: %[[NOA:.*]] = arith.addi %[[OA]], %c32_i64 : i64
// CHECK: %[[NSA:.*]] = tt.splat %[[NOA]] : i64 -> tensor<64x32xi64>
// CHECK: %[[NA:.*]] = tt.addptr %{{.*}}, %[[NSA]]
// CHECK: %[[C32:.*]] = arith.constant 32 : i64
// CHECK: %[[STEPB:.*]] = arith.muli %arg2, %[[C32]] : i64
// CHECK: %[[NOB:.*]] = arith.addi %[[OB]], %[[STEPB]] : i64
// CHECK: %[[NSB:.*]] = tt.splat %[[NOB]] : i64 -> tensor<32x64xi64>
// CHECK: %[[NB:.*]] = tt.addptr %{{.*}}, %[[NSB]]
// CHECK: %[[D:.*]] = tt.dot %[[A]], %[[B]], %[[ACC]]
// CHECK-NEXT: tilerun.prefetch_next_iteration %[[NA]], %[[D]] : tensor<64x32x!tt.ptr<f32>>, tensor<64x64xf32>
// CHECK-NEXT: tilerun.prefetch_next_iteration %[[NB]], %[[D]] : tensor<32x64x!tt.ptr<f32>>, tensor<64x64xf32>
// CHECK-NOT: tilerun.prefetch_next_iteration
tt.func public @carried_offsets(%a_base: tensor<64x32x!tt.ptr<f32>>, %b_base: tensor<32x64x!tt.ptr<f32>>, %sbk: i64, %n: i32) -> tensor<64x64xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c0_i64 = arith.constant 0 : i64
  %c32_i64 = arith.constant 32 : i64
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %r:3 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %oa = %c0_i64, %ob = %c0_i64) -> (tensor<64x64xf32>, i64, i64) : i32 {
    %sa = tt.splat %oa : i64 -> tensor<64x32xi64>
    %pa = tt.addptr %a_base, %sa : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi64>
    %sb = tt.splat %ob : i64 -> tensor<32x64xi64>
    %pb = tt.addptr %b_base, %sb : tensor<32x64x!tt.ptr<f32>>, tensor<32x64xi64>
    %a = tt.load %pa : tensor<64x32x!tt.ptr<f32>>
    %b = tt.load %pb : tensor<32x64x!tt.ptr<f32>>
    %d = tt.dot %a, %b, %acc : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    %c32_here = arith.constant 32 : i64
    %stepb = arith.muli %sbk, %c32_here : i64
    %noa = arith.addi %oa, %c32_i64 : i64
    %nob = arith.addi %ob, %stepb : i64
    scf.yield %d, %noa, %nob : tensor<64x64xf32>, i64, i64
  }
  tt.return %r#0 : tensor<64x64xf32>
}

// -----

// Addresses computed from the induction variable: the next iteration's use
// iv + step. B is loaded before the loop and A at the same address on every
// iteration (already in the cache): neither is prefetched.
// CHECK-LABEL: tt.func public @induction_variable
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %[[STEP:.*]] iter_args
// CHECK: %[[NK:.*]] = arith.addi %[[K]], %[[STEP]] : i32
// CHECK: %[[NOFF:.*]] = arith.muli %[[NK]], %c32_i32 : i32
// CHECK: %[[NSPLAT:.*]] = tt.splat %[[NOFF]]
// CHECK: %[[NPTRS:.*]] = tt.addptr %{{.*}}, %[[NSPLAT]]
// CHECK: %[[D:.*]] = tt.dot
// CHECK-NEXT: tilerun.prefetch_next_iteration %[[NPTRS]], %[[D]] : tensor<64x32x!tt.ptr<f32>>
// CHECK-NOT: tilerun.prefetch_next_iteration
tt.func public @induction_variable(%a_base: tensor<64x32x!tt.ptr<f32>>, %fixed: tensor<64x32x!tt.ptr<f32>>, %pb: tensor<32x64x!tt.ptr<f32>>, %n: i32) -> tensor<64x64xf32> {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %b = tt.load %pb : tensor<32x64x!tt.ptr<f32>>
  %r = scf.for %k = %c0 to %n step %c2 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
    %off = arith.muli %k, %c32 : i32
    %s = tt.splat %off : i32 -> tensor<64x32xi32>
    %pa = tt.addptr %a_base, %s : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi32>
    %a = tt.load %pa : tensor<64x32x!tt.ptr<f32>>
    %f = tt.load %fixed : tensor<64x32x!tt.ptr<f32>>
    %d = tt.dot %a, %b, %acc : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    %d2 = tt.dot %f, %b, %d : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    scf.yield %d2 : tensor<64x64xf32>
  }
  tt.return %r : tensor<64x64xf32>
}

// -----

// The next offset is read from memory (a block table): only pure ops are
// copied, so nothing is prefetched and no copy is left behind. A dot outside
// a loop has no next iteration.
// CHECK-LABEL: tt.func public @offset_from_memory
// CHECK-NOT: tilerun.prefetch_next_iteration
// CHECK: tt.dot
// CHECK-NEXT: tt.load %arg3
// CHECK-NOT: tilerun.prefetch_next_iteration
// CHECK: tt.return
tt.func public @offset_from_memory(%a_base: tensor<64x32x!tt.ptr<f32>>, %b: tensor<32x64xf32>, %n: i32, %table: !tt.ptr<i32>) -> tensor<64x64xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %r:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %off = %c0) -> (tensor<64x64xf32>, i32) : i32 {
    %s = tt.splat %off : i32 -> tensor<64x32xi32>
    %pa = tt.addptr %a_base, %s : tensor<64x32x!tt.ptr<f32>>, tensor<64x32xi32>
    %a = tt.load %pa : tensor<64x32x!tt.ptr<f32>>
    %d = tt.dot %a, %b, %acc : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
    %next = tt.load %table : !tt.ptr<i32>
    scf.yield %d, %next : tensor<64x64xf32>, i32
  }
  %a0 = tt.load %a_base : tensor<64x32x!tt.ptr<f32>>
  %e = tt.dot %a0, %b, %r#0 : tensor<64x32xf32> * tensor<32x64xf32> -> tensor<64x64xf32>
  tt.return %e : tensor<64x64xf32>
}

// -----

// A bf16 dot: on FMAs or dot-product instructions its next A tile is
// prefetched; on AMX tiles (amx-bf16) nothing is planned, since the tile
// kernel issues no prefetches.
// CHECK-LABEL: tt.func public @bf16_dot
// CHECK: tt.dot
// CHECK-NEXT: tilerun.prefetch_next_iteration %{{.*}} : tensor<64x32x!tt.ptr<bf16>>
// AMX-LABEL: tt.func public @bf16_dot
// AMX-NOT: tilerun.prefetch_next_iteration
// AMX: tt.return
tt.func public @bf16_dot(%a_base: tensor<64x32x!tt.ptr<bf16>>, %b: tensor<32x64xbf16>, %n: i32) -> tensor<64x64xf32> {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c32 = arith.constant 32 : i32
  %zero = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> (tensor<64x64xf32>) : i32 {
    %off = arith.muli %k, %c32 : i32
    %s = tt.splat %off : i32 -> tensor<64x32xi32>
    %pa = tt.addptr %a_base, %s : tensor<64x32x!tt.ptr<bf16>>, tensor<64x32xi32>
    %a = tt.load %pa : tensor<64x32x!tt.ptr<bf16>>
    %d = tt.dot %a, %b, %acc : tensor<64x32xbf16> * tensor<32x64xbf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tt.return %r : tensor<64x64xf32>
}
