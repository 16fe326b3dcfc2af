// A triton-shared kernel that reads a whole 1024-element block without a
// mask: with --check, the view that leaves the buffer is reported at its
// location and the launch fails; in bounds, it runs.
// RUN: not tilerun run %s --grid 1 --check --arg 0=zeros:float32:1000 --arg 1=zeros:float32:1024 2>&1 | FileCheck %s
// RUN: tilerun run %s --grid 1 --check --arg 0=zeros:float32:1024 --arg 1=zeros:float32:1024
// RUN: not tilerun run %s --grid 2 --check --arg 0=zeros:float32:2048 --arg 1=zeros:float32:1024 2>&1 | FileCheck %s --check-prefix=OUT

// CHECK: error: kernel 'copy' failed: program (0, 0, 0): {{.*}}linalg-check.mlir:[[@LINE+7]]:{{[0-9]+}}: memref.reinterpret_cast spans elements outside argument 0's buffer{{.*}}(element 1023)
// OUT: program (1, 0, 0): {{.*}}linalg-check.mlir:[[@LINE+10]]:{{[0-9]+}}: memref.reinterpret_cast spans elements outside argument 1's buffer{{.*}}(element 2047)
module {
  func.func @copy(%in: memref<*xf32>, %out: memref<*xf32>, %nx: i32, %ny: i32, %nz: i32, %px: i32, %py: i32, %pz: i32) {
    %c1024 = arith.constant 1024 : i32
    %0 = arith.muli %px, %c1024 : i32
    %off = arith.index_cast %0 : i32 to index
    %src = memref.reinterpret_cast %in to offset: [%off], sizes: [1024], strides: [1] : memref<*xf32> to memref<1024xf32, strided<[1], offset: ?>>
    %buf = memref.alloc() : memref<1024xf32>
    memref.copy %src, %buf : memref<1024xf32, strided<[1], offset: ?>> to memref<1024xf32>
    %t = bufferization.to_tensor %buf restrict writable : memref<1024xf32> to tensor<1024xf32>
    %dst = memref.reinterpret_cast %out to offset: [%off], sizes: [1024], strides: [1] : memref<*xf32> to memref<1024xf32, strided<[1], offset: ?>>
    bufferization.materialize_in_destination %t in writable %dst : (tensor<1024xf32>, memref<1024xf32, strided<[1], offset: ?>>) -> ()
    return
  }
}
