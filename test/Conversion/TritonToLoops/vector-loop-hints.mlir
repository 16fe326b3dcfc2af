// RUN: tilerun-opt %s -tilerun-prefetch-next-program -tilerun-convert-triton-to-loops="vector-loop-hints=32" | FileCheck %s
// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops | FileCheck %s --check-prefix=OFF

// With hints (x86 with 16 vector registers, 32-byte vectors), the loops the
// lowering shapes for the vectoriser carry LLVM loop metadata that forbids
// LLVM's unrolling and sets the interleave count:
//   - element chunks (64 elements, here the nest that prefetches the next
//     program's row): 8 vectors in flight;
//   - every loop over a lane reduction's partials is one trip of whole
//     vectors: 64 f32 lanes are 8 vectors, its fold levels 4, 2 and 1.
// Without hints the marks are dropped.
// OFF-NOT: loop_annotation
// OFF-NOT: tilerun.vector_loop

// CHECK-DAG: #[[UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK-DAG: #[[IC8:.*]] = #llvm.loop_interleave<count = 8 : i32>
// CHECK-DAG: #[[IC4:.*]] = #llvm.loop_interleave<count = 4 : i32>
// CHECK-DAG: #[[IC2:.*]] = #llvm.loop_interleave<count = 2 : i32>
// CHECK-DAG: #[[IC1:.*]] = #llvm.loop_interleave<count = 1 : i32>
// CHECK-DAG: #[[V8:.*]] = #llvm.loop_annotation<interleave = #[[IC8]], unroll = #[[UNROLL]]>
// CHECK-DAG: #[[V4:.*]] = #llvm.loop_annotation<interleave = #[[IC4]], unroll = #[[UNROLL]]>
// CHECK-DAG: #[[V2:.*]] = #llvm.loop_annotation<interleave = #[[IC2]], unroll = #[[UNROLL]]>
// CHECK-DAG: #[[V1:.*]] = #llvm.loop_annotation<interleave = #[[IC1]], unroll = #[[UNROLL]]>
// CHECK-LABEL: func.func @scale_by_sum
// The partials: their first chunk, one loop per further chunk, the folds.
// CHECK: scf.for %{{.*}} = %{{.*}} to %c64
// CHECK: } {llvm.loop_annotation = #[[V8]]}
// CHECK: scf.for
// CHECK: scf.for
// CHECK: } {llvm.loop_annotation = #[[V8]]}
// CHECK: scf.for %{{.*}} = %{{.*}} to %c32
// CHECK: } {llvm.loop_annotation = #[[V4]]}
// CHECK: scf.for %{{.*}} = %{{.*}} to %c16
// CHECK: } {llvm.loop_annotation = #[[V2]]}
// CHECK: scf.for %{{.*}} = %{{.*}} to %c8
// CHECK: } {llvm.loop_annotation = #[[V1]]}
// The exponentials, chunk by chunk.
// CHECK: scf.for
// CHECK: llvm.intr.prefetch
// CHECK: scf.for
// CHECK: math.exp
// CHECK: } {llvm.loop_annotation = #[[V8]]}
// CHECK-NOT: tilerun.vector_loop
tt.func public @scale_by_sum(%out: !tt.ptr<f32>, %in: !tt.ptr<f32>) {
  %pid = tt.get_program_id x : i32
  %c1024 = arith.constant 1024 : i32
  %start = arith.muli %pid, %c1024 : i32
  %row = tt.addptr %in, %start : !tt.ptr<f32>, i32
  %offs = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  %p = tt.splat %row : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %ptrs = tt.addptr %p, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  %x = tt.load %ptrs : tensor<1024x!tt.ptr<f32>>
  %sum = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    tt.reduce.return %s : f32
  }) : (tensor<1024xf32>) -> f32
  %e = math.exp %x : tensor<1024xf32>
  %splat = tt.splat %sum : f32 -> tensor<1024xf32>
  %y = arith.mulf %e, %splat : tensor<1024xf32>
  %q = tt.splat %out : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  %qs = tt.addptr %q, %offs : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  tt.store %qs, %y : tensor<1024x!tt.ptr<f32>>
  tt.return
}
