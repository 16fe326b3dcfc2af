//===- AOT.cpp - Kernels compiled ahead of time for C and C++ -------------===//
//
// The kernel is lowered as for the JIT, its function renamed to
// `__tilerun_aot_NAME` (so that several AOT kernels, even of the same Triton
// name, link into one program), optimised and emitted for the chosen CPU.
// The header carries what C needs to call it: the program function's
// prototype (the kernel ABI of Compiler.h), an argument block, and the
// static inline `NAME(pool, params...)` that computes the grid (C
// expressions, as Triton's compile.py writes them) and hands the programs to
// tilerun_rt_launch.
//
//===----------------------------------------------------------------------===//

#include "tilerun/Target/AOT.h"

#include "tilerun/Runtime/KernelSignature.h"
#include "tilerun/Target/Codegen.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

namespace tilerun {
namespace {

/// One C parameter of the program function (and of NAME()).
struct CParam {
  std::string type, name;
};

bool isCKeyword(StringRef s) {
  static const StringSet<> keywords = {
      "auto",     "break",     "case",     "char",    "const",   "continue",
      "default",  "do",        "double",   "else",    "enum",    "extern",
      "float",    "for",       "goto",     "if",      "inline",  "int",
      "long",     "register",  "restrict", "return",  "short",   "signed",
      "sizeof",   "static",    "struct",   "switch",  "typedef", "union",
      "unsigned", "void",      "volatile", "while",   "bool",    "true",
      "false",    "class",     "new",      "delete",  "this",    "template",
      "typename", "namespace", "operator", "private", "public",  "protected",
      "virtual",  "friend",    "pool",     "gx",      "gy",      "gz"};
  return keywords.contains(s);
}

/// A C identifier for IR name `name` (`a_desc.shape0` -> `a_desc_shape0`),
/// distinct from those in `taken`.
std::string cIdentifier(StringRef name, StringSet<> &taken) {
  std::string id;
  for (char c : name)
    id += (isAlnum(c) || c == '_') ? c : '_';
  if (id.empty() || isDigit(id[0]))
    id = "p_" + id;
  if (isCKeyword(id))
    id += "_";
  if (StringRef(id).starts_with("__tilerun"))
    id = "p" + id;
  std::string unique = id;
  for (unsigned n = 1; !taken.insert(unique).second; ++n)
    unique = id + "_" + std::to_string(n);
  return unique;
}

/// The C type of a scalar of `t`, or an error for types C lacks.
Expected<std::string> cScalarType(const ScalarType &t, StringRef param) {
  if (t.kind == ScalarType::Int) {
    if (t.bits == 1)
      return std::string("bool");
    return std::string(t.isUnsigned ? "uint" : "int") + std::to_string(t.bits) +
           "_t";
  }
  if (t.kind == ScalarType::Float && t.bits == 32)
    return std::string("float");
  if (t.kind == ScalarType::Float && t.bits == 64)
    return std::string("double");
  return createStringError("parameter '" + param + "' is a " + t.name +
                           " scalar, which has no portable C type; pass it as "
                           "f32 instead");
}

/// The C element type a pointer to `t` points to: floats C lacks (f16,
/// bf16, fp8) as unsigned integers of their width, i1 as bytes.
std::string cElementType(const ScalarType &t) {
  switch (t.kind) {
  case ScalarType::Untyped:
    return "void";
  case ScalarType::Int:
    if (t.bits == 1)
      return "int8_t";
    return std::string(t.isUnsigned ? "uint" : "int") + std::to_string(t.bits) +
           "_t";
  case ScalarType::Float:
    if (t.bits == 32)
      return "float";
    if (t.bits == 64)
      return "double";
    return "uint" + std::to_string(t.bits) + "_t";
  }
  return "void";
}

/// The parameters of NAME() in the kernel ABI's order: a host descriptor is
/// its base and its padding (TILERUN_PADDING_ZERO / _NAN as int32_t).
Expected<std::vector<CParam>> cParams(const KernelSignature &sig) {
  std::vector<CParam> out;
  StringSet<> taken;
  for (const KernelParam &p : sig.params) {
    switch (p.kind) {
    case KernelParam::Memref:
      return createStringError(
          "parameter '" + p.name +
          "' is a memref: tilerun compile takes Triton kernels (tt.func), "
          "not triton-shared's linalg kernels");
    case KernelParam::Pointer:
      out.push_back({cElementType(p.type) + " *", cIdentifier(p.name, taken)});
      break;
    case KernelParam::TensorDesc: {
      std::string base = cIdentifier(p.name, taken);
      out.push_back({cElementType(p.type) + " *", base});
      out.push_back({"int32_t", cIdentifier(p.name + "_padding", taken)});
      break;
    }
    case KernelParam::Scalar: {
      auto type = cScalarType(p.type, p.name);
      if (!type)
        return type.takeError();
      out.push_back({*type, cIdentifier(p.name, taken)});
      break;
    }
    }
  }
  return out;
}

/// `float *x` / `int32_t n`.
std::string declaration(const CParam &p) {
  return p.type + (p.type.back() == '*' ? "" : " ") + p.name;
}

std::string joined(const std::vector<CParam> &params, bool withTypes) {
  std::string s;
  for (const CParam &p : params)
    s += (s.empty() ? "" : ", ") + (withTypes ? declaration(p) : p.name);
  return s;
}

std::string writeHeader(const KernelSignature &sig, const AOTOptions &aot,
                        const std::vector<CParam> &params, StringRef cpu,
                        bool hasProgramBytes, bool usesAMX) {
  std::string fn = aot.functionName;
  std::string prog = "__tilerun_aot_" + fn;
  std::string guard = "TILERUN_AOT_" + StringRef(fn).upper() + "_H";
  std::string text;
  raw_string_ostream os(text);
  os << "/* " << fn << ": kernel '" << sig.name << "' of " << aot.sourceName
     << ", compiled ahead of time by tilerun for " << cpu << ".\n"
     << "   Link " << fn << ".o and libtilerun_rt (-ltilerun_rt). */\n"
     << "#ifndef " << guard << "\n#define " << guard << "\n\n"
     << "#include <stdbool.h>\n#include <stdint.h>\n\n"
     << "#include \"tilerun-c/runtime.h\"\n\n"
     << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n";
  std::string all = joined(params, true);
  os << "/* One program: the kernel's parameters, then num_programs x, y, z "
        "and program_id x, y, z. */\n"
     << "void " << prog << "(" << all << (all.empty() ? "" : ", ")
     << "int32_t, int32_t, int32_t, int32_t, int32_t, int32_t);\n";
  if (hasProgramBytes)
    os << "/* Stack bytes one program needs for its tiles. */\n"
       << "extern const uint64_t " << prog << "_program_bytes;\n";
  os << "\ntypedef struct {\n";
  for (const CParam &p : params)
    os << "  " << declaration(p) << ";\n";
  if (params.empty())
    os << "  char unused;\n";
  os << "} " << prog << "_args;\n\n"
     << "static inline void " << prog
     << "_run(const void *p, const int32_t g[6]) {\n"
     << "  const " << prog << "_args *a = (const " << prog << "_args *)p;\n"
     << "  (void)a;\n  " << prog << "(";
  for (const CParam &p : params)
    os << "a->" << p.name << ", ";
  os << "g[0], g[1], g[2], g[3], g[4], g[5]);\n}\n\n";

  std::string gridDesc = aot.grid.empty() ? "gx x gy x gz"
                                          : aot.grid[0] + " x " + aot.grid[1] +
                                                " x " + aot.grid[2];
  os << "/* Runs every program of the " << gridDesc
     << " grid on `pool` (NULL: the\n   default pool) and returns when all "
        "are done: TILERUN_RT_OK (0), or a\n   tilerun_rt_status_t with "
        "tilerun_rt_last_error() saying why. */\n"
     << "static inline int32_t " << fn << "(tilerun_pool_t *pool"
     << (aot.grid.empty() ? ", uint32_t gx, uint32_t gy, uint32_t gz" : "")
     << (all.empty() ? "" : ", ") << all << ") {\n"
     << (usesAMX ? "  if (tilerun_rt_require_amx(\"" + fn +
                       "\") != TILERUN_RT_OK)\n    return "
                       "TILERUN_RT_ERROR_AMX;\n"
                 : std::string())
     << "  " << prog << "_args __tilerun_a = {"
     << (params.empty() ? "0" : joined(params, false)) << "};\n";
  // Locals start with __tilerun_ so that no parameter name hides them.
  if (aot.grid.empty())
    os << "  int64_t __tilerun_x = gx, __tilerun_y = gy, __tilerun_z = gz;\n";
  else
    os << "  int64_t __tilerun_x = (int64_t)(" << aot.grid[0]
       << "), __tilerun_y = (int64_t)(" << aot.grid[1]
       << "), __tilerun_z = (int64_t)(" << aot.grid[2] << ");\n";
  os << "  return (int32_t)tilerun_rt_launch(pool, \"" << fn << "\", " << prog
     << "_run, &__tilerun_a, __tilerun_x, __tilerun_y, __tilerun_z, "
     << (hasProgramBytes ? prog + "_program_bytes" : "0") << ");\n}\n\n";
  // Triton's compile.py marks its headers for link.py the same way.
  os << "/* tt-linker: " << fn << ":" << all << ": */\n\n"
     << "#ifdef __cplusplus\n}\n#endif\n\n#endif /* " << guard << " */\n";
  return text;
}

/// Whether `module` multiplies on AMX tiles: whether it calls AMX's tile
/// intrinsics (llvm.x86.tile*, llvm.x86.tdp*; the tile configuration comes
/// later, from LLVM's code generator).
bool usesAMXTiles(const llvm::Module &module) {
  return llvm::any_of(module.functions(), [](const llvm::Function &f) {
    return f.isIntrinsic() && (f.getName().starts_with("llvm.x86.tile") ||
                               f.getName().starts_with("llvm.x86.tdp"));
  });
}

/// Renames the lowered kernel and its exported frame size to AOT names.
LogicalResult renameForAOT(mlir::ModuleOp module, StringRef kernel,
                           StringRef fn, bool &hasProgramBytes) {
  mlir::SymbolTable symbols(module);
  std::string prog = "__tilerun_aot_" + fn.str();
  mlir::Operation *k = symbols.lookup(kernel);
  if (!k || failed(symbols.rename(k, prog)))
    return failure();
  std::string bytesName = ("__tilerun_program_bytes_" + kernel).str();
  hasProgramBytes = false;
  if (mlir::Operation *g = symbols.lookup(bytesName)) {
    hasProgramBytes = succeeded(symbols.rename(g, prog + "_program_bytes"));
    if (!hasProgramBytes)
      return failure();
  }
  return success();
}

} // namespace

Expected<AOTKernel> compileAheadOfTime(mlir::ModuleOp module, StringRef name,
                                       const CompileOptions &options,
                                       const AOTOptions &aot) {
  if (aot.grid.size() != 0 && aot.grid.size() != 3)
    return createStringError("--grid takes 1 to 3 C expressions");
  if (options.checked)
    return createStringError("checked mode needs each buffer's extent, which "
                             "an ahead-of-time kernel's pointers do not carry");
  auto fn = selectKernel(module, name);
  if (!fn)
    return fn.takeError();
  auto sig = extractSignature(*fn);
  if (!sig)
    return sig.takeError();
  auto params = cParams(*sig);
  if (!params)
    return params.takeError();
  // The lowering's strategy and the code generator follow the same CPU.
  auto target = CpuTarget::get(aot.targetCPU, aot.targetFeatures);
  if (!target)
    return target.takeError();
  CompileOptions targetOptions = options;
  targetOptions.target = *target;
  auto tm = createCpuTargetMachine(*target);
  if (!tm)
    return tm.takeError();

  auto lowered = lowerCloneToLLVMDialect(module, sig->name, targetOptions);
  if (!lowered)
    return lowered.takeError();
  bool hasProgramBytes = false;
  if (failed(renameForAOT(**lowered, sig->name, aot.functionName,
                          hasProgramBytes)))
    return createStringError("cannot rename kernel '" + sig->name + "'");

  LLVMContext llvmContext;
  auto llvmModuleOr = translateToLLVMIR(**lowered, llvmContext, sig->name);
  if (!llvmModuleOr)
    return llvmModuleOr.takeError();
  std::unique_ptr<llvm::Module> llvmModule = std::move(*llvmModuleOr);
  bool amx = usesAMXTiles(*llvmModule);
  llvmModule->setDataLayout((*tm)->createDataLayout());
  llvmModule->setTargetTriple((*tm)->getTargetTriple());
  if (Error e = optimizeKernelModule(*llvmModule, tm->get()))
    return std::move(e);
  auto object = emitObjectFile(*llvmModule, **tm);
  if (!object)
    return object.takeError();
  std::string cpu =
      ((*tm)->getTargetTriple().str() + ", CPU " + (*tm)->getTargetCPU()).str();
  return AOTKernel{std::move(*object),
                   writeHeader(*sig, aot, *params, cpu, hasProgramBytes, amx)};
}

} // namespace tilerun
