//===- Arguments.cpp ------------------------------------------------------===//
#include "tilerun/Runtime/Arguments.h"

#include "tilerun/Runtime/Npy.h"

#include "ArgPacking.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringSet.h"

#include <cmath>
#include <cstring>
#include <random>

using namespace llvm;

namespace tilerun {

KernelArg KernelArg::buffer(Buffer &b) {
  return buffer(b.data(), b.numElements());
}

Expected<Grid> parseGrid(StringRef text) {
  SmallVector<StringRef, 3> parts;
  text.split(parts, ',');
  auto bad = [&] {
    return createStringError("malformed grid '" + text +
                             "' (expected X[,Y[,Z]] of positive integers)");
  };
  if (text.empty() || parts.size() > 3)
    return bad();
  uint32_t dims[3] = {1, 1, 1};
  for (size_t i = 0; i < parts.size(); ++i) {
    uint64_t v;
    if (parts[i].trim().getAsInteger(10, v) || v > INT32_MAX)
      return bad();
    if (v == 0)
      return createStringError("grid '" + text + "' has a zero extent");
    dims[i] = v;
  }
  return Grid{dims[0], dims[1], dims[2]};
}

Expected<uint64_t> parseScalar(StringRef text, const ScalarType &type) {
  StringRef t = text.trim();
  if (type.kind == ScalarType::Float) {
    if (!type.semantics)
      return createStringError("cannot pass a " + type.name + " scalar");
    std::string lower = t.lower();
    // APFloat spells the specials in lowercase only for some forms.
    StringRef s = t;
    if (StringRef(lower).ends_with("inf") ||
        StringRef(lower).ends_with("nan") ||
        StringRef(lower).ends_with("infinity"))
      s = lower;
    APFloat f(*type.semantics);
    auto status = s.empty()
                      ? Expected<APFloat::opStatus>(createStringError("empty"))
                      : f.convertFromString(s, APFloat::rmNearestTiesToEven);
    if (!status) {
      consumeError(status.takeError());
      return createStringError("'" + text + "' is not a valid " + type.name +
                               " value");
    }
    if (*status & APFloat::opOverflow)
      return createStringError("'" + text + "' is out of range for " +
                               type.name);
    return f.bitcastToAPInt().getZExtValue();
  }
  if (type.kind != ScalarType::Int)
    return createStringError("cannot pass a " + type.name + " scalar");
  if (type.bits == 1) {
    if (t == "1" || t == "true")
      return 1;
    if (t == "0" || t == "false")
      return 0;
    return createStringError("'" + text +
                             "' is not a valid i1 value "
                             "(expected 0, 1, true or false)");
  }
  unsigned n = type.bits;
  uint64_t bits;
  if (t.starts_with("-")) {
    int64_t v;
    if (t.getAsInteger(0, v))
      return createStringError("'" + text + "' is not a valid " + type.name +
                               " value");
    int64_t lo = n == 64 ? INT64_MIN : -(int64_t(1) << (n - 1));
    if (type.isUnsigned || v < lo)
      return createStringError("'" + text + "' is out of range for " +
                               type.name);
    bits = uint64_t(v);
  } else {
    uint64_t v;
    if (t.consume_front("+"); t.getAsInteger(0, v))
      return createStringError("'" + text + "' is not a valid " + type.name +
                               " value");
    uint64_t hi = type.isUnsigned ? (n == 64 ? UINT64_MAX : (1ull << n) - 1)
                                  : (1ull << (n - 1)) - 1;
    if (v > hi)
      return createStringError("'" + text + "' is out of range for " +
                               type.name);
    bits = v;
  }
  return n == 64 ? bits : bits & ((1ull << n) - 1);
}

static uint16_t floatToBF16(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  if (std::isnan(f))
    return 0x7fc0;
  return (u + 0x7fff + ((u >> 16) & 1)) >> 16;
}

static uint16_t floatToHalf(float f) {
  APFloat a(f);
  bool lost;
  a.convert(APFloat::IEEEhalf(), APFloat::rmNearestTiesToEven, &lost);
  return a.bitcastToAPInt().getZExtValue();
}

template <typename T, typename F> static void fill(Buffer &b, F gen) {
  T *p = b.dataAs<T>();
  for (int64_t i = 0, e = b.numElements(); i < e; ++i)
    p[i] = gen();
}

static bool isBufferSpec(StringRef text) {
  SmallVector<StringRef, 3> parts;
  text.split(parts, ':');
  return parts.size() == 3 &&
         is_contained({"randn", "zeros", "empty"}, parts[0]);
}

std::optional<Expected<Buffer>> createBufferFromSpec(StringRef text,
                                                     uint64_t seed) {
  if (!isBufferSpec(text))
    return std::nullopt;
  SmallVector<StringRef, 3> parts;
  text.split(parts, ':');
  bool bf16 = parts[1] == "bfloat16";
  std::optional<DType> dtype = bf16 ? DType::U16 : parseDType(parts[1]);
  if (!dtype)
    return createStringError("unknown dtype '" + parts[1] + "' in '" + text +
                             "'");
  auto shape = parseShape(parts[2]);
  if (!shape)
    return shape.takeError();
  auto buffer = Buffer::allocate(*dtype, *shape);
  if (!buffer || parts[0] != "randn")
    return std::move(buffer);

  // Box-Muller over mt19937_64, whose output the standard pins down, so the
  // data is the same with every standard library.
  std::mt19937_64 rng(seed);
  auto uniform = [&] { return (rng() >> 11) * 0x1.0p-53; };
  auto normal = [&] {
    double u1 = uniform(), u2 = uniform();
    return std::sqrt(-2.0 * std::log1p(-u1)) * std::cos(2 * M_PI * u2);
  };
  // Integers get small uniform values: randn of an index or mask is a test
  // input, not a distribution.
  auto smallInt = [&] { return int64_t(rng() % 16) - 8; };
  Buffer &b = *buffer;
  switch (b.dtype()) {
  case DType::Bool:
    fill<uint8_t>(b, [&] { return rng() & 1; });
    break;
  case DType::I8:
    fill<int8_t>(b, smallInt);
    break;
  case DType::I16:
    fill<int16_t>(b, smallInt);
    break;
  case DType::I32:
    fill<int32_t>(b, smallInt);
    break;
  case DType::I64:
    fill<int64_t>(b, smallInt);
    break;
  case DType::U8:
    fill<uint8_t>(b, [&] { return rng() % 16; });
    break;
  case DType::U16:
    if (bf16)
      fill<uint16_t>(b, [&] { return floatToBF16(normal()); });
    else
      fill<uint16_t>(b, [&] { return rng() % 16; });
    break;
  case DType::U32:
    fill<uint32_t>(b, [&] { return rng() % 16; });
    break;
  case DType::U64:
    fill<uint64_t>(b, [&] { return rng() % 16; });
    break;
  case DType::F16:
    fill<uint16_t>(b, [&] { return floatToHalf(normal()); });
    break;
  case DType::F32:
    fill<float>(b, normal);
    break;
  case DType::F64:
    fill<double>(b, normal);
    break;
  }
  return std::move(buffer);
}

bool isCompatible(DType dtype, const ScalarType &elem) {
  DTypeKind k = dtypeKind(dtype);
  unsigned bits = dtypeSize(dtype) * 8;
  bool isInt = k == DTypeKind::SignedInt || k == DTypeKind::UnsignedInt;
  switch (elem.kind) {
  case ScalarType::Untyped:
    return true;
  case ScalarType::Int:
    if (elem.bits == 1)
      return k == DTypeKind::Bool || (isInt && bits == 8);
    return isInt && bits == elem.bits;
  case ScalarType::Float:
    // Formats NumPy lacks (bf16, fp8) travel as raw integers of their width.
    if (elem.semantics && elem.semantics != &APFloat::BFloat())
      return k == DTypeKind::Float && bits == elem.bits;
    return isInt && bits == elem.bits;
  }
  return false;
}

static std::string describe(const KernelParam &p) {
  if (p.kind == KernelParam::Scalar)
    return p.type.name;
  if (p.kind == KernelParam::TensorDesc)
    return "tensor descriptor of " + p.type.name;
  return "pointer to " + p.type.name;
}

/// `NAME.padding=zero|nan` for a tensor descriptor parameter.
static Expected<bool> bindPadding(const KernelSignature &sig, StringRef name,
                                  StringRef value,
                                  std::vector<uint64_t> &padding) {
  if (!name.consume_back(".padding"))
    return false;
  const KernelParam *p = sig.lookup(name);
  if (!p || p->kind != KernelParam::TensorDesc)
    return createStringError("'" + name + ".padding': '" + name +
                             "' is not a tensor descriptor parameter of "
                             "kernel '" +
                             sig.name + "'");
  if (value != "zero" && value != "nan")
    return createStringError("argument '" + p->name +
                             ".padding' must be "
                             "zero or nan, not '" +
                             value + "'");
  padding[p->index] = value == "nan" ? KernelArg::kPadNaN : KernelArg::kPadZero;
  return true;
}

/// Splits NAME=VALUE.
static Expected<std::pair<StringRef, StringRef>> splitOption(StringRef opt,
                                                             StringRef flag) {
  auto [name, value] = opt.split('=');
  if (name.empty() || name.size() == opt.size())
    return createStringError("malformed " + flag + " '" + opt +
                             "' (expected NAME=VALUE)");
  return std::make_pair(name, value);
}

Expected<BoundArguments> bindArguments(const KernelSignature &sig,
                                       ArrayRef<std::string> options) {
  BoundArguments bound;
  size_t n = sig.params.size();
  bound.args.resize(n);
  bound.buffers.resize(n);
  std::vector<bool> seen(n, false);
  std::vector<uint64_t> padding(n, KernelArg::kPadZero);
  for (const std::string &opt : options) {
    auto split = splitOption(opt, "--arg");
    if (!split)
      return split.takeError();
    auto [name, value] = *split;
    auto isPadding = bindPadding(sig, name, value, padding);
    if (!isPadding)
      return isPadding.takeError();
    if (*isPadding)
      continue;
    const KernelParam *p = sig.lookup(name);
    if (!p)
      return createStringError("unknown argument '" + name + "'; kernel '" +
                               sig.name + "' takes: " + sig.paramNames());
    if (seen[p->index])
      return createStringError("duplicate argument '" + p->name + "'");
    seen[p->index] = true;
    auto err = [&](const Twine &msg) {
      return createStringError("argument '" + p->name + "': " + msg);
    };

    if (!p->isBuffer()) {
      if (value.starts_with("@") || isBufferSpec(value))
        return err("scalar parameter (" + describe(*p) +
                   ") takes a value, not a buffer");
      auto bits = parseScalar(value, p->type);
      if (!bits)
        return err(toString(bits.takeError()));
      bound.args[p->index] = KernelArg::scalar(*bits);
      continue;
    }

    std::optional<Expected<Buffer>> buffer;
    if (value.starts_with("@"))
      buffer = readNpy(value.drop_front());
    else
      buffer = createBufferFromSpec(value, 0x7117e5 + p->index);
    if (!buffer)
      return err(std::string(p->kind == KernelParam::TensorDesc
                                 ? "tensor descriptor"
                                 : "pointer") +
                 " parameter takes @FILE.npy or "
                 "randn|zeros|empty:DTYPE:SHAPE, not '" +
                 value + "'");
    if (!*buffer)
      return err(toString(buffer->takeError()));
    Buffer &b = **buffer;
    if (!isCompatible(b.dtype(), p->type))
      return err(dtypeName(b.dtype()) + " data does not match parameter type " +
                 describe(*p));
    if (Error e = checkElementCount(*p, b.numElements()))
      return std::move(e);
    bound.buffers[p->index] = std::move(b);
    bound.args[p->index] = KernelArg::buffer(*bound.buffers[p->index]);
  }
  std::string missing;
  for (const KernelParam &p : sig.params)
    if (!seen[p.index])
      missing += (missing.empty() ? "" : ", ") + p.name;
  if (!missing.empty())
    return createStringError("missing argument(s) " + missing +
                             " for kernel '" + sig.name +
                             "' (takes: " + sig.paramNames() + ")");
  for (const KernelParam &p : sig.params)
    if (p.kind == KernelParam::TensorDesc)
      bound.args[p.index].scalarBits = padding[p.index];
  return std::move(bound);
}

Expected<std::vector<SaveRequest>> resolveSaves(const KernelSignature &sig,
                                                ArrayRef<std::string> options) {
  std::vector<SaveRequest> saves;
  StringSet<> paths;
  for (const std::string &opt : options) {
    auto split = splitOption(opt, "--save");
    if (!split)
      return split.takeError();
    auto [name, path] = *split;
    const KernelParam *p = sig.lookup(name);
    if (!p)
      return createStringError("unknown argument '" + name +
                               "' in --save; "
                               "kernel '" +
                               sig.name + "' takes: " + sig.paramNames());
    if (!p->isBuffer())
      return createStringError("cannot --save '" + p->name +
                               "': it is a scalar parameter");
    if (path.empty())
      return createStringError("--save '" + p->name + "' has an empty path");
    for (const SaveRequest &s : saves)
      if (s.param == p->index)
        return createStringError("duplicate --save of '" + p->name + "'");
    if (!paths.insert(path).second)
      return createStringError("two --save options write '" + path + "'");
    saves.push_back({p->index, path.str()});
  }
  return saves;
}

} // namespace tilerun
