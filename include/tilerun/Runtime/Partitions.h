//===- Partitions.h - Warp-specialized partitions and mbarriers -*- C++ -*-===//
//
// Runtime hooks behind ttg.warp_specialize and the ttng mbarrier ops
// (lib/Conversion/TritonToLoops/WarpSpecialize.cpp, HopperOps.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef TILERUN_RUNTIME_PARTITIONS_H
#define TILERUN_RUNTIME_PARTITIONS_H

#include <cstdint>

extern "C" {
/// Starts `fn(args)` as a partition of the calling program, on a stack of at
/// least `stackBytes`. It first runs when the program waits on an mbarrier
/// or joins.
void tilerun_partition_spawn(void (*fn)(void *), void *args,
                             int64_t stackBytes);
/// Runs the program's partitions until every one has returned.
void tilerun_partition_join();

void tilerun_mbarrier_init(void *bar, int32_t count);
void tilerun_mbarrier_arrive(void *bar, int32_t count);
/// mbarrier.arrive.expect_tx: expects `bytes` more and arrives once.
void tilerun_mbarrier_expect(void *bar, int32_t bytes);
/// A copy that signals the barrier has moved `bytes`.
void tilerun_mbarrier_complete_tx(void *bar, int32_t bytes);
/// Returns once the phase of parity `parity` has completed. `where` names
/// the op for the report when it never can (every partition is waiting).
void tilerun_mbarrier_wait(void *bar, int32_t parity, const char *where);
}

#endif
