// Row sums and a layout conversion over AMD matrix-core layouts, as Gluon
// writes them: rows[i] = sum_j x[i, j]; copy = x through amd_mfma -> amd_wmma.
#mfma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>
#wmma = #ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @amd_rows(%x: !tt.ptr<f32>, %rows: !tt.ptr<f32>, %copy: !tt.ptr<f32>) {
    %c64 = arith.constant dense<64> : tensor<32x1xi32, #mfma>
    %m = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #mfma}>>
    %n = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #mfma}>>
    %m2 = tt.expand_dims %m {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #mfma}>> -> tensor<32x1xi32, #mfma>
    %mo = arith.muli %m2, %c64 : tensor<32x1xi32, #mfma>
    %n2 = tt.expand_dims %n {axis = 0 : i32} : tensor<64xi32, #ttg.slice<{dim = 0, parent = #mfma}>> -> tensor<1x64xi32, #mfma>
    %mb = tt.broadcast %mo : tensor<32x1xi32, #mfma> -> tensor<32x64xi32, #mfma>
    %nb = tt.broadcast %n2 : tensor<1x64xi32, #mfma> -> tensor<32x64xi32, #mfma>
    %offs = arith.addi %mb, %nb : tensor<32x64xi32, #mfma>
    %xs = tt.splat %x : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #mfma>
    %xp = tt.addptr %xs, %offs : tensor<32x64x!tt.ptr<f32>, #mfma>, tensor<32x64xi32, #mfma>
    %v = tt.load %xp : tensor<32x64x!tt.ptr<f32>, #mfma>
    %sum = "tt.reduce"(%v) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      tt.reduce.return %s : f32
    }) : (tensor<32x64xf32, #mfma>) -> tensor<32xf32, #ttg.slice<{dim = 1, parent = #mfma}>>
    %rs = tt.splat %rows : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #mfma}>>
    %rp = tt.addptr %rs, %m : tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #mfma}>>, tensor<32xi32, #ttg.slice<{dim = 1, parent = #mfma}>>
    tt.store %rp, %sum : tensor<32x!tt.ptr<f32>, #ttg.slice<{dim = 1, parent = #mfma}>>
    %w = ttg.convert_layout %v : tensor<32x64xf32, #mfma> -> tensor<32x64xf32, #wmma>
    %wo = ttg.convert_layout %offs : tensor<32x64xi32, #mfma> -> tensor<32x64xi32, #wmma>
    %cs = tt.splat %copy : !tt.ptr<f32> -> tensor<32x64x!tt.ptr<f32>, #wmma>
    %cp = tt.addptr %cs, %wo : tensor<32x64x!tt.ptr<f32>, #wmma>, tensor<32x64xi32, #wmma>
    tt.store %cp, %w : tensor<32x64x!tt.ptr<f32>, #wmma>
    tt.return
  }
}
