// The issue-2 commands end to end, through the real binary.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <map>

#include <nlohmann/json.hpp>

#include "memsim/testing/run_memsim.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::memsim;
using testing::read;
using testing::TempDir;
using testing::write;

class Commands : public ::testing::Test {
 protected:
  std::string home() const { return dir / "home"; }
  testing::Ran run(std::vector<std::string> args, const std::string& now = "2026-07-30T00:00:00Z") {
    args.insert(args.end(), {"--home", home(), "--now", now});
    return memsim(args);
  }
  void init() { ASSERT_EQ(run({"init", "--apply"}).code, 0); }
  TempDir dir;
};

// The binary builds only the command argv names, from one table: every command must
// still be listed, and reachable by its name.
TEST(CommandTable, EveryListedCommandParsesItsOwnHelp) {
  const auto top = memsim({"--help"});
  ASSERT_EQ(top.code, 0);
  std::istringstream lines(top.out.substr(top.out.find("Subcommands:")));
  std::string line;
  std::getline(lines, line);
  int seen = 0;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string name;
    if (!(words >> name)) continue;
    const auto r = memsim({name, "--help"});
    EXPECT_EQ(r.code, 0) << name << ": " << r.err;
    EXPECT_NE(r.out.find("Usage:"), std::string::npos) << name;
    ++seen;
  }
  EXPECT_GE(seen, 22);
}

// What Claude Code's auto memory learned comes in as memories of the home: one per
// topic file, inferred, dated by the file, the originals untouched, and only once.
TEST_F(Commands, ImportClaudeMemoryBringsEachTopicFileInOnce) {
  init();
  const std::string from = dir / "auto";
  const std::map<std::string, std::string> originals = {
      {"MEMORY.md", "- [Testing](feedback_testing.md): run the suite before claiming done\n"},
      {"feedback_testing.md",
       "---\nname: Testing habits\ndescription: Run the whole suite before claiming done\ntype: feedback\n---\n"
       "The user was burned by a partial run.\n"},
      {"user_role.md", "# Senior data engineer\n\nPrefers SQL to pandas.\n"},
      {"プロジェクト.md", "---\ntype: project\ndescription: 締め切りは金曜\n---\n"},
  };
  const std::filesystem::file_time_type written = std::chrono::file_clock::from_sys(
      std::chrono::sys_seconds{std::chrono::sys_days{std::chrono::year{2026} / 6 / 1}} + std::chrono::hours(9));
  for (const auto& [name, text] : originals) {
    write(from + "/" + name, text);
    std::filesystem::last_write_time(from + "/" + name, written);
  }

  auto dry = run({"import-claude-memory", "--from", from});
  ASSERT_EQ(dry.code, 0) << dry.err;
  EXPECT_NE(dry.out.find("feedback_testing.md -> memory/feedback_testing-habits.md: would import"), std::string::npos)
      << dry.out;
  EXPECT_FALSE(std::filesystem::exists(home() + "/memory/feedback_testing-habits.md"));

  auto applied = run({"import-claude-memory", "--from", from, "--apply", "--json"});
  ASSERT_EQ(applied.code, 0) << applied.err;
  const auto j = nlohmann::json::parse(applied.out);
  ASSERT_EQ(j["files"].size(), 3u) << "MEMORY.md is Claude Code's index, not a memory";
  for (const auto& f : j["files"]) EXPECT_EQ(f["outcome"], "imported") << f.dump();
  const std::string testing = read(home() + "/memory/feedback_testing-habits.md");
  EXPECT_NE(testing.find("summary: \"Run the whole suite before claiming done\"\n"), std::string::npos) << testing;
  EXPECT_NE(testing.find("confidence: inferred\n"), std::string::npos) << testing;
  EXPECT_NE(testing.find("created: 2026-06-01\nvalid_from: 2026-06-01\n"), std::string::npos)
      << "dated by the file, not by the import: " << testing;
  EXPECT_NE(testing.find("The user was burned by a partial run.\n"), std::string::npos) << testing;
  const std::string role = read(home() + "/memory/user_role.md");
  EXPECT_NE(role.find("summary: \"Senior data engineer\"\n"), std::string::npos) << role;
  const std::string other = j["files"][2]["file"];
  EXPECT_TRUE(other.starts_with("project_note-")) << other;
  EXPECT_NE(read(home() + "/memory/" + other).find("締め切りは金曜"), std::string::npos);
  EXPECT_NE(read(home() + "/memory/MEMORY.md").find("feedback_testing-habits.md"), std::string::npos);
  for (const auto& [name, text] : originals) EXPECT_EQ(read(from + "/" + name), text) << name;

  auto again = run({"import-claude-memory", "--from", from, "--apply", "--json"});
  ASSERT_EQ(again.code, 0) << again.err;
  const auto second = nlohmann::json::parse(again.out);
  for (const auto& f : second["files"]) EXPECT_EQ(f["outcome"], "exists") << f.dump();
  auto missing = run({"import-claude-memory", "--from", dir / "nowhere"});
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("nowhere"), std::string::npos) << missing.err;
}

TEST_F(Commands, InitWithoutApplyChangesNothing) {
  auto r = run({"init"});
  EXPECT_EQ(r.code, 0);
  EXPECT_NE(r.out.find("would create-dir " + home() + "/memory"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(home()));
}

TEST_F(Commands, InitApplyCreatesTheLayoutAndIsIdempotent) {
  init();
  for (const char* p :
       {"memory/MEMORY.md", "memory/MEMORY-archive.md", "memory/current-state.md", "identity.md", "memory/short-term",
        "memory/dream-journal", "lenses", "meditations", "candidates", "staged", "runtime/state"})
    EXPECT_TRUE(std::filesystem::exists(dir / ("home/" + std::string(p)))) << p;
  EXPECT_EQ(read(dir / "home/.gitignore"), "candidates/\nruntime/\n");
  write(dir / "home/identity.md", "mine\n");
  auto again = run({"init", "--apply"});
  EXPECT_EQ(again.code, 0);
  EXPECT_NE(again.out.find("already a complete home"), std::string::npos);
  EXPECT_EQ(read(dir / "home/identity.md"), "mine\n");
}

TEST_F(Commands, TheWorkedFiguresThroughTouchAndTheWrittenFrontmatter) {
  init();
  const std::string file = home() + "/memory/feedback_verify.md";
  write(file,
        "---\nname: feedback_verify\nsummary: Never report a figure without re-running it.\n"
        "created: 2026-07-01\n---\nbody\n");
  ASSERT_EQ(::system(("touch -d 2026-07-01 " + testing::shell_quote(file)).c_str()), 0);
  for (const char* t : {"2026-07-27T10:00:00Z", "2026-07-28T10:00:00Z", "2026-07-29T22:40:00Z"})
    ASSERT_EQ(run({"touch", "feedback_verify.md"}, t).code, 0);
  ASSERT_EQ(run({"index"}).code, 0);
  const std::string text = read(file);
  EXPECT_NE(text.find("access_count: 3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("stability: 57.3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("last_reinforced: 2026-07-29T22:40:00Z\n"), std::string::npos) << text;
  // Four more spaced touches reach the cap.
  for (const char* t : {"2026-07-31T10:00:00Z", "2026-08-01T10:00:00Z", "2026-08-02T10:00:00Z", "2026-08-03T10:00:00Z"})
    ASSERT_EQ(run({"touch", file}, t).code, 0);
  ASSERT_EQ(run({"index"}, "2026-08-04T00:00:00Z").code, 0);
  EXPECT_NE(read(file).find("stability: 365.0\n"), std::string::npos);
  // Five reads in ten minutes are one reinforcement.
  for (const char* t : {"2026-08-10T10:00:00Z", "2026-08-10T10:02:00Z", "2026-08-10T10:05:00Z", "2026-08-10T10:07:00Z",
                        "2026-08-10T10:10:00Z"})
    ASSERT_EQ(run({"touch", "feedback_verify.md"}, t).code, 0);
  ASSERT_EQ(run({"index"}, "2026-08-11T00:00:00Z").code, 0);
  EXPECT_NE(read(file).find("access_count: 8\n"), std::string::npos);
  EXPECT_NE(read(file).find("last_accessed: 2026-08-10T10:10:00Z\n"), std::string::npos);
}

TEST_F(Commands, TouchRefusesWhatIsNotAMemoryOfThisHome) {
  init();
  write(dir / "elsewhere/memory/feedback_x.md", "---\n---\n");
  auto outside = run({"touch", dir / "elsewhere/memory/feedback_x.md"});
  EXPECT_EQ(outside.code, 2);
  EXPECT_NE(outside.err.find("not inside"), std::string::npos);
  auto missing = run({"touch", "feedback_nope.md"});
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("no such memory file"), std::string::npos);
  EXPECT_EQ(run({"touch", "notes.md"}).code, 2);
  EXPECT_FALSE(std::filesystem::exists(home() + "/runtime/access.log"));
}

TEST_F(Commands, StatusAndLintReportInJson) {
  init();
  write(home() + "/memory/project_a.md", "---\nname: project_b\ntype: project\nsummary: misc\n---\n");
  write(home() + "/memory/user_b.md", "---\ntype: alien\nsummary: Prefers flowing sentences over fragments.\n---\n");
  auto lint = run({"lint", "--json"});
  EXPECT_EQ(lint.code, 1);
  auto j = nlohmann::json::parse(lint.out);
  std::set<std::string> codes;
  for (const auto& f : j["findings"]) codes.insert(f["code"].get<std::string>());
  EXPECT_EQ(codes, (std::set<std::string>{"name-mismatch", "vague-summary", "unknown-type"}));
  auto status = run({"status", "--json"});
  ASSERT_EQ(status.code, 0) << status.err;
  auto s = nlohmann::json::parse(status.out);
  EXPECT_EQ(s["memories"], 2);
  EXPECT_EQ(s["base_stability"], 2);
  EXPECT_EQ(s["index"], "stale (run memsim index)");
  EXPECT_EQ(s["bands"]["hot"]["budget"], 12000);
  EXPECT_EQ(s["lint"]["by_code"]["vague-summary"], 1);
}

TEST_F(Commands, ErrorsNameTheProblemAndExitNonZero) {
  auto missing = run({"index"});
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find(home() + ": no such home"), std::string::npos);
  init();
  write(home() + "/policy.yaml", "hot_budget: lots\n");
  auto bad_policy = run({"index"});
  EXPECT_EQ(bad_policy.code, 2);
  EXPECT_NE(bad_policy.err.find("policy.yaml: line 1: bad value for 'hot_budget'"), std::string::npos);
  auto bad_now = memsim({"status", "--home", home(), "--now", "tomorrow"});
  EXPECT_EQ(bad_now.code, 2);
  EXPECT_NE(bad_now.err.find("'tomorrow' is not a time"), std::string::npos);
  EXPECT_EQ(memsim({"frobnicate"}).code, 2);
}

// A key conflict settled by one command: the kept fact holds, the other is
// closed with its body intact and still answers --as-of; status counts no conflict.
TEST_F(Commands, ResolveKeyKeepClosesTheOtherFactsOfTheKey) {
  init();
  write(home() + "/memory/project_deploy.md",
        "---\nsummary: deploys go to staging first\nconfidence: stated\nvalid_from: 2026-03-01\nkey: deploy\n---\n"
        "Staging first.\n");
  write(home() + "/memory/project_deploy-prod.md",
        "---\nsummary: deploys go straight to production\nconfidence: stated\nvalid_from: 2026-06-01\nkey: deploy\n"
        "---\nProduction.\n");
  auto before = run({"status", "--json"});
  ASSERT_EQ(before.code, 0) << before.err;
  EXPECT_EQ(nlohmann::json::parse(before.out)["conflicts"], 1) << before.out;

  auto bad = run({"resolve", "deploy", "--keep", "project_nothing.md"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("not an open fact with key 'deploy'; nothing changed"), std::string::npos) << bad.err;

  auto ok = run({"resolve", "deploy", "--keep", "project_deploy-prod"});
  ASSERT_EQ(ok.code, 0) << ok.err;
  EXPECT_NE(ok.out.find("resolved key 'deploy': memory/project_deploy-prod.md holds"), std::string::npos) << ok.out;
  EXPECT_NE(ok.out.find("closed: memory/project_deploy.md (valid_until 2026-07-30"), std::string::npos) << ok.out;
  EXPECT_NE(read(home() + "/memory/project_deploy.md").find("valid_until: 2026-07-30\n---\nStaging first.\n"),
            std::string::npos);
  auto after = run({"status", "--json"});
  EXPECT_EQ(nlohmann::json::parse(after.out)["conflicts"], 0) << after.out;
  auto then = run({"recall", "deploys staging", "--as-of", "2026-04-01"});
  EXPECT_NE(then.out.find("project_deploy.md"), std::string::npos) << then.out;
}

// A history written as a new user writes it (remember, then supersede on the
// day of the migration): "before the migration" is answered from the fact valid
// the day before, with what replaced it, and says which memory dated it.
TEST_F(Commands, RecallBeforeAnEventAMemoryDates) {
  init();
  ASSERT_EQ(run({"remember", "db-pool", "--type", "decision", "--summary", "connection pool size is 20 on mysql"},
                "2026-02-01T09:00:00Z")
                .code,
            0);
  ASSERT_EQ(run({"remember", "db-migration", "--type", "project", "--summary", "the Postgres migration is done"},
                "2026-04-02T09:00:00Z")
                .code,
            0);
  auto s = run({"supersede", "decision_db-pool.md", "--summary", "connection pool size is 50 on postgres"},
               "2026-04-02T10:00:00Z");
  ASSERT_EQ(s.code, 0) << s.err;
  auto before = run({"recall", "pool size before the migration?"});
  ASSERT_EQ(before.code, 0) << before.err;
  EXPECT_NE(before.out.find("decision_db-pool.md: connection pool size is 20 on mysql [history, until 2026-04-02; "
                            "replaced by decision_db-pool-2.md from 2026-04-02]"),
            std::string::npos)
      << before.out;
  EXPECT_EQ(before.out.find("size is 50"), std::string::npos) << before.out;
  EXPECT_NE(before.err.find("as of 2026-04-01 (\"before the migration\" in the query, dated by "
                            "memory/project_db-migration.md; --as-of overrides)"),
            std::string::npos)
      << before.err;
  auto overridden = run({"recall", "pool size before the migration?", "--as-of", "2026-07-01"});
  EXPECT_NE(overridden.out.find("size is 50"), std::string::npos) << overridden.out;
}

TEST_F(Commands, StatusReportsFileBudgetsTheLastTickAndTheCue) {
  init();
  std::string long_body;
  for (int i = 0; i < 301; ++i) long_body += "line\n";
  write(home() + "/memory/feedback_long.md", "---\nsummary: a file past seed 003's topic limit\n---\n" + long_body);
  auto before = nlohmann::json::parse(run({"status", "--json"}).out);
  ASSERT_EQ(before["budgets"].size(), 4u);
  EXPECT_EQ(before["budgets"][3]["name"], "topic files");
  ASSERT_EQ(before["budgets"][3]["over"].size(), 1u);
  EXPECT_EQ(before["budgets"][3]["over"][0]["file"], "memory/feedback_long.md");
  EXPECT_TRUE(before["last_tick"].is_null());
  EXPECT_TRUE(before["cue"].is_null());
  EXPECT_NE(run({"status"}).out.find("last tick: never"), std::string::npos);

  ASSERT_EQ(run({"tick"}, "2026-08-01T00:00:00Z").code, 0);
  auto after = nlohmann::json::parse(run({"status", "--json"}, "2026-08-01T01:00:00Z").out);
  EXPECT_EQ(after["last_tick"]["time"], "2026-08-01T00:00:00Z");
  ASSERT_TRUE(after["cue"].is_object());
  const std::string text = run({"status"}, "2026-08-01T01:00:00Z").out;
  EXPECT_NE(text.find("last tick: 2026-08-01T00:00:00Z"), std::string::npos) << text;
  EXPECT_NE(text.find("topic files (300 lines, 15 KB each): "), std::string::npos) << text;
  EXPECT_NE(text.find("1 over: memory/feedback_long.md (304 lines"), std::string::npos) << text;
}

TEST_F(Commands, PolicyYamlOverridesBudgets) {
  init();
  write(home() + "/policy.yaml", "hot_budget: 30\n");
  write(home() + "/memory/feedback_a.md", "---\nsummary: the first rule that is long\ncreated: 2026-01-01\n---\n");
  write(home() + "/memory/feedback_b.md", "---\nsummary: the second rule that is long\ncreated: 2026-01-01\n---\n");
  ASSERT_EQ(run({"index"}).code, 0);
  const std::string index = read(home() + "/memory/MEMORY.md");
  EXPECT_EQ(index.find("## Hot\n- "), std::string::npos) << index;  // neither row fits in 30 bytes
}

}  // namespace
}  // namespace memsim
