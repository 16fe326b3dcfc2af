// RUN: tilerun-opt %s | tilerun-opt | FileCheck %s

// CHECK-LABEL: tt.func @memory
tt.func @memory(%p: !tt.ptr<f32>, %ps: tensor<64x!tt.ptr<f32>>, %m: tensor<64xi1>,
                %o: tensor<64xf32>, %off: tensor<64xi32>, %i: i32) {
  // CHECK: tt.addptr %{{.*}}, %{{.*}} : !tt.ptr<f32>, i32
  %0 = tt.addptr %p, %i : !tt.ptr<f32>, i32
  // CHECK: tt.addptr %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %1 = tt.addptr %ps, %off : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  // CHECK: tt.load %{{.*}} : !tt.ptr<f32>
  %2 = tt.load %0 : !tt.ptr<f32>
  // CHECK: tt.load %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>>
  %3 = tt.load %1, %m, %o : tensor<64x!tt.ptr<f32>>
  // CHECK: tt.load %{{.*}}, %{{.*}} cacheModifier = ca evictionPolicy = evict_last {isVolatile = true} : tensor<64x!tt.ptr<f32>>
  %4 = tt.load %1, %m evictionPolicy = evict_last cacheModifier = ca {isVolatile = true} : tensor<64x!tt.ptr<f32>>
  // Defaults are elided; integer enums in attr-dicts are accepted.
  // CHECK: tt.load %{{.*}} : tensor<64x!tt.ptr<f32>>
  %5 = tt.load %1 {cache = 1 : i32, evict = 1 : i32} : tensor<64x!tt.ptr<f32>>
  // CHECK: tt.store %{{.*}}, %{{.*}}, %{{.*}} : tensor<64x!tt.ptr<f32>>
  tt.store %1, %3, %m : tensor<64x!tt.ptr<f32>>
  // CHECK: tt.store %{{.*}}, %{{.*}} cacheModifier = wb : !tt.ptr<f32>
  tt.store %0, %2 cacheModifier = wb : !tt.ptr<f32>
  // CHECK: tt.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>
  %6 = tt.atomic_rmw fadd, acq_rel, gpu, %1, %o, %m : (tensor<64x!tt.ptr<f32>>, tensor<64xf32>, tensor<64xi1>) -> tensor<64xf32>
  // CHECK: tt.atomic_rmw exch, relaxed, sys, %{{.*}}, %{{.*}} : (!tt.ptr<f32>, f32) -> f32
  %7 = tt.atomic_rmw exch, relaxed, sys, %0, %2 : (!tt.ptr<f32>, f32) -> f32
  // CHECK: tt.atomic_cas acquire, cta, %{{.*}}, %{{.*}}, %{{.*}} : (!tt.ptr<f32>, f32, f32) -> f32
  %8 = tt.atomic_cas acquire, cta, %0, %2, %7 : (!tt.ptr<f32>, f32, f32) -> f32
  tt.return
}

// Address spaces other than 1 are printed; 1 is implied.
// CHECK-LABEL: tt.func @addrspace(%{{.*}}: !tt.ptr<f16, 3>, %{{.*}}: !tt.ptr<f16>)
tt.func @addrspace(%a: !tt.ptr<f16, 3>, %b: !tt.ptr<f16, 1>) {
  tt.return
}

// CHECK-LABEL: tt.func @block_ptr
tt.func @block_ptr(%base: !tt.ptr<f16>, %s: i64, %o: i32) {
  // CHECK: tt.make_tensor_ptr %{{.*}}, [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}], [%{{.*}}, %{{.*}}] {order = array<i32: 1, 0>} : <tensor<16x32xf16>>
  %0 = tt.make_tensor_ptr %base, [%s, %s], [%s, %s], [%o, %o] {order = array<i32: 1, 0>} : !tt.ptr<tensor<16x32xf16>>
  // CHECK: tt.advance %{{.*}}, [%{{.*}}, %{{.*}}] : <tensor<16x32xf16>>
  %1 = tt.advance %0, [%o, %o] : <tensor<16x32xf16>>
  // CHECK: tt.load %{{.*}} {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<16x32xf16>>
  %2 = tt.load %1 {boundaryCheck = array<i32: 0, 1>, padding = 1 : i32} : !tt.ptr<tensor<16x32xf16>>
  // CHECK: tt.store %{{.*}}, %{{.*}} {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<16x32xf16>>
  tt.store %1, %2 {boundaryCheck = array<i32: 1>} : !tt.ptr<tensor<16x32xf16>>
  tt.return
}

// CHECK-LABEL: tt.func @casts
tt.func @casts(%p: !tt.ptr<f32>, %x: tensor<8xf32>, %h: tensor<8xf16>) {
  // CHECK: tt.ptr_to_int %{{.*}} : !tt.ptr<f32> -> i64
  %0 = tt.ptr_to_int %p : !tt.ptr<f32> -> i64
  // CHECK: tt.int_to_ptr %{{.*}} : i64 -> !tt.ptr<f32>
  %1 = tt.int_to_ptr %0 : i64 -> !tt.ptr<f32>
  // CHECK: tt.bitcast %{{.*}} : tensor<8xf32> -> tensor<8xi32>
  %2 = tt.bitcast %x : tensor<8xf32> -> tensor<8xi32>
  // CHECK: tt.bitcast %{{.*}} : !tt.ptr<f32> -> !tt.ptr<i8>
  %3 = tt.bitcast %1 : !tt.ptr<f32> -> !tt.ptr<i8>
  // CHECK: tt.fp_to_fp %{{.*}}, rounding = rtne : tensor<8xf32> -> tensor<8xf8E5M2>
  %4 = tt.fp_to_fp %x, rounding = rtne : tensor<8xf32> -> tensor<8xf8E5M2>
  // CHECK: tt.fp_to_fp %{{.*}} : tensor<8xf16> -> tensor<8xf32>
  %5 = tt.fp_to_fp %h : tensor<8xf16> -> tensor<8xf32>
  tt.return
}

// CHECK-LABEL: tt.func @debug
tt.func @debug(%x: tensor<8xi32>, %c: tensor<8xi1>) {
  // CHECK: tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %{{.*}} : tensor<8xi32>
  tt.print " x: " {hex = false, isSigned = array<i32: 1>} : %x : tensor<8xi32>
  // CHECK: tt.assert %{{.*}}, "boom" : tensor<8xi1>
  tt.assert %c, "boom" : tensor<8xi1>
  tt.return
}
