// The allocation policy of tilerun's runtime buffers (lib/Runtime/Buffer.cpp)
// and of numpy's arrays, for the C++ baselines: blocks of 4 MiB and more are
// aligned to 2 MiB and advised onto transparent huge pages. The baselines and
// the kernels they are compared with then stream through the same kind of
// pages, so a ratio measures code, not page size.
#pragma once

#include <cstdlib>

#include <sys/mman.h>

inline void *allocateLikeTilerun(std::size_t bytes) {
  const std::size_t hugePage = std::size_t(2) << 20;
  if (bytes < (std::size_t(4) << 20))
    return std::aligned_alloc(64, (bytes + 63) / 64 * 64);
  bytes = (bytes + hugePage - 1) / hugePage * hugePage;
  void *p = std::aligned_alloc(hugePage, bytes);
#ifdef MADV_HUGEPAGE
  if (p)
    (void)madvise(p, bytes, MADV_HUGEPAGE);
#endif
  return p;
}
