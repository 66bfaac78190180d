// reindex() against real files in a temporary home.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <filesystem>
#include <map>

#include "memsim/journal.h"
#include "memsim/reindex.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::at;
using testing::read;
using testing::TempDir;
using testing::write;

class Reindex : public ::testing::Test {
 protected:
  Reindex() : home(dir.path()) { std::filesystem::create_directories(home.memory_dir()); }

  std::string put(const std::string& name, const std::string& text, Seconds mtime) {
    std::string path = home.memory_path(name);
    write(path, text);
    EXPECT_TRUE(fs.set_mtime(path, mtime).ok());
    return path;
  }
  void touch(const std::string& name, Seconds t) { ASSERT_TRUE(append_touch(fs, home, {t, "Read", name, "s1"}).ok()); }
  ReindexReport run(Seconds now) {
    FixedClock clock(now);
    auto r = reindex(fs, home, clock, Policy{});
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.message());
    return std::move(*r);
  }

  TempDir dir;
  Home home;
  PosixFileSystem fs;
};

TEST_F(Reindex, WritesBackFoldedValuesAndKeepsTheModificationTime) {
  const Seconds born = at("2026-07-16T00:00:00Z");
  const std::string path = put("feedback_x.md", "---\nname: feedback_x\nsummary: a summary\n---\nbody\n", born);
  touch("feedback_x.md", at("2026-07-27T10:00:00Z"));
  touch("feedback_x.md", at("2026-07-28T10:00:00Z"));
  touch("feedback_x.md", at("2026-07-29T22:40:00Z"));
  ReindexReport rep = run(at("2026-07-30T00:00:00Z"));
  EXPECT_EQ(rep.written_back, 1);
  EXPECT_EQ(read(path),
            "---\nname: feedback_x\nsummary: a summary\naccess_count: 3\nlast_accessed: 2026-07-29T22:40:00Z\n"
            "last_reinforced: 2026-07-29T22:40:00Z\nstability: 57.3\n---\nbody\n");
  EXPECT_EQ(fs.stat(path)->mtime, born);
  // A second run folds nothing new and writes nothing.
  ReindexReport again = run(at("2026-07-30T00:00:00Z"));
  EXPECT_EQ(again.written_back, 0);
  EXPECT_EQ(again.derived_written, 0);
}

TEST_F(Reindex, AFileChangedInTheLastTenMinutesWaitsForTheNextRun) {
  const Seconds now = at("2026-07-30T12:00:00Z");
  const std::string text = "---\nsummary: being edited right now\n---\n";
  const std::string path = put("project_live.md", text, now - 9 * 60);
  touch("project_live.md", now - 60);
  ReindexReport rep = run(now);
  EXPECT_EQ(rep.deferred_live, 1);
  EXPECT_EQ(read(path), text);
  // The ranking already uses the folded values.
  EXPECT_EQ(rep.ranked.folded[0].access_count, 1);
  ASSERT_TRUE(fs.set_mtime(path, now - 11 * 60).ok());
  EXPECT_EQ(run(now).written_back, 1);
}

TEST_F(Reindex, TouchesAfterNowHaveNotHappenedYet) {
  put("a_b.md", "---\nsummary: s\n---\n", at("2026-01-01T00:00:00Z"));
  touch("a_b.md", at("2026-07-01T00:00:00Z"));
  EXPECT_EQ(run(at("2026-06-01T00:00:00Z")).ranked.folded[0].access_count, 0);
}

TEST_F(Reindex, BadInputIsNamedAndNothingAuthoredChanges) {
  const Seconds old = at("2026-01-01T00:00:00Z");
  std::map<std::string, std::string> authored = {
      {"a_unterminated.md", "---\nsummary: never closed\n"},
      {"a_binary.md", std::string("---\nsummary: x\n---\n\0\0\0", 21)},
      {"a_syntax.md", "---\nthis: is: fine\nnot yaml at all\n---\nbody\n"},
      {"a_crlf.md", "---\r\nsummary: windows\r\n---\r\n"},
  };
  for (const auto& [name, text] : authored) put(name, text, old);
  std::filesystem::create_directories(home.memory_path("feedback_dir.md"));
  std::filesystem::create_symlink("/etc/hostname", home.memory_path("user_link.md"));
  for (const auto& [name, text] : authored) touch(name, at("2026-02-01T00:00:00Z"));
  ASSERT_TRUE(fs.append_file(home.journal_path(), "garbage\n2026-02-01T00:00:00Z Read\n").ok());
  ReindexReport rep = run(at("2026-03-01T00:00:00Z"));
  EXPECT_EQ(rep.ranked.corpus.memories.size(), 4u);
  EXPECT_EQ(rep.bad_journal_lines, 2u);
  // Only the well-formed CRLF file is written back, keeping its line endings.
  EXPECT_EQ(rep.written_back, 1);
  for (const auto& [name, text] : authored)
    if (name != "a_crlf.md") {
      EXPECT_EQ(read(home.memory_path(name)), text) << name;
    }
  EXPECT_EQ(read(home.memory_path("a_crlf.md")).find("\r\naccess_count: 1\r\n") != std::string::npos, true);
  std::string warnings;
  for (const auto& w : rep.warnings) warnings += w + "\n";
  for (const char* expect : {"a_unterminated.md: unterminated", "a_binary.md: binary", "a_syntax.md: frontmatter",
                             "feedback_dir.md: a directory", "user_link.md: a symbolic link", "2 torn"})
    EXPECT_NE(warnings.find(expect), std::string::npos) << expect << "\n" << warnings;
  // Every T2 file is in exactly one of the two files.
  const std::string all = read(home.index_path()) + read(home.archive_path());
  for (const auto& [name, text] : authored) {
    const std::string row = "- " + name + ": ";
    auto first = all.find(row);
    EXPECT_NE(first, std::string::npos) << name;
    EXPECT_EQ(all.find(row, first + 1), std::string::npos) << name;
  }
}

TEST_F(Reindex, AMissingHomeIsAnErrorNamingIt) {
  FixedClock clock(0);
  auto r = reindex(fs, Home(dir / "nope"), clock, Policy{});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find(dir / "nope"), std::string::npos);
  EXPECT_NE(r.message().find("no such home"), std::string::npos);
}

TEST_F(Reindex, AHeldLockMakesTheRunFailCleanly) {
  auto held = lock_home(fs, home, 0);
  ASSERT_TRUE(held.ok());
  Policy p;
  p.lock_timeout_ms = 50;
  FixedClock clock(0);
  auto r = reindex(fs, home, clock, p);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("lock"), std::string::npos);
}

}  // namespace
}  // namespace memsim
