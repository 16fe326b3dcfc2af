//===- PartitionsTest.cpp - Fibers and mbarriers of warp specialization ---===//
//
// The runtime behind ttg.warp_specialize, driven directly: mbarrier phases
// (arrivals, expect-tx and complete-tx), partitions as fibers that run only
// while others wait, and a deadlock reported instead of a hang.
//
//===----------------------------------------------------------------------===//
#include "tilerun/Runtime/Partitions.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <vector>

namespace {

/// Waits on `bar` with no partitions running: returns true if the wait
/// passed, false if the runtime reported it could never complete.
bool waitPasses(uint64_t &bar, int parity) {
  testing::internal::CaptureStderr();
  tilerun_mbarrier_wait(&bar, parity, "probe");
  return testing::internal::GetCapturedStderr().empty();
}

TEST(MBarrier, FreshBarrierHasCompletedThePreviousPhase) {
  uint64_t bar;
  tilerun_mbarrier_init(&bar, 2);
  // Parity 1 is the phase "before" the first: waiting on it passes; the
  // first phase (parity 0) is still open.
  EXPECT_TRUE(waitPasses(bar, 1));
  EXPECT_FALSE(waitPasses(bar, 0));
}

TEST(MBarrier, PhaseNeedsEveryArrivalAndEveryByte) {
  uint64_t bar;
  std::vector<int> order;
  struct Ctx {
    uint64_t *bar;
    std::vector<int> *order;
  } ctx{&bar, &order};
  tilerun_mbarrier_init(&bar, 2);
  // A producer partition: one plain arrival, then an expect-tx arrival
  // whose bytes arrive in two copies. The phase completes only with the
  // last copy.
  tilerun_partition_spawn(
      [](void *p) {
        auto *c = static_cast<Ctx *>(p);
        c->order->push_back(1);
        tilerun_mbarrier_arrive(c->bar, 1);
        tilerun_mbarrier_expect(c->bar, 64);
        c->order->push_back(2);
        tilerun_mbarrier_complete_tx(c->bar, 32);
        c->order->push_back(3);
        tilerun_mbarrier_complete_tx(c->bar, 32);
        c->order->push_back(4);
      },
      &ctx, 1 << 16);
  // The partition has not run yet: it starts when the program waits.
  EXPECT_TRUE(order.empty());
  tilerun_mbarrier_wait(&bar, 0, "consumer");
  order.push_back(5);
  tilerun_partition_join();
  EXPECT_EQ(order, (std::vector<int>{1, 2, 3, 4, 5}));
  // Phase 0 is complete; the next one (parity 1) needs two new arrivals.
  EXPECT_TRUE(waitPasses(bar, 0));
  EXPECT_FALSE(waitPasses(bar, 1));
  tilerun_mbarrier_arrive(&bar, 1);
  EXPECT_FALSE(waitPasses(bar, 1));
  tilerun_mbarrier_arrive(&bar, 1);
  EXPECT_TRUE(waitPasses(bar, 1));
}

TEST(MBarrier, PingPongThroughTwoBarriers) {
  // The default region and a partition take turns 100 times: each waits for
  // the other's arrival on its own barrier, with the phase parity flipping
  // every round.
  struct Ctx {
    uint64_t ping, pong;
    std::vector<int> trace;
  } ctx;
  tilerun_mbarrier_init(&ctx.ping, 1);
  tilerun_mbarrier_init(&ctx.pong, 1);
  tilerun_partition_spawn(
      [](void *p) {
        auto *c = static_cast<Ctx *>(p);
        for (int i = 0; i < 100; ++i) {
          tilerun_mbarrier_wait(&c->ping, i & 1, "partition");
          c->trace.push_back(2 * i + 1);
          tilerun_mbarrier_arrive(&c->pong, 1);
        }
      },
      &ctx, 1 << 16);
  for (int i = 0; i < 100; ++i) {
    ctx.trace.push_back(2 * i);
    tilerun_mbarrier_arrive(&ctx.ping, 1);
    tilerun_mbarrier_wait(&ctx.pong, i & 1, "default");
  }
  tilerun_partition_join();
  ASSERT_EQ(ctx.trace.size(), 200u);
  for (int i = 0; i < 200; ++i)
    EXPECT_EQ(ctx.trace[i], i);
}

TEST(MBarrier, DeadlockIsReportedNotHung) {
  // Both wait on barriers nobody arrives on. Outside a launch the report
  // goes to stderr; what matters is that the waits return and the join ends.
  struct Ctx {
    uint64_t a, b;
  } ctx;
  tilerun_mbarrier_init(&ctx.a, 1);
  tilerun_mbarrier_init(&ctx.b, 1);
  tilerun_partition_spawn(
      [](void *p) {
        tilerun_mbarrier_wait(&static_cast<Ctx *>(p)->b, 0, "partition");
      },
      &ctx, 1 << 16);
  testing::internal::CaptureStderr();
  tilerun_mbarrier_wait(&ctx.a, 0, "default");
  tilerun_partition_join();
  std::string err = testing::internal::GetCapturedStderr();
  EXPECT_NE(err.find("can never complete"), std::string::npos) << err;
}

} // namespace
