//===- Npy.h - NumPy .npy files ---------------------------------*- C++ -*-===//
//
// Reads format versions 1.0, 2.0 and 3.0 with little-endian (or byte-order
// free) numeric dtypes in C order; writes version 1.0 (2.0 if the header
// does not fit). Errors name the file.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_RUNTIME_NPY_H
#define TILERUN_RUNTIME_NPY_H

#include "tilerun/Runtime/Buffer.h"

namespace tilerun {

llvm::Expected<Buffer> readNpy(llvm::StringRef path);
/// Parses an in-memory .npy image; `name` is used in error messages.
llvm::Expected<Buffer> parseNpy(llvm::StringRef bytes, llvm::StringRef name);
llvm::Error writeNpy(llvm::StringRef path, const Buffer &buffer);

} // namespace tilerun

#endif // TILERUN_RUNTIME_NPY_H
