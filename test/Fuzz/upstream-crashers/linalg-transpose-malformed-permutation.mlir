// Found by fuzz/run.sh --full: MLIR 22's linalg.transpose parser stores the
// null result of parsing a malformed `permutation` list and crashes on it.
func.func @f(%a: tensor<8x64xf32>, %b: tensor<64x8xf32>) -> tensor<64x8xf32> {
  %t = linalg.transpose ins(%a : tensor<8x64xf32>) outs(%b : tensor<64x8xf32>) permutation = [x1, 0]
  return %t : tensor<64x8xf32>
}
