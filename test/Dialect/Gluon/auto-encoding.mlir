// RUN: tilerun-opt %s | tilerun-opt | FileCheck %s

// CHECK-LABEL: func.func @auto
// CHECK-SAME: tensor<32xi32, #gluon.auto_encoding>
func.func @auto(%a: tensor<32xi32, #gluon.auto_encoding>) -> tensor<32xi32, #gluon.auto_encoding> {
  return %a : tensor<32xi32, #gluon.auto_encoding>
}
