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
using llvm::raw_string_ostream;
using llvm::SmallVector;
using llvm::StringRef;
using llvm::Twine;

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
    // `tilerun convert`'s whole-grid entry beside a kernel, for IREE.
    if (op.hasAttr("tilerun.grid_of"))
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
                             (kernels.empty()
                                  ? std::string(" (the module has no "
                                                "public kernels)")
                                  : "; available: " + names));
  }
  if (kernels.empty())
    return createStringError("the module has no public kernel function");
  if (kernels.size() > 1)
    return createStringError("the module has " + Twine(kernels.size()) +
                             " kernels; name the one to use: " + names);
  return kernels.front();
}

Expected<KernelSignature> extractSignature(FunctionOpInterface fn) {
  KernelSignature sig;
  sig.name = fn.getName().str();
  ArrayRef<Type> types = fn.getArgumentTypes();
  unsigned numParams = types.size();
  // tt.func gets the grid parameters appended by lowering; func.func
  // (triton-shared) and llvm.func already carry them at the end.
  if (fn->getName().getStringRef() != "tt.func" &&
      types.size() >= kNumGridParams &&
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

static const char *kindName(KernelParam::Kind k) {
  switch (k) {
  case KernelParam::Scalar:
    return "scalar";
  case KernelParam::Pointer:
    return "pointer";
  case KernelParam::Memref:
    return "memref";
  case KernelParam::TensorDesc:
    return "tensordesc";
  }
  return "?";
}

llvm::json::Value signatureToJSON(const KernelSignature &sig) {
  llvm::json::Array params;
  for (const KernelParam &p : sig.params) {
    llvm::json::Object o{{"name", p.name},
                         {"kind", kindName(p.kind)},
                         {"type_kind", int(p.type.kind)},
                         {"bits", p.type.bits},
                         {"unsigned", p.type.isUnsigned},
                         {"type", p.type.name},
                         {"unranked", p.unranked},
                         {"shape", llvm::json::Array(p.shape)},
                         {"block_shape", llvm::json::Array(p.blockShape)}};
    params.push_back(std::move(o));
  }
  return llvm::json::Object{{"name", sig.name},
                            {"grid_params", sig.hasGridParams},
                            {"params", std::move(params)}};
}

/// The semantics of a float type from its IR spelling (fp8 has none).
static const llvm::fltSemantics *floatSemantics(StringRef name) {
  if (name == "f16")
    return &llvm::APFloat::IEEEhalf();
  if (name == "bf16")
    return &llvm::APFloat::BFloat();
  if (name == "f32")
    return &llvm::APFloat::IEEEsingle();
  if (name == "f64")
    return &llvm::APFloat::IEEEdouble();
  return nullptr;
}

llvm::Expected<KernelSignature> signatureFromJSON(const llvm::json::Value &v) {
  KernelSignature sig;
  const llvm::json::Object *o = v.getAsObject();
  const llvm::json::Array *params = o ? o->getArray("params") : nullptr;
  auto name = o ? o->getString("name") : std::nullopt;
  if (!params || !name)
    return createStringError("kernel signature: expected name and params");
  sig.name = name->str();
  sig.hasGridParams = o->getBoolean("grid_params").value_or(false);
  for (const llvm::json::Value &pv : *params) {
    const llvm::json::Object *po = pv.getAsObject();
    auto str = [&](StringRef key) {
      return po ? po->getString(key) : std::nullopt;
    };
    auto pname = str("name"), kind = str("kind"), type = str("type");
    auto typeKind = po ? po->getInteger("type_kind") : std::nullopt;
    auto bits = po ? po->getInteger("bits") : std::nullopt;
    if (!pname || !kind || !type || !typeKind || !bits || *typeKind < 0 ||
        *typeKind > ScalarType::Untyped)
      return createStringError("kernel signature: malformed parameter " +
                               Twine(sig.params.size()));
    KernelParam p;
    p.name = pname->str();
    p.index = sig.params.size();
    if (*kind == "scalar")
      p.kind = KernelParam::Scalar;
    else if (*kind == "pointer")
      p.kind = KernelParam::Pointer;
    else if (*kind == "memref")
      p.kind = KernelParam::Memref;
    else if (*kind == "tensordesc")
      p.kind = KernelParam::TensorDesc;
    else
      return createStringError("kernel signature: parameter '" + p.name +
                               "' has unknown kind '" + *kind + "'");
    p.type.kind = ScalarType::Kind(*typeKind);
    p.type.bits = unsigned(*bits);
    p.type.isUnsigned = po->getBoolean("unsigned").value_or(false);
    p.type.name = type->str();
    if (p.type.kind == ScalarType::Float)
      p.type.semantics = floatSemantics(p.type.name);
    p.unranked = po->getBoolean("unranked").value_or(false);
    for (StringRef key : {"shape", "block_shape"}) {
      auto &dims = key == "shape" ? p.shape : p.blockShape;
      if (const llvm::json::Array *a = po->getArray(key))
        for (const llvm::json::Value &d : *a)
          dims.push_back(d.getAsInteger().value_or(0));
    }
    sig.params.push_back(std::move(p));
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
