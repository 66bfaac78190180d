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
  EXPECT_EQ(sc->seeds, 10) << "uncertainty by default";
  EXPECT_EQ(sc->corpus.history_days, 365);
  EXPECT_EQ(sc->baseline, "seed");
}

TEST(Scenario, ARankingIsAPolicyLineAsInPolicyYaml) {
  auto sc = parse_scenario(
      "variants:\n  - name: seed\n  - name: r\n    policy: {ranking: recency}\n"
      "  - name: top\n    loader: oracle\n",
      "x.yaml");
  ASSERT_TRUE(sc.ok()) << sc.message();
  EXPECT_EQ(sc->variants[1].policy.ranking, Ranking::kRecency);
  EXPECT_EQ(sc->variants[1].policy_lines, "ranking: recency\n");
  EXPECT_EQ(sc->variants[0].policy_lines, "");
  EXPECT_EQ(sc->oracle_index(), 2);
  EXPECT_EQ(sc->baseline_index(), 0);
}

TEST(Scenario, TheBaselineMustBeAVariantAndNotTheOracle) {
  auto sc = parse_scenario("baseline: nope\nvariants: [{name: a}]\n", "s.yaml");
  ASSERT_FALSE(sc.ok());
  EXPECT_EQ(sc.message(), "s.yaml:1: baseline: no variant is named 'nope'");
  sc = parse_scenario("baseline: top\nvariants: [{name: a}, {name: top, loader: oracle}]\n", "s.yaml");
  ASSERT_FALSE(sc.ok());
  EXPECT_NE(sc.message().find("the oracle is the ceiling"), std::string::npos) << sc.message();
  sc = parse_scenario("variants: [{name: a}]\n", "s.yaml");
  ASSERT_TRUE(sc.ok());
  EXPECT_EQ(sc->baseline, "a") << "without a variant named seed, the first is the baseline";
}

TEST(Scenario, ASweepNamesKnownKnobsAndTheirValues) {
  auto sc = parse_scenario(
      "variants: [{name: a}]\nsweep:\n  seeds: 4\n  knobs:\n"
      "    - {knob: workload.project_revival, values: [0, 0.5]}\n    - {knob: days, values: [7]}\n",
      "s.yaml");
  ASSERT_TRUE(sc.ok()) << sc.message();
  ASSERT_EQ(sc->sweep.axes.size(), 2u);
  EXPECT_EQ(sc->sweep.seeds, 4);
  EXPECT_EQ(sc->sweep.axes[0].values, (std::vector<double>{0, 0.5}));
  auto bad =
      parse_scenario("variants: [{name: a}]\nsweep:\n  knobs:\n    - {knob: model.zipf, values: [1]}\n", "s.yaml");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("s.yaml:4: sweep.knobs[0].knob: unknown knob 'model.zipf'"), std::string::npos)
      << bad.message();
}

TEST(Scenario, PolicyOverridesLayerScenarioThenVariant) {
  auto sc = parse_scenario(
      "policy: {hot_budget: 9000}\nvariants:\n  - name: a\n  - name: b\n    loader: notes200\n"
      "    policy: {spacing_gate: 0}\n",
      "x.yaml");
  ASSERT_TRUE(sc.ok()) << sc.message();
  EXPECT_EQ(sc->variants[0].policy.hot_budget, 9000);
  EXPECT_EQ(sc->variants[0].policy.spacing_gate, 20 * 3600);
  EXPECT_EQ(sc->variants[1].policy.hot_budget, 9000);
  EXPECT_EQ(sc->variants[1].policy.spacing_gate, 0);
  EXPECT_EQ(sc->variants[1].loader, LoaderKind::kNotes200);
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
      {"variants: [{name: a, loader: fsrs}]\n",
       "s.yaml:1: variants[0].loader: unknown loader 'fsrs' (index, oracle, notes200; rankings are policy: {ranking: "
       "NAME})"},
      {"variants: [{name: a, policy: {ranking: lru}}]\n",
       "s.yaml:1: variants[0].policy: line 1: bad value for 'ranking'"
       " (one of seed, recency, access_count, actr, fsrs)"},
      {"seeds: 0\nvariants: [{name: a}]\n", "s.yaml:1: seeds: must be between 1 and 10000"},
      {"model:\n  floor_hours: 0.5\nvariants: [{name: a}]\n",
       "s.yaml:2: model.floor_hours: must be between 1 and 8760"},
      {"variants: [{name: a}, {name: a}]\n", "s.yaml:1: variants[1].name: duplicate variant name 'a'"},
      {"days: 3\n", "s.yaml:1: variants: expected a list of at least one variant"},
      {"nightly: {tick: '3am'}\nvariants: [{name: a}]\n", "s.yaml:1: nightly.tick: expected HH:MM"},
      {"nightly: {tick: 'ab:cd'}\nvariants: [{name: a}]\n", "s.yaml:1: nightly.tick: expected HH:MM"},
      {"nightly: {wake: '0x:3 '}\nvariants: [{name: a}]\n", "s.yaml:1: nightly.wake: expected HH:MM"},
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
  for (const char* name :
       {"smoke", "month", "year", "contention", "drift", "contradictions", "promotion", "spacing", "sweep"}) {
    auto sc = load_scenario(std::string(dir) + "/scenarios/" + name + ".yaml");
    EXPECT_TRUE(sc.ok()) << name << ": " << sc.message();
  }
}

}  // namespace
}  // namespace memsim::sim
