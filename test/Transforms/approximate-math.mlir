// RUN: tilerun-opt %s -tilerun-approximate-math="ldexp-scaling=true" | FileCheck %s --check-prefix=LDEXP
// RUN: tilerun-opt %s -tilerun-approximate-math | FileCheck %s --check-prefix=NOLDEXP

// With ldexp scaling: clamp, Cody-Waite reduction, a degree-5 polynomial and
// one ldexp by the exponent recovered from the rounding constant's bits.
// Inputs below -104 select +0 at the end, so that no lane scales down to
// 0 (an underflow, slow on Intel cores); with ldexp the select is the
// scaling's zeroing mask and those lanes need no clamp.
// LDEXP-LABEL: func.func @exp(
// LDEXP-NOT: math.exp
// LDEXP: %[[UNDER:.*]] = arith.cmpf olt, %arg0, %{{.*}} : f32
// LDEXP-NOT: arith.select %[[UNDER]]
// LDEXP: arith.cmpf ogt, %arg0
// LDEXP: math.fma %{{.*}}, %{{.*}}, %cst{{.*}} : f32
// LDEXP-COUNT-7: math.fma
// LDEXP: %[[BITS:.*]] = arith.bitcast %{{.*}} : f32 to i32
// LDEXP: %[[K:.*]] = arith.subi %[[BITS]], %{{.*}} : i32
// LDEXP: %[[E:.*]] = llvm.intr.ldexp(%{{.*}}, %[[K]]) : (f32, i32) -> f32
// LDEXP: arith.select %[[UNDER]], %{{.*}}, %[[E]] : f32
// Without it: the same polynomial with doubled coefficients (2 e^r), then
// two exact powers of two built from exponent bits, 2^(k-1-a) and 2^a with
// a = max(k - 1, -126), multiplied in that order.
// NOLDEXP-LABEL: func.func @exp(
// NOLDEXP-NOT: math.exp
// NOLDEXP-NOT: llvm.intr.ldexp
// NOLDEXP-DAG: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// NOLDEXP: %[[UNDER:.*]] = arith.cmpf olt, %arg0, %{{.*}} : f32
// NOLDEXP: arith.select %[[UNDER]], %{{.*}}, %{{.*}} : f32
// NOLDEXP: %[[INNER:.*]] = math.fma %{{.*}}, %{{.*}}, %[[TWO]] : f32
// NOLDEXP: %[[Y:.*]] = math.fma %[[INNER]], %{{.*}}, %[[TWO]] : f32
// NOLDEXP: %[[K:.*]] = arith.subi %{{.*}}, %{{.*}} : i32
// NOLDEXP: %[[KM1:.*]] = arith.subi %[[K]], %{{.*}} : i32
// NOLDEXP: %[[A:.*]] = arith.maxsi %[[KM1]], %{{.*}} : i32
// NOLDEXP: %[[B:.*]] = arith.subi %[[KM1]], %[[A]] : i32
// NOLDEXP: %[[SB:.*]] = arith.bitcast %{{.*}} : i32 to f32
// NOLDEXP: %[[EXACT:.*]] = arith.mulf %[[Y]], %[[SB]] : f32
// NOLDEXP: %[[SA:.*]] = arith.bitcast %{{.*}} : i32 to f32
// NOLDEXP: %[[R:.*]] = arith.mulf %[[EXACT]], %[[SA]] : f32
// NOLDEXP: arith.select %[[UNDER]], %{{.*}}, %[[R]] : f32
func.func @exp(%x: f32) -> f32 {
  %y = math.exp %x : f32
  return %y : f32
}

// exp2 splits off the exact fraction instead.
// LDEXP-LABEL: func.func @exp2(
// LDEXP-NOT: math.exp2
// LDEXP: arith.addf
// LDEXP: arith.subf
// LDEXP: arith.subf
// LDEXP: arith.mulf
// LDEXP: llvm.intr.ldexp(%{{.*}}, %{{.*}}) : (f32, i32) -> f32
// NOLDEXP-LABEL: func.func @exp2(
// NOLDEXP-NOT: math.exp2
// NOLDEXP: arith.maxsi
// NOLDEXP: arith.mulf
// NOLDEXP: arith.mulf
func.func @exp2(%x: f32) -> f32 {
  %y = math.exp2 %x : f32
  return %y : f32
}

// The LLVM dialect's ldexp has no vector form: vectors keep MLIR's
// polynomial.
// LDEXP-LABEL: func.func @exp_vector
// LDEXP-NOT: math.exp
// LDEXP-NOT: llvm.intr.ldexp
// LDEXP: return
func.func @exp_vector(%x: vector<16xf32>) -> vector<16xf32> {
  %y = math.exp %x : vector<16xf32>
  return %y : vector<16xf32>
}

// f64 is left to the C library.
// LDEXP-LABEL: func.func @exp_f64
// LDEXP: math.exp %{{.*}} : f64
func.func @exp_f64(%x: f64) -> f64 {
  %y = math.exp %x : f64
  return %y : f64
}
