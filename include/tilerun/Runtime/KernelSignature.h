//===- KernelSignature.h - What a kernel's launcher must bind ---*- C++ -*-===//
//
// Extracted from the kernel function *before* lowering, when parameter names
// and pointee types are still visible. Context-free so that it outlives the
// MLIRContext the kernel came from.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_RUNTIME_KERNELSIGNATURE_H
#define TILERUN_RUNTIME_KERNELSIGNATURE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <string>

namespace llvm {
struct fltSemantics;
}

namespace tilerun {

/// A scalar IR type: a parameter's type or a pointer's element type.
struct ScalarType {
  enum Kind { Int, Float, Untyped } kind = Untyped;
  unsigned bits = 0;
  bool isUnsigned = false;
  /// Floats only; null for float formats tilerun can't parse (fp8).
  const llvm::fltSemantics *semantics = nullptr;
  /// The IR spelling, for messages ("f32", "bf16", "!llvm.ptr").
  std::string name;
};

struct KernelParam {
  /// TensorDesc: a host-side TensorDescriptor (`!tt.tensordesc`), bound to
  /// the base tensor's buffer and a padding; its shape and strides are the
  /// scalar parameters after it (checkHostDescriptorParams).
  enum Kind { Scalar, Pointer, Memref, TensorDesc };
  std::string name;
  unsigned index = 0;
  Kind kind = Scalar;
  /// The scalar type, or the pointee / element type (Untyped for !llvm.ptr).
  ScalarType type;
  // Memrefs: unranked, or ranked with this shape (ShapedType::kDynamic for
  // `?`) and identity layout.
  bool unranked = false;
  llvm::SmallVector<int64_t, 4> shape;
  /// TensorDesc: the block's shape.
  llvm::SmallVector<int64_t, 4> blockShape;

  bool isBuffer() const { return kind != Scalar; }
};

struct KernelSignature {
  std::string name;
  llvm::SmallVector<KernelParam, 8> params;
  /// True when the function already takes the six trailing grid i32 (func.func
  /// from triton-shared, or llvm.func); they are not in `params`.
  bool hasGridParams = false;

  /// Finds a parameter by IR name or 0-based position; null if none.
  const KernelParam *lookup(llvm::StringRef nameOrIndex) const;
  /// "x_ptr, y_ptr, n" — for error messages.
  std::string paramNames() const;
};

/// Whether a buffer of `n` elements can back memref parameter `p` (always true
/// for pointers and unranked memrefs); the error names the parameter. A launch
/// checks it, and so does the C API before launching, which reports it as a
/// bad argument.
llvm::Error checkElementCount(const KernelParam &p, int64_t n);

/// Public function definitions directly in `module`, i.e. the kernels.
llvm::SmallVector<mlir::FunctionOpInterface> findKernels(mlir::ModuleOp module);

/// Selects the kernel named `name`, or the only kernel when `name` is empty;
/// the error lists the available kernels.
llvm::Expected<mlir::FunctionOpInterface> selectKernel(mlir::ModuleOp module,
                                                       llvm::StringRef name);

llvm::Expected<KernelSignature> extractSignature(mlir::FunctionOpInterface fn);

/// The signature as JSON, to store it beside a kernel's object code, and
/// back; the error names what is malformed.
llvm::json::Value signatureToJSON(const KernelSignature &sig);
llvm::Expected<KernelSignature> signatureFromJSON(const llvm::json::Value &v);

} // namespace tilerun

#endif // TILERUN_RUNTIME_KERNELSIGNATURE_H
