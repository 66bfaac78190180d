// Intervals, paired differences and the words the report uses for them.
#include <gtest/gtest.h>

#include "memsim/sim/stats.h"
#include "memsim/sim/summary.h"

namespace memsim::sim {
namespace {

TEST(Stats, TheMeanIntervalUsesStudentsT) {
  // 1..10: mean 5.5, sd 3.0277, se 0.9574, t(9) = 2.262.
  std::vector<double> v;
  for (int i = 1; i <= 10; ++i) v.push_back(i);
  const Interval i = mean_interval(v);
  EXPECT_DOUBLE_EQ(i.mean, 5.5);
  EXPECT_NEAR(i.hi - i.mean, 2.262 * 0.957427, 1e-4);
  EXPECT_NEAR(i.mean - i.lo, i.hi - i.mean, 1e-12);
  EXPECT_EQ(i.n, 10);
  const Interval one = mean_interval({4});
  EXPECT_EQ(one.lo, 4);
  EXPECT_EQ(one.hi, 4);
  EXPECT_EQ(mean_interval({}).n, 0);
}

TEST(Stats, TCriticalValuesFallTowardsTheNormal) {
  EXPECT_DOUBLE_EQ(t_critical_95(1), 12.706);
  EXPECT_DOUBLE_EQ(t_critical_95(9), 2.262);
  for (int df = 1; df < 200; ++df) EXPECT_GE(t_critical_95(df), t_critical_95(df + 1)) << df;
  EXPECT_DOUBLE_EQ(t_critical_95(1000), 1.96);
}

TEST(Stats, PairedDifferencesCountWinsAndTiesApart) {
  const Paired p = paired({3, 5, 5, 9}, {1, 5, 6, 2});
  EXPECT_EQ(p.wins, 2);
  EXPECT_EQ(p.ties, 1);
  EXPECT_EQ(p.losses, 1);
  EXPECT_DOUBLE_EQ(p.diff.mean, (2 + 0 - 1 + 7) / 4.0);
}

TEST(Stats, AnIntervalThatCoversZeroIsNoDetectableDifference) {
  const Paired noisy = paired({1, -1, 2, -2, 0.5}, {0, 0, 0, 0, 0});
  EXPECT_TRUE(noisy.diff.covers_zero());
  EXPECT_FALSE(noisy.detectable());
  EXPECT_EQ(difference_words(noisy, " points"), "no detectable difference");
  const Paired clear = paired({1.1, 0.9, 1.0, 1.2, 0.8}, {0, 0, 0, 0, 0});
  EXPECT_TRUE(clear.detectable());
  EXPECT_EQ(difference_words(clear, " points"), "higher by 1.0 points");
  // Identical runs tie everywhere: never a win, never detectable.
  const Paired same = paired({3, 3, 3}, {3, 3, 3});
  EXPECT_EQ(same.wins, 0);
  EXPECT_EQ(same.ties, 3);
  EXPECT_FALSE(same.detectable());
  EXPECT_FALSE(paired({5}, {1}).detectable()) << "one seed decides nothing";
}

TEST(Stats, TheBootstrapIsSeededAndBracketsTheEstimate) {
  std::vector<double> num, den;
  for (int i = 0; i < 50; ++i) {
    num.push_back(i % 3 == 0 ? 1 : 0);
    den.push_back(1);
  }
  const Interval a = bootstrap_ratio(num, den, 500, 7), b = bootstrap_ratio(num, den, 500, 7);
  EXPECT_EQ(a.lo, b.lo);
  EXPECT_EQ(a.hi, b.hi);
  EXPECT_NEAR(a.mean, 17.0 / 50, 1e-12);
  EXPECT_LT(a.lo, a.mean);
  EXPECT_GT(a.hi, a.mean);
  const Interval d = bootstrap_ratio_difference(num, num, den, 200, 3);
  EXPECT_DOUBLE_EQ(d.lo, 0);
  EXPECT_DOUBLE_EQ(d.hi, 0);
}

TEST(Stats, IntervalsPrintWithTheirSign) {
  EXPECT_EQ(format_interval({6.2, 5.4, 7.0, 12}, 1, true), "+6.2 [+5.4, +7.0]");
  EXPECT_EQ(format_interval({41.26, 40.1, 42.5, 10}, 1, false), "41.3 [40.1, 42.5]");
  EXPECT_EQ(format_interval({-0.01, -0.3, 0.2, 10}, 1, true), "+0.0 [-0.3, +0.2]");
  EXPECT_EQ(format_interval({3, 3, 3, 1}, 1, false), "3.0");
}

}  // namespace
}  // namespace memsim::sim
