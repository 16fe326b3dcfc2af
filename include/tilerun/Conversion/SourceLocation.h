//===- SourceLocation.h - The user's source position of an op ---*- C++ -*-===//
#ifndef TILERUN_CONVERSION_SOURCELOCATION_H
#define TILERUN_CONVERSION_SOURCELOCATION_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"

#include <string>

namespace tilerun {

/// "file:line:col" of the first file location inside `loc`. Triton wraps the
/// Python position in name and call-site locations; run-time messages (failed
/// assertions, checked-mode violations) point at it.
inline std::string describeLocation(mlir::Location loc) {
  std::string out;
  loc->walk([&](mlir::Location l) {
    if (auto flc = llvm::dyn_cast<mlir::FileLineColLoc>(l)) {
      out = (flc.getFilename().getValue() + ":" + llvm::Twine(flc.getLine()) +
             ":" + llvm::Twine(flc.getColumn()))
                .str();
      return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  return out.empty() ? std::string("<unknown>") : out;
}

} // namespace tilerun

#endif // TILERUN_CONVERSION_SOURCELOCATION_H
