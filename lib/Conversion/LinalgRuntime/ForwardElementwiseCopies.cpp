//===- ForwardElementwiseCopies.cpp - compute masked tiles in place -------===//
//
// triton-shared lowers `z = x + y` on masked tiles to: copy the valid part of
// each input into a local buffer, compute on the whole buffers, copy the
// valid part of the result out:
//
//   memref.copy %x_view, subview(%a)[0][%n][1]
//   memref.copy %y_view, subview(%b)[0][%n][1]
//   linalg.generic ins(%a, %b) outs(%a)          // over the whole tile
//   memref.copy subview(%a)[0][%n][1], %out_view
//
// When the buffers serve only this, the same values reach %out_view from
//
//   linalg.generic ins(%x_view, %y_view) outs(%out_view)   // the valid part
//
// without the temporaries, three extra passes over each tile and the work on
// the invalid part. Conditions: the generic is elementwise (all-parallel,
// identity maps) and ignores its output's old values; each buffer is a local
// allocation used only by these copies and the generic; every copy covers the
// same leading region [0, n); and between the first copy and the last nothing
// else touches memory, so the inputs still hold what was copied and nothing
// observes the output earlier. Like the TTIR path, which evaluates a load
// where its value is stored, this reads each input element just before the
// output element of the same index is written: arguments that alias at equal
// indices (out = x) give the same result, arguments that overlap shifted do
// not.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Conversion/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace tilerun {
#define GEN_PASS_DEF_FORWARDELEMENTWISECOPIES
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

namespace {

/// memref.copy or linalg.copy: (source, target).
std::optional<std::pair<Value, Value>> copyOperands(Operation *op) {
  if (auto c = dyn_cast<memref::CopyOp>(op))
    return std::make_pair(c.getSource(), c.getTarget());
  if (auto c = dyn_cast<linalg::CopyOp>(op))
    if (c.hasPureBufferSemantics())
      return std::make_pair(c.getInputs()[0], c.getOutputs()[0]);
  return std::nullopt;
}

bool isLocalBuffer(Value v) {
  return v.getDefiningOp<memref::AllocOp>() ||
         v.getDefiningOp<memref::AllocaOp>();
}

struct Match {
  linalg::GenericOp generic;
  // Per distinct input buffer: the copy filling it, and its source.
  llvm::MapVector<Value, std::pair<Operation *, Value>> in;
  Operation *out = nullptr; // the copy reading the result
  Value target;             // ... and where it writes
  SmallVector<Operation *> views;
};

/// `view` is subview(buffer)[0, ...][sizes][1, ...] of the whole buffer's
/// rank; `sizes` is set on the first call and must match afterwards.
bool isLeadingRegion(Value view, Value buffer,
                     SmallVector<OpFoldResult> &sizes) {
  auto sv = view.getDefiningOp<memref::SubViewOp>();
  if (!sv || sv.getSource() != buffer ||
      sv.getType().getRank() != sv.getSourceType().getRank())
    return false;
  if (!llvm::all_of(sv.getMixedOffsets(), isZeroInteger) ||
      !llvm::all_of(sv.getMixedStrides(), isOneInteger))
    return false;
  SmallVector<OpFoldResult> mine = sv.getMixedSizes();
  if (sizes.empty()) {
    sizes = mine;
    return true;
  }
  return isEqualConstantIntOrValueArray(sizes, mine);
}

std::optional<Match> match(linalg::GenericOp g) {
  if (!g.hasPureBufferSemantics() || g.getNumDpsInits() != 1 ||
      g.getNumDpsInputs() == 0 || !g.isAllParallelLoops() ||
      g.hasIndexSemantics())
    return std::nullopt;
  for (AffineMap map : g.getIndexingMapsArray())
    if (!map.isIdentity())
      return std::nullopt;
  OpOperand *init = g.getDpsInitOperand(0);
  if (g.payloadUsesValueFromOperand(init))
    return std::nullopt;

  Match m;
  m.generic = g;
  Block *block = g->getBlock();
  SmallVector<OpFoldResult> sizes;
  Value outBuf = init->get();
  if (!isLocalBuffer(outBuf))
    return std::nullopt;

  // Every use of every buffer must be one of the pattern's.
  llvm::SetVector<Value> buffers;
  for (OpOperand *in : g.getDpsInputOperands())
    buffers.insert(in->get());
  buffers.insert(outBuf);
  for (Value buf : buffers) {
    if (!isLocalBuffer(buf))
      return std::nullopt;
    bool isInput = llvm::any_of(g.getDpsInputOperands(),
                                [&](OpOperand *o) { return o->get() == buf; });
    for (Operation *user : buf.getUsers()) {
      if (user == g)
        continue;
      auto sv = dyn_cast<memref::SubViewOp>(user);
      if (!sv || sv->getBlock() != block || !sv->hasOneUse() ||
          !isLeadingRegion(sv, buf, sizes))
        return std::nullopt;
      m.views.push_back(sv);
      Operation *copy = *sv->getUsers().begin();
      auto ops = copyOperands(copy);
      if (!ops || copy->getBlock() != block)
        return std::nullopt;
      if (ops->second == sv.getResult() && isInput &&
          copy->isBeforeInBlock(g) && !m.in.count(buf)) {
        m.in[buf] = {copy, ops->first};
      } else if (ops->first == sv.getResult() && buf == outBuf && !m.out &&
                 g->isBeforeInBlock(copy)) {
        m.out = copy;
        m.target = ops->second;
      } else {
        return std::nullopt;
      }
    }
    if (isInput && !m.in.count(buf))
      return std::nullopt; // an input nothing filled
  }
  if (!m.out)
    return std::nullopt;
  // Types: the copies' ends take the buffers' places, element for element.
  for (auto &[buf, fill] : m.in)
    if (cast<MemRefType>(fill.second.getType()).getElementType() !=
        cast<MemRefType>(buf.getType()).getElementType())
      return std::nullopt;

  // Nothing but the pattern and pure ops between the first copy and the last.
  Operation *first = g;
  for (auto &[buf, fill] : m.in)
    if (fill.first->isBeforeInBlock(first))
      first = fill.first;
  llvm::SmallPtrSet<Operation *, 8> mine = {g, m.out};
  for (auto &[buf, fill] : m.in)
    mine.insert(fill.first);
  for (Operation *op = first; op != m.out; op = op->getNextNode())
    if (!mine.contains(op) && !isMemoryEffectFree(op) &&
        !isa<memref::AllocOp, memref::AllocaOp>(op))
      return std::nullopt;
  return m;
}

struct ForwardElementwiseCopies
    : tilerun::impl::ForwardElementwiseCopiesBase<ForwardElementwiseCopies> {
  void runOnOperation() override {
    SmallVector<Match> matches;
    getOperation().walk([&](linalg::GenericOp g) {
      if (auto m = match(g))
        matches.push_back(std::move(*m));
    });
    for (Match &m : matches) {
      linalg::GenericOp g = m.generic;
      OpBuilder b(m.out);
      SmallVector<Value> inputs;
      for (OpOperand *in : g.getDpsInputOperands())
        inputs.push_back(m.in.lookup(in->get()).second);
      auto fused = linalg::GenericOp::create(
          b, g.getLoc(), TypeRange{}, inputs, ValueRange{m.target},
          g.getIndexingMapsArray(), g.getIteratorTypesArray());
      fused.getRegion().takeBody(g.getRegion());
      llvm::SetVector<Value> buffers;
      for (OpOperand &o : g->getOpOperands())
        buffers.insert(o.get());
      m.out->erase();
      for (auto &[buf, fill] : m.in)
        fill.first->erase();
      g->erase();
      for (Operation *view : m.views)
        view->erase();
      for (Value buf : buffers)
        if (Operation *def = buf.getDefiningOp(); def && def->use_empty())
          def->erase();
    }
  }
};

} // namespace
