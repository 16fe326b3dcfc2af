// RUN: tilerun-opt %s -split-input-file -tilerun-promote-scoped-allocs | FileCheck %s
// RUN: tilerun-opt %s -split-input-file -tilerun-promote-scoped-allocs="max-bytes=1024" | FileCheck %s --check-prefix=SMALL

// A tile allocated and freed in each iteration is one entry-block stack slot.
// CHECK-LABEL: func.func @per_iteration(
// CHECK-NEXT: %[[SLOT:.*]] = memref.alloca() {alignment = 64 : i64} : memref<64x32xf32>
// CHECK: scf.for
// CHECK-NOT: memref.alloc(
// CHECK: linalg.fill {{.*}} outs(%[[SLOT]]
// CHECK-NOT: memref.dealloc
// Over the budget it stays on the heap.
// SMALL-LABEL: func.func @per_iteration(
// SMALL: memref.alloc()
// SMALL: memref.dealloc
func.func @per_iteration(%n: index, %x: f32, %out: memref<64x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %t = memref.alloc() {alignment = 64 : i64} : memref<64x32xf32>
    linalg.fill ins(%x : f32) outs(%t : memref<64x32xf32>)
    memref.copy %t, %out : memref<64x32xf32> to memref<64x32xf32>
    memref.dealloc %t : memref<64x32xf32>
  }
  return
}

// -----

// Kept on the heap: a buffer that leaves its block (yielded), one freed in
// another block, one with a dynamic size.
// CHECK-LABEL: func.func @kept(
// CHECK-NOT: memref.alloca
// CHECK-COUNT-3: memref.alloc
func.func @kept(%n: index, %c: i1) -> memref<16xf32> {
  %a = memref.alloc() : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  scf.if %c {
    memref.dealloc %b : memref<16xf32>
  }
  %d = memref.alloc(%n) : memref<?xf32>
  memref.dealloc %d : memref<?xf32>
  return %a : memref<16xf32>
}
