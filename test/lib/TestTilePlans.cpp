//===- TestTilePlans.cpp - Print the tile lowering's decisions ------------===//
//
// Test passes that print, as remarks, what the tile lowering decides before
// it emits anything: each op's TileOpInterface answers, the
// and the materialization plan. Lit tests check
// them with -verify-diagnostics, one decision at a time.
//
//===----------------------------------------------------------------------===//

#include "tilerun/Conversion/TritonToLoops/Plans.h"
#include "tilerun/Conversion/TritonToLoops/TileOpModels.h"
#include "tilerun/Dialect/Triton/IR/Dialect.h"
#include "tilerun/Interfaces/TileOpInterface.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tilerun::test {
namespace {

StringRef kindName(TileOpKind kind) {
  switch (kind) {
  case TileOpKind::Remap:
    return "remap";
  case TileOpKind::Elementwise:
    return "elementwise";
  case TileOpKind::Rearrange:
    return "rearrange";
  case TileOpKind::Load:
    return "load";
  case TileOpKind::Materializing:
    return "materializing";
  }
  llvm_unreachable("unknown tile kind");
}

template <typename Derived>
struct TilePassBase : PassWrapper<Derived, OperationPass<ModuleOp>> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registerTileOpModels(registry);
  }
};

/// "tile: KIND, cost C[, own index][, map M]" on every op with a model.
struct PrintTileOps : TilePassBase<PrintTileOps> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PrintTileOps)
  StringRef getArgument() const final { return "tilerun-test-print-tile-ops"; }
  StringRef getDescription() const final {
    return "Print each op's TileOpInterface answers as remarks";
  }
  void runOnOperation() override {
    getOperation()->walk([](TileOpInterface tile) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "tile: " << kindName(tile.getTileKind()) << ", cost "
         << tile.getElementCost();
      if (tile.readsOperandsAtOwnIndex())
        os << ", own index";
      if (AffineMap map = tile.getOperandIndexMap())
        os << ", map " << map;
      tile->emitRemark(text);
    });
  }
};

/// "buffered" or "inline" on every op producing a tensor in a kernel.
struct PrintMaterializationPlan : TilePassBase<PrintMaterializationPlan> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PrintMaterializationPlan)
  StringRef getArgument() const final {
    return "tilerun-test-print-materialization-plan";
  }
  StringRef getDescription() const final {
    return "Print which tensor values the tile lowering gives a buffer";
  }
  void runOnOperation() override {
    getOperation()->walk([](triton::FuncOp kernel) {
      loops::MaterializationPlan plan;
      plan.build(cast<FunctionOpInterface>(kernel.getOperation()));
      kernel.walk([&](Operation *op) {
        if (!llvm::any_of(op->getResultTypes(),
                          llvm::IsaPred<RankedTensorType>))
          return;
        bool buffered = llvm::any_of(
            op->getResults(), [&](Value r) { return plan.isMaterialized(r); });
        op->emitRemark(buffered ? "buffered" : "inline");
      });
    });
  }
};

} // namespace

void registerTestPasses() {
  PassRegistration<PrintTileOps>();
  PassRegistration<PrintMaterializationPlan>();
}

} // namespace tilerun::test
