//===- Passes.td - tilerun conversion passes ---------------*- tablegen -*-===//
#ifndef TILERUN_CONVERSION_PASSES
#define TILERUN_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def PrefetchNextProgram
    : Pass<"tilerun-prefetch-next-program", "mlir::ModuleOp"> {
  let summary = "Plan prefetches of the next program's tiles";
  let description = [{
    A row kernel reads its tile in one pass and computes on it in cache; on
    a CPU thread the memory system idles meanwhile. The runtime runs
    consecutive program ids on one thread, so a program can ask for the
    tiles the next one will load. For each public `tt.func` without a dot
    or a `ttg.warp_specialize`, this pass picks the elementwise nest with
    the most work per element (its *carrier*: a store's value, a buffer
    fill, a loop-carried update or a reduction's operand), builds before it
    the address tile of each load of the next program (program_id x + 1),
    and records the decision as `tilerun.prefetch_next_program %ptrs,
    %carrier`, which the tile lowering carries out. The tile lowering's
    materialization plan decides which values are nests of their own, so
    the pass builds it too (the TileOpInterface models are registered as
    its dependents).
  }];
  let dependentDialects = ["::tilerun::TilerunDialect",
                           "mlir::arith::ArithDialect"];
}

def UnrollDotKLoops : Pass<"tilerun-unroll-dot-k-loops", "mlir::ModuleOp"> {
  let summary = "Unroll the K loops of dots on AMX tiles into chains of dots";
  let description = [{
    The AMX tile kernel loads and stores its accumulator tiles once per
    dot, around the dot's tile steps of K. For each `scf.for` whose body
    writes no memory and has exactly one `tt.dot`, adding to a loop-carried
    accumulator only it reads and yielding its result back to it, where the
    dot runs on AMX tiles (the `amx-*` options, as for the tile lowering),
    this pass unrolls the loop so that one trip holds enough dots for a
    whole pass of the tile kernel (8 tile steps), each dot moved down to
    just before the next: the tile lowering multiplies such a chain as one
    dot along all their K. The trips left over run in the original loop,
    which starts where the unrolled one stops. Loops with 64-bit or
    unsigned bounds, or a step that is not a constant, are left alone.
  }];
  let options = [
    Option<"amxBF16", "amx-bf16", "bool", /*default=*/"false",
           "bf16 (and fp8) dots of whole tiles run on AMX tiles">,
    Option<"amxFP16", "amx-fp16", "bool", /*default=*/"false",
           "f16 dots of whole tiles run on AMX-FP16">,
    Option<"amxInt8", "amx-int8", "bool", /*default=*/"false",
           "int8 dots of whole tiles run on AMX-INT8">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}

def PrefetchNextIteration
    : Pass<"tilerun-prefetch-next-iteration", "mlir::ModuleOp"> {
  let summary = "Plan prefetches of a dot loop's next operand tiles";
  let description = [{
    A matmul's K loop packs the operand tiles it loads and then multiplies
    them; on a CPU thread the packing waits on memory and the multiply
    leaves the memory system idle. For each `tt.dot` directly in an
    `scf.for` whose A or B is a `tt.load` of the same loop body (seen
    through `ttg.convert_layout`) at addresses that change from one
    iteration to the next, this pass builds before the dot the address tile
    the next iteration will load (the induction variable plus the step, each
    region argument the value the body yields for it; pure ops only) and
    records it as `tilerun.prefetch_next_iteration %ptrs, %dot`, which the
    dot's micro-kernel carries out between its register tiles. Dots that
    run on AMX tiles (the `amx-*` options, as for the tile lowering) get
    none: the tile kernel issues no prefetches, since there they cost more
    than they save (docs/performance.md, Measurements behind code choices).
  }];
  let options = [
    Option<"amxBF16", "amx-bf16", "bool", /*default=*/"false",
           "bf16 (and fp8) dots of whole tiles run on AMX tiles">,
    Option<"amxFP16", "amx-fp16", "bool", /*default=*/"false",
           "f16 dots of whole tiles run on AMX-FP16">,
    Option<"amxInt8", "amx-int8", "bool", /*default=*/"false",
           "int8 dots of whole tiles run on AMX-INT8">,
  ];
  let dependentDialects = ["::tilerun::TilerunDialect",
                           "mlir::arith::ArithDialect"];
}

def ConvertTritonToLoops : Pass<"tilerun-convert-triton-to-loops", "mlir::ModuleOp"> {
  let summary = "Lower tile programs (tt/ttg on tensors) to loops over memrefs";
  let description = [{
    Rewrites every `tt.func` into a `func.func` that runs one program instance
    of the kernel on a CPU thread. Tensors are not given storage by default: a
    tensor value is evaluated element by element where it is consumed, so that
    an elementwise chain ending in a store becomes one loop whose addresses
    LLVM sees as affine in the loop index (and vectorises). A tensor is given
    a stack buffer only when recomputing it would be wrong (a load followed by
    a store that may alias it) or wasteful (an expensive value consumed in
    several places, the operands of a dot), or when its op is not elementwise
    (dot, reduce, scan, histogram, atomics, loop-carried values).

    Pointers become `!llvm.ptr` and arithmetic on them `llvm.getelementptr`.
    The kernel ABI appends six i32 parameters: num_programs x, y, z and
    program_id x, y, z. Shared memory (`ttg.local_alloc`) is a per-program
    stack buffer in which elements sit at the offsets the shared layout gives.
  }];
  let options = [
    Option<"checked", "checked", "bool", /*default=*/"false",
           "Bounds-check every global and shared-memory access">,
    Option<"maxProgramBytes", "max-program-bytes", "uint64_t",
           /*default=*/"64ull << 20",
           "Largest stack frame (tile buffers and shared memory) a program "
           "may need">,
    Option<"streamingStores", "streaming-stores", "bool", /*default=*/"false",
           "Write the tiles of launches larger than the caches with "
           "non-temporal stores of whole cache lines (x86 with AVX)">,
    Option<"vectorLoopHints", "vector-loop-hints", "unsigned",
           /*default=*/"0",
           "Bytes of a vector register, to give the element and reduction "
           "loops LLVM loop metadata (an interleave count, no unrolling); "
           "0 for none. For x86 targets with 16 vector registers">,
    Option<"versionMasks", "version-masks", "bool", /*default=*/"true",
           "Emit a nest whose load masks depend only on indices and scalars "
           "twice, behind a check that they are all true: an unguarded copy "
           "LLVM vectorises and the guarded one">,
    Option<"uniformDivision", "uniform-division", "bool", /*default=*/"true",
           "Version f32 divisions by one scalar for the whole tile on its "
           "reciprocal being normal: a multiplication and one correction "
           "instead of a vector division">,
    Option<"identityRemainders", "identity-remainders", "bool",
           /*default=*/"true",
           "Version nests reading a buffered integer remainder on the "
           "remainder equalling its dividend over the tile (proved from "
           "value ranges): the copy reads the affine dividend">,
    Option<"matmulTileRows", "matmul-tile-rows", "int64_t", /*default=*/"4",
           "Vector accumulators of the f32 dot micro-kernel (the target's "
           "register tile, CpuTarget::matmulRegisterTile)">,
    Option<"matmulTileLanes", "matmul-tile-lanes", "int64_t",
           /*default=*/"16",
           "f32 lanes of each accumulator of the dot micro-kernel">,
    Option<"bf16DotProducts", "bf16-dot-products", "bool",
           /*default=*/"false",
           "Multiply bf16 dot operands with AVX512-BF16's dot product "
           "(x86vector.avx512.dot, vdpbf16ps: pairs of bf16 products "
           "added to f32 accumulators) instead of widening them to f32">,
    Option<"int8DotProducts", "int8-dot-products", "int64_t",
           /*default=*/"0",
           "Multiply int8 dot operands with vpdpbusd (four byte products "
           "added to each i32 lane) on this many lanes (16: AVX512-VNNI, "
           "8: AVX-VNNI; 0: not at all)">,
    Option<"int8WordProducts", "int8-word-products", "int64_t",
           /*default=*/"0",
           "Without int8-dot-products, multiply int8 dot operands widened to "
           "16-bit words with vpmaddwd on this many i32 lanes (16: "
           "AVX-512BW, 8: AVX2; 0: widening loops)">,
    Option<"amxBF16", "amx-bf16", "bool", /*default=*/"false",
           "Multiply bf16 (and fp8) dots of whole 16 x 16 tiles on AMX "
           "tiles (amx.tile_mulf, tdpbf16ps)">,
    Option<"amxFP16", "amx-fp16", "bool", /*default=*/"false",
           "Multiply f16 dots of whole tiles on AMX-FP16 (tdpfp16ps)">,
    Option<"amxInt8", "amx-int8", "bool", /*default=*/"false",
           "Multiply int8 dots of whole tiles on AMX-INT8 (amx.tile_muli, "
           "tdpbssd)">,
    Option<"shareTiles", "share-tiles", "bool", /*default=*/"false",
           "Let the programs a worker thread runs share the AMX kernel's "
           "packed B tiles through the runtime's per-launch tile cache "
           "(tilerun_tile_cache_find / _insert), in kernels where no "
           "write can reach B before the dot and no atomic runs">,
  ];
  let dependentDialects = [
    "mlir::amx::AMXDialect",
    "mlir::arith::ArithDialect", "mlir::cf::ControlFlowDialect",
    "mlir::func::FuncDialect", "mlir::LLVM::LLVMDialect",
    "mlir::math::MathDialect", "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect", "mlir::vector::VectorDialect",
    "mlir::x86vector::X86VectorDialect",
  ];
}

def TieAbiOutputs : Pass<"tilerun-tie-abi-outputs", "mlir::ModuleOp"> {
  let summary = "Write results tied by `iree.abi.output` into their arguments";
  let description = [{
    IREE's input convention for caller-provided output storage: an argument
    `%out: tensor<...> {iree.abi.output = N : index}` is the storage of result
    N. A kernel launched over a grid must write into that buffer, so each
    such result is materialized into its argument
    (`bufferization.materialize_in_destination`) and the function returns
    nothing; one-shot bufferization then writes in place. Results without a
    tied argument are an error: a grid of programs has nowhere to return them.
    Argument attributes other than `llvm.*`/`bufferization.*` are dropped:
    the LLVM translation has no use for front-end hints. Functions marked
    `tilerun.grid_of` (the whole-grid entries `tilerun-add-grid-entries`
    makes for IREE) are erased: tilerun launches the kernel over the grid
    itself.
  }];
  let dependentDialects = ["mlir::bufferization::BufferizationDialect"];
}

def CheckMemRefViews : Pass<"tilerun-check-memref-views", "mlir::ModuleOp"> {
  let summary = "Bounds-check accessed views of argument buffers";
  let description = [{
    A `memref.reinterpret_cast` or `memref.subview` of a function argument
    that is accessed (used by anything but another view, `memref.dim` or
    metadata queries) gets a run-time check that every element it spans lies
    inside the argument's buffer. Views that are only sliced further are not
    checked: triton-shared casts whole blocks and masks them with subviews.
    A failing check calls `tilerun_report_error` with the op's location and
    returns from the program. Runs on control-flow form (after SCF-to-CF).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::cf::ControlFlowDialect",
                           "mlir::LLVM::LLVMDialect", "mlir::memref::MemRefDialect"];
}

def MemRefCopyToLinalg : Pass<"tilerun-memref-copy-to-linalg", "mlir::func::FuncOp"> {
  let summary = "Rewrite memref.copy as linalg.copy";
  let description = [{
    memref.copy between strided views lowers to a call into MLIR's C runner
    library; as linalg.copy it becomes a loop nest LLVM can vectorise.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect"];
}

def LinalgMatmulToMicroKernel : Pass<"tilerun-linalg-matmul-to-micro-kernel", "mlir::func::FuncOp"> {
  let summary = "f32 linalg.matmul on static memrefs as a register-tiled micro-kernel";
  let description = [{
    C[m, n] += A[m, k] * B[k, n] (linalg.matmul, or a linalg.generic with the
    same maps and an out + a * b body) on static f32 memrefs whose B and C
    rows are contiguous, C being a local buffer that A and B are not views
    of, becomes the micro-kernel tt.dot lowers to: MR vector
    accumulators of NR lanes kept in registers across the K loop. Each
    element sees the same multiply-adds in the same order as the loop nest
    convert-linalg-to-loops would produce, each one fused (vector.fma), as
    MLIR's vectorizer lowers the contraction through vector.contract and as
    tt.dot's micro-kernel does: without fusion the adds compete with the
    multiplies for the FMA units and the kernel runs at half their rate.
    With fuse-multiply-add=false the multiplies and adds stay apart and the
    results are bit-identical to the loops'.

    triton-shared's `acc = tl.dot(a, b, acc)` is a matmul into a copy of a
    zero tensor, then an elementwise acc + product. Where C was copied, by
    the op before the matmul, from a local buffer only ever filled with
    +0.0, the accumulators start at +0.0 and the copy goes; where the op
    after it adds C to a local accumulator buffer (linalg.generic, identity
    maps, one addf) and nothing else reads C, each accumulator is added to
    that buffer as it is stored, in the body's operand order, and the add
    goes. Every element sees the same operations either way.
  }];
  let options = [
    Option<"tileRows", "tile-rows", "int64_t", /*default=*/"4",
           "Vector accumulators of the micro-kernel (the target's register "
           "tile, CpuTarget::matmulRegisterTile)">,
    Option<"tileLanes", "tile-lanes", "int64_t", /*default=*/"16",
           "f32 lanes of each accumulator">,
    Option<"fuseMultiplyAdd", "fuse-multiply-add", "bool", /*default=*/"true",
           "Each multiply-add one fused multiply-add, as MLIR's vectorizer "
           "lowers the contraction (false: the loops' separate multiply and "
           "add, bit-identical to convert-linalg-to-loops)">,
    Option<"prefetchNextIteration", "prefetch-next-iteration", "bool",
           /*default=*/"false",
           "Where the matmul is in an scf.for and its A or B was copied in "
           "that loop's body from a view whose offsets change from one "
           "iteration to the next, prefetch that view of the next "
           "iteration, a few lines before each register tile">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::memref::MemRefDialect",
                           "mlir::scf::SCFDialect", "mlir::vector::VectorDialect"];
}

def CollapseContiguousLinalg : Pass<"tilerun-collapse-contiguous-linalg", "mlir::func::FuncOp"> {
  let summary = "Elementwise linalg ops on static contiguous buffers as 1-D ops";
  let description = [{
    linalg.generic (all-parallel, identity maps), linalg.copy and linalg.fill
    whose operands are all static, contiguous row-major memrefs of rank >= 2
    become the same op on 1-D views of all elements (memref.collapse_shape).
    Their loop nests would have short constant inner loops, which LLVM
    unrolls before vectorising the outer loop across rows with gathers and
    scatters; one contiguous loop vectorises with plain loads and stores.
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::memref::MemRefDialect"];
}

def VectorizeReductions : Pass<"tilerun-vectorize-reductions", "mlir::func::FuncOp"> {
  let summary = "Innermost-dimension linalg.reduce in vector partials";
  let description = [{
    A linalg.reduce on buffers of one static input, contiguous along the
    innermost dimension it reduces, whose combiner is one arith op with a
    vector combining kind (addf/addi, mulf/muli, the min and max ops, and,
    or, xor) applied to the element and the accumulator, becomes a loop over
    the outer indices that keeps four vector partials of `vector-bytes`
    along the row, reduces them with vector.reduction, folds in the row's
    tail element by element and then the accumulator's old value. As loops,
    each element waits on the previous one's result. Integer, min and max
    reductions give the same result; floating-point sums and products are
    reassociated (Triton's reductions have no defined order; MLIR's
    vectoriser reassociates a linalg reduction too). Rows shorter than four
    vectors are left alone.
  }];
  let options = [
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"32",
           "Bytes of each partial (CpuTarget::preferredVectorBytes)">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::vector::VectorDialect",
                           "mlir::arith::ArithDialect", "mlir::memref::MemRefDialect"];
}

def VectorizeStaticCopies : Pass<"tilerun-vectorize-static-copies", "mlir::func::FuncOp"> {
  let summary = "Static tile copies between a local buffer and a view as vector row copies";
  let description = [{
    A linalg.copy on static memrefs whose innermost dimension is contiguous
    on both sides (an unmasked tile triton-shared loads from a kernel
    argument into a local buffer, or stores back) becomes a loop over its
    rows, each row moved by vector loads and stores of `vector-bytes` and
    one shorter tail. As a loop nest, the short constant inner loop is
    unrolled by LLVM before its loop vectoriser runs, and the unrolled
    element moves stay scalar. One side must be a local allocation that the
    other is not a view of, so that the sides cannot overlap.

    A copy of dynamic size between a view and the leading corner of a
    static local buffer (a masked tile's load or store) is first versioned
    on the corner being the whole buffer, as it is away from a tensor's
    edges; that version is a static copy.
  }];
  let options = [
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"32",
           "Bytes of each vector load and store (CpuTarget::preferredVectorBytes)">,
  ];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::vector::VectorDialect",
                           "mlir::arith::ArithDialect", "mlir::memref::MemRefDialect"];
}

def HoistUnrankedDescriptors : Pass<"tilerun-hoist-unranked-descriptors", "mlir::func::FuncOp"> {
  let summary = "Reinterpret unranked arguments through a rank-0 view made at entry";
  let description = [{
    Every memref.reinterpret_cast of an unranked (`memref<*xT>`) argument
    becomes a reinterpret_cast of one rank-0 view of that argument created
    at function entry. The views are the same; lowered to LLVM, the
    argument's descriptor is read once instead of at every cast, which in a
    loop that stores to memory LLVM cannot hoist.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def StreamLinalgOutputs : Pass<"tilerun-stream-linalg-outputs", "mlir::func::FuncOp"> {
  let summary = "Large elementwise outputs written with non-temporal line stores";
  let description = [{
    An all-parallel linalg.generic, linalg.copy or linalg.fill on buffers
    that writes a view of a kernel argument, contiguous along its innermost
    dimension, without reading it, is guarded by the size of the launch's writes (its
    output's elements times the programs in the grid, from the kernel's
    trailing grid parameters). When the launch writes at least as much as
    the caches hold, each row whose start is line-aligned is computed in
    chunks of 64 elements, vectorised by the linalg vectoriser, and written
    with aligned non-temporal vector stores: no read for ownership, which
    would move each output byte twice. The rest of the row, a misaligned
    row, and smaller launches keep the op. Each chunk reads its inputs
    before it writes, so arguments aliasing at equal indices keep their
    results; inputs read at other indices (broadcasts) must be local
    buffers. Kernels with atomics are left alone: the runtime fences
    non-temporal stores only when a thread's programs are done. So are
    private functions, whose trailing parameters need not be the grid.
    With `vector-bytes`, a chunk's vector operations (its reads, arithmetic
    and non-temporal stores) are unrolled into vectors of that many bytes,
    the width LLVM's own vectorisers pick for the CPU
    (`CpuTarget::preferredVectorBytes`).
  }];
  let options = [
    Option<"vectorBytes", "vector-bytes", "int64_t", /*default=*/"0",
           "Bytes of each vector operation of a chunk (0: one vector per "
           "chunk, as the linalg vectoriser makes it)">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect",
                           "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect"];
}

def PromoteScopedAllocs : Pass<"tilerun-promote-scoped-allocs", "mlir::func::FuncOp"> {
  let summary = "Static allocs freed unconditionally in their own block as entry-block allocas";
  let description = [{
    A `memref.alloc` of static shape whose only deallocation (through any
    view) is a `memref.dealloc` in the alloc's own block, and no view of
    which leaves through a terminator or call, lives no longer than one
    execution of that block. It becomes a `memref.alloca` in the function's
    entry block (a fixed stack slot that every execution reuses) and the
    dealloc goes away: no malloc/free per loop iteration or program. Runs
    after buffer deallocation; at most `max-bytes` per function are promoted
    so that programs fit the runtime's default thread stacks.
  }];
  let options = [
    Option<"maxBytes", "max-bytes", "uint64_t", /*default=*/"256ull << 10",
           "Most bytes of stack the promoted buffers of one function may take">,
  ];
  let dependentDialects = ["mlir::memref::MemRefDialect"];
}

def ForwardElementwiseCopies : Pass<"tilerun-forward-elementwise-copies", "mlir::func::FuncOp"> {
  let summary = "Compute masked elementwise tiles from their sources into their destination";
  let description = [{
    triton-shared's `copy inputs' valid part into local buffers; elementwise
    linalg.generic over the whole buffers; copy the result's valid part out`
    becomes one linalg.generic from the copies' sources into the last copy's
    target, when the buffers are local allocations used only by this, every
    copy covers the same leading region, the generic is all-parallel with
    identity maps and ignores its output's old values, and nothing between
    the first copy and the last touches memory. Each input element is read
    just before the output element of the same index is written, as the TTIR
    path does for a load whose value is stored: arguments aliasing at equal
    indices keep their results, arguments overlapping shifted do not. Runs on
    buffers (after bufferization, before deallocation).
  }];
  let dependentDialects = ["mlir::linalg::LinalgDialect", "mlir::memref::MemRefDialect"];
}

def LinalgToRankedTensors : Pass<"tilerun-linalg-to-ranked-tensors", "mlir::ModuleOp"> {
  let summary = "Rewrite linalg-on-memref kernels into linalg on ranked tensors";
  let description = [{
    Turns triton-shared's output (memref arguments, often unranked, accessed
    through reinterpret_cast/subview views) into the form IREE accepts:
    every memref argument becomes a ranked tensor (`memref<*xT>` ->
    `tensor<?xT>`), every buffer (argument or `memref.alloc`) becomes an SSA
    tensor value threaded through the program, reads of a strided view become
    a gathering `linalg.generic`, writes `tensor.insert_slice` (one per row of
    the view). Arguments the kernel writes are returned and marked
    `{iree.abi.output = N : index}`, IREE's convention for caller-provided
    result storage. `bufferization.alloc_tensor` becomes `tensor.empty` (or
    the value it copies), so no bufferization op is left.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect",
                           "mlir::scf::SCFDialect", "mlir::tensor::TensorDialect",
                           "mlir::bufferization::BufferizationDialect"];
}

def AddGridEntries : Pass<"tilerun-add-grid-entries", "mlir::ModuleOp"> {
  let summary = "Add a function that runs a converted kernel's whole grid";
  let description = [{
    A kernel on ranked tensors (`tilerun-linalg-to-ranked-tensors`) computes
    one program; a caller such as IREE wants the launch. For each public
    kernel `@K` whose last six parameters are triton-shared's i32
    num_programs x, y, z and program_id x, y, z, this adds
    `@K_grid(params..., gx: i32, gy: i32, gz: i32)`, marked
    `tilerun.grid_of = "K"`: one `scf.for` over the gx * gy * gz program
    ids (x fastest, as tilerun's runtime orders them; a size <= 0 means no
    programs) calls `@K` on each, carrying the tensors the kernel returns.
    Its results are the kernel's, tied to the same parameters by
    `iree.abi.output`. The programs run one after another, which is one of
    the orders a GPU may run them in.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::func::FuncDialect",
                           "mlir::scf::SCFDialect"];
}

def PrepareIreeInput : Pass<"tilerun-prepare-iree-input", "mlir::ModuleOp"> {
  let summary = "Restate dynamically shaped control flow so IREE can compile it";
  let description = [{
    IREE tracks the dimensions of a dynamically shaped tensor through
    `scf.for` from the op that made the loop's init, but not through
    `scf.if` results nor from a block argument (an enclosing loop's, which
    a kernel's function argument becomes once a grid entry's loop inlines
    it); either fails in `iree-compile` with "'tensor.dim' op unexpected
    during shape cleanup". So:
    - an `scf.if` with a dynamically shaped tensor result becomes two
      `scf.for` of at most one trip, the then branch running when the
      condition holds, the else branch otherwise, carrying the results;
    - an `scf.for` init of dynamic shape that is a block argument is
      passed through a whole-tensor `tensor.extract_slice`;
    - a scalar `tensor.insert` becomes a `linalg.fill` (rank 0) or the
      `tensor.insert_slice` of a one-element tensor, forms IREE 3.13
      compiles correctly inside a loop (see IreeInput.cpp).
    Then every function is checked for what IREE takes: ops of the func,
    arith, math, scf, linalg and tensor dialects only, and no other region
    op than `scf.for` yielding a dynamically shaped tensor. Anything else is
    an error at the op.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect", "mlir::linalg::LinalgDialect",
                           "mlir::scf::SCFDialect", "mlir::tensor::TensorDialect"];
}

#endif // TILERUN_CONVERSION_PASSES
