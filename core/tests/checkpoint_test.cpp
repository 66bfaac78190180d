// The fold checkpoint of a shared home (checkpoint.h): when it is written, what
// the index reads past it, and each change that makes the fold read every
// segment again. properties/checkpoint_props.cpp holds the general law.
#include <gtest/gtest.h>

#include <filesystem>

#include "memsim/checkpoint.h"
#include "memsim/clock.h"
#include "memsim/journal.h"
#include "memsim/reindex.h"
#include "memsim/share.h"
#include "memsim/testing/testing.h"
#include "memsim/timefmt.h"

namespace memsim {
namespace {

using testing::read;
using testing::TempDir;
using testing::write;
namespace fsys = std::filesystem;

constexpr Seconds kJuly = 1782864000;            // 2026-07-01T00:00:00Z
constexpr Seconds kAugust = kJuly + 31 * 86400;  // 2026-08-01T00:00:00Z

class Checkpoint : public ::testing::Test {
 protected:
  Checkpoint() : home(dir.path()) {
    fsys::create_directories(home.memory_dir());
    write(home.memory_path("feedback_a.md"), "---\nsummary: a\n---\nbody\n");
    fsys::create_directories(home.shared_journal_dir());
    write(home.baseline_path(), "");
  }
  // A replica's line, appended where that replica's hook would put it.
  void touch(const std::string& replica, Seconds t, const std::string& file = "feedback_a.md") {
    const std::string where = home.shared_journal_dir() + "/" + replica;
    fsys::create_directories(where);
    auto line = format_touch({t, "Read", file, "s"});
    ASSERT_TRUE(line.ok());
    ASSERT_TRUE(fs.append_file(where + "/" + format_instant(t).substr(0, 7) + ".log", *line).ok());
  }
  ReindexReport index(Seconds now) {
    FixedClock clock(now);
    auto rep = reindex(fs, home, clock, policy);
    EXPECT_TRUE(rep.ok()) << rep.message();
    return rep.ok() ? std::move(*rep) : ReindexReport{};
  }
  PolicyValues values() {
    const std::string text = read(home.memory_path("feedback_a.md"));
    return read_memory_meta(text, parse_frontmatter(text), policy.initial_stability).policy;
  }

  TempDir dir;
  Home home;
  PosixFileSystem fs;
  Policy policy;
};

TEST_F(Checkpoint, MonthStartIsMidnightOfTheFirst) {
  EXPECT_EQ(month_start(kJuly), kJuly);
  EXPECT_EQ(month_start(kAugust - 1), kJuly);
  EXPECT_EQ(month_start(kAugust + 12345), kAugust);
  EXPECT_EQ(month_start(1767225599), 1764547200);  // 2025-12-31T23:59:59Z: December 1
}

TEST_F(Checkpoint, AnIndexInAugustFoldsJulyOnceAndThenReadsOnlyAugust) {
  touch("aaaaaaaaaaaa", kJuly + 3600);
  touch("bbbbbbbbbbbb", kJuly + 3 * 86400);
  touch("aaaaaaaaaaaa", kAugust + 3600);
  auto first = index(kAugust + 86400);
  EXPECT_EQ(first.fold_touches, 3u);
  EXPECT_FALSE(first.fold_checkpoint);
  EXPECT_NE(read(home.checkpoint_path()).find("cutoff\t2026-08-01T00:00:00Z\n"), std::string::npos);
  const PolicyValues folded = values();
  EXPECT_EQ(folded.access_count, 3);

  touch("bbbbbbbbbbbb", kAugust + 2 * 86400);
  auto second = index(kAugust + 3 * 86400);
  EXPECT_EQ(second.fold_checkpoint, std::optional<Seconds>(kAugust));
  EXPECT_EQ(second.fold_touches, 2u) << "August's two touches; July's are in the checkpoint";
  EXPECT_EQ(values().access_count, 4);
}

TEST_F(Checkpoint, AReplicaThatWasAwayPushingJulyMakesTheFoldReadEverySegmentAgain) {
  touch("aaaaaaaaaaaa", kJuly + 3600);
  index(kAugust + 86400);
  // The laptop was offline all July; its touches arrive in August.
  touch("cccccccccccc", kJuly + 10 * 86400);
  auto rep = index(kAugust + 2 * 86400);
  EXPECT_FALSE(rep.fold_checkpoint);
  EXPECT_EQ(rep.fold_checkpoint_unused, "journal/cccccccccccc/2026-07.log is new");
  EXPECT_EQ(values().access_count, 2);
  EXPECT_EQ(index(kAugust + 3 * 86400).fold_checkpoint, std::optional<Seconds>(kAugust)) << "and it was rewritten";
}

TEST_F(Checkpoint, EveryChangeItChecksStopsItsUse) {
  touch("aaaaaaaaaaaa", kJuly + 3600);
  index(kAugust + 86400);
  const std::string made = read(home.checkpoint_path());

  touch("aaaaaaaaaaaa", kJuly + 7200);  // a union merge adds a line to a covered segment
  EXPECT_EQ(index(kAugust + 86400).fold_checkpoint_unused, "journal/aaaaaaaaaaaa/2026-07.log changed");

  write(home.checkpoint_path(), made);
  fsys::remove(home.shared_journal_dir() + "/aaaaaaaaaaaa/2026-07.log");  // checked out before it existed
  EXPECT_EQ(index(kAugust + 86400).fold_checkpoint_unused, "a segment it covers is gone");

  touch("aaaaaaaaaaaa", kJuly + 3600);
  index(kAugust + 86400);
  policy.spacing_gate = 3600;
  EXPECT_EQ(index(kAugust + 86400).fold_checkpoint_unused, "it was made under another policy");
  EXPECT_EQ(index(kJuly + 86400).fold_checkpoint_unused, "its cutoff is later than now");

  write(home.checkpoint_path(), made.substr(0, made.size() - 3));
  EXPECT_EQ(index(kAugust + 86400).fold_checkpoint_unused, "its last line is torn");
  write(home.baseline_path(), "feedback_a.md\t1\t-\t-\t14.0\n");
  write(home.checkpoint_path(), "memsim fold checkpoint 9\n");
  EXPECT_EQ(index(kAugust + 86400).fold_checkpoint_unused, "it is not a checkpoint of this version");
}

TEST_F(Checkpoint, ALegacyJournalsLaterLinesAreCarriedNotDropped) {
  // A home shared by an older memsim: one journal per replica, touches of both months.
  write(home.shared_journal_dir() + "/aaaaaaaaaaaa.log",
        "2026-07-02T00:00:00Z Read feedback_a.md s\n"
        "2026-08-02T00:00:00Z Read feedback_a.md s\n");
  index(kAugust + 2 * 86400);
  EXPECT_NE(read(home.checkpoint_path()).find("carry\t2\taaaaaaaaaaaa\t2026-08-02T00:00:00Z Read feedback_a.md s\n"),
            std::string::npos)
      << read(home.checkpoint_path());
  auto rep = index(kAugust + 3 * 86400);
  EXPECT_EQ(rep.fold_checkpoint, std::optional<Seconds>(kAugust));
  EXPECT_EQ(rep.fold_touches, 1u);
  EXPECT_EQ(values().access_count, 2);
}

TEST_F(Checkpoint, AHandEditThatPutsAnEarlierTouchInAnOpenMonthIsFoldedInItsPlace) {
  touch("aaaaaaaaaaaa", kJuly + 3600);
  index(kAugust + 86400);
  write(home.shared_journal_dir() + "/aaaaaaaaaaaa/2026-08.log", "2026-07-20T00:00:00Z Read feedback_a.md s\n");
  auto rep = index(kAugust + 86400);
  EXPECT_EQ(rep.fold_checkpoint_unused, "journal/aaaaaaaaaaaa/2026-08.log holds a touch before its cutoff");
  EXPECT_EQ(values().access_count, 2);
  EXPECT_FALSE(index(kAugust + 86400).fold_checkpoint) << "no checkpoint is written that could not be used";
}

TEST_F(Checkpoint, AHomeOfOneMachineHasNone) {
  fsys::remove_all(home.shared_journal_dir());
  auto rep = index(kAugust);
  EXPECT_FALSE(rep.shared);
  EXPECT_FALSE(fsys::exists(home.checkpoint_path()));
}

TEST(SharedAttributes, AnOlderSharedHomeGainsTheSegmentsLine) {
  TempDir dir;
  Home home(dir.path());
  fsys::create_directories(home.memory_dir());
  fsys::create_directories(home.shared_journal_dir());
  write(home.gitattributes_path(), "memory/*.md merge=memsim\njournal/*.log merge=union\n# mine\n");
  PosixFileSystem fs;
  FixedClock clock(kJuly);
  auto again = start_sharing(fs, home, clock, Policy{});
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_TRUE(again->already);
  EXPECT_TRUE(again->wrote_gitattributes);
  EXPECT_EQ(read(home.gitattributes_path()),
            "memory/*.md merge=memsim\njournal/*.log merge=union\njournal/*/*.log merge=union\n# mine\n");
  EXPECT_FALSE(start_sharing(fs, home, clock, Policy{})->wrote_gitattributes) << "once";
}

}  // namespace
}  // namespace memsim
