//===- Npy.cpp - NumPy .npy reader and writer -----------------------------===//
//
// The header is a Python dict literal; numpy only ever writes the three keys
// 'descr', 'fortran_order' and 'shape', so a tiny scanner suffices.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Runtime/Npy.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace llvm;

namespace tilerun {
namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicLen = 6;

/// Scanner over the header dict: `{'descr': '<f4', 'fortran_order': False,
/// 'shape': (3, 4), }`.
struct HeaderParser {
  StringRef rest;
  void skipSpace() { rest = rest.ltrim(" \t\r\n"); }
  bool consume(char c) {
    skipSpace();
    if (rest.empty() || rest.front() != c)
      return false;
    rest = rest.drop_front();
    return true;
  }
  bool parseString(std::string &out) {
    skipSpace();
    if (rest.empty() || (rest.front() != '\'' && rest.front() != '"'))
      return false;
    char q = rest.front();
    size_t end = rest.find(q, 1);
    if (end == StringRef::npos)
      return false;
    out = rest.slice(1, end).str();
    rest = rest.drop_front(end + 1);
    return true;
  }
  bool parseWord(StringRef &out) {
    skipSpace();
    size_t n = 0;
    while (n < rest.size() && isalnum((unsigned char)rest[n]))
      ++n;
    if (n == 0)
      return false;
    out = rest.take_front(n);
    rest = rest.drop_front(n);
    return true;
  }
};

} // namespace

Expected<Buffer> parseNpy(StringRef bytes, StringRef name) {
  auto fail = [&](const Twine &msg) {
    return createStringError(name + ": " + msg);
  };
  if (bytes.size() < 10 || !bytes.starts_with(StringRef(kMagic, kMagicLen)))
    return fail("not a .npy file (bad magic)");
  unsigned major = (unsigned char)bytes[6];
  size_t headerLen, headerStart;
  if (major == 1) {
    headerLen = (unsigned char)bytes[8] | ((unsigned char)bytes[9] << 8);
    headerStart = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12)
      return fail("truncated .npy header");
    headerLen = 0;
    for (int i = 3; i >= 0; --i)
      headerLen = (headerLen << 8) | (unsigned char)bytes[8 + i];
    headerStart = 12;
  } else {
    return fail("unsupported .npy format version " + Twine(major));
  }
  if (bytes.size() - headerStart < headerLen)
    return fail("truncated .npy header");

  HeaderParser p{bytes.substr(headerStart, headerLen)};
  std::string descr;
  std::optional<bool> fortran;
  std::optional<SmallVector<int64_t, 4>> shape;
  if (!p.consume('{'))
    return fail("malformed .npy header");
  while (!p.consume('}')) {
    std::string key;
    if (!p.parseString(key) || !p.consume(':'))
      return fail("malformed .npy header");
    if (key == "descr") {
      if (!p.parseString(descr))
        return fail("unsupported dtype (structured dtypes are not supported)");
    } else if (key == "fortran_order") {
      StringRef w;
      if (!p.parseWord(w) || (w != "True" && w != "False"))
        return fail("malformed .npy header");
      fortran = w == "True";
    } else if (key == "shape") {
      if (!p.consume('('))
        return fail("malformed .npy header");
      shape.emplace();
      while (!p.consume(')')) {
        StringRef w;
        int64_t d;
        if (!p.parseWord(w) || w.getAsInteger(10, d) || d < 0)
          return fail("malformed shape in .npy header");
        shape->push_back(d);
        if (!p.consume(',') && !p.rest.ltrim().starts_with(")"))
          return fail("malformed shape in .npy header");
      }
    } else {
      return fail("unexpected key '" + key + "' in .npy header");
    }
    if (!p.consume(',') && !p.rest.ltrim().starts_with("}"))
      return fail("malformed .npy header");
  }
  if (descr.empty() || !fortran || !shape)
    return fail("incomplete .npy header");
  if (*fortran)
    return fail("Fortran-ordered arrays are not supported (save a C-ordered "
                "copy, e.g. np.ascontiguousarray)");
  if (!descr.empty() && descr[0] == '>' && descr.size() > 2 && descr[2] != '1')
    return fail("big-endian dtype '" + descr + "' is not supported");
  if (StringRef(descr).contains('O'))
    return fail("object arrays are not supported");
  std::optional<DType> dtype;
  if (descr.size() == 3 && descr[0] != '>')
    dtype = parseDType(descr);
  if (!dtype)
    return fail("unsupported dtype '" + descr + "'");

  auto buffer = Buffer::allocate(*dtype, *shape);
  if (!buffer)
    return fail(toString(buffer.takeError()));
  StringRef data = bytes.drop_front(headerStart + headerLen);
  if (data.size() != buffer->sizeInBytes())
    return fail("data size " + Twine(data.size()) + " does not match shape " +
                formatShape(*shape) + " of " + dtypeName(*dtype) + " (" +
                Twine(buffer->sizeInBytes()) + " bytes)");
  std::memcpy(buffer->data(), data.data(), data.size());
  return buffer;
}

Expected<Buffer> readNpy(StringRef path) {
  auto mb = MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!mb)
    return createStringError(path + ": " + mb.getError().message());
  return parseNpy((*mb)->getBuffer(), path);
}

Error writeNpy(StringRef path, const Buffer &buffer) {
  std::string dict = "{'descr': '" + dtypeDescr(buffer.dtype()).str() +
                     "', 'fortran_order': False, 'shape': (";
  for (int64_t d : buffer.shape())
    dict += std::to_string(d) + (buffer.shape().size() == 1 ? "," : ", ");
  if (buffer.shape().size() > 1)
    dict.resize(dict.size() - 2);
  dict += "), }";
  // Pad with spaces and a final newline so the data starts 64-byte aligned.
  bool v2 = dict.size() + 11 + 64 > 65535;
  size_t prefix = kMagicLen + 2 + (v2 ? 4 : 2);
  size_t total = alignTo(prefix + dict.size() + 1, 64);
  dict.append(total - prefix - dict.size() - 1, ' ');
  dict += '\n';

  std::error_code ec;
  raw_fd_ostream os(path, ec);
  if (ec)
    return createStringError(path + ": " + ec.message());
  os.write(kMagic, kMagicLen);
  os << char(v2 ? 2 : 1) << char(0);
  size_t len = dict.size();
  for (int i = 0; i < (v2 ? 4 : 2); ++i)
    os << char((len >> (8 * i)) & 0xff);
  os << dict;
  os.write(static_cast<const char *>(buffer.data()), buffer.sizeInBytes());
  os.close();
  if (os.has_error()) {
    std::string msg = os.error().message();
    os.clear_error();
    return createStringError(path + ": " + msg);
  }
  return Error::success();
}

} // namespace tilerun
