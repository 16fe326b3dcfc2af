//===- MaterializationPlan.cpp - Which tensors get a buffer ---------------===//
//
// A tensor is evaluated where it is consumed unless that would be wrong or
// wasteful. The plan walks each block backwards so that, when a value is
// decided, the places where its consumers will finally be evaluated (its
// *emission points*) are known:
//   - a consumer that gets a buffer, or has a side effect, or is a region op
//     using the value inside its body, is an emission point;
//   - an inline consumer forwards its own emission points.
// Then:
//   - cheap ops (index arithmetic, splat, broadcast, casts...) are always
//     recomputed: LLVM folds them into address arithmetic;
//   - expensive pure ops get a buffer when evaluated more than once;
//   - loads get a buffer when an op that may write memory sits between the
//     load and an emission point (Triton's semantics is that the whole tile
//     is loaded at the load), or when they are evaluated more than once,
//     unless the tile is read again from the cache more cheaply than it is
//     copied (rereadFromCache).
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Dialect/Tilerun/IR/Dialect.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"
#include "tilerun/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
namespace tt = mlir::triton;
namespace ttg = mlir::triton::gpu;
namespace ttng = mlir::triton::nvidia_gpu;

namespace tilerun {
namespace loops {
namespace {

enum class Kind { Cheap, Expensive, Load, Materializing, Other };

/// The plan's view of an op's TileOpKind: shape ops and cheap elementwise
/// ops are recomputed, expensive ones buffered when needed twice. An
/// elementwise op with effects (an impure extern call) runs where it stands,
/// once per element, even when no result is read.
Kind classify(Operation *op) {
  std::optional<TileOpKind> kind = getTileKind(op);
  if (!kind)
    return Kind::Other;
  switch (*kind) {
  case TileOpKind::Remap:
  case TileOpKind::Rearrange:
    return Kind::Cheap;
  case TileOpKind::Elementwise:
    if (!isMemoryEffectFree(op))
      return Kind::Materializing;
    return getElementCost(op) >= kExpensiveElementCost ? Kind::Expensive
                                                       : Kind::Cheap;
  case TileOpKind::Load:
    return Kind::Load;
  case TileOpKind::Materializing:
    return Kind::Materializing;
  }
  llvm_unreachable("unknown tile kind");
}

/// True when `op` (or anything nested in it) may write memory or synchronise.
bool mayWrite(Operation *op) {
  if (getTileKind(op) == TileOpKind::Load)
    return false;
  if (auto iface = dyn_cast<MemoryEffectOpInterface>(op)) {
    if (iface.hasEffect<MemoryEffects::Write>() ||
        iface.hasEffect<MemoryEffects::Free>())
      return true;
    if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return false;
  } else if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
             op->getNumRegions() == 0) {
    // Unknown effects: be conservative unless it is a pure op.
    return !isPure(op);
  }
  for (Region &r : op->getRegions())
    for (Operation &inner : r.getOps())
      if (mayWrite(&inner))
        return true;
  return false;
}

/// Where a value is finally evaluated: op in the value's block -> how many
/// times per execution of the block (saturating).
using Points = llvm::SmallDenseMap<Operation *, unsigned, 4>;

void addPoint(Points &pts, Operation *op, unsigned weight) {
  unsigned &w = pts[op];
  w = std::min(w + weight, 1u << 20);
}

/// A load evaluated at a few places, each once, whose tile stays in the L1
/// cache between them is read again rather than copied into a buffer: the
/// copy costs a store and a load of every element and 16 KB more cache (a
/// softmax row's max pass and exp pass then both read the row; the first
/// brings it in). A load in a loop, a tile beyond the cache or a volatile
/// load gets its buffer.
constexpr int64_t kMaxRereadBytes = 32 * 1024;
constexpr unsigned kMaxReads = 4;

bool rereadFromCache(Operation *load, RankedTensorType type,
                     const Points &points) {
  if (auto ttLoad = dyn_cast<tt::LoadOp>(load);
      ttLoad && ttLoad.getIsVolatile())
    return false;
  unsigned reads = 0;
  for (auto [point, weight] : points) {
    if (weight != 1)
      return false; // in a loop, or each element read several times
    ++reads;
  }
  Type stored = storageType(loweredElementType(type));
  if (!stored.isIntOrFloat())
    return false;
  int64_t elemBytes = std::max(1u, stored.getIntOrFloatBitWidth() / 8);
  return reads <= kMaxReads && type.hasStaticShape() &&
         type.getNumElements() * elemBytes <= kMaxRereadBytes;
}

/// True when a pair reduction reads `v`, directly or through bitcasts.
bool feedsPairReduction(Value v) {
  return llvm::any_of(v.getUsers(), [](Operation *user) {
    return isPairReduction(user) ||
           (isa<tt::BitcastOp>(user) && feedsPairReduction(user->getResult(0)));
  });
}

/// A pair reduction stays inline and reads two elements of its operand per
/// element. The value behind that operand (seen through bitcasts, which cost
/// nothing to recompute) gets the buffer when it is needed more than once,
/// so a bitonic sort stage is one loop: each element reads itself and its
/// partner from the previous stage's buffer.
bool feedsPairReductionAsValue(Operation *op, Kind kind) {
  return (kind == Kind::Cheap || kind == Kind::Expensive) &&
         !isa<tt::BitcastOp>(op) && op->getNumResults() == 1 &&
         feedsPairReduction(op->getResult(0));
}

/// Recomputing a cheap value is free only while the expression behind it is
/// short: a long chain of cheap ops evaluated at several places (a bitonic
/// sort network, a random-number generator's rounds) gets a buffer.
constexpr unsigned kMaxRecomputedDepth = 12;

} // namespace

bool MaterializationPlan::isDeadAt(Value v, Operation *at,
                                   bool readByAt) const {
  Block *block = v.getParentBlock();
  if (Operation *atHere = block->findAncestorOpInBlock(*at)) {
    auto it = readers.find(v);
    if (it == readers.end())
      return false; // a block argument of the region being lowered
    return llvm::all_of(it->second, [&](Operation *reader) {
      return (readByAt && reader == atHere) || reader->isBeforeInBlock(atHere);
    });
  }
  // `v` lives in a region nested in an op that `at` comes after.
  for (Operation *enclosing = block->getParentOp(); enclosing;
       enclosing = enclosing->getBlock() ? enclosing->getBlock()->getParentOp()
                                         : nullptr) {
    if (!enclosing->getBlock())
      return false;
    if (Operation *atThere = enclosing->getBlock()->findAncestorOpInBlock(*at))
      return enclosing->isBeforeInBlock(atThere);
  }
  return false;
}

void MaterializationPlan::build(FunctionOpInterface func) {
  build(func.getFunctionBody());
}

void MaterializationPlan::build(Region &region) {
  for (Block &block : region)
    planBlock(block);
}

void MaterializationPlan::planBlock(Block &block) {
  llvm::DenseMap<Value, Points> points;
  llvm::DenseMap<Value, unsigned> depth;
  llvm::DenseMap<Operation *, unsigned> position;
  unsigned pos = 0;
  SmallVector<Operation *> ops;
  for (Operation &op : block) {
    position[&op] = pos++;
    ops.push_back(&op);
    // Length of the inline expression behind each result, assuming every
    // non-materializing op stays inline. Scalars are computed once per
    // program, not per element: only tensor ops lengthen what an element
    // recomputes (a matmul's pointer tile after a long pid computation must
    // stay inline, or its loads become gathers through stored pointers).
    Kind kind = classify(&op);
    unsigned d = 0;
    bool producesTensor = llvm::any_of(op.getResultTypes(), isTensor);
    if (producesTensor && kind != Kind::Materializing && kind != Kind::Other)
      for (Value operand : op.getOperands())
        d = std::max(d, depth.lookup(operand) + 1);
    // The value behind a pair reduction's operand gets a buffer where it is
    // used more than once (below): expressions built on it start afresh.
    if (isPairReduction(&op))
      d = 1;
    else if (feedsPairReductionAsValue(&op, kind) &&
             !op.getResult(0).hasOneUse())
      d = 0;
    for (Value r : op.getResults())
      depth[r] = d;
  }

  for (Operation *op : llvm::reverse(ops)) {
    for (Region &region : op->getRegions())
      for (Block &inner : region)
        planBlock(inner);

    Kind kind = classify(op);
    for (OpResult result : op->getResults()) {
      if (!isTensor(result.getType()))
        continue;
      Points pts;
      llvm::SmallPtrSet<Operation *, 4> pointwiseUsers;
      for (OpOperand &use : result.getUses()) {
        Operation *user = use.getOwner();
        Operation *anc = block.findAncestorOpInBlock(*user);
        // A prefetch is carried out by its carrier's nest: it evaluates
        // neither operand where it stands.
        if (!anc || isPrefetchHint(user))
          continue;
        // `x * x` evaluates x once per index: the element cache serves the
        // second operand.
        if (readsOperandsAtOwnIndex(user) &&
            !pointwiseUsers.insert(user).second)
          continue;
        unsigned weight = 1;
        if (anc != user)
          weight = 2; // evaluated on every iteration of a nested region
        else if (isa<tt::BroadcastOp>(user) ||
                 (isa<tt::GatherOp>(user) && use.getOperandNumber() == 0))
          weight = 2; // each element read several times
        Kind userKind = anc == user ? classify(user) : Kind::Other;
        bool userInline =
            (userKind == Kind::Cheap || userKind == Kind::Expensive ||
             userKind == Kind::Load) &&
            llvm::none_of(user->getResults(),
                          [&](Value r) { return materialized.contains(r); });
        if (userInline && user->getNumResults() > 0) {
          for (Value r : user->getResults()) {
            auto it = points.find(r);
            if (it == points.end())
              continue;
            for (auto [p, w] : it->second)
              addPoint(pts, p, std::min(w * weight, 1u << 20));
          }
        } else {
          addPoint(pts, anc, weight);
        }
      }

      // A value given storage is evaluated once, at its op; its readers are
      // where its consumers are evaluated.
      auto giveStorage = [&] {
        auto &where = readers[result];
        for (auto [p, w] : pts)
          where.push_back(p);
        Points self;
        addPoint(self, op, 1);
        points[result] = std::move(self);
        depth[result] = 0;
      };
      if (kind == Kind::Materializing || kind == Kind::Other) {
        // Other: region ops (their results live in slots) and ops whose
        // lowering writes a buffer itself.
        if (kind == Kind::Materializing)
          materialized.insert(result);
        giveStorage();
        continue;
      }

      unsigned total = 0;
      for (auto [p, w] : pts)
        total = std::min(total + w, 1u << 20);
      bool materialize = false;
      if (kind == Kind::Expensive)
        materialize = total > 1;
      if (kind == Kind::Cheap)
        materialize = total > 1 && depth.lookup(result) > kMaxRecomputedDepth;
      if (isPairReduction(op))
        materialize = false;
      else if (total > 1 && feedsPairReductionAsValue(op, kind))
        materialize = true;
      if (kind == Kind::Load) {
        materialize =
            total > 1 && !rereadFromCache(op, asTensor(result.getType()), pts);
        unsigned last = position[op];
        for (auto [p, w] : pts)
          last = std::max(last, position[p]);
        for (Operation *it = op->getNextNode();
             !materialize && it && position[it] < last; it = it->getNextNode())
          materialize = mayWrite(it);
      }
      if (materialize) {
        materialized.insert(result);
        giveStorage();
      } else {
        points[result] = std::move(pts);
      }
    }
  }
}

} // namespace loops
} // namespace tilerun
