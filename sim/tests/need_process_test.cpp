// The need process's own arithmetic (need_process.h): a power-law trace per past
// need, a decay that depends on how active the fact was when the need came.
#include <gtest/gtest.h>

#include <cmath>

#include "memsim/sim/need_process.h"
#include "memsim/timefmt.h"

namespace memsim::sim {
namespace {

constexpr Seconds kDay = kSecondsPerDay;

TEST(NeedProcess, OneNeedDecaysAsAPowerOfItsAge) {
  const NeedParams p{1.0, 0.3, 0.25};
  NeedHistory h;
  h.record(0, p);
  EXPECT_NEAR(h.activation(4 * kDay, p), std::pow(4.0, -0.3), 1e-12);
  EXPECT_NEAR(h.activation(40 * kDay, p), std::pow(40.0, -0.3), 1e-12);
}

TEST(NeedProcess, ANeedCountsAsAtLeastTauOld) {
  const NeedParams p{1.0, 0.3, 0.25};
  NeedHistory h;
  h.record(10 * kDay, p);
  EXPECT_DOUBLE_EQ(h.activation(10 * kDay + 3600, p), 1.0);  // an hour old: tau = a day
  EXPECT_DOUBLE_EQ(h.activation(10 * kDay - 3600, p), 1.0);  // evaluated just before it (the hour's grid)
}

// Pavlik and Anderson: a need that comes while the fact is active (massed) gets a
// faster decay than one after a long gap (spaced), so massed practice fades sooner.
TEST(NeedProcess, MassedNeedsDecayFasterThanSpacedOnes) {
  const NeedParams p{1.0, 0.3, 0.25};
  NeedHistory massed, spaced;
  massed.record(0, p);
  massed.record(3600, p);  // an hour later: A = 1, d = 0.55
  spaced.record(0, p);
  spaced.record(30 * kDay, p);  // a month later: A = 30^-0.3, d smaller
  const Seconds later = 200 * kDay;
  // Seen from 200 days after each second need, the spaced pair keeps more activation.
  EXPECT_GT(spaced.activation(30 * kDay + later, p), massed.activation(3600 + later, p));
  // A day after each second need, the massed pair is the more active one.
  EXPECT_GT(massed.activation(3600 + kDay, p), spaced.activation(31 * kDay, p));
}

TEST(NeedProcess, WithoutTheSpacingTermEveryNeedDecaysAlike) {
  const NeedParams p{1.0, 0.3, 0.0};
  NeedHistory a;
  a.record(0, p);
  a.record(3600, p);
  EXPECT_NEAR(a.activation(100 * kDay, p), std::pow(100.0, -0.3) + std::pow(100.0 - 1.0 / 24, -0.3), 1e-12);
}

TEST(NeedProcess, ASuccessorCarriesItsPredecessorsHistory) {
  const NeedParams p{1.0, 0.3, 0.25};
  NeedHistory old, fresh;
  old.record(0, p);
  old.record(5 * kDay, p);
  fresh.inherit(old);
  EXPECT_EQ(fresh.times(), old.times());
  EXPECT_DOUBLE_EQ(fresh.activation(9 * kDay, p), old.activation(9 * kDay, p));
}

}  // namespace
}  // namespace memsim::sim
