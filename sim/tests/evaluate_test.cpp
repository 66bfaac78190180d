// evaluate and calibrate on the shipped fixture home, after sessions driven
// through the production hooks (so the journal is the hooks' own).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "memsim/hooks.h"
#include "memsim/index.h"
#include "memsim/reindex.h"
#include "memsim/sim/calibrate.h"
#include "memsim/sim/evaluate.h"

namespace memsim::sim {
namespace {

namespace fs = std::filesystem;

class FixtureHome : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* src = std::getenv("MEMSIM_SOURCE_DIR");
    ASSERT_NE(src, nullptr);
    std::string t = (fs::temp_directory_path() / "memsim-evaluate-test-XXXXXX").string();
    root_ = ::mkdtemp(t.data());
    fs::copy(std::string(src) + "/fixtures/home", root_ + "/home", fs::copy_options::recursive);
    home_ = Home(root_ + "/home");
  }
  void TearDown() override { fs::remove_all(root_); }

  // One session at `t`: its start, then a Read of each file, through run_hook.
  void session(Seconds t, const std::string& id, const std::vector<std::string>& files) {
    FixedClock clock(t);
    hooks::HookContext ctx{fs_, clock, home_, [](const std::string&) { return std::optional<std::string>(); }, nullptr};
    const nlohmann::json start{{"session_id", id},
                               {"hook_event_name", "SessionStart"},
                               {"source", "startup"},
                               {"cwd", home_.root()},
                               {"transcript_path", "/t.jsonl"}};
    (void)hooks::run_hook(ctx, "session-start", start.dump());
    for (std::size_t i = 0; i < files.size(); ++i) {
      FixedClock later(t + 60 * static_cast<Seconds>(i + 1));
      hooks::HookContext c2{fs_, later, home_, ctx.env, nullptr};
      const nlohmann::json read{{"session_id", id},
                                {"hook_event_name", "PreToolUse"},
                                {"tool_name", "Read"},
                                {"tool_input", {{"file_path", home_.memory_path(files[i])}}},
                                {"cwd", home_.root()}};
      (void)hooks::run_hook(c2, "pre-tool-use", read.dump());
    }
  }

  std::vector<std::string> hot_rows(Seconds now) {
    FixedClock clock(now);
    auto rep = reindex(fs_, home_, clock, Policy{}, {.write = false});
    EXPECT_TRUE(rep.ok());
    std::vector<std::string> hot, cold;
    for (std::size_t i = 0; i < rep->index.entries.size(); ++i) {
      if (rep->index.bands[i] == Band::kHot) hot.push_back(rep->index.entries[i].filename);
      if (rep->index.bands[i] == Band::kRolledOff) cold.push_back(rep->index.entries[i].filename);
    }
    hot.resize(3);
    hot.push_back(cold.front());  // one the index does not list
    return hot;
  }

  std::string root_;
  Home home_{""};
  PosixFileSystem fs_;
};

TEST_F(FixtureHome, EvaluateReplaysTheHooksOwnJournal) {
  const Seconds t0 = *parse_now("2026-08-02T09:00:00Z");
  const std::vector<std::string> files = hot_rows(t0);
  for (int d = 0; d < 6; ++d) session(t0 + d * kSecondsPerDay, "day" + std::to_string(d), files);
  auto r = evaluate_home(fs_, home_, default_evaluate_variants(Policy{}), 200);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(r->sessions, 6);
  EXPECT_EQ(r->sessions_seen, 6);
  EXPECT_EQ(r->reads, 24);
  EXPECT_EQ(r->first, "2026-08-02");
  EXPECT_EQ(r->files, 634);
  ASSERT_GE(r->variants.size(), 8u);
  EXPECT_EQ(r->variants[0].name, "home policy");
  for (const EvaluatedVariant& v : r->variants) {
    EXPECT_GE(v.share.lo, 0) << v.name;
    EXPECT_LE(v.share.hi, 100) << v.name;
    EXPECT_LE(v.share.lo, v.share.mean) << v.name;
  }
  // The first session sees the index as it was: three of its four reads were in Hot.
  EXPECT_GE(r->variants[0].served, 18);
  EXPECT_LT(r->variants[0].served, 24) << "the rolled-off file is not served at first";
  EXPECT_DOUBLE_EQ(r->variants[1].share.mean, r->variants[0].share.mean) << "`ranking: seed` is the home's policy";
  EXPECT_NE(evaluate_markdown(*r).find("6 sessions from 2026-08-02"), std::string::npos) << evaluate_markdown(*r);
}

TEST_F(FixtureHome, EvaluateOnAHomeWithoutSessionsSaysSo) {
  auto r = evaluate_home(fs_, home_, default_evaluate_variants(Policy{}), 100);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(r->sessions, 0);
  EXPECT_NE(evaluate_markdown(*r).find("Nothing to evaluate"), std::string::npos);
}

TEST_F(FixtureHome, CalibrateWritesAScenarioThatRuns) {
  const Seconds t0 = *parse_now("2026-08-02T09:00:00Z");
  for (int d = 0; d < 4; ++d) session(t0 + d * kSecondsPerDay + 3600 * d, "s" + std::to_string(d), hot_rows(t0));
  auto c = calibrate_home(fs_, home_);
  ASSERT_TRUE(c.ok()) << c.message();
  EXPECT_FALSE(c->fitted) << "four days are too few to fit the need process";
  EXPECT_EQ(c->scenario.corpus.files, 634);
  EXPECT_EQ(c->scenario.workload.needs_per_session.hi, 4);
  auto back = parse_scenario(c->yaml, "calibrated.yaml");
  ASSERT_TRUE(back.ok()) << back.message() << "\n" << c->yaml;
  EXPECT_EQ(back->workload.needs_per_session.hi, 4);
  EXPECT_NE(c->yaml.find("too little history"), std::string::npos);
}

}  // namespace
}  // namespace memsim::sim
