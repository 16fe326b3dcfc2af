//===- CpuTarget.cpp - the CPU a kernel is compiled for -------------------===//

#include "tilerun/Target/CpuTarget.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <mutex>

using namespace llvm;

namespace tilerun {

/// The LLVM features tilerun's choices depend on; has() knows these.
static constexpr StringLiteral kQueried[] = {
    "sse4.2",     "avx",        "avx2",     "fma",      "f16c",
    "avx512f",    "avx512bw",   "avx512vl", "avx512dq", "avx512bf16",
    "avx512fp16", "avx512vnni", "avxvnni",  "amx-tile", "amx-bf16",
    "amx-fp16",   "amx-int8"};

static void initializeNativeTargetInfo() {
  static std::once_flag init;
  std::call_once(init, [] {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
  });
}

/// Whether LLVM's tables for this target have feature `name`; LLVM itself
/// only warns about an unknown one, and ignores it.
static bool isKnownFeature(const MCSubtargetInfo &info, StringRef name) {
  for (const SubtargetFeatureKV &kv : info.getAllProcessorFeatures())
    if (name == kv.Key)
      return true;
  return false;
}

/// The target's MCSubtargetInfo for `cpu` and `features`, from LLVM's
/// tables for this process's triple.
static Expected<std::unique_ptr<MCSubtargetInfo>>
subtargetInfo(StringRef cpu, StringRef features) {
  initializeNativeTargetInfo();
  Triple triple(sys::getProcessTriple());
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return createStringError(error);
  std::unique_ptr<MCSubtargetInfo> info(
      target->createMCSubtargetInfo(triple, cpu, features));
  if (!info)
    return createStringError("no subtarget information for " + triple.str());
  return std::move(info);
}

Expected<CpuTarget> CpuTarget::make(StringRef cpu, std::string features) {
  auto info = subtargetInfo(cpu, features);
  if (!info)
    return info.takeError();
  CpuTarget t;
  t.Triple = sys::getProcessTriple();
  t.Cpu = cpu.str();
  t.Features = std::move(features);
  for (StringRef name : kQueried)
    t.Has[name] = (*info)->checkFeatures(("+" + name).str());
  t.Prefers256BitVectors = (*info)->checkFeatures("+prefer-256-bit");
  return t;
}

const CpuTarget &CpuTarget::host() {
  static const CpuTarget target = [] {
    SubtargetFeatures attrs;
    for (const StringMapEntry<bool> &f : sys::getHostCPUFeatures())
      attrs.AddFeature(f.first(), f.second);
    auto t = make(sys::getHostCPUName(), attrs.getString());
    // Only a build without the native target could fail here.
    if (!t)
      report_fatal_error(t.takeError());
    return std::move(*t);
  }();
  return target;
}

Expected<CpuTarget> CpuTarget::get(StringRef cpu, StringRef features) {
  // "native" is the host's CPU with the host's features; a named CPU brings
  // only its own, whatever machine compiles for it.
  bool native = cpu.empty() || cpu == "native";
  if (native) {
    if (features.empty())
      return host();
    cpu = host().cpu();
  }
  auto known = subtargetInfo("", "");
  if (!known)
    return known.takeError();
  if (!(*known)->isCPUStringValid(cpu))
    return createStringError("unknown CPU '" + cpu + "' for " +
                             sys::getProcessTriple() +
                             " (LLVM's CPU names: x86-64, x86-64-v3, "
                             "znver4, sapphirerapids, ...; 'native' for this "
                             "machine)");
  SubtargetFeatures attrs(native ? host().features() : "");
  SmallVector<StringRef> list;
  features.split(list, ',', -1, /*KeepEmpty=*/false);
  for (StringRef f : list) {
    f = f.trim();
    if (!f.starts_with("+") && !f.starts_with("-"))
      return createStringError("target feature '" + f +
                               "' must start with + or -");
    if (!isKnownFeature(**known, f.drop_front()))
      return createStringError("unknown target feature '" + f.drop_front() +
                               "' for " + sys::getProcessTriple());
    attrs.AddFeature(f);
  }
  return make(cpu, attrs.getString());
}

unsigned CpuTarget::vectorBytes() const {
  return has("avx512f") ? 64 : has("avx") ? 32 : 16;
}

unsigned CpuTarget::preferredVectorBytes() const {
  return has("avx512f") && Prefers256BitVectors ? 32 : vectorBytes();
}

unsigned CpuTarget::vectorRegisters() const { return has("avx512f") ? 32 : 16; }

unsigned CpuTarget::vectorLoopHintBytes() const {
  return hasStreamingStores() && !has("avx512f") ? 32 : 0;
}

std::pair<int64_t, int64_t> CpuTarget::matmulRegisterTile() const {
  // 16 accumulators either way. With 32 registers, 4 rows of 4 vectors: per
  // step of K, 4 vector loads of B and 4 broadcasts of A feed 16 FMAs (8
  // rows of 2 vectors took 2 and 8, and ran 3 % slower on Zen 4:
  // docs/performance.md, Measurements).
  return vectorRegisters() >= 32 ? std::pair<int64_t, int64_t>{4, 64}
                                 : std::pair<int64_t, int64_t>{4, 16};
}

std::string CpuTarget::str() const {
  return Triple + " " + Cpu + " " + Features;
}

std::string CpuTarget::describe() const {
  auto [rows, lanes] = matmulRegisterTile();
  std::string isa;
  for (StringRef name : kQueried)
    if (has(name))
      isa += " " + name.str();
  std::string s =
      "triple: " + Triple + "\ncpu: " + Cpu +
      "\nfeatures:" + (isa.empty() ? std::string(" none") : isa) +
      "\nvector-bytes: " + std::to_string(vectorBytes()) +
      "\npreferred-vector-bytes: " + std::to_string(preferredVectorBytes()) +
      "\nvector-registers: " + std::to_string(vectorRegisters()) +
      "\ncache-line-bytes: " + std::to_string(cacheLineBytes()) +
      "\nstreaming-stores: " + (hasStreamingStores() ? "yes" : "no") +
      "\nsingle-instruction-ldexp: " +
      (hasSingleInstructionLdexp() ? "yes" : "no") +
      "\nvector-loop-hint-bytes: " + std::to_string(vectorLoopHintBytes()) +
      "\nmatmul-register-tile: " + std::to_string(rows) + "x" +
      std::to_string(lanes) + "\nmatrix-instructions:";
  bool any = false;
  for (auto [name, present] :
       {std::pair<const char *, bool>{"avx512-bf16", hasAVX512BF16()},
        {"avx512-fp16", hasAVX512FP16()},
        {"amx-bf16", hasAMXBF16()},
        {"amx-fp16", hasAMXFP16()},
        {"amx-int8", hasAMXInt8()},
        {"avx512-vnni", hasAVX512VNNI()},
        {"avx-vnni", hasAVXVNNI()}})
    if (present) {
      s += std::string(" ") + name;
      any = true;
    }
  if (!any)
    s += " none";
  return s + "\n";
}

} // namespace tilerun
