//===- TempDir.h - A temporary directory for one test -----------*- C++ -*-===//
#ifndef TILERUN_UNITTESTS_RUNTIME_TEMPDIR_H
#define TILERUN_UNITTESTS_RUNTIME_TEMPDIR_H

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

#include <string>

namespace tilerun {

/// A fresh directory, removed with its contents at the end of the test.
struct TempDir {
  llvm::SmallString<128> path;
  explicit TempDir(llvm::StringRef prefix) {
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory(prefix, path));
  }
  ~TempDir() { llvm::sys::fs::remove_directories(path); }
  /// The path of `name` inside the directory.
  std::string file(llvm::StringRef name) const {
    llvm::SmallString<128> p(path);
    llvm::sys::path::append(p, name);
    return p.str().str();
  }
};

} // namespace tilerun

#endif // TILERUN_UNITTESTS_RUNTIME_TEMPDIR_H
