//===- VectorizeReductions.cpp - row reductions in vector partials --------===//
//
// triton-shared writes `tl.max` and `tl.sum` along a row as linalg.reduce
// over the row's innermost dimension, with one combining op. Lowered to
// loops, each element waits for the previous one's result: a chain of
// dependent adds, or of compares and selects for a max, that LLVM may not
// reorder (floating-point), at one element per few cycles. The TTIR path
// reduces in vector partials instead (as a GPU reduces in a tree, Triton's
// reductions have no defined order).
//
// Here such a reduction becomes, per row (the outer indices):
//
//   partials = the first kPartials vectors of the row
//   for each further group of kPartials vectors: partials op= the group
//   r = reduce(partials combined), the row's tail folded in element-wise,
//   out = r op out
//
// Combining kinds whose order changes nothing (integer ops, min and max)
// give the loops' result exactly; floating-point sums and products are
// reassociated, as MLIR's own vectoriser does for a linalg reduction.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Conversion/Passes.h"

#include "RowLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace tilerun {
#define GEN_PASS_DEF_VECTORIZEREDUCTIONS
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

namespace {

/// Independent vector partials: enough to cover the latency of a vector add
/// or max at one per cycle.
constexpr int64_t kPartials = 4;

/// The vector combining kind of a reduction's single combining op.
std::optional<vector::CombiningKind> combiningKind(Operation *op) {
  using Kind = vector::CombiningKind;
  return llvm::TypeSwitch<Operation *, std::optional<Kind>>(op)
      .Case([](arith::AddFOp) { return Kind::ADD; })
      .Case([](arith::AddIOp) { return Kind::ADD; })
      .Case([](arith::MulFOp) { return Kind::MUL; })
      .Case([](arith::MulIOp) { return Kind::MUL; })
      .Case([](arith::MaxNumFOp) { return Kind::MAXNUMF; })
      .Case([](arith::MinNumFOp) { return Kind::MINNUMF; })
      .Case([](arith::MaximumFOp) { return Kind::MAXIMUMF; })
      .Case([](arith::MinimumFOp) { return Kind::MINIMUMF; })
      .Case([](arith::MaxSIOp) { return Kind::MAXSI; })
      .Case([](arith::MinSIOp) { return Kind::MINSI; })
      .Case([](arith::MaxUIOp) { return Kind::MAXUI; })
      .Case([](arith::MinUIOp) { return Kind::MINUI; })
      .Case([](arith::AndIOp) { return Kind::AND; })
      .Case([](arith::OrIOp) { return Kind::OR; })
      .Case([](arith::XOrIOp) { return Kind::XOR; })
      .Default([](Operation *) { return std::nullopt; });
}

/// The combining op of `reduce`'s body when the body is `yield op(in, init)`
/// (either operand order) of an op with a vector combining kind.
Operation *combiningOp(linalg::ReduceOp reduce) {
  Block &body = reduce.getCombiner().front();
  if (body.getNumArguments() != 2 || !llvm::hasNItems(body, 2))
    return nullptr;
  Operation *op = &body.front();
  auto yield = dyn_cast<linalg::YieldOp>(body.getTerminator());
  if (!yield || yield.getNumOperands() != 1 ||
      yield.getOperand(0) != op->getResult(0) || op->getNumOperands() != 2 ||
      !combiningKind(op))
    return nullptr;
  Value in = body.getArgument(0), init = body.getArgument(1);
  bool operandsOk = (op->getOperand(0) == in && op->getOperand(1) == init) ||
                    (op->getOperand(0) == init && op->getOperand(1) == in);
  // A floating-point op's fast-math flags would be lost on the way.
  if (auto fm = dyn_cast<arith::ArithFastMathInterface>(op);
      fm && fm.getFastMathFlagsAttr() &&
      fm.getFastMathFlagsAttr().getValue() != arith::FastMathFlags::none)
    return nullptr;
  return operandsOk ? op : nullptr;
}

/// `op` applied to `a` and `b` (scalars or vectors of its element type).
Value combine(OpBuilder &b, Operation *op, Value lhs, Value rhs) {
  OperationState state(op->getLoc(), op->getName(), ValueRange{lhs, rhs},
                       TypeRange{lhs.getType()}, op->getAttrs());
  return b.create(state)->getResult(0);
}

struct VectorizeRowReduction : OpRewritePattern<linalg::ReduceOp> {
  VectorizeRowReduction(MLIRContext *ctx, int64_t vectorBytes)
      : OpRewritePattern(ctx), vectorBytes(vectorBytes) {}

  int64_t vectorBytes;

  LogicalResult matchAndRewrite(linalg::ReduceOp reduce,
                                PatternRewriter &rewriter) const override {
    if (!reduce.hasPureBufferSemantics() || reduce.getInputs().size() != 1)
      return failure();
    Value input = reduce.getInputs()[0];
    Value init = reduce.getInits()[0];
    auto inType = cast<MemRefType>(input.getType());
    int64_t rank = inType.getRank();
    if (rank == 0 || !inType.hasStaticShape() ||
        reduce.getDimensions() != ArrayRef<int64_t>{rank - 1})
      return failure();
    if (!tilerun::hasContiguousRows(inType))
      return failure();
    Type elem = inType.getElementType();
    Operation *op = combiningOp(reduce);
    if (!op)
      return failure();
    int64_t lanes = vectorBytes / (elem.getIntOrFloatBitWidth() / 8);
    int64_t row = inType.getShape().back();
    int64_t group = lanes * kPartials;
    if (lanes < 2 || row < group)
      return failure();

    Location loc = reduce.getLoc();
    auto c = [&](OpBuilder &b, int64_t v) {
      return arith::ConstantIndexOp::create(b, loc, v).getResult();
    };
    auto vecType = VectorType::get({lanes}, elem);
    tilerun::forEachRow(
        rewriter, loc, inType.getShape(), [&](OpBuilder &b, ValueRange outer) {
          auto at = [&](Value i) {
            SmallVector<Value> idx(outer);
            idx.push_back(i);
            return idx;
          };
          auto loadVector = [&](OpBuilder &lb, Value i) {
            return vector::LoadOp::create(lb, loc, vecType, input, at(i))
                .getResult();
          };
          SmallVector<Value> partials;
          for (int64_t p = 0; p < kPartials; ++p)
            partials.push_back(loadVector(b, c(b, p * lanes)));
          int64_t whole = row / group * group;
          auto groups = scf::ForOp::create(
              b, loc, c(b, group), c(b, whole), c(b, group), partials,
              [&](OpBuilder &lb, Location, Value start, ValueRange acc) {
                SmallVector<Value> next;
                for (int64_t p = 0; p < kPartials; ++p) {
                  Value i =
                      arith::AddIOp::create(lb, loc, start, c(lb, p * lanes));
                  next.push_back(combine(lb, op, acc[p], loadVector(lb, i)));
                }
                scf::YieldOp::create(lb, loc, next);
              });
          SmallVector<Value> level(groups.getResults());
          while (level.size() > 1) {
            SmallVector<Value> half;
            for (size_t i = 0; i + 1 < level.size(); i += 2)
              half.push_back(combine(b, op, level[i], level[i + 1]));
            level = half;
          }
          // The lanes in any order, as the partials already are.
          auto kind = *combiningKind(op);
          bool floatSumOrProduct =
              isa<FloatType>(elem) && (kind == vector::CombiningKind::ADD ||
                                       kind == vector::CombiningKind::MUL);
          Value r = vector::ReductionOp::create(
              b, loc, kind, level.front(),
              floatSumOrProduct ? arith::FastMathFlags::reassoc
                                : arith::FastMathFlags::none);
          if (whole < row) {
            auto tail = scf::ForOp::create(
                b, loc, c(b, whole), c(b, row), c(b, 1), ValueRange{r},
                [&](OpBuilder &lb, Location, Value i, ValueRange acc) {
                  Value x = memref::LoadOp::create(lb, loc, input, at(i));
                  scf::YieldOp::create(lb, loc, combine(lb, op, acc[0], x));
                });
            r = tail.getResult(0);
          }
          Value old = memref::LoadOp::create(b, loc, init, outer);
          memref::StoreOp::create(b, loc, combine(b, op, r, old), init, outer);
        });
    rewriter.eraseOp(reduce);
    return success();
  }
};

struct VectorizeReductions
    : tilerun::impl::VectorizeReductionsBase<VectorizeReductions> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<VectorizeRowReduction>(&getContext(), vectorBytes);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
