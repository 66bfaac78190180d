// A shared home (journal.h, share.h): where touches go, what the fold starts
// from, and the merge driver's rules for the home's files.
#include <gtest/gtest.h>

#include <filesystem>

#include "memsim/clock.h"
#include "memsim/journal.h"
#include "memsim/reindex.h"
#include "memsim/share.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::read;
using testing::TempDir;
using testing::write;
namespace fsys = std::filesystem;

constexpr Seconds kJuly = 1782864000;  // 2026-07-01T00:00:00Z

class SharedHome : public ::testing::Test {
 protected:
  SharedHome() : home(dir.path()) {
    fsys::create_directories(home.memory_dir());
    write(home.memory_path("feedback_a.md"), "---\nsummary: a\naccess_count: 4\nstability: 30.0\n---\nbody\n");
    write(home.memory_path("feedback_b.md"), "---\nsummary: b\n---\nbody\n");
  }
  TempDir dir;
  Home home;
  PosixFileSystem fs;
  Policy policy;
};

TEST_F(SharedHome, StartingRecordsTheFoldedValuesAndSendsTouchesToTheReplicasJournal) {
  ASSERT_TRUE(append_touch(fs, home, {kJuly + 3600, "Read", "feedback_b.md", "s1"}).ok());
  FixedClock clock(kJuly + 7200);
  auto started = start_sharing(fs, home, clock, policy);
  ASSERT_TRUE(started.ok()) << started.message();
  EXPECT_EQ(started->baselined, 2);
  EXPECT_TRUE(started->wrote_gitattributes);
  EXPECT_EQ(read(home.baseline_path()),
            "feedback_a.md\t4\t-\t-\t30.0\nfeedback_b.md\t1\t2026-07-01T01:00:00Z\t2026-07-01T01:00:00Z\t22.4\n");
  EXPECT_TRUE(start_sharing(fs, home, clock, policy)->already);

  ASSERT_TRUE(append_touch(fs, home, {kJuly + 86400, "Read", "feedback_a.md", "s2"}).ok());
  auto id = replica_id(fs, home);
  ASSERT_TRUE(id.ok());
  EXPECT_EQ(id->size(), 12u);
  EXPECT_EQ(*replica_id(fs, home), *id) << "the id is made once";
  EXPECT_EQ(read(home.shared_journal_dir() + "/" + *id + "/2026-07.log"),
            "2026-07-02T00:00:00Z Read feedback_a.md s2\n");
  EXPECT_EQ(read(home.journal_path()), "2026-07-01T01:00:00Z Read feedback_b.md s1\n") << "no longer appended";

  // The fold starts from the baseline, whatever the file says now.
  write(home.memory_path("feedback_a.md"), "---\nsummary: a\naccess_count: 99\nstability: 2.0\n---\nbody\n");
  FixedClock later(kJuly + 2 * 86400);
  auto rep = reindex(fs, home, later, policy);
  ASSERT_TRUE(rep.ok()) << rep.message();
  // 4 + 1 and 30 x 1.6 (the default growth), not 99 + 1 and 2 x 1.6.
  const std::string a = read(home.memory_path("feedback_a.md"));
  EXPECT_NE(a.find("access_count: 5\nstability: 48.0\n"), std::string::npos) << a;
}

TEST(SharedJournal, ABaselineLineThatCannotBeReadIsSkippedAndCounted) {
  std::size_t bad = 0;
  const auto b = parse_baseline(
      "feedback_a.md\t2\t-\t-\t14.0\n"
      "feedback_b.md\t-1\t-\t-\t14.0\n"                  // negative count
      "feedback_c.md\t2\tyesterday\t-\t14.0\n"           // bad time
      "../x.md\t2\t-\t-\t14.0\n"                         // not a memory name
      "feedback_d.md\t2\t-\t-\n"                         // too few fields
      "feedback_e.md\t2\t-\t-\t0\n"                      // no stability
      "feedback_ü.md\t3\t2026-07-01T00:00:00Z\t-\t7.5",  // unicode, no newline
      bad);
  EXPECT_EQ(bad, 5u);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b.at("feedback_a.md").access_count, 2);
  EXPECT_EQ(b.at("feedback_ü.md").last_accessed, kJuly);
  EXPECT_EQ(parse_baseline(format_baseline(b), bad), b);
}

TEST(MergeDriver, DerivedFilesAreRegeneratedMemoryFilesMergedAndTheRestLeftToGit) {
  EXPECT_EQ(merge_kind(".memsim/memory/MEMORY.md"), MergeKind::kDerived);
  EXPECT_EQ(merge_kind("memory/current-state.md"), MergeKind::kDerived);
  EXPECT_EQ(merge_kind("a/.memsim/memory/feedback_x.md"), MergeKind::kMemory);
  EXPECT_EQ(merge_kind("docs/MEMORY.md"), MergeKind::kText);
  EXPECT_EQ(merge_kind("memory/short-term/260701-note.md"), MergeKind::kText);
}

TEST(MergeDriver, PolicyLinesComeOutAndGoBackWithEveryOtherByteKept) {
  const std::string ours =
      "---\nsummary: s # c\naccess_count: 3\nlast_accessed: 2026-07-01T00:00:00Z\nstability: 21.0\n"
      "type: feedback\n---\nbody\n";
  EXPECT_EQ(without_policy_lines(ours), "---\nsummary: s # c\ntype: feedback\n---\nbody\n");
  const std::string merged = "---\nsummary: t # c\ntype: feedback\n---\nbody, edited\n";
  EXPECT_EQ(with_policy_lines_of(merged, ours),
            "---\nsummary: t # c\ntype: feedback\naccess_count: 3\nlast_accessed: 2026-07-01T00:00:00Z\n"
            "stability: 21.0\n---\nbody, edited\n");
  EXPECT_EQ(without_policy_lines("no frontmatter\naccess_count: 3\n"), "no frontmatter\naccess_count: 3\n");
  EXPECT_EQ(with_policy_lines_of("<<<<<<< ours\n---\n", ours), "<<<<<<< ours\n---\n");
}

// Two supersessions of one fact on two days: both sides close its window on
// the earlier day, so git sees one change; an open window, or one the base had
// closed, is left to git.
TEST(MergeDriver, AWindowClosedOnBothSidesClosesOnTheEarlierDay) {
  const std::string base = "---\nsummary: s\nvalid_until: null\n---\nbody\n";
  const std::string early = "---\nsummary: s\nvalid_until: 2026-07-03\n---\nbody\n";
  const std::string late = "---\nsummary: s\nvalid_until: 2026-07-09 # by hand\n---\nbody\n";
  EXPECT_EQ(with_earliest_close(late, base, early), "---\nsummary: s\nvalid_until: 2026-07-03 # by hand\n---\nbody\n");
  EXPECT_EQ(with_earliest_close(early, base, late), early);
  const std::string no_line = "---\nsummary: s\n---\nbody\n";
  EXPECT_EQ(with_earliest_close(late, no_line, early),
            "---\nsummary: s\nvalid_until: 2026-07-03 # by hand\n---\nbody\n");
  EXPECT_EQ(with_earliest_close(late, base, base), late) << "the other side left it open";
  EXPECT_EQ(with_earliest_close(late, early, early), late) << "closed in the base: a change git shows";
  EXPECT_EQ(with_earliest_close(late, base, "<<<<<<<\n"), late);
  EXPECT_EQ(with_earliest_close(late, base, "---\nvalid_until: someday\n---\n"), late);
}

}  // namespace
}  // namespace memsim
