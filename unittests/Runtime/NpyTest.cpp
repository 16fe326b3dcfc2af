//===- NpyTest.cpp --------------------------------------------------------===//
#include "tilerun/Runtime/Npy.h"

#include "TempDir.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "gtest/gtest.h"

using namespace tilerun;
using namespace llvm;

namespace {

std::string errorOf(Error e) { return toString(std::move(e)); }

TEST(Npy, RoundTripEveryDType) {
  TempDir temp("tilerun-npy");
  for (DType t : {DType::Bool, DType::I8, DType::U8, DType::I16, DType::U16,
                  DType::I32, DType::U32, DType::I64, DType::U64, DType::F16,
                  DType::F32, DType::F64}) {
    for (auto shape :
         std::vector<std::vector<int64_t>>{{}, {7}, {3, 5}, {2, 0, 4}}) {
      auto b = Buffer::allocate(t, shape);
      ASSERT_TRUE(bool(b));
      auto *bytes = static_cast<uint8_t *>(b->data());
      for (size_t i = 0; i < b->sizeInBytes(); ++i)
        bytes[i] = t == DType::Bool ? i % 2 : uint8_t(i * 37 + 1);
      std::string path = temp.file("a.npy");
      ASSERT_FALSE(bool(writeNpy(path, *b)));
      auto r = readNpy(path);
      ASSERT_TRUE(bool(r)) << toString(r.takeError());
      EXPECT_EQ(r->dtype(), t);
      EXPECT_EQ(r->shape(), ArrayRef<int64_t>(shape));
      EXPECT_EQ(0, memcmp(r->data(), b->data(), b->sizeInBytes()));
      // Data starts on a 64-byte boundary, as numpy does it.
      uint64_t size;
      ASSERT_FALSE(sys::fs::file_size(path, size));
      EXPECT_EQ((size - b->sizeInBytes()) % 64, 0u);
    }
  }
}

std::string header(StringRef dict, int version = 1) {
  std::string s = "\x93NUMPY";
  s += char(version);
  s += char(0);
  std::string d = dict.str() + "\n";
  if (version == 1) {
    s += char(d.size() & 0xff);
    s += char(d.size() >> 8);
  } else {
    for (int i = 0; i < 4; ++i)
      s += char((d.size() >> (8 * i)) & 0xff);
  }
  return s + d;
}

TEST(Npy, ReadsVersion2And3) {
  for (int v : {2, 3}) {
    std::string img =
        header("{'descr': '<i4', 'fortran_order': False, 'shape': (2,), }", v);
    img += std::string("\x01\0\0\0\x02\0\0\0", 8);
    auto b = parseNpy(img, "x.npy");
    ASSERT_TRUE(bool(b)) << toString(b.takeError());
    EXPECT_EQ(b->dataAs<int32_t>()[1], 2);
  }
}

TEST(Npy, Errors) {
  auto err = [](StringRef img) {
    auto b = parseNpy(img, "in.npy");
    return b ? std::string() : errorOf(b.takeError());
  };
  EXPECT_EQ(err("hello world, not numpy"),
            "in.npy: not a .npy file (bad magic)");
  EXPECT_NE(
      err(header("{'descr': '<f4', 'fortran_order': True, 'shape': (1,), }") +
          std::string(4, '\0'))
          .find("Fortran"),
      std::string::npos);
  EXPECT_NE(
      err(header("{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }") +
          std::string(4, '\0'))
          .find("big-endian"),
      std::string::npos);
  EXPECT_NE(
      err(header("{'descr': '|O', 'fortran_order': False, 'shape': (1,), }") +
          std::string(8, '\0'))
          .find("object"),
      std::string::npos);
  EXPECT_NE(
      err(header("{'descr': '<c8', 'fortran_order': False, 'shape': (1,), }"))
          .find("unsupported dtype '<c8'"),
      std::string::npos);
  EXPECT_NE(
      err(header("{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }") +
          std::string(4, '\0'))
          .find("data size"),
      std::string::npos);
  EXPECT_NE(err(header("{'descr': [('a', '<f4')], 'fortran_order': False, "
                       "'shape': (1,), }"))
                .find("structured"),
            std::string::npos);
  auto missing = readNpy("/nonexistent/x.npy");
  ASSERT_FALSE(bool(missing));
  EXPECT_NE(errorOf(missing.takeError()).find("/nonexistent/x.npy"),
            std::string::npos);
}

} // namespace
