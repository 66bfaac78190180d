// Scenario files: defaults, overrides, and errors that name the key and the line.
#include <gtest/gtest.h>

#include "memsim/sim/scenario.h"

namespace memsim::sim {
namespace {

TEST(Scenario, MinimalFileTakesTheSeedScaleDefaults) {
  auto sc = parse_scenario("variants:\n  - name: seed\n", "x.yaml");
  ASSERT_TRUE(sc.ok()) << sc.message();
  EXPECT_EQ(sc->corpus.files, 634);
  EXPECT_EQ(sc->workload.sessions_per_day.lo, 8);
  EXPECT_EQ(sc->workload.sessions_per_day.hi, 10);
  ASSERT_EQ(sc->variants.size(), 1u);
  EXPECT_EQ(sc->variants[0].loader, LoaderKind::kIndex);
  EXPECT_EQ(sc->variants[0].policy.spacing_gate, 20 * 3600);
}

TEST(Scenario, PolicyOverridesLayerScenarioThenVariant) {
  auto sc = parse_scenario(
      "policy: {hot_budget: 9000}\nvariants:\n  - name: a\n  - name: b\n    loader: fsrs\n"
      "    policy: {spacing_gate: 0}\n",
      "x.yaml");
  ASSERT_TRUE(sc.ok()) << sc.message();
  EXPECT_EQ(sc->variants[0].policy.hot_budget, 9000);
  EXPECT_EQ(sc->variants[0].policy.spacing_gate, 20 * 3600);
  EXPECT_EQ(sc->variants[1].policy.hot_budget, 9000);
  EXPECT_EQ(sc->variants[1].policy.spacing_gate, 0);
  EXPECT_EQ(sc->variants[1].loader, LoaderKind::kFsrs);
}

TEST(Scenario, ErrorsNameTheFileLineAndKey) {
  const std::string text = "seed: 3\ndays: 10\nworkload:\n  sessions_per_day: [9, 2]\nvariants:\n  - name: a\n";
  auto sc = parse_scenario(text, "scenarios/bad.yaml");
  ASSERT_FALSE(sc.ok());
  EXPECT_EQ(sc.message(), "scenarios/bad.yaml:4: workload.sessions_per_day: min is greater than max");
}

TEST(Scenario, UnknownKeysAreRefusedNotIgnored) {
  auto sc = parse_scenario("variants:\n  - name: a\nworklaod: {}\n", "s.yaml");
  ASSERT_FALSE(sc.ok());
  EXPECT_EQ(sc.message(), "s.yaml:3: worklaod: unknown key");
  sc = parse_scenario("variants:\n  - name: a\n    loadr: fsrs\n", "s.yaml");
  ASSERT_FALSE(sc.ok());
  EXPECT_EQ(sc.message(), "s.yaml:3: variants[0].loadr: unknown key");
}

TEST(Scenario, BadValuesAreNamed) {
  struct Case {
    std::string text, message;
  } cases[] = {
      {"days: many\nvariants: [{name: a}]\n", "s.yaml:1: days: expected a number"},
      {"start: July\nvariants: [{name: a}]\n", "s.yaml:1: start: expected a date YYYY-MM-DD"},
      {"variants: [{name: a, loader: lru}]\n",
       "s.yaml:1: variants[0].loader: unknown loader 'lru' (index, recency, access_count, notes200, fsrs)"},
      {"variants: [{name: a}, {name: a}]\n", "s.yaml:1: variants[1].name: duplicate variant name 'a'"},
      {"days: 3\n", "s.yaml:1: variants: expected a list of at least one variant"},
      {"nightly: {tick: '3am'}\nvariants: [{name: a}]\n", "s.yaml:1: nightly.tick: expected HH:MM"},
      {"model:\n  search_base: 2\nvariants: [{name: a}]\n", "s.yaml:2: model.search_base: must be between 0 and 1"},
  };
  for (const auto& c : cases) {
    auto sc = parse_scenario(c.text, "s.yaml");
    ASSERT_FALSE(sc.ok()) << c.text;
    EXPECT_EQ(sc.message(), c.message) << c.text;
  }
}

TEST(Scenario, BadPolicyOverrideNamesTheLineAndTheConstant) {
  auto sc = parse_scenario("variants:\n  - name: a\n    policy: {spacing_gaet: 0}\n", "s.yaml");
  ASSERT_FALSE(sc.ok());
  EXPECT_NE(sc.message().find("s.yaml:3: variants[0].policy"), std::string::npos) << sc.message();
  EXPECT_NE(sc.message().find("spacing_gaet"), std::string::npos) << sc.message();
}

TEST(Scenario, EveryShippedScenarioParses) {
  const char* dir = std::getenv("MEMSIM_SOURCE_DIR");
  ASSERT_NE(dir, nullptr);
  for (const char* name : {"smoke", "month", "year", "contention", "drift", "contradictions"}) {
    auto sc = load_scenario(std::string(dir) + "/scenarios/" + name + ".yaml");
    EXPECT_TRUE(sc.ok()) << name << ": " << sc.message();
  }
}

}  // namespace
}  // namespace memsim::sim
