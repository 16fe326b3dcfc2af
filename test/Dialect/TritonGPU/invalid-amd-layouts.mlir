// RUN: tilerun-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{MFMA version must be in the [1, 4] range}}
#mfma = #ttg.amd_mfma<{version = 5, warpsPerCTA = [1, 4], instrShape = [32, 32, 8], isTransposed = true}>
func.func @f(%a: tensor<64x64xf32, #mfma>) {
  return
}

// -----
// expected-error @+1 {{instrShape must have 3 entries (M, N, K)}}
#mfma = #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 4], instrShape = [32, 32], isTransposed = true}>
func.func @f(%a: tensor<64x64xf32, #mfma>) {
  return
}

// -----
// expected-error @+1 {{elementBitWidth must be 32 or 64}}
#mfma = #ttg.amd_mfma<{version = 4, warpsPerCTA = [1, 4], instrShape = [32, 32, 8], isTransposed = true, elementBitWidth = 16}>
func.func @f(%a: tensor<64x64xf32, #mfma>) {
  return
}

// -----
// expected-error @+1 {{missing key: instrShape}}
#mfma = #ttg.amd_mfma<{version = 2, warpsPerCTA = [1, 4], isTransposed = true}>
func.func @f(%a: tensor<64x64xf32, #mfma>) {
  return
}

// -----
// expected-error @+1 {{WMMA version must be in the [1, 3] range}}
#wmma = #ttg.amd_wmma<{version = 0, isTranspose = false, warpsPerCTA = [2, 2]}>
func.func @f(%a: tensor<32x32xf32, #wmma>) {
  return
}

// -----
// expected-error @+1 {{tilesPerWarp must have one entry per dimension}}
#wmma = #ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2], tilesPerWarp = [2, 2, 2]}>
func.func @f(%a: tensor<32x32xf32, #wmma>) {
  return
}

// -----
// expected-error @+1 {{unexpected key: isTransposed}}
#wmma = #ttg.amd_wmma<{version = 2, isTransposed = false, warpsPerCTA = [2, 2]}>
func.func @f(%a: tensor<32x32xf32, #wmma>) {
  return
}
