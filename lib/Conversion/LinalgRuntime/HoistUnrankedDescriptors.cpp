//===- HoistUnrankedDescriptors.cpp - read unranked arguments once --------===//
//
// A `memref<*xT>` argument is a pointer to a ranked descriptor in memory, so
// every memref.reinterpret_cast of it loads the descriptor's base pointers.
// triton-shared's kernels reinterpret their unranked arguments at offsets
// that vary per loop iteration; inside a loop that stores to memory, LLVM
// cannot hoist those loads (the stores might write the descriptor), and
// every iteration reloads them. Reinterpreting a rank-0 view made once at
// function entry instead takes the base pointers from SSA values: the same
// views (a reinterpret_cast ignores its source's offset, sizes and strides),
// one load per argument.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Conversion/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace tilerun {
#define GEN_PASS_DEF_HOISTUNRANKEDDESCRIPTORS
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

namespace {

/// The rank-0 view of an unranked argument made at entry, and the cast that
/// starts it (which must keep reading the argument).
struct EntryView {
  Operation *cast;
  Value view;
};

/// reinterpret_cast(%arg, ...) -> reinterpret_cast(%entryView, ...), where
/// %entryView is the rank-0 view of the unranked argument %arg made at entry.
struct ReinterpretEntryView : OpRewritePattern<memref::ReinterpretCastOp> {
  ReinterpretEntryView(MLIRContext *ctx,
                       const llvm::DenseMap<Value, EntryView> &entryViews)
      : OpRewritePattern(ctx), entryViews(entryViews) {}

  LogicalResult matchAndRewrite(memref::ReinterpretCastOp op,
                                PatternRewriter &rewriter) const override {
    auto it = entryViews.find(op.getSource());
    if (it == entryViews.end() || it->second.cast == op)
      return failure();
    rewriter.modifyOpInPlace(
        op, [&] { op.getSourceMutable().assign(it->second.view); });
    return success();
  }

  const llvm::DenseMap<Value, EntryView> &entryViews;
};

struct HoistUnrankedDescriptors
    : tilerun::impl::HoistUnrankedDescriptorsBase<HoistUnrankedDescriptors> {
  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (fn.isExternal())
      return;
    llvm::DenseMap<Value, EntryView> entryViews;
    OpBuilder b = OpBuilder::atBlockBegin(&fn.getBody().front());
    for (BlockArgument arg : fn.getArguments()) {
      auto type = dyn_cast<UnrankedMemRefType>(arg.getType());
      if (!type || llvm::none_of(arg.getUsers(), [](Operation *user) {
            return isa<memref::ReinterpretCastOp>(user);
          }))
        continue;
      auto viewTy =
          MemRefType::get({}, type.getElementType(),
                          MemRefLayoutAttrInterface(), type.getMemorySpace());
      auto cast = memref::ReinterpretCastOp::create(
          b, arg.getLoc(), viewTy, arg, /*offset=*/0, /*sizes=*/{},
          /*strides=*/{});
      // An assumption that always holds, as a view the folders do not look
      // through: reinterpret_cast(reinterpret_cast(%arg)) folds back to
      // reinterpret_cast(%arg).
      Value view = memref::AssumeAlignmentOp::create(b, arg.getLoc(), cast, 1);
      entryViews[arg] = EntryView{cast, view};
    }
    if (entryViews.empty())
      return;
    RewritePatternSet patterns(&getContext());
    patterns.add<ReinterpretEntryView>(&getContext(), entryViews);
    if (failed(applyPatternsGreedily(fn, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
