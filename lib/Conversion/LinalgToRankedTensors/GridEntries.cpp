//===- GridEntries.cpp - whole-grid entry functions for converted kernels -===//
//
// A converted kernel is still one program of a launch: its last six i32
// parameters are num_programs x, y, z and program_id x, y, z, and it returns
// the tensors it writes. `@K_grid` calls it on every program id in turn,
// passing each program the tensors the previous ones returned, so one call
// computes what the launch does.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Conversion/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace tilerun {
#define GEN_PASS_DEF_ADDGRIDENTRIES
#include "tilerun/Conversion/Passes.h.inc"
} // namespace tilerun

namespace {
constexpr StringLiteral kAbiOutput = "iree.abi.output";
constexpr StringLiteral kGridOf = "tilerun.grid_of";
constexpr unsigned kGridParams = 6;

bool isKernel(func::FuncOp fn) {
  FunctionType type = fn.getFunctionType();
  return fn.isPublic() && !fn.isExternal() && !fn->hasAttr(kGridOf) &&
         type.getNumInputs() >= kGridParams &&
         llvm::all_of(type.getInputs().take_back(kGridParams),
                      [](Type t) { return t.isInteger(32); });
}

/// For each result of `kernel`, the parameter its `iree.abi.output` names.
FailureOr<SmallVector<unsigned>> tiedParams(func::FuncOp kernel,
                                            unsigned numParams) {
  SmallVector<int> param(kernel.getNumResults(), -1);
  for (unsigned i = 0; i < numParams; ++i) {
    auto attr = kernel.getArgAttrOfType<IntegerAttr>(i, kAbiOutput);
    if (!attr)
      continue;
    int64_t r = attr.getInt();
    if (r < 0 || r >= (int64_t)param.size() || param[r] != -1 ||
        kernel.getArgumentTypes()[i] != kernel.getResultTypes()[r])
      return kernel.emitError()
             << "argument " << i << ": '" << kAbiOutput << " = " << r
             << "' must name a distinct result of the "
                "same type";
    param[r] = i;
  }
  SmallVector<unsigned> out;
  for (auto [r, p] : llvm::enumerate(param)) {
    if (p < 0)
      return kernel.emitError()
             << "result " << r << " is not tied to a parameter by '"
             << kAbiOutput << "', so no grid entry can carry it from one "
             << "program to the next";
    out.push_back(p);
  }
  return out;
}

LogicalResult addGridEntry(func::FuncOp kernel, SymbolTable &symbols) {
  MLIRContext *ctx = kernel.getContext();
  std::string name = (kernel.getName() + "_grid").str();
  if (Operation *existing = symbols.lookup(name)) {
    // Converting a converted module again keeps its entry.
    if (existing->getAttrOfType<StringAttr>(kGridOf) ==
        StringAttr::get(ctx, kernel.getName()))
      return success();
    return kernel.emitError("cannot add the grid entry '")
           << name << "': the module already has a symbol of that name";
  }
  FunctionType type = kernel.getFunctionType();
  unsigned numParams = type.getNumInputs() - kGridParams;
  FailureOr<SmallVector<unsigned>> tied = tiedParams(kernel, numParams);
  if (failed(tied))
    return failure();

  Location loc = kernel.getLoc();
  OpBuilder b(kernel);
  b.setInsertionPointAfter(kernel);
  Type i32 = b.getI32Type();
  SmallVector<Type> inputs(type.getInputs().take_front(numParams));
  inputs.append(3, i32);
  auto grid = func::FuncOp::create(
      b, loc, name, FunctionType::get(ctx, inputs, type.getResults()));
  grid->setAttr(kGridOf, b.getStringAttr(kernel.getName()));
  for (unsigned i = 0; i < numParams; ++i)
    grid.setArgAttrs(i, kernel.getArgAttrDict(i));
  symbols.insert(grid);

  Block *entry = grid.addEntryBlock();
  b.setInsertionPointToStart(entry);
  ValueRange params = entry->getArguments().take_front(numParams);
  ValueRange sizes32 = entry->getArguments().take_back(3);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> sizes;
  for (Value g : sizes32)
    sizes.push_back(arith::MaxSIOp::create(
        b, loc, arith::IndexCastOp::create(b, loc, b.getIndexType(), g), zero));
  Value plane = arith::MulIOp::create(b, loc, sizes[0], sizes[1]);
  Value programs = arith::MulIOp::create(b, loc, plane, sizes[2]);
  SmallVector<Value> inits;
  for (unsigned p : *tied)
    inits.push_back(params[p]);
  auto loop = scf::ForOp::create(
      b, loc, zero, programs, one, inits,
      [&](OpBuilder &lb, Location l, Value p, ValueRange carried) {
        Value yz = arith::DivUIOp::create(lb, l, p, sizes[0]);
        Value pid[3] = {arith::RemUIOp::create(lb, l, p, sizes[0]),
                        arith::RemUIOp::create(lb, l, yz, sizes[1]),
                        arith::DivUIOp::create(lb, l, p, plane)};
        SmallVector<Value> args(params);
        for (auto [r, param] : llvm::enumerate(*tied))
          args[param] = carried[r];
        args.append(sizes32.begin(), sizes32.end());
        for (Value id : pid)
          args.push_back(arith::IndexCastOp::create(lb, l, i32, id));
        auto call = func::CallOp::create(lb, l, kernel, args);
        scf::YieldOp::create(lb, l, call.getResults());
      });
  func::ReturnOp::create(b, loc, loop.getResults());
  return success();
}

struct AddGridEntries : tilerun::impl::AddGridEntriesBase<AddGridEntries> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> kernels;
    for (auto fn : module.getOps<func::FuncOp>())
      if (isKernel(fn))
        kernels.push_back(fn);
    for (func::FuncOp kernel : kernels)
      if (failed(addGridEntry(kernel, symbols)))
        return signalPassFailure();
  }
};
} // namespace
