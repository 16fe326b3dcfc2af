//===- IreeInput.cpp - dynamically shaped control flow IREE can follow ----===//
//
// IREE's flow stage must know the dimensions of every dynamically shaped
// tensor it dispatches on. It follows them through scf.for, by carrying them
// beside the tensor when it can see them at the loop's init (an op it can ask
// for the shape of), but not through scf.if results nor from a block
// argument; what it cannot follow remains as a tensor.dim and fails with
// "'tensor.dim' op unexpected during shape cleanup". The converter writes
// arguments (`tensor<?xT>`) inside scf.if and scf.for, and the grid entry's
// loop around each inlined program makes every function argument a block
// argument of that loop, so the kernels are restated here in forms IREE
// follows; they compute the same values.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

using namespace mlir;

namespace tilerun {
#define GEN_PASS_DEF_PREPAREIREEINPUT
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

namespace {

bool isDynamicTensor(Type t) {
  auto rt = dyn_cast<RankedTensorType>(t);
  return rt && !rt.hasStaticShape();
}

/// The value defined above `ifOp` that `v`, yielded by one of its branches,
/// was written into: followed through destination-style ops (insert_slice,
/// insert, linalg) and scf.for results back to their inits. Null if the chain
/// starts inside the if.
Value destinationAbove(Value v, scf::IfOp ifOp) {
  while (v) {
    Region *r = v.getParentRegion();
    if (!ifOp->isAncestor(r->getParentOp()))
      return v;
    auto res = dyn_cast<OpResult>(v);
    if (!res)
      return nullptr;
    Operation *def = res.getOwner();
    if (auto dps = dyn_cast<DestinationStyleOpInterface>(def))
      v = dps.getTiedOpOperand(res)->get();
    else if (auto loop = dyn_cast<scf::ForOp>(def))
      v = loop.getInitArgs()[res.getResultNumber()];
    else
      return nullptr;
  }
  return nullptr;
}

/// An init for result `i` of the loops replacing `ifOp`: any value of the
/// result's type will do, since one of the two loops always runs and
/// overwrites it, but the value a branch writes into lets the loop update
/// it in place.
FailureOr<Value> initFor(OpBuilder &b, scf::IfOp ifOp, unsigned i) {
  Type t = ifOp.getResult(i).getType();
  for (Region *r : {&ifOp.getElseRegion(), &ifOp.getThenRegion()}) {
    if (r->empty())
      continue;
    Value yielded = r->front().getTerminator()->getOperand(i);
    if (Value above = destinationAbove(yielded, ifOp);
        above && above.getType() == t)
      return above;
  }
  Location loc = ifOp.getLoc();
  if (auto rt = dyn_cast<RankedTensorType>(t); rt && rt.hasStaticShape())
    return tensor::EmptyOp::create(b, loc, rt.getShape(), rt.getElementType())
        .getResult();
  if (isa<IndexType, IntegerType, FloatType>(t))
    return arith::ConstantOp::create(b, loc, cast<TypedAttr>(b.getZeroAttr(t)))
        .getResult();
  return ifOp.emitError("an scf.if yielding ")
         << t
         << " needs a value written by one of its branches to be restated "
            "for IREE";
}

/// `scf.if %c -> (T...) {A} else {B}` becomes
///   %r0 = scf.for 0 to (%c ? 1 : 0) iter_args(inits) {A}
///   %r  = scf.for 0 to (%c ? 0 : 1) iter_args(%r0) {B}
/// Inside each loop, uses of an init defined above are uses of the loop's
/// iteration argument: when the body runs, the two are the same value (the
/// other loop runs no trip), and the body then updates the carried tensor
/// rather than a copy of the one above.
LogicalResult ifToLoops(scf::IfOp ifOp) {
  OpBuilder b(ifOp);
  Location loc = ifOp.getLoc();
  SmallVector<Value> inits;
  for (unsigned i = 0; i < ifOp.getNumResults(); ++i) {
    FailureOr<Value> init = initFor(b, ifOp, i);
    if (failed(init))
      return failure();
    inits.push_back(*init);
  }
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value cond = ifOp.getCondition();
  Value trips[2] = {arith::SelectOp::create(b, loc, cond, one, zero),
                    arith::SelectOp::create(b, loc, cond, zero, one)};
  SmallVector<Value> carried = inits;
  for (unsigned k = 0; k < 2; ++k) {
    Region &branch = k == 0 ? ifOp.getThenRegion() : ifOp.getElseRegion();
    auto loop = scf::ForOp::create(b, loc, zero, trips[k], one, carried);
    // The branch's ops, its yield included (an if with results has both
    // branches), are the loop's body; the builder made none for a loop with
    // iteration arguments.
    Block *body = loop.getBody();
    body->getOperations().splice(body->end(), branch.front().getOperations());
    for (auto [init, arg] : llvm::zip(inits, loop.getRegionIterArgs()))
      init.replaceUsesWithIf(arg, [&](OpOperand &use) {
        return loop->isProperAncestor(use.getOwner());
      });
    carried.assign(loop.getResults().begin(), loop.getResults().end());
  }
  ifOp.replaceAllUsesWith(carried);
  ifOp.erase();
  return success();
}

/// IREE sees the dimensions of an op result (a whole-tensor extract_slice
/// states them), not those of a block argument.
void sliceBlockArgumentInits(scf::ForOp loop) {
  OpBuilder b(loop);
  for (OpOperand &init : loop.getInitArgsMutable()) {
    Value v = init.get();
    if (!isa<BlockArgument>(v) || !isDynamicTensor(v.getType()))
      continue;
    auto type = cast<RankedTensorType>(v.getType());
    SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
    SmallVector<OpFoldResult> strides(type.getRank(), b.getIndexAttr(1));
    SmallVector<OpFoldResult> sizes =
        tensor::getMixedSizes(b, loop.getLoc(), v);
    init.set(tensor::ExtractSliceOp::create(b, loop.getLoc(), v, offsets, sizes,
                                            strides));
  }
}

/// Two miscompiles of scalar `tensor.insert` in IREE 3.13, both in loops (the
/// grid entry's loop around every program):
///  - into a rank-0 tensor (triton-shared's reduction inits,
///    `tensor.insert %init into %empty[]`): the filled tensor is hoisted into
///    a global, the reduction then accumulates into that global in place, and
///    the next program starts from the previous one's result. A
///    `linalg.fill` is the same value and is fused into the reduction.
///  - into a tensor carried to an `iree.abi.output` result: the launch fails
///    with "source and target ranges must not overlap within the same
///    buffer". Inserting a one-element slice is the same write and runs.
void restateScalarInserts(func::FuncOp fn) {
  SmallVector<tensor::InsertOp> inserts;
  fn.walk([&](tensor::InsertOp i) { inserts.push_back(i); });
  for (tensor::InsertOp insert : inserts) {
    OpBuilder b(insert);
    Location loc = insert.getLoc();
    RankedTensorType type = insert.getType();
    Value replacement;
    if (type.getRank() == 0) {
      replacement =
          linalg::FillOp::create(b, loc, insert.getScalar(), insert.getDest())
              .getResult(0);
    } else {
      SmallVector<int64_t> ones(type.getRank(), 1);
      Value element = tensor::FromElementsOp::create(
          b, loc, RankedTensorType::get(ones, type.getElementType()),
          insert.getScalar());
      SmallVector<OpFoldResult> offsets =
          getAsOpFoldResult(insert.getIndices());
      SmallVector<OpFoldResult> unit(type.getRank(), b.getIndexAttr(1));
      replacement = tensor::InsertSliceOp::create(
          b, loc, element, insert.getDest(), offsets, unit, unit);
    }
    insert.replaceAllUsesWith(replacement);
    insert.erase();
  }
}

/// What IREE's input takes: upstream ops of these dialects, and dynamically
/// shaped tensors yielded only by scf.for among the control-flow ops.
LogicalResult checkIreeInput(func::FuncOp fn) {
  static constexpr StringLiteral kDialects[] = {"func", "arith",  "math",
                                                "scf",  "linalg", "tensor"};
  WalkResult r = fn.walk([&](Operation *o) {
    StringRef dialect = o->getName().getDialectNamespace();
    if (!llvm::is_contained(kDialects, dialect)) {
      o->emitError("'") << o->getName()
                        << "' cannot be converted for IREE: a converted "
                           "kernel may only use func, arith, math, scf, "
                           "linalg and tensor ops";
      return WalkResult::interrupt();
    }
    if (isa<RegionBranchOpInterface>(o) && !isa<scf::ForOp>(o))
      for (Type t : o->getResultTypes())
        if (isDynamicTensor(t)) {
          o->emitError("'") << o->getName() << "' yields " << t
                            << ", which IREE cannot follow the dimensions "
                               "of: only scf.for may carry dynamically "
                               "shaped tensors";
          return WalkResult::interrupt();
        }
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

struct PrepareIreeInput
    : tilerun::impl::PrepareIreeInputBase<PrepareIreeInput> {
  void runOnOperation() override {
    for (auto fn : getOperation().getOps<func::FuncOp>()) {
      if (fn.isExternal())
        continue;
      // Innermost first: a nested if's loops are then part of the branch
      // that becomes the outer if's loop.
      SmallVector<scf::IfOp> ifs;
      fn.walk([&](scf::IfOp i) {
        if (llvm::any_of(i.getResultTypes(), isDynamicTensor))
          ifs.push_back(i);
      });
      for (scf::IfOp i : ifs)
        if (failed(ifToLoops(i)))
          return signalPassFailure();
      fn.walk(sliceBlockArgumentInits);
      restateScalarInserts(fn);
      if (failed(checkIreeInput(fn)))
        return signalPassFailure();
    }
  }
};
} // namespace
