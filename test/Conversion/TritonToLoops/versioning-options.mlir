// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops -canonicalize -cse | FileCheck %s --check-prefixes=CHECK,MASKS,DIV,REM
// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops="version-masks=false" -canonicalize -cse | FileCheck %s --check-prefixes=CHECK,NOMASKS,DIV,REM
// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops="uniform-division=false" -canonicalize -cse | FileCheck %s --check-prefixes=CHECK,MASKS,NODIV,REM
// RUN: tilerun-opt %s -tilerun-convert-triton-to-loops="identity-remainders=false" -canonicalize -cse | FileCheck %s --check-prefixes=CHECK,MASKS,DIV,NOREM

// Each fact a nest is versioned on can be switched off alone, and the others
// still apply: all-true load masks (version-masks), the normal reciprocal of
// a uniform f32 divisor (uniform-division) and buffered remainders equal to
// their dividends (identity-remainders).

// out[i] = x[i] / s for i < n.
// CHECK-LABEL: func.func @div_tail
// With uniform division, the scalar reciprocal's range check comes first and
// the versioned copy multiplies by it with one FMA correction.
// DIV:         arith.cmpf ole
// NODIV-NOT:   arith.cmpf ole
// The first copy: with mask versioning, the unguarded one (no test inside);
// without, the copy for a normal reciprocal, its masks tested per element.
// CHECK:       scf.if %{{.*}} {
// CHECK-NEXT:    scf.for
// MASKS-NOT:       scf.if
// NOMASKS:         scf.if %{{.*}} -> (f32)
// DIV:             math.fma
// NODIV:           arith.divf %{{.*}}, %arg2 : f32
// NOMASKS:         scf.if
// NOMASKS-NEXT:      llvm.store
// CHECK:       } else {
// CHECK:       return
tt.func public @div_tail(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %s: f32, %n: i32) {
  %pid = tt.get_program_id x : i32
  %c64 = arith.constant 64 : i32
  %base = arith.muli %pid, %c64 : i32
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %bs = tt.splat %base : i32 -> tensor<64xi32>
  %off = arith.addi %bs, %r : tensor<64xi32>
  %ns = tt.splat %n : i32 -> tensor<64xi32>
  %m = arith.cmpi slt, %off, %ns : tensor<64xi32>
  %xp0 = tt.splat %x : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %xp = tt.addptr %xp0, %off : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  %v = tt.load %xp, %m : tensor<64x!tt.ptr<f32>>
  %ss = tt.splat %s : f32 -> tensor<64xf32>
  %q = arith.divf %v, %ss : tensor<64xf32>
  %op0 = tt.splat %out : !tt.ptr<f32> -> tensor<64x!tt.ptr<f32>>
  %op = tt.addptr %op0, %off : tensor<64x!tt.ptr<f32>>, tensor<64xi32>
  tt.store %op, %q, %m : tensor<64x!tt.ptr<f32>>
  tt.return
}

// out[i, j] = x[(pid * 16 + i) % m, j]: the wrapped rows are computed once
// into a buffer. Where the tile's ranges prove the remainder is its
// dividend, a versioned copy reads the affine dividend instead of the
// buffer.
// CHECK-LABEL: func.func @wrapped_rows
// CHECK:       %[[ROWS:.*]] = memref.alloca() {{.*}} : memref<16xi32>
// CHECK:       arith.remsi
// REM:         scf.if %{{.*}} {
// REM-NOT:       memref.load %[[ROWS]]
// REM:         } else {
// NOREM-NOT:   scf.if
// CHECK:       memref.load %[[ROWS]]
// CHECK:       return
tt.func public @wrapped_rows(%x: !tt.ptr<f32>, %out: !tt.ptr<f32>, %m: i32) {
  %pid = tt.get_program_id x : i32
  %c16 = arith.constant 16 : i32
  %base = arith.muli %pid, %c16 : i32
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi32>
  %bs = tt.splat %base : i32 -> tensor<16xi32>
  %rows = arith.addi %bs, %r : tensor<16xi32>
  %ms = tt.splat %m : i32 -> tensor<16xi32>
  %w = arith.remsi %rows, %ms : tensor<16xi32>
  %w2 = tt.expand_dims %w {axis = 1 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  %c64 = arith.constant dense<64> : tensor<16x1xi32>
  %roff = arith.muli %w2, %c64 : tensor<16x1xi32>
  %cols = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  %c2 = tt.expand_dims %cols {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  %rb = tt.broadcast %roff : tensor<16x1xi32> -> tensor<16x64xi32>
  %cb = tt.broadcast %c2 : tensor<1x64xi32> -> tensor<16x64xi32>
  %off = arith.addi %rb, %cb : tensor<16x64xi32>
  %xp0 = tt.splat %x : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
  %xp = tt.addptr %xp0, %off : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
  %v = tt.load %xp : tensor<16x64x!tt.ptr<f32>>
  %op0 = tt.splat %out : !tt.ptr<f32> -> tensor<16x64x!tt.ptr<f32>>
  %op = tt.addptr %op0, %off : tensor<16x64x!tt.ptr<f32>>, tensor<16x64xi32>
  tt.store %op, %v : tensor<16x64x!tt.ptr<f32>>
  tt.return
}
