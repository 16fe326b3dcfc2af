// RUN: tilerun-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK-LABEL: tt.func @unpack
// CHECK: ttg.fp4_to_fp %arg0 {axis = 0 : i32} : tensor<32x32xi8> -> tensor<64x32xbf16>
tt.func @unpack(%x: tensor<32x32xi8>) -> tensor<64x32xbf16> {
  %y = ttg.fp4_to_fp %x {axis = 0 : i32} : tensor<32x32xi8> -> tensor<64x32xbf16>
  tt.return %y : tensor<64x32xbf16>
}

// -----

tt.func @wrong_axis(%x: tensor<32x32xi8>) -> tensor<64x32xbf16> {
  // expected-error @+1 {{result must have the source's shape with dim 1 doubled}}
  %y = ttg.fp4_to_fp %x {axis = 1 : i32} : tensor<32x32xi8> -> tensor<64x32xbf16>
  tt.return %y : tensor<64x32xbf16>
}
