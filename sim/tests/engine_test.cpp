// The simulator end to end on the shipped smoke scenario and small variants of it.
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "memsim/sim/batch.h"
#include "memsim/sim/engine.h"
#include "memsim/sim/report.h"
#include "memsim/sim/run_dir.h"
#include "memsim/sim/summary.h"

namespace memsim::sim {
namespace {

namespace fs = std::filesystem;

std::string scenario_path(const std::string& name) {
  const char* dir = std::getenv("MEMSIM_SOURCE_DIR");
  return std::string(dir ? dir : ".") + "/scenarios/" + name + ".yaml";
}

Scenario smoke() {
  auto sc = load_scenario(scenario_path("smoke"));
  EXPECT_TRUE(sc.ok()) << sc.message();
  return *sc;
}

// A small world with one variant, for what does not need the seed's scale.
Scenario tiny() {
  Scenario sc = smoke();
  sc.days = 1;
  sc.corpus.files = 120;
  sc.corpus.history_days = 30;
  sc.variants.resize(1);
  return sc;
}

RunResult run(const Scenario& sc, RunOptions o = {}) {
  auto r = run_scenario(sc, o);
  EXPECT_TRUE(r.ok()) << r.message();
  return r.ok() ? *r : RunResult{};
}

const VariantResult& named(const RunResult& r, const std::string& name) {
  for (const auto& v : r.variants)
    if (v.name == name) return v;
  ADD_FAILURE() << "no variant " << name;
  return r.variants.front();
}

// A directory of its own for the runs' homes, empty at the end (in memory when
// the machine has /dev/shm, as runs default to).
class RunRoot {
 public:
  RunRoot() {
    std::string t = pick_tmp_root("") + "/memsim-engine-test-XXXXXX";
    path_ = ::mkdtemp(t.data());
  }
  ~RunRoot() { fs::remove_all(path_); }
  const std::string& path() const { return path_; }
  std::vector<std::string> entries() const {
    std::vector<std::string> out;
    for (const auto& e : fs::directory_iterator(path_)) out.push_back(e.path().filename().string());
    return out;
  }

 private:
  std::string path_;
};

TEST(Engine, SmokeTwiceGivesTheSameTraceHash) {
  const Scenario sc = smoke();
  const RunResult a = run(sc), b = run(sc);
  EXPECT_GT(a.events, 100);
  EXPECT_EQ(hex_hash(a.trace_hash), hex_hash(b.trace_hash));
  ASSERT_EQ(a.variants.size(), b.variants.size());
  for (std::size_t i = 0; i < a.variants.size(); ++i)
    EXPECT_EQ(a.variants[i].total.met_index, b.variants[i].total.met_index);
}

// The hash is built from our own FNV-1a only, so it is a fixed number for a
// fixed scenario: a change to it is a change to what the simulator does (update
// the value deliberately, with the reason in the commit).
TEST(Engine, SmokeHasItsKnownTraceHash) { EXPECT_EQ(hex_hash(run(smoke()).trace_hash), "e69e1aab7e017c08"); }

TEST(Engine, AnotherSeedGivesAnotherRun) {
  const Scenario sc = smoke();
  RunOptions o;
  o.seed = sc.seed + 1;
  EXPECT_NE(run(sc).trace_hash, run(sc, o).trace_hash);
}

TEST(Engine, SmokeUnderCheckHasNoViolationsAndCountsEveryNeed) {
  const Scenario sc = smoke();
  RunOptions o;
  o.check = true;
  const RunResult r = run(sc, o);
  EXPECT_FALSE(r.failure) << *r.failure;
  ASSERT_EQ(r.variants.size(), sc.variants.size());
  for (const auto& v : r.variants) {
    const DayMetrics& t = v.total;
    EXPECT_EQ(t.violations, 0) << v.name;
    EXPECT_EQ(t.secrets_committed, 0) << v.name;
    EXPECT_EQ(t.dropped, 0) << v.name;
    EXPECT_GE(t.sessions, sc.workload.sessions_per_day.lo * sc.days) << v.name;
    EXPECT_GT(t.needs, 0) << v.name;
    EXPECT_EQ(t.needs, t.met_index + t.met_search + t.missed) << v.name;
    EXPECT_GT(t.bytes_loaded, 0) << v.name;
    int class_needs = 0;
    for (const ClassMetrics& c : v.classes) class_needs += c.needs;
    EXPECT_EQ(class_needs, t.needs) << v.name;
    // Every variant sees the same needs: the stream is shared.
    EXPECT_EQ(t.needs, r.variants[0].total.needs) << v.name;
    EXPECT_EQ(v.has_home, v.loader == "index") << v.name;
    if (v.has_home) {
      EXPECT_GT(t.touches, 0) << v.name;
    }
  }
  EXPECT_GT(r.history_needs, 1000) << "the start corpus comes from a year of needs";
  EXPECT_GT(r.history_touches, r.history_needs / 2);
}

TEST(Engine, ReplayStopsAfterTheGivenEventAndIsDeterministic) {
  const Scenario sc = smoke();
  RunOptions o;
  o.until = 50;
  o.check = true;
  const RunResult a = run(sc, o), b = run(sc, o);
  EXPECT_EQ(a.events, 50);
  EXPECT_EQ(a.trace_hash, b.trace_hash);
  EXPECT_NE(a.trace_hash, run(sc).trace_hash);
}

// The ceiling is a ceiling and the notes file the floor it should be: the oracle
// meets more needs from its index than the notes file, and at least about what
// the shipped policy does.
TEST(Engine, TheOracleIsTheCeilingAndTheNotesFileIsNot) {
  Scenario sc = smoke();
  sc.days = 4;
  sc.seeds = 2;
  BatchOptions o;
  auto b = run_batch(sc, o);
  ASSERT_TRUE(b.ok()) << b.message();
  const Summary s = summarize(sc, *b);
  ASSERT_GE(s.oracle, 0);
  const auto& oracle = s.variants[static_cast<std::size_t>(s.oracle)];
  for (const auto& v : s.variants) {
    if (v.loader == "notes200") {
      EXPECT_LT(v.met_index.mean, oracle.met_index.mean - 10) << v.name;
    } else {
      EXPECT_LE(v.met_index.mean, oracle.met_index.mean + 2) << v.name;
    }
  }
}

// A deliberately broken policy: a spacing gate that never lets a touch reinforce
// again. Stability stops growing and nearly every touch goes uncounted.
TEST(Engine, AGateThatAlwaysBlocksShowsInTheStabilitySpread) {
  Scenario sc = smoke();
  sc.days = 6;
  sc.variants.resize(1);
  VariantSpec broken = sc.variants[0];
  broken.name = "gate-blocks";
  broken.policy.spacing_gate = 3650LL * 86400;
  sc.variants.push_back(broken);
  const RunResult r = run(sc);
  const DayMetrics &good = named(r, "seed").total, &bad = named(r, "gate-blocks").total;
  EXPECT_EQ(good.needs, bad.needs);
  EXPECT_LT(bad.stability_p90, good.stability_p90);
  EXPECT_GT(bad.unreinforced, good.unreinforced);
}

TEST(Engine, NotesFileShowsStaleFactsTheIndexArchives) {
  Scenario sc = smoke();
  sc.days = 5;
  sc.corpus.keyed = 120;
  sc.workload.contradictions_per_day = 3;
  sc.workload.resolve_after_days = {0, 1};
  const RunResult r = run(sc);
  EXPECT_GT(named(r, "notes-200").total.stale_exposure, named(r, "seed").total.stale_exposure);
}

// The ladder against the ground truth: standing rules restated across sessions
// and days are adopted (true promotions); gates that ask for more days let fewer
// task rules through; gates nothing can pass promote nothing; a secret stated as
// a directive is quarantined and never reaches a committed file.
TEST(Engine, TheGatesDecideWhichDirectivesAreAdopted) {
  Scenario sc = smoke();
  sc.days = 8;
  sc.workload.standing_rules = 6;
  sc.workload.restate = 0.15;
  sc.workload.task_rules_per_day = 2;
  sc.workload.task_rule_days = {1, 4};
  sc.workload.secrets_per_day = 2;
  sc.variants.resize(1);
  VariantSpec strict = sc.variants[0], never = sc.variants[0];
  strict.name = "four-days";
  strict.policy.gates.days = strict.policy.gates.stated_days = 4;
  never.name = "never";
  never.policy.gates.sessions = never.policy.gates.stated_sessions = never.policy.gates.verified = 1000;
  sc.variants.push_back(strict);
  sc.variants.push_back(never);
  const RunResult r = run(sc);
  const DayMetrics &seed = named(r, "seed").total, &four = named(r, "four-days").total, &none = named(r, "never").total;
  EXPECT_EQ(seed.promotions_true, 6);
  EXPECT_GT(seed.promotions_false, 0);
  EXPECT_LT(four.promotions_false, seed.promotions_false);
  EXPECT_LE(four.promotions_true, seed.promotions_true);
  EXPECT_EQ(none.promotions_true + none.promotions_false, 0);
  for (const auto& v : r.variants) {
    EXPECT_EQ(v.total.secrets_committed, 0) << v.name;
    EXPECT_EQ(v.total.violations, 0) << v.name;
  }
}

// The old fsrs loader indexed `stabilities.back()` of an empty list when the
// alphabetically first memory was closed, and crashed. Now every ranking runs
// over a corpus full of closed facts.
TEST(Engine, EveryRankingRunsOverACorpusOfClosedFacts) {
  Scenario sc = smoke();
  sc.days = 2;
  sc.corpus.superseded = 300;
  const RunResult r = run(sc);
  EXPECT_FALSE(r.failure) << *r.failure;
  EXPECT_GT(named(r, "fsrs").total.stability_p50, 0);
}

TEST(Engine, TheHomesAreRemovedAfterARunAndKeptOnlyWhenAsked) {
  RunRoot root;
  const Scenario sc = tiny();
  RunOptions o;
  o.tmp_root = root.path();
  (void)run(sc, o);
  EXPECT_TRUE(root.entries().empty());
  o.keep = true;
  const RunResult kept = run(sc, o);
  ASSERT_EQ(root.entries().size(), 1u);
  EXPECT_TRUE(fs::exists(kept.run_dir + "/0-home/memory/MEMORY.md"));
  // A kept directory survives the next run's reaping of dead runs' leftovers.
  o.keep = false;
  (void)run(sc, o);
  EXPECT_EQ(root.entries().size(), 1u);
}

TEST(Engine, AStoppedRunRemovesItsHomes) {
  RunRoot root;
  const Scenario sc = tiny();
  std::atomic<bool> stop{true};
  RunOptions o;
  o.tmp_root = root.path();
  o.stop = &stop;
  auto r = run_scenario(sc, o);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("interrupted"), std::string::npos) << r.message();
  EXPECT_TRUE(root.entries().empty());
}

TEST(Engine, LeftoversOfAKilledRunAreReapedByTheNext) {
  RunRoot root;
  // A process that has exited: its pid names a run that can no longer clean up.
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ::waitpid(child, nullptr, 0);
  const std::string stale = root.path() + "/memsim-run-" + std::to_string(child) + "-abcdef";
  fs::create_directories(stale + "/0-home/memory");
  const std::string alive = root.path() + "/memsim-run-" + std::to_string(::getpid()) + "-ghijkl";
  fs::create_directories(alive);
  EXPECT_EQ(reap_stale_run_dirs(root.path()), 1);
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(alive)) << "a running process keeps its directory";
}

}  // namespace
}  // namespace memsim::sim
