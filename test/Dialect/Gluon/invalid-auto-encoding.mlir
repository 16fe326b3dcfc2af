// RUN: tilerun-opt %s -split-input-file -verify-diagnostics

// auto_encoding stands for a register layout; it cannot describe shared memory.
#smem = #ttg.shared_memory
// expected-error @+1 {{is not a valid encoding}}
func.func @shared(%a: !ttg.memdesc<32xi32, #gluon.auto_encoding, #smem>) { return }
