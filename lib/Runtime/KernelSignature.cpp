//===- KernelSignature.cpp ------------------------------------------------===//
#include "tilerun/Runtime/KernelSignature.h"

#include "tilerun/Compiler/Compiler.h"
#include "tilerun/Dialect/Triton/IR/Dialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using llvm::createStringError;
using llvm::Expected;
using llvm::SmallVector;
using llvm::StringRef;
using llvm::Twine;
using llvm::raw_string_ostream;

namespace tilerun {

static std::string typeName(Type t) {
  std::string s;
  raw_string_ostream os(s);
  t.print(os);
  return s;
}

/// Maps an IR scalar type; nullopt for anything a launcher can't pass.
static std::optional<ScalarType> toScalarType(Type t) {
  ScalarType st;
  st.name = typeName(t);
  if (auto it = dyn_cast<IntegerType>(t)) {
    if (!llvm::is_contained({1u, 8u, 16u, 32u, 64u}, it.getWidth()))
      return std::nullopt;
    st.kind = ScalarType::Int;
    st.bits = it.getWidth();
    st.isUnsigned = it.isUnsigned();
    return st;
  }
  if (auto ft = dyn_cast<FloatType>(t)) {
    st.kind = ScalarType::Float;
    st.bits = ft.getWidth();
    if (ft.isF16() || ft.isBF16() || ft.isF32() || ft.isF64())
      st.semantics = &ft.getFloatSemantics();
    return st;
  }
  if (isa<LLVM::LLVMPointerType>(t)) {
    st.kind = ScalarType::Untyped;
    return st;
  }
  return std::nullopt;
}

/// Triton names arguments with a NameLoc (`loc("x_ptr"(#loc))`); the textual
/// `%x_ptr` SSA name is not kept by the parser.
static std::string argName(FunctionOpInterface fn, unsigned i) {
  Location loc = fn.getArgument(i).getLoc();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location l : fused.getLocations())
      if (isa<NameLoc>(l)) {
        loc = l;
        break;
      }
  if (auto name = dyn_cast<NameLoc>(loc))
    return name.getName().str();
  return std::to_string(i);
}

SmallVector<FunctionOpInterface> findKernels(ModuleOp module) {
  SmallVector<FunctionOpInterface> kernels;
  for (Operation &op : module.getBody()->getOperations()) {
    auto fn = dyn_cast<FunctionOpInterface>(&op);
    if (!fn || fn.isExternal())
      continue;
    if (auto sym = dyn_cast<SymbolOpInterface>(&op); sym && !sym.isPublic())
      continue;
    // llvm.func keeps its own linkage instead of symbol visibility.
    if (auto lf = dyn_cast<LLVM::LLVMFuncOp>(&op);
        lf && lf.getLinkage() != LLVM::Linkage::External)
      continue;
    kernels.push_back(fn);
  }
  return kernels;
}

Expected<FunctionOpInterface> selectKernel(ModuleOp module, StringRef name) {
  SmallVector<FunctionOpInterface> kernels = findKernels(module);
  std::string names;
  for (FunctionOpInterface k : kernels)
    names += (names.empty() ? "" : ", ") + k.getName().str();
  if (!name.empty()) {
    for (FunctionOpInterface k : kernels)
      if (k.getName() == name)
        return k;
    return createStringError("no kernel named '" + name + "'" +
                             (kernels.empty() ? std::string(" (the module has no "
                                                            "public kernels)")
                                              : "; available: " + names));
  }
  if (kernels.empty())
    return createStringError("the module has no public kernel function");
  if (kernels.size() > 1)
    return createStringError("the module has " + Twine(kernels.size()) +
                             " kernels, choose one with --kernel: " + names);
  return kernels.front();
}

Expected<KernelSignature> extractSignature(FunctionOpInterface fn) {
  KernelSignature sig;
  sig.name = fn.getName().str();
  ArrayRef<Type> types = fn.getArgumentTypes();
  unsigned numParams = types.size();
  // tt.func gets the grid parameters appended by lowering; func.func
  // (triton-shared) and llvm.func already carry them at the end.
  if (fn->getName().getStringRef() != "tt.func" && types.size() >= kNumGridParams &&
      llvm::all_of(types.take_back(kNumGridParams),
                   [](Type t) { return t.isInteger(32); })) {
    sig.hasGridParams = true;
    numParams -= kNumGridParams;
  }
  if (fn.isExternal())
    return createStringError("kernel '" + sig.name + "' has no body");
  for (unsigned i = 0; i < numParams; ++i) {
    KernelParam p;
    p.index = i;
    p.name = argName(fn, i);
    Type t = types[i];
    auto unsupported = [&](Type bad) {
      return createStringError("kernel '" + sig.name + "': parameter '" +
                               p.name + "' has unsupported type " +
                               typeName(bad));
    };
    std::optional<ScalarType> st;
    if (auto desc = dyn_cast<triton::TensorDescType>(t)) {
      p.kind = KernelParam::TensorDesc;
      st = toScalarType(desc.getBlockType().getElementType());
      if (!st || st->kind == ScalarType::Untyped)
        return unsupported(t);
      std::string bad = triton::checkHostDescriptorParams(types, i);
      if (!bad.empty())
        return createStringError("kernel '" + sig.name + "': parameter '" +
                                 p.name + "' (" + typeName(t) + ") " + bad);
      p.blockShape.assign(desc.getBlockType().getShape().begin(),
                          desc.getBlockType().getShape().end());
    } else if (auto ptr = dyn_cast<triton::PointerType>(t)) {
      p.kind = KernelParam::Pointer;
      st = toScalarType(ptr.getPointeeType());
      if (!st || st->kind == ScalarType::Untyped)
        return unsupported(t);
    } else if (auto mr = dyn_cast<BaseMemRefType>(t)) {
      p.kind = KernelParam::Memref;
      st = toScalarType(mr.getElementType());
      if (!st || st->kind == ScalarType::Untyped)
        return unsupported(t);
      if (auto ranked = dyn_cast<MemRefType>(t)) {
        if (!ranked.getLayout().isIdentity())
          return unsupported(t);
        p.shape.assign(ranked.getShape().begin(), ranked.getShape().end());
      } else {
        p.unranked = true;
      }
    } else if (auto rt = dyn_cast<RankedTensorType>(t)) {
      // `tilerun convert` output: bufferized to an identity-layout memref.
      p.kind = KernelParam::Memref;
      st = toScalarType(rt.getElementType());
      if (!st || st->kind == ScalarType::Untyped)
        return unsupported(t);
      p.shape.assign(rt.getShape().begin(), rt.getShape().end());
    } else if (isa<LLVM::LLVMPointerType>(t)) {
      p.kind = KernelParam::Pointer;
      st = toScalarType(t);
    } else {
      st = toScalarType(t);
      if (!st || (st->kind == ScalarType::Float && !st->semantics))
        return unsupported(t);
    }
    p.type = std::move(*st);
    sig.params.push_back(std::move(p));
  }
  // Triton names a host descriptor's shape and stride parameters after the
  // descriptor itself: tell them apart as NAME.shapeD and NAME.strideD.
  for (const KernelParam &desc : sig.params) {
    if (desc.kind != KernelParam::TensorDesc)
      continue;
    size_t rank = desc.blockShape.size();
    for (size_t d = 0; d < 2 * rank; ++d) {
      KernelParam &q = sig.params[desc.index + 1 + d];
      if (q.name == desc.name)
        q.name = desc.name + (d < rank ? ".shape" : ".stride") +
                 std::to_string(d % rank);
    }
  }
  return sig;
}

const KernelParam *KernelSignature::lookup(StringRef nameOrIndex) const {
  for (const KernelParam &p : params)
    if (p.name == nameOrIndex)
      return &p;
  unsigned idx;
  if (!nameOrIndex.getAsInteger(10, idx) && idx < params.size())
    return &params[idx];
  return nullptr;
}

std::string KernelSignature::paramNames() const {
  std::string s;
  for (const KernelParam &p : params)
    s += (s.empty() ? "" : ", ") + p.name;
  return s.empty() ? "(none)" : s;
}

} // namespace tilerun
