// The journal's compaction (journal.h): folded lines move to the archive, never
// lost, and the fold reads the same touches whether or not they moved.
#include <gtest/gtest.h>

#include <filesystem>

#include "memsim/journal.h"
#include "memsim/reindex.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::at;
using testing::read;
using testing::TempDir;
using testing::write;
namespace fsys = std::filesystem;

class Compaction : public ::testing::Test {
 protected:
  Compaction() : home(dir.path()) { fsys::create_directories(home.memory_dir()); }

  void put(const std::string& name, Seconds mtime) {
    const std::string path = home.memory_path(name);
    write(path, "---\nname: " + name.substr(0, name.size() - 3) + "\nsummary: s\n---\nbody\n");
    ASSERT_TRUE(fs.set_mtime(path, mtime).ok());
  }
  // Touches of `name` every `step` seconds from `from`, until the journal holds
  // more than `bytes`; returns the text appended.
  std::string fill(const std::string& name, Seconds from, Seconds step, std::int64_t bytes) {
    std::string all;
    for (Seconds t = from; static_cast<std::int64_t>(all.size()) <= bytes; t += step) {
      const Touch touch{t, "Read", name, "s1"};
      all += *format_touch(touch);
      EXPECT_TRUE(append_touch(fs, home, touch).ok());
    }
    return all;
  }
  ReindexReport run(Seconds now) {
    FixedClock clock(now);
    auto r = reindex(fs, home, clock, Policy{});
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.message());
    return std::move(*r);
  }
  std::string archive() {
    std::string out;
    const std::string dir_path = home.runtime_dir() + "/journal/archive";
    if (!fsys::exists(dir_path)) return out;
    std::vector<std::string> files;
    for (const auto& e : fsys::directory_iterator(dir_path)) files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) out += read(f);
    return out;
  }
  int pending() {
    int n = 0;
    const std::string dir_path = home.runtime_dir() + "/journal";
    if (!fsys::exists(dir_path)) return 0;
    for (const auto& e : fsys::directory_iterator(dir_path))
      n += e.path().filename().string().starts_with("pending-") ? 1 : 0;
    return n;
  }

  TempDir dir;
  Home home;
  PosixFileSystem fs;
};

TEST_F(Compaction, AFoldedJournalMovesToTheArchiveWholeAndTheFoldIsUnchanged) {
  const Seconds born = at("2026-06-01T00:00:00Z");
  put("feedback_a.md", born);
  const std::string lines = fill("feedback_a.md", at("2026-06-02T00:00:00Z"), 600, kJournalRotateBytes);
  ReindexReport first = run(at("2026-12-01T00:00:00Z"));
  const std::string folded = read(home.memory_path("feedback_a.md"));
  EXPECT_NE(folded.find("access_count: "), std::string::npos);
  // Rotated aside (still read), not yet archived: a late writer may still append.
  EXPECT_FALSE(fsys::exists(home.journal_path()));
  EXPECT_EQ(pending(), 1);
  EXPECT_EQ(archive(), "");
  // New touches after the rotation land in a fresh access.log.
  ASSERT_TRUE(append_touch(fs, home, {at("2026-11-30T12:00:00Z"), "Read", "feedback_a.md", "s2"}).ok());
  ReindexReport second = run(at("2026-12-01T00:00:00Z"));
  EXPECT_EQ(pending(), 0);
  EXPECT_EQ(archive(), lines) << "every folded line is kept, byte for byte";
  EXPECT_EQ(read(home.journal_path()), "2026-11-30T12:00:00Z Read feedback_a.md s2\n");
  // The fold read the same touches: the second run moved only last_accessed on.
  const std::string after = read(home.memory_path("feedback_a.md"));
  EXPECT_NE(after.find("last_accessed: 2026-11-30T12:00:00Z"), std::string::npos) << after;
  EXPECT_EQ(first.ranked.folded[0].access_count + 1, second.ranked.folded[0].access_count);
}

TEST_F(Compaction, ASegmentWaitsWhileOneOfItsFilesCouldNotBeWrittenBack) {
  const Seconds now = at("2026-12-01T00:00:00Z");
  put("feedback_a.md", at("2026-06-01T00:00:00Z"));
  put("feedback_live.md", now - 60);  // being edited: the fold's write-back waits
  fill("feedback_live.md", at("2026-11-20T00:00:00Z"), 60, 1000);
  fill("feedback_a.md", at("2026-06-02T00:00:00Z"), 600, kJournalRotateBytes);
  run(now);
  EXPECT_EQ(pending(), 1);
  run(now);
  EXPECT_EQ(pending(), 1) << "feedback_live.md's touches are not in its file yet";
  EXPECT_EQ(archive(), "");
  // Past the live-session guard, the file takes its values and the segment goes.
  run(now + 3600);
  run(now + 3600);
  EXPECT_EQ(pending(), 0);
  EXPECT_NE(archive().find("feedback_live.md"), std::string::npos);
}

}  // namespace
}  // namespace memsim
