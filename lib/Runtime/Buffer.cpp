//===- Buffer.cpp ---------------------------------------------------------===//
#include "tilerun/Runtime/Buffer.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <cstdlib>
#include <cstring>

#if defined(__linux__)
#include <sys/mman.h>
#endif

using namespace llvm;

namespace tilerun {

// The huge page size of x86-64 and of 4 KiB-page AArch64, and the size from
// which numpy asks for huge pages.
static constexpr size_t kHugePageSize = size_t(2) << 20;
static constexpr size_t kHugePageThreshold = size_t(4) << 20;

unsigned dtypeSize(DType t) {
  switch (t) {
  case DType::Bool:
  case DType::I8:
  case DType::U8:
    return 1;
  case DType::I16:
  case DType::U16:
  case DType::F16:
    return 2;
  case DType::I32:
  case DType::U32:
  case DType::F32:
    return 4;
  case DType::I64:
  case DType::U64:
  case DType::F64:
    return 8;
  }
  return 1;
}

DTypeKind dtypeKind(DType t) {
  switch (t) {
  case DType::Bool:
    return DTypeKind::Bool;
  case DType::I8:
  case DType::I16:
  case DType::I32:
  case DType::I64:
    return DTypeKind::SignedInt;
  case DType::U8:
  case DType::U16:
  case DType::U32:
  case DType::U64:
    return DTypeKind::UnsignedInt;
  case DType::F16:
  case DType::F32:
  case DType::F64:
    return DTypeKind::Float;
  }
  return DTypeKind::UnsignedInt;
}

StringRef dtypeName(DType t) {
  switch (t) {
  case DType::Bool:
    return "bool";
  case DType::I8:
    return "int8";
  case DType::U8:
    return "uint8";
  case DType::I16:
    return "int16";
  case DType::U16:
    return "uint16";
  case DType::I32:
    return "int32";
  case DType::U32:
    return "uint32";
  case DType::I64:
    return "int64";
  case DType::U64:
    return "uint64";
  case DType::F16:
    return "float16";
  case DType::F32:
    return "float32";
  case DType::F64:
    return "float64";
  }
  return "?";
}

StringRef dtypeDescr(DType t) {
  switch (t) {
  case DType::Bool:
    return "|b1";
  case DType::I8:
    return "|i1";
  case DType::U8:
    return "|u1";
  case DType::I16:
    return "<i2";
  case DType::U16:
    return "<u2";
  case DType::I32:
    return "<i4";
  case DType::U32:
    return "<u4";
  case DType::I64:
    return "<i8";
  case DType::U64:
    return "<u8";
  case DType::F16:
    return "<f2";
  case DType::F32:
    return "<f4";
  case DType::F64:
    return "<f8";
  }
  return "?";
}

std::optional<DType> parseDType(StringRef name) {
  // Byte-order marks that mean little-endian on the hosts tilerun runs on.
  if (name.size() == 3 && (name[0] == '<' || name[0] == '|' || name[0] == '='))
    name = name.drop_front();
  return StringSwitch<std::optional<DType>>(name)
      .Cases("bool", "b1", "?", DType::Bool)
      .Cases("int8", "i1", DType::I8)
      .Cases("uint8", "u1", DType::U8)
      .Cases("int16", "i2", DType::I16)
      .Cases("uint16", "u2", DType::U16)
      .Cases("int32", "i4", DType::I32)
      .Cases("uint32", "u4", DType::U32)
      .Cases("int64", "i8", DType::I64)
      .Cases("uint64", "u8", DType::U64)
      .Cases("float16", "f2", "half", DType::F16)
      .Cases("float32", "f4", "float", DType::F32)
      .Cases("float64", "f8", "double", DType::F64)
      .Default(std::nullopt);
}

void Buffer::FreeDeleter::operator()(void *p) const { std::free(p); }

Expected<Buffer> Buffer::allocate(DType dtype, ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t d : shape) {
    if (d < 0)
      return createStringError("negative extent in shape " +
                               formatShape(shape));
    if (MulOverflow(count, d, count))
      return createStringError("shape " + formatShape(shape) + " is too large");
  }
  int64_t bytes;
  if (MulOverflow(count, (int64_t)dtypeSize(dtype), bytes) ||
      bytes > INT64_MAX - 64)
    return createStringError("shape " + formatShape(shape) + " is too large");
  // aligned_alloc wants a multiple of the alignment; never allocate 0 bytes so
  // that data() is a valid pointer even for empty arrays.
  size_t alignment = 64;
  size_t padded = alignTo(std::max<int64_t>(bytes, 1), alignment);
  // Large buffers go on transparent huge pages where the kernel offers them
  // only on request (THP "madvise" mode), as numpy does for its arrays: a
  // kernel streaming rows then takes one TLB miss per 2 MiB instead of one per
  // 4 KiB, and its software prefetches are not dropped at page boundaries.
  bool hugePages = padded >= kHugePageThreshold;
  if (hugePages) {
    alignment = kHugePageSize;
    padded = alignTo(padded, alignment);
  }
  void *p = std::aligned_alloc(alignment, padded);
  if (!p)
    return createStringError("out of memory allocating " + Twine(bytes) +
                             " bytes");
#ifdef MADV_HUGEPAGE
  // Advice only: where it is refused the buffer keeps ordinary pages.
  if (hugePages)
    (void)::madvise(p, padded, MADV_HUGEPAGE);
#endif
  std::memset(p, 0, padded);
  Buffer b;
  b.Dtype = dtype;
  b.Shape.assign(shape.begin(), shape.end());
  b.NumElements = count;
  b.Storage.reset(p);
  return std::move(b);
}

Expected<SmallVector<int64_t, 4>> parseShape(StringRef text) {
  SmallVector<int64_t, 4> shape;
  if (text.empty())
    return createStringError("empty shape (expected e.g. 128x64)");
  SmallVector<StringRef, 4> parts;
  text.split(parts, 'x');
  for (StringRef p : parts) {
    uint64_t d;
    if (p.empty() || p.getAsInteger(10, d) || d > (uint64_t)INT64_MAX)
      return createStringError("malformed shape '" + text +
                               "' (expected e.g. 128x64)");
    shape.push_back(d);
  }
  return shape;
}

std::string formatShape(ArrayRef<int64_t> shape) {
  std::string s;
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? "x" : "") + std::to_string(shape[i]);
  return shape.empty() ? "()" : s;
}

} // namespace tilerun
