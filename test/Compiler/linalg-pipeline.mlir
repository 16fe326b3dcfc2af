// RUN: tilerun-opt %s -tilerun-lower-linalg-to-llvm | FileCheck %s
// RUN: tilerun-opt %s -tilerun-lower-linalg-to-llvm="checked=1" | FileCheck %s --check-prefix=CHECKED

// The block buffer triton-shared allocates and never frees does not leak: a
// small static one is a stack slot, anything else is freed before the
// program returns. Copies are loops, not calls into a runtime library.
// CHECK-LABEL: llvm.func @k(
// CHECK: llvm.alloca
// CHECK-NOT: llvm.call @malloc
// CHECK-NOT: memrefCopy
// CHECK-NOT: llvm.call @free
// CHECK: llvm.return
// CHECK-LABEL: llvm.func @dynamic(
// CHECK: llvm.call @malloc
// CHECK-NOT: memrefCopy
// CHECK: llvm.call @free
// CHECK: llvm.return

// With checks, the accessed view reports through the runtime hook.
// CHECKED: llvm.mlir.global private constant @__tilerun_view_str_0("{{.*}}linalg-pipeline.mlir:[[@LINE+6]]:{{[0-9]+}}: memref.reinterpret_cast spans elements outside argument 0's buffer
// CHECKED-LABEL: llvm.func @k(
// CHECKED: llvm.call @tilerun_report_error
module {
  func.func @k(%in: memref<*xf32>, %out: memref<*xf32>, %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) {
    %off = arith.index_cast %px : i32 to index
    %src = memref.reinterpret_cast %in to offset: [%off], sizes: [64], strides: [1] : memref<*xf32> to memref<64xf32, strided<[1], offset: ?>>
    %buf = memref.alloc() : memref<64xf32>
    memref.copy %src, %buf : memref<64xf32, strided<[1], offset: ?>> to memref<64xf32>
    %dst = memref.reinterpret_cast %out to offset: [0], sizes: [64], strides: [1] : memref<*xf32> to memref<64xf32, strided<[1]>>
    %sv = memref.subview %buf[0] [%off] [1] : memref<64xf32> to memref<?xf32, strided<[1]>>
    %dv = memref.subview %dst[0] [%off] [1] : memref<64xf32, strided<[1]>> to memref<?xf32, strided<[1]>>
    memref.copy %sv, %dv : memref<?xf32, strided<[1]>> to memref<?xf32, strided<[1]>>
    return
  }
  func.func @dynamic(%in: memref<*xf32>, %out: memref<*xf32>, %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) {
    %n = arith.index_cast %px : i32 to index
    %src = memref.reinterpret_cast %in to offset: [0], sizes: [%n], strides: [1] : memref<*xf32> to memref<?xf32, strided<[1]>>
    %buf = memref.alloc(%n) : memref<?xf32>
    memref.copy %src, %buf : memref<?xf32, strided<[1]>> to memref<?xf32>
    %dst = memref.reinterpret_cast %out to offset: [0], sizes: [%n], strides: [1] : memref<*xf32> to memref<?xf32, strided<[1]>>
    memref.copy %buf, %dst : memref<?xf32> to memref<?xf32, strided<[1]>>
    return
  }
}
