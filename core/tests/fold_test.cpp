// The worked figures of SPEC section 4, and the spacing gate.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "memsim/fold.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::at;

TEST(Fold, ThreeSpacedTouchesGiveTheSeedsSampleFile) {
  std::vector<Seconds> t = {at("2026-07-27T10:00:00Z"), at("2026-07-28T10:00:00Z"), at("2026-07-29T22:40:00Z")};
  PolicyValues v = fold({}, t, Policy{});
  EXPECT_EQ(v.access_count, 3);
  EXPECT_DOUBLE_EQ(v.stability, 57.3);
  EXPECT_EQ(v.last_reinforced, at("2026-07-29T22:40:00Z"));
  EXPECT_EQ(v.last_accessed, at("2026-07-29T22:40:00Z"));
}

TEST(Fold, SevenSpacedTouchesReachTheCapAndScore679After60Days) {
  std::vector<Seconds> t;
  for (int d = 0; d < 7; ++d) t.push_back(at("2026-01-01T09:00:00Z") + d * kSecondsPerDay);
  Policy p;
  PolicyValues v = fold({}, t, p);
  EXPECT_EQ(v.access_count, 7);
  EXPECT_DOUBLE_EQ(v.stability, 365.0);
  const double s = score(v.access_count, *v.last_accessed, v.stability, 0, *v.last_accessed + 60 * kSecondsPerDay, p);
  EXPECT_NEAR(s, 8 * std::exp(-60.0 / 365.0), 1e-12);
  EXPECT_NEAR(s, 6.79, 0.005);
}

TEST(Fold, FiveReadsInTenMinutesReinforceOnce) {
  const Seconds t0 = at("2026-03-01T12:00:00Z");
  std::vector<Seconds> t = {t0, t0 + 150, t0 + 300, t0 + 450, t0 + 600};
  PolicyValues v = fold({}, t, Policy{});
  EXPECT_EQ(v.access_count, 1);
  EXPECT_DOUBLE_EQ(v.stability, 22.4);
  EXPECT_EQ(v.last_reinforced, t0);      // the gate's clock did not move
  EXPECT_EQ(v.last_accessed, t0 + 600);  // recency always refreshes
}

TEST(Fold, TheGateOpensAtExactlyTwentyHours) {
  const Seconds t0 = at("2026-03-01T00:00:00Z");
  EXPECT_EQ(fold({}, std::vector<Seconds>{t0, t0 + 20 * 3600 - 1}, Policy{}).access_count, 1);
  EXPECT_EQ(fold({}, std::vector<Seconds>{t0, t0 + 20 * 3600}, Policy{}).access_count, 2);
}

TEST(Fold, TheGateCountsFromLastReinforcedNotLastAccessed) {
  // Touches every 12 hours: each refreshes last_accessed, but only every other
  // one is 20 hours past the last reinforcement.
  const Seconds t0 = at("2026-03-01T00:00:00Z");
  std::vector<Seconds> t;
  for (int i = 0; i < 6; ++i) t.push_back(t0 + i * 12 * 3600);
  EXPECT_EQ(fold({}, t, Policy{}).access_count, 3);
}

TEST(Fold, FoldingTwiceChangesNothing) {
  const Seconds t0 = at("2026-03-01T00:00:00Z");
  std::vector<Seconds> t = {t0, t0 + 3600, t0 + 30 * 3600, t0 + 90 * 3600};
  PolicyValues once = fold({}, t, Policy{});
  EXPECT_EQ(fold(once, t, Policy{}), once);
}

TEST(Fold, OnlyTouchesAfterLastAccessedCount) {
  PolicyValues start;
  start.last_accessed = at("2026-03-10T00:00:00Z");
  start.last_reinforced = at("2026-03-01T00:00:00Z");
  start.access_count = 4;
  start.stability = 91.7;
  std::vector<Seconds> t = {at("2026-03-05T00:00:00Z"), at("2026-03-11T00:00:00Z")};
  PolicyValues v = fold(start, t, Policy{});
  EXPECT_EQ(v.access_count, 5);
  EXPECT_DOUBLE_EQ(v.stability, 146.7);
}

TEST(Score, CrammedFileFromTheSpecScores0137) {
  // SPEC section 4: one gated touch raises stability to 22.4.
  const Seconds t0 = at("2026-01-01T00:00:00Z");
  PolicyValues v = fold({}, std::vector<Seconds>{t0, t0 + 60}, Policy{});
  EXPECT_NEAR(score(v.access_count, *v.last_accessed, v.stability, 0, t0 + 60 + 60 * kSecondsPerDay, Policy{}),
              2 * std::exp(-60 / 22.4), 1e-12);
}

TEST(Score, ImportanceIsAFloorThatNeverDecays) {
  const Seconds t0 = at("2020-01-01T00:00:00Z");
  EXPECT_NEAR(score(0, t0, 14, 6, t0 + 5000 * kSecondsPerDay, Policy{}), 3.6, 1e-9);
}

TEST(Score, AccessInTheFutureCountsAsNow) {
  const Seconds t0 = at("2026-01-01T00:00:00Z");
  EXPECT_DOUBLE_EQ(score(2, t0 + 1000, 14, 0, t0, Policy{}), 3.0);
}

}  // namespace
}  // namespace memsim
