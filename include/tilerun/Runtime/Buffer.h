//===- Buffer.h - Host buffers bound to kernel pointers ---------*- C++ -*-===//
//
// An owned, 64-byte aligned, C-ordered array with a NumPy dtype: what a
// pointer (or memref) parameter of a kernel is bound to.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_RUNTIME_BUFFER_H
#define TILERUN_RUNTIME_BUFFER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <optional>

namespace tilerun {

/// The NumPy dtypes tilerun exchanges (all little-endian).
enum class DType { Bool, I8, U8, I16, U16, I32, U32, I64, U64, F16, F32, F64 };

enum class DTypeKind { Bool, SignedInt, UnsignedInt, Float };

unsigned dtypeSize(DType t);
DTypeKind dtypeKind(DType t);
/// NumPy's name: "float32", "int8", "bool", ...
llvm::StringRef dtypeName(DType t);
/// NumPy's array-protocol descriptor: "<f4", "|b1", ...
llvm::StringRef dtypeDescr(DType t);
/// Accepts NumPy names ("float32") and type codes with or without byte order
/// ("f4", "<f4").
std::optional<DType> parseDType(llvm::StringRef name);

class Buffer {
public:
  Buffer() = default;
  Buffer(Buffer &&) = default;
  Buffer &operator=(Buffer &&) = default;

  /// Allocates a zero-filled buffer; fails (rather than aborting) when the
  /// size overflows or memory is exhausted.
  static llvm::Expected<Buffer> allocate(DType dtype,
                                         llvm::ArrayRef<int64_t> shape);

  DType dtype() const { return Dtype; }
  llvm::ArrayRef<int64_t> shape() const { return Shape; }
  int64_t numElements() const { return NumElements; }
  size_t sizeInBytes() const { return NumElements * dtypeSize(Dtype); }
  void *data() { return Storage.get(); }
  const void *data() const { return Storage.get(); }
  template <typename T> T *dataAs() { return static_cast<T *>(data()); }

private:
  struct FreeDeleter {
    void operator()(void *p) const;
  };
  DType Dtype = DType::U8;
  llvm::SmallVector<int64_t, 4> Shape;
  int64_t NumElements = 0;
  std::unique_ptr<void, FreeDeleter> Storage;
};

/// "4096x4096" -> {4096, 4096}. Every extent must be a non-negative integer.
llvm::Expected<llvm::SmallVector<int64_t, 4>> parseShape(llvm::StringRef text);
std::string formatShape(llvm::ArrayRef<int64_t> shape);

} // namespace tilerun

#endif // TILERUN_RUNTIME_BUFFER_H
