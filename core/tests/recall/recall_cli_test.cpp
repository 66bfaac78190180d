// recall, supersede and forget through the real binary ($MEMSIM_BIN).
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "memsim/testing/run_memsim.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::memsim;
using testing::read;
using testing::TempDir;
using testing::write;

class RecallCli : public ::testing::Test {
 protected:
  RecallCli() {
    std::filesystem::create_directories(dir / "home/memory");
    write(dir / "home/memory/decision_db.md",
          "---\nname: decision_db\ntype: decision\nsummary: the service stores data in postgres\n"
          "confidence: stated\nvalid_from: 2026-06-01\nkey: database\n---\nChosen for joins.\n");
    write(dir / "home/memory/turn_d1-4.md", "Caroline: the support group met at the library on Tuesday.\n");
  }
  testing::Ran run(std::vector<std::string> args, const std::string& now = "2026-07-30T10:00:00Z") {
    args.insert(args.end(), {"--home", dir / "home", "--now", now});
    return memsim(args);
  }
  TempDir dir;
};

TEST_F(RecallCli, JsonListsRankedHitsWithTheirWindows) {
  auto r = run({"recall", "Where did the support group meet?", "--json"});
  ASSERT_EQ(r.code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  ASSERT_TRUE(j.is_array());
  ASSERT_EQ(j.size(), 1u);
  EXPECT_EQ(j[0]["file"], "turn_d1-4.md");
  EXPECT_GT(j[0]["score"].get<double>(), 0);
  EXPECT_EQ(j[0]["summary"], "Caroline: the support group met at the library on Tuesday.");
  EXPECT_TRUE(j[0]["valid_until"].is_null());
  EXPECT_TRUE(j[0].contains("valid_from"));
  for (const char* q : {"\"unbalanced", "a:b (c) *", "NEAR(", ""}) {
    auto h = run({"recall", q, "--json"});
    EXPECT_EQ(h.code, 0) << q << ": " << h.err;
    EXPECT_TRUE(nlohmann::json::parse(h.out).is_array()) << q;
  }
  EXPECT_EQ(run({"recall", "x", "--as-of", "July"}).code, 2);
}

TEST_F(RecallCli, SupersedeThenRecallShowsTheOldFactOnlyAsHistory) {
  const std::string old_text = read(dir / "home/memory/decision_db.md");
  auto s = run({"supersede", "decision_db.md", "--with", "decision_db-sqlite.md", "--summary",
                "the service stores data in sqlite"});
  ASSERT_EQ(s.code, 0) << s.err;
  EXPECT_EQ(read(dir / "home/memory/decision_db.md"),
            std::string(old_text).insert(old_text.find("---\nChosen"), "valid_until: 2026-07-30\n"));
  auto now = nlohmann::json::parse(run({"recall", "service data", "--json"}).out);
  ASSERT_EQ(now.size(), 1u);
  EXPECT_EQ(now[0]["file"], "decision_db-sqlite.md");
  auto past = nlohmann::json::parse(run({"recall", "service data", "--json", "--as-of", "2026-07-01"}).out);
  ASSERT_EQ(past.size(), 1u);
  EXPECT_EQ(past[0]["file"], "decision_db.md");
  EXPECT_EQ(past[0]["valid_until"], "2026-07-30");
  auto text = run({"recall", "service data", "--include-archived"});
  EXPECT_NE(text.out.find("decision_db.md: the service stores data in postgres [history, until 2026-07-30; replaced "
                          "by decision_db-sqlite.md from 2026-07-30]"),
            std::string::npos)
      << text.out;
  // Refusals: already closed, and a successor that exists; exit 2, nothing changed.
  const std::string closed = read(dir / "home/memory/decision_db.md");
  EXPECT_EQ(run({"supersede", "decision_db.md", "--summary", "again"}).code, 2);
  EXPECT_EQ(run({"supersede", "decision_db-sqlite.md", "--with", "turn_d1-4.md"}).code, 2);
  EXPECT_EQ(run({"supersede", "decision_db-sqlite.md"}).code, 2);
  EXPECT_EQ(read(dir / "home/memory/decision_db.md"), closed);
}

// Issue 23's "had it changed by June?": the query's own day, relative to --now,
// finds the fact valid then, tagged with what replaced it and when; --as-of wins.
TEST_F(RecallCli, AQueryThatNamesADayIsAnsweredAsOfItWithWhatReplacedTheFact) {
  ASSERT_EQ(run({"supersede", "decision_db.md", "--with", "decision_db-sqlite.md", "--summary",
                 "the service stores data in sqlite"},
                "2026-08-15T10:00:00Z")
                .code,
            0);
  const std::string now = "2026-12-02T10:00:00Z";
  auto june = run({"recall", "where does the service store data, and had it changed by July?"}, now);
  ASSERT_EQ(june.code, 0) << june.err;
  EXPECT_NE(june.err.find("as of 2026-07-31 (\"by july\" in the query"), std::string::npos) << june.err;
  EXPECT_NE(june.out.find("decision_db.md: the service stores data in postgres [history, until 2026-08-15; replaced "
                          "by decision_db-sqlite.md from 2026-08-15]"),
            std::string::npos)
      << june.out;
  EXPECT_EQ(june.out.find("decision_db-sqlite.md:"), std::string::npos) << "not yet valid in July: " << june.out;
  auto j = nlohmann::json::parse(run({"recall", "service data in July 2026", "--json"}, now).out);
  ASSERT_EQ(j.size(), 1u);
  EXPECT_EQ(j[0]["file"], "decision_db.md");
  EXPECT_EQ(j[0]["replaced_by"], "decision_db-sqlite.md");
  EXPECT_EQ(j[0]["replaced_on"], "2026-08-15");
  auto over =
      nlohmann::json::parse(run({"recall", "service data by July", "--json", "--as-of", "2026-09-01"}, now).out);
  ASSERT_EQ(over.size(), 1u);
  EXPECT_EQ(over[0]["file"], "decision_db-sqlite.md") << "--as-of wins";
  EXPECT_TRUE(over[0]["replaced_by"].is_null());
  auto today = nlohmann::json::parse(run({"recall", "service data", "--json"}, now).out);
  ASSERT_EQ(today.size(), 1u);
  EXPECT_EQ(today[0]["file"], "decision_db-sqlite.md");
}

TEST_F(RecallCli, ForgetNeedsAReasonAndLogsIt) {
  EXPECT_NE(run({"forget", "turn_d1-4.md"}).code, 0);
  EXPECT_TRUE(std::filesystem::exists(dir / "home/memory/turn_d1-4.md"));
  auto f = run({"forget", "turn_d1-4.md", "--reason", "recorded in the wrong home"});
  ASSERT_EQ(f.code, 0) << f.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "home/memory/turn_d1-4.md"));
  EXPECT_NE(read(dir / "home/runtime/forget.log").find("\tturn_d1-4.md\tsha256:"), std::string::npos);
  EXPECT_EQ(nlohmann::json::parse(run({"recall", "support group", "--json"}).out).size(), 0u);
}

TEST_F(RecallCli, StatusAndLintReportConflictsAndNearDuplicates) {
  write(dir / "home/memory/decision_db-other.md",
        "---\nname: decision_db-other\ntype: decision\nsummary: the service stores its data in postgres\n"
        "confidence: inferred\nvalid_from: 2026-07-01\nkey: database\n---\n");
  auto st = run({"status", "--json"});
  ASSERT_EQ(st.code, 0) << st.err;
  auto j = nlohmann::json::parse(st.out);
  ASSERT_EQ(j["conflict_list"].size(), 1u);
  EXPECT_EQ(j["conflict_list"][0]["winner"], "decision_db.md");  // stated beats a newer inferred fact
  auto lint = run({"lint", "--json"});
  auto findings = nlohmann::json::parse(lint.out)["findings"];
  int conflicts = 0, dupes = 0;
  for (const auto& f : findings) {
    conflicts += f["code"] == "conflict";
    dupes += f["code"] == "near-duplicate";
  }
  EXPECT_EQ(conflicts, 2);
  EXPECT_EQ(dupes, 2);
}

}  // namespace
}  // namespace memsim
