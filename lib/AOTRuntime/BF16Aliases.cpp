//===- BF16Aliases.cpp - compiler-rt's bf16 routines for AOT kernels ------===//
//
// On x86 without AVX512-BF16, LLVM lowers f32/f64 -> bf16 to calls of these
// compiler-rt routines, which Debian 12's libgcc lacks. The JIT maps them to
// tilerun's (RuntimeSymbols.cpp); an AOT kernel's object names them, so
// libtilerun_rt defines them.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Runtime/Hooks.h"

extern "C" float __truncsfbf2(float x) { return tilerun_truncsfbf2(x); }
extern "C" float __truncdfbf2(double x) { return tilerun_truncdfbf2(x); }
