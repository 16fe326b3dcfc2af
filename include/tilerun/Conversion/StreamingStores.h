//===- StreamingStores.h - outputs that bypass the caches -------*- C++ -*-===//
//
// Both lowerings (tt tiles and triton-shared's linalg) write large outputs
// with x86 non-temporal 64-byte stores, chunk by chunk along a contiguous
// innermost dimension; these are the sizes they agree on.
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_CONVERSION_STREAMINGSTORES_H
#define TILERUN_CONVERSION_STREAMINGSTORES_H

#include <cstdint>

namespace tilerun {

/// Bytes a launch must write through one store before its stores bypass the
/// cache: more than the last-level cache share a few cores get. (The L3 size
/// the OS reports is not usable for this: virtual machines report the whole
/// host's.)
constexpr int64_t kStreamingStoreBytes = 16 << 20;
/// Innermost indices per chunk of a nest that works by cache lines: the
/// next program's prefetches are issued at a chunk's start, and streaming
/// stores write a chunk's lines together. 64 elements of any byte-sized type
/// are whole lines.
constexpr int64_t kChunkElements = 64;
/// The host's cache line, which prefetches fetch and streaming stores write.
constexpr int64_t kCacheLineBytes = 64;

} // namespace tilerun

#endif // TILERUN_CONVERSION_STREAMINGSTORES_H
