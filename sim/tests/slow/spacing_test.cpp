// The scenario shipped to weigh the spacing gate and the stability growth: over
// its 10 seeds, taking either out of the seed's policy is a detectable paired
// difference. A gate broken in core (fold.cpp) or a growth that no longer grows
// makes `seed` behave like the ablation, and the difference vanishes: this fails.
#include <gtest/gtest.h>

#include <cstdlib>

#include "memsim/sim/batch.h"
#include "memsim/sim/summary.h"

namespace memsim::sim {
namespace {

TEST(Spacing, TheGateAndTheGrowthEachMakeADetectableDifference) {
  const char* dir = std::getenv("MEMSIM_SOURCE_DIR");
  ASSERT_NE(dir, nullptr);
  auto sc = load_scenario(std::string(dir) + "/scenarios/spacing.yaml");
  ASSERT_TRUE(sc.ok()) << sc.message();
  auto b = run_batch(*sc, {});
  ASSERT_TRUE(b.ok()) << b.message();
  const Summary s = summarize(*sc, *b);
  ASSERT_TRUE(s.failures.empty()) << s.failures.front();
  for (const VariantSummary& v : s.variants) {
    if (v.name != "no-gate" && v.name != "no-growth") continue;
    EXPECT_TRUE(v.vs_baseline.detectable()) << v.name << " - seed = " << format_interval(v.vs_baseline.diff, 2, true)
                                            << ": the mechanism made no difference";
  }
}

}  // namespace
}  // namespace memsim::sim
