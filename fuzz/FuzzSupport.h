//===- FuzzSupport.h - What the fuzz targets share --------------*- C++ -*-===//
#ifndef TILERUN_FUZZ_FUZZSUPPORT_H
#define TILERUN_FUZZ_FUZZSUPPORT_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Regex.h"

namespace tilerun::fuzz {

// MLIR 22 itself crashes on these, in code tilerun cannot change:
// linalg.transpose, linalg.broadcast and linalg.reduce read their
// `permutation = [...]` / `dimensions = [...]` list with
// DenseI64ArrayAttr::parse and store the result unchecked, so a malformed
// list dereferences a null attribute in libMLIR
// (test/Fuzz/upstream-crashers/). Skipping every input where such a keyword
// is not followed by a plain list of integers keeps the fuzzer on tilerun's
// own bugs; a false match only costs an input.
inline bool hitsLinalgArrayParserBug(llvm::StringRef text) {
  static const llvm::Regex keyword(
      "(permutation|dimensions)([[:space:]]|//[^\n]*)*=");
  static const llvm::Regex intList(
      "^[[:space:]]*\\[[[:space:]]*(-?[0-9]{1,18}[[:space:]]*"
      "(,[[:space:]]*-?[0-9]{1,18}[[:space:]]*)*)?]");
  llvm::SmallVector<llvm::StringRef, 3> match;
  while (keyword.match(text, &match)) {
    text = text.drop_front(match[0].end() - text.begin());
    if (!intList.match(text))
      return true;
  }
  return false;
}

} // namespace tilerun::fuzz

#endif // TILERUN_FUZZ_FUZZSUPPORT_H
