//===- NextProgramPrefetch.cpp - Load the next program's tiles early ------===//
//
// A row kernel (softmax, layernorm) reads its tile from memory in one pass and
// then computes on it in cache. On a CPU thread the memory system idles while
// the program computes, and the next program starts with a cold tile: read,
// compute and write do not overlap, and a two-core machine reaches half its
// bandwidth. The runtime runs consecutive program ids (pid x fastest) on one
// thread, so a program can ask for the tiles the next one will load: the
// first load of each pointer argument whose address depends on program_id x
// gets a copy of its address computation with pid x + 1, and the heaviest
// elementwise nest of the program prefetches those addresses, one cache line
// every few iterations. Prefetches never fault and change no value: a wrong
// guess (the last program of a chunk, a masked-off lane) only costs a line.
//
//===----------------------------------------------------------------------===//

#include "TileLowering.h"

#include "tilerun/Conversion/Passes.h"
#include "tilerun/Conversion/TritonToLoops/TileOpModels.h"
#include "tilerun/Dialect/Tilerun/IR/Dialect.h"

#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Dialect/Triton/IR/Utils.h"
#include "tilerun/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace tilerun {
#define GEN_PASS_DEF_PREFETCHNEXTPROGRAM
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

using namespace mlir;
namespace tt = mlir::triton;
namespace ttg = mlir::triton::gpu;

namespace tilerun {
namespace loops {
namespace {

/// A nest that evaluates `value` over its whole tile: the fill of a
/// materialized elementwise value, a store, or the update of a loop-carried
/// tile. `anchor` is the op before which its prefetch addresses are built.
struct Carrier {
  Value value;
  Operation *anchor;
  unsigned cost = 0;
  llvm::DenseSet<Operation *> inlineLoads;
};

class Planner {
public:
  Planner(FunctionOpInterface kernel, const MaterializationPlan &plan)
      : kernel(kernel), plan(plan), dom(kernel) {}

  /// Builds the next program's address tiles and records each decision
  /// as a tilerun.prefetch_next_program op.
  void run();

private:
  void measure(Carrier &c);
  bool dependsOnProgramId(Value v);
  /// True when `v` is computed from program_id x or a loop index in `ivs`.
  bool needsCopy(Value v, const IRMapping &ivs);
  /// True when remap() can rebuild `v` before `anchor`; checked first so
  /// that a failed attempt leaves no dead copies in the kernel.
  bool remappable(Value v, Operation *anchor, const IRMapping &ivs,
                  llvm::DenseMap<Value, bool> &memo);
  Value remap(OpBuilder &b, Value v, Operation *anchor, IRMapping &ivs);

  FunctionOpInterface kernel;
  const MaterializationPlan &plan;
  DominanceInfo dom;
  llvm::DenseMap<Value, bool> pidDependence;
  llvm::DenseMap<Value, bool> copyNeeded;
  llvm::DenseMap<Value, Value> clones;
  Value nextPid;
};

/// Every enclosing op of `op` up to the kernel is an scf.for or scf.if: the
/// op runs a known number of times when it runs, at addresses a copy can
/// reproduce. (A prefetch for a branch the next program does not take only
/// costs its lines.)
bool onlyLoopsAround(Operation *op) {
  for (Operation *p = op->getParentOp(); p && !isa<FunctionOpInterface>(p);
       p = p->getParentOp())
    if (!isa<scf::ForOp, scf::IfOp>(p))
      return false;
  return true;
}

/// True when `a` and `b` lie in different branches of one scf.if, or of two
/// scf.ifs on the same condition, so that no run of the program executes
/// both (tilerun-unroll-short-reduction-loops makes such pairs: a loop's
/// versions for each trip count, tested once per loop range).
bool mutuallyExclusive(Operation *a, Operation *b) {
  // The regions enclosing `op` up to the kernel's body, innermost first.
  auto enclosing = [](Operation *op) {
    llvm::SmallVector<Region *, 4> regions;
    for (Region *r = op->getParentRegion();
         r && !isa<FunctionOpInterface>(r->getParentOp());
         r = r->getParentOp()->getParentRegion())
      regions.push_back(r);
    return regions;
  };
  // The branch `a` takes on each condition it depends on: true for a
  // then-region.
  llvm::DenseMap<Value, bool> branchOfA;
  for (Region *r : enclosing(a))
    if (auto ifOp = dyn_cast<scf::IfOp>(r->getParentOp()))
      branchOfA[ifOp.getCondition()] = r == &ifOp.getThenRegion();
  return llvm::any_of(enclosing(b), [&](Region *r) {
    auto ifOp = dyn_cast<scf::IfOp>(r->getParentOp());
    if (!ifOp)
      return false;
    auto it = branchOfA.find(ifOp.getCondition());
    return it != branchOfA.end() && it->second != (r == &ifOp.getThenRegion());
  });
}

/// The kernel argument a tensor of pointers is based on, or null.
Value rootPointer(Value ptr) {
  while (Operation *def = ptr.getDefiningOp()) {
    if (auto add = dyn_cast<tt::AddPtrOp>(def))
      ptr = add.getPtr();
    else if (isRemap(def))
      ptr = def->getOperand(0);
    else
      return {};
  }
  auto arg = dyn_cast<BlockArgument>(ptr);
  return arg && isa<FunctionOpInterface>(arg.getOwner()->getParentOp())
             ? ptr
             : Value();
}

bool Planner::dependsOnProgramId(Value v) {
  auto it = pidDependence.find(v);
  if (it != pidDependence.end())
    return it->second;
  pidDependence[v] = false; // no cycles through SSA values, but be safe
  bool depends = false;
  if (Operation *def = v.getDefiningOp()) {
    if (auto pid = dyn_cast<tt::GetProgramIdOp>(def))
      depends = pid.getAxis() == tt::ProgramIDDim::X;
    else
      depends = llvm::any_of(def->getOperands(), [&](Value operand) {
        return dependsOnProgramId(operand);
      });
  }
  pidDependence[v] = depends;
  return depends;
}

bool Planner::needsCopy(Value v, const IRMapping &ivs) {
  if (ivs.contains(v) || dependsOnProgramId(v))
    return true;
  auto it = copyNeeded.find(v);
  if (it != copyNeeded.end())
    return it->second;
  Operation *def = v.getDefiningOp();
  bool needed = def && llvm::any_of(def->getOperands(), [&](Value operand) {
                  return needsCopy(operand, ivs);
                });
  copyNeeded[v] = needed;
  return needed;
}

void Planner::measure(Carrier &c) {
  SmallVector<Value> worklist{c.value};
  llvm::DenseSet<Value> seen;
  bool root = true;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!isTensor(v.getType()) || !seen.insert(v).second)
      continue;
    Operation *def = v.getDefiningOp();
    // A buffered operand is a read of the buffer; the value being filled
    // is computed here.
    if (!def || (!root && plan.isMaterialized(v)))
      continue;
    root = false;
    if (isa<tt::LoadOp>(def)) {
      c.inlineLoads.insert(def);
      continue;
    }
    if (!readsOperandsAtOwnIndex(def) && !isRemap(def))
      continue;
    // Work per element in rough vector-instruction units.
    c.cost += getElementCost(def);
    llvm::append_range(worklist, def->getOperands());
  }
}

bool Planner::remappable(Value v, Operation *anchor, const IRMapping &ivs,
                         llvm::DenseMap<Value, bool> &memo) {
  if (ivs.contains(v) || clones.contains(v))
    return true;
  if (!needsCopy(v, ivs) && dom.properlyDominates(v, anchor))
    return true;
  if (auto it = memo.find(v); it != memo.end())
    return it->second;
  Operation *def = v.getDefiningOp();
  bool ok = def && (isa<tt::GetProgramIdOp>(def) ||
                    (def->getNumRegions() == 0 && isPure(def) &&
                     llvm::all_of(def->getOperands(), [&](Value operand) {
                       return remappable(operand, anchor, ivs, memo);
                     })));
  memo[v] = ok;
  return ok;
}

/// `v` as the next program sees it, built before `anchor`: program_id x
/// becomes pid + 1, the loop indices in `ivs` those of the anchor's loops.
/// Values that depend on neither and dominate the anchor are reused.
Value Planner::remap(OpBuilder &b, Value v, Operation *anchor, IRMapping &ivs) {
  if (Value iv = ivs.lookupOrNull(v))
    return iv;
  if (auto it = clones.find(v); it != clones.end())
    return it->second;
  if (!needsCopy(v, ivs) && dom.properlyDominates(v, anchor))
    return v;
  Operation *def = v.getDefiningOp();
  if (!def)
    return {}; // a block argument the anchor cannot see
  if (auto pid = dyn_cast<tt::GetProgramIdOp>(def);
      pid && pid.getAxis() == tt::ProgramIDDim::X) {
    if (!nextPid) {
      Location loc = def->getLoc();
      Value cur = tt::GetProgramIdOp::create(b, loc, tt::ProgramIDDim::X);
      Value one = arith::ConstantIntOp::create(b, loc, cur.getType(), 1);
      nextPid = arith::AddIOp::create(b, loc, cur, one);
    }
    clones[v] = nextPid;
    return nextPid;
  }
  if (def->getNumRegions() != 0 || !isPure(def))
    return {};
  IRMapping operands;
  for (Value operand : def->getOperands()) {
    Value mapped = remap(b, operand, anchor, ivs);
    if (!mapped)
      return {};
    operands.map(operand, mapped);
  }
  Operation *copy = b.clone(*def, operands);
  for (auto [from, to] : llvm::zip(def->getResults(), copy->getResults()))
    clones[from] = to;
  return clones.lookup(v);
}

/// Maps the induction variables of the loops around `load` that its
/// address uses to those of the loops around `anchor` that run over the
/// same range (the same lower bound, upper bound and step values): the
/// anchor's iteration k then prefetches what iteration k of the load's loop
/// reads in the next program. Fails when a loop has no counterpart.
bool matchLoops(Operation *load, Operation *anchor, IRMapping &ivs) {
  llvm::SmallVector<scf::ForOp> anchorLoops;
  for (Operation *p = anchor->getParentOp(); p && !isa<FunctionOpInterface>(p);
       p = p->getParentOp())
    if (auto loop = dyn_cast<scf::ForOp>(p))
      anchorLoops.push_back(loop);
  llvm::DenseSet<Operation *> used;
  for (Operation *p = load->getParentOp(); p && !isa<FunctionOpInterface>(p);
       p = p->getParentOp()) {
    auto loop = dyn_cast<scf::ForOp>(p);
    if (!loop || loop->isAncestor(anchor))
      continue; // the anchor runs inside the same iteration
    auto match = llvm::find_if(anchorLoops, [&](scf::ForOp other) {
      return !used.contains(other) &&
             other.getLowerBound() == loop.getLowerBound() &&
             other.getUpperBound() == loop.getUpperBound() &&
             other.getStep() == loop.getStep();
    });
    if (match == anchorLoops.end())
      return false;
    used.insert(*match);
    ivs.map(loop.getInductionVar(), match->getInductionVar());
  }
  return true;
}

void Planner::run() {
  // A dot's K loop is compute-bound and its operand tiles are shared with
  // the neighbouring programs: prefetching would only add instructions.
  if (tt::containsDot(kernel))
    return;

  // Loads whose addresses follow the program id, in program order, by the
  // kernel argument they read. (Prefetching the lines the next program
  // stores, for ownership, made layernorm slower: its rows are written once
  // and never read.)
  struct Candidate {
    tt::LoadOp load;
    Value root;
  };
  llvm::SmallVector<Candidate> loads;
  llvm::SmallVector<Value> roots;
  kernel->walk<WalkOrder::PreOrder>([&](tt::LoadOp load) {
    auto ptrTy = dyn_cast<RankedTensorType>(load.getPtr().getType());
    if (!ptrTy)
      return;
    auto ptr = dyn_cast<tt::PointerType>(ptrTy.getElementType());
    if (!ptr || !ptr.getPointeeType().isIntOrFloat())
      return;
    Value root = rootPointer(load.getPtr());
    if (!root || !onlyLoopsAround(load) || !dependsOnProgramId(load.getPtr()))
      return;
    if (!llvm::is_contained(roots, root))
      roots.push_back(root);
    loads.push_back({load, root});
  });
  if (loads.empty())
    return;

  // Carriers: the nests with the most compute per element, one for each
  // set of branches a program may take (a peeled loop and the loop itself
  // each get one).
  llvm::SmallVector<Carrier> carriers;
  auto consider = [&](Value value, Operation *anchor) {
    auto type = dyn_cast<RankedTensorType>(value.getType());
    if (!type || type.getRank() == 0 ||
        type.getShape().back() % kChunkElements != 0 ||
        !onlyLoopsAround(anchor))
      return;
    Carrier c{value, anchor};
    measure(c);
    carriers.push_back(std::move(c));
  };
  kernel->walk<WalkOrder::PreOrder>([&](Operation *op) {
    // A materialized value is computed by its own fill; a store or a slot
    // update of it only copies the buffer.
    if (auto store = dyn_cast<tt::StoreOp>(op)) {
      if (isa<RankedTensorType>(store.getPtr().getType()) &&
          !plan.isMaterialized(store.getValue()))
        consider(store.getValue(), op);
      return;
    }
    if (auto yield = dyn_cast<scf::YieldOp>(op)) {
      if (isa<scf::ForOp>(op->getParentOp()))
        for (Value v : yield.getOperands())
          if (!plan.isMaterialized(v))
            consider(v, op);
      return;
    }
    // A reduction evaluates its operand's expression in its own pass.
    if (auto reduce = dyn_cast<tt::ReduceOp>(op)) {
      if (isLaneReduction(reduce) && !plan.isMaterialized(reduce.getSrcs()[0]))
        consider(reduce.getSrcs()[0], op);
      return;
    }
    if (op->getNumResults() == 1 && !isa<tt::LoadOp>(op) &&
        readsOperandsAtOwnIndex(op) && plan.isMaterialized(op->getResult(0)))
      consider(op->getResult(0), op);
  });
  // A nest with less work than this is itself limited by memory: its
  // prefetches would compete with its own loads.
  constexpr unsigned kMinCarrierCost = 3;
  llvm::stable_sort(carriers, [](const Carrier &a, const Carrier &b) {
    return a.cost > b.cost;
  });
  // Every nest that evaluates a carrier's value issues its prefetches, whose
  // addresses are built before the carrier's anchor: that anchor must
  // dominate the value's other nests.
  llvm::DenseMap<Value, llvm::SmallVector<Operation *, 2>> nestsOf;
  for (const Carrier &c : carriers)
    nestsOf[c.value].push_back(c.anchor);
  // A nest that evaluates a load reads it from memory, unless an earlier
  // nest already did (a tile read again from the cache): only then may it
  // prefetch the next program's copy of that load.
  auto rereads = [&](const Carrier &c, tt::LoadOp load) {
    return llvm::any_of(carriers, [&](const Carrier &other) {
      return other.inlineLoads.contains(load) &&
             dom.properlyDominates(other.anchor, c.anchor);
    });
  };
  llvm::SmallVector<Carrier *> chosen;
  for (Carrier &c : carriers) {
    if (c.cost < kMinCarrierCost ||
        llvm::any_of(
            chosen, [&](Carrier *other) { return other->value == c.value; }) ||
        !llvm::all_of(
            nestsOf[c.value],
            [&](Operation *nest) {
              return nest == c.anchor || dom.properlyDominates(c.anchor, nest);
            }))
      continue;
    if (llvm::all_of(chosen, [&](Carrier *other) {
          return mutuallyExclusive(c.anchor, other->anchor);
        }))
      chosen.push_back(&c);
  }

  for (Carrier *carrier : chosen) {
    SmallVector<Value> prefetched;
    // Copies made for one carrier are not visible from another's branch.
    clones.clear();
    nextPid = Value();
    auto carrierShape = asTensor(carrier->value.getType()).getShape();
    for (Value root : roots) {
      // The load of this argument that the carrier's program path runs,
      // whose loops the carrier's loops replay most completely (the first
      // in program order among equals: later loads re-read its lines), and
      // the other loads of its block that match as well (a short loop's
      // unrolled trips read the row's other blocks).
      tt::LoadOp best;
      IRMapping bestIvs;
      unsigned bestMatched = 0;
      SmallVector<std::pair<tt::LoadOp, IRMapping>> siblings;
      for (const Candidate &cand : loads) {
        tt::LoadOp load = cand.load;
        if (cand.root != root ||
            (carrier->inlineLoads.contains(load) && !rereads(*carrier, load)) ||
            asTensor(load.getType()).getShape() != carrierShape ||
            mutuallyExclusive(load, carrier->anchor))
          continue;
        IRMapping ivs;
        if (!matchLoops(load, carrier->anchor, ivs))
          continue;
        copyNeeded.clear(); // depends on `ivs`
        llvm::DenseMap<Value, bool> memo;
        if (!remappable(load.getPtr(), carrier->anchor, ivs, memo))
          continue;
        unsigned matched = ivs.getValueMap().size();
        if (!best || matched > bestMatched) {
          best = load;
          bestIvs = ivs;
          bestMatched = matched;
          siblings.clear();
        } else if (matched == bestMatched &&
                   load->getBlock() == best->getBlock()) {
          siblings.push_back({load, ivs});
        }
      }
      if (!best)
        continue;
      OpBuilder b(carrier->anchor);
      siblings.insert(siblings.begin(), {best, bestIvs});
      for (auto &[load, ivs] : siblings) {
        copyNeeded.clear();
        prefetched.push_back(remap(b, load.getPtr(), carrier->anchor, ivs));
      }
    }
    // After the addresses, and after the carrier when its anchor makes it.
    OpBuilder b(carrier->anchor);
    if (carrier->value.getDefiningOp() == carrier->anchor)
      b.setInsertionPointAfter(carrier->anchor);
    for (Value ptrs : prefetched)
      PrefetchNextProgramOp::create(b, carrier->anchor->getLoc(), ptrs,
                                    carrier->value);
  }
}

} // namespace

} // namespace loops
} // namespace tilerun

namespace {
struct PrefetchNextProgramPass
    : public tilerun::impl::PrefetchNextProgramBase<PrefetchNextProgramPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    // The materialization plan asks each op's model.
    tilerun::registerTileOpModels(registry);
  }

  void runOnOperation() override {
    for (auto kernel : getOperation().getOps<tt::FuncOp>()) {
      // A warp-specialized kernel's loads are spread over partitions that
      // the plan does not see as one program.
      if (!kernel.isPublic() || kernel
                                    ->walk([](ttg::WarpSpecializeOp) {
                                      return WalkResult::interrupt();
                                    })
                                    .wasInterrupted())
        continue;
      auto func = cast<FunctionOpInterface>(kernel.getOperation());
      tilerun::loops::MaterializationPlan plan;
      plan.build(func);
      tilerun::loops::Planner(func, plan).run();
    }
  }
};
} // namespace
