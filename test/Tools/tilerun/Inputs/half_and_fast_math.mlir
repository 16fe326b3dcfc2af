// f64 -> f16 (LLVM's __truncdfhf2 on x86 without AVX512-FP16), CUDA's fast
// libdevice intrinsics, and an f16-accumulator dot.
module {
  tt.func public @f64_to_f16(%in: !tt.ptr<f64>, %out: !tt.ptr<f16>) {
    %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
    %ip = tt.splat %in : !tt.ptr<f64> -> tensor<1024x!tt.ptr<f64>>
    %ia = tt.addptr %ip, %r : tensor<1024x!tt.ptr<f64>>, tensor<1024xi32>
    %x = tt.load %ia : tensor<1024x!tt.ptr<f64>>
    %h = arith.truncf %x : tensor<1024xf64> to tensor<1024xf16>
    %op = tt.splat %out : !tt.ptr<f16> -> tensor<1024x!tt.ptr<f16>>
    %oa = tt.addptr %op, %r : tensor<1024x!tt.ptr<f16>>, tensor<1024xi32>
    tt.store %oa, %h : tensor<1024x!tt.ptr<f16>>
    tt.return
  }
  tt.func public @fast_math(%x_ptr: !tt.ptr<f32>, %y_ptr: !tt.ptr<f32>, %out: !tt.ptr<f32>) {
    %r = tt.make_range {end = 256 : i32, start = 0 : i32} : tensor<256xi32>
    %xp = tt.splat %x_ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %xa = tt.addptr %xp, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %x = tt.load %xa : tensor<256x!tt.ptr<f32>>
    %yp = tt.splat %y_ptr : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %ya = tt.addptr %yp, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    %y = tt.load %ya : tensor<256x!tt.ptr<f32>>
    %e = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_fast_expf"} : (tensor<256xf32>) -> tensor<256xf32>
    %e10 = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_fast_exp10f"} : (tensor<256xf32>) -> tensor<256xf32>
    %d = tt.extern_elementwise %x, %y {libname = "", libpath = "", pure = true, symbol = "__nv_fast_fdividef"} : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %l2 = tt.extern_elementwise %y {libname = "", libpath = "", pure = true, symbol = "__nv_fast_log2f"} : (tensor<256xf32>) -> tensor<256xf32>
    %p = tt.extern_elementwise %y, %x {libname = "", libpath = "", pure = true, symbol = "__nv_fast_powf"} : (tensor<256xf32>, tensor<256xf32>) -> tensor<256xf32>
    %s = tt.extern_elementwise %x {libname = "", libpath = "", pure = true, symbol = "__nv_fast_sinf"} : (tensor<256xf32>) -> tensor<256xf32>
    %op = tt.splat %out : !tt.ptr<f32> -> tensor<256x!tt.ptr<f32>>
    %c256 = arith.constant dense<256> : tensor<256xi32>
    %o0 = tt.addptr %op, %r : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %o0, %e : tensor<256x!tt.ptr<f32>>
    %o1 = tt.addptr %o0, %c256 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %o1, %e10 : tensor<256x!tt.ptr<f32>>
    %o2 = tt.addptr %o1, %c256 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %o2, %d : tensor<256x!tt.ptr<f32>>
    %o3 = tt.addptr %o2, %c256 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %o3, %l2 : tensor<256x!tt.ptr<f32>>
    %o4 = tt.addptr %o3, %c256 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %o4, %p : tensor<256x!tt.ptr<f32>>
    %o5 = tt.addptr %o4, %c256 : tensor<256x!tt.ptr<f32>>, tensor<256xi32>
    tt.store %o5, %s : tensor<256x!tt.ptr<f32>>
    tt.return
  }
  // c = a @ b + c, 32x32 by 32x32 (two K steps of 16).
  tt.func public @dot_f16_acc(%a_ptr: !tt.ptr<f16>, %b_ptr: !tt.ptr<f16>, %c_ptr: !tt.ptr<f16>) {
    %r32 = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32>
    %c32 = arith.constant dense<32> : tensor<32x1xi32>
    %rows = tt.expand_dims %r32 {axis = 1 : i32} : tensor<32xi32> -> tensor<32x1xi32>
    %cols = tt.expand_dims %r32 {axis = 0 : i32} : tensor<32xi32> -> tensor<1x32xi32>
    %rs = arith.muli %rows, %c32 : tensor<32x1xi32>
    %rsb = tt.broadcast %rs : tensor<32x1xi32> -> tensor<32x32xi32>
    %cb = tt.broadcast %cols : tensor<1x32xi32> -> tensor<32x32xi32>
    %off = arith.addi %rsb, %cb : tensor<32x32xi32>
    %ap = tt.splat %a_ptr : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>>
    %aa = tt.addptr %ap, %off : tensor<32x32x!tt.ptr<f16>>, tensor<32x32xi32>
    %a = tt.load %aa : tensor<32x32x!tt.ptr<f16>>
    %bp = tt.splat %b_ptr : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>>
    %ba = tt.addptr %bp, %off : tensor<32x32x!tt.ptr<f16>>, tensor<32x32xi32>
    %b = tt.load %ba : tensor<32x32x!tt.ptr<f16>>
    %cp = tt.splat %c_ptr : !tt.ptr<f16> -> tensor<32x32x!tt.ptr<f16>>
    %ca = tt.addptr %cp, %off : tensor<32x32x!tt.ptr<f16>>, tensor<32x32xi32>
    %c = tt.load %ca : tensor<32x32x!tt.ptr<f16>>
    %d = tt.dot %a, %b, %c : tensor<32x32xf16> * tensor<32x32xf16> -> tensor<32x32xf16>
    tt.store %ca, %d : tensor<32x32x!tt.ptr<f16>>
    tt.return
  }
}
