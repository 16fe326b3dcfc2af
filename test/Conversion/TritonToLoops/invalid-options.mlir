// RUN: not tilerun-opt %s -tilerun-convert-triton-to-loops="int8-dot-products=4" 2>&1 | FileCheck %s --check-prefix=DOT
// RUN: not tilerun-opt %s -tilerun-convert-triton-to-loops="int8-word-products=32" 2>&1 | FileCheck %s --check-prefix=WORDS

// The int8 dot instructions come in 8 and 16 lanes only; any other count is
// an error naming the option, not a kernel on a vector the CPU lacks.
// DOT: invalid-options.mlir:{{[0-9]+}}:{{[0-9]+}}: error: option int8-dot-products=4 is not a lane count of the instruction (0, 8 or 16)
// WORDS: error: option int8-word-products=32 is not a lane count of the instruction (0, 8 or 16)
tt.func public @empty() {
  tt.return
}
