// Make the Nth I/O of `reindex` fail, for N = 1, 2, ... until the run completes,
// with each kind of fault, once and forever. After each: MEMORY.md and the
// archive are the previous ones or whole new ones, no authored byte changed
// except whole policy write-backs, and the next clean run leaves no temporary.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <map>

#include "memsim/journal.h"
#include "memsim/reindex.h"
#include "memsim/testing/faulty_fs.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::at;
using testing::Fault;
using testing::FaultyFileSystem;

std::map<std::string, std::string> snapshot(const std::string& dir) {
  std::map<std::string, std::string> out;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
    if (e.is_regular_file()) out[std::filesystem::relative(e.path(), dir).string()] = testing::read(e.path().string());
  return out;
}

TEST(FaultInjection, EveryFailurePointLeavesWholeFilesAndNoTemporaries) {
  const Seconds now = at("2026-08-01T09:00:00Z");
  int points_tried = 0;
  for (Fault fault : {Fault::kEnospc, Fault::kEio, Fault::kShortWrite, Fault::kCrash}) {
    for (bool forever : {false, true}) {
      for (int n = 1;; ++n) {
        testing::TempDir dir;
        Home home(dir.path());
        PosixFileSystem real;
        for (int i = 0; i < 3; ++i)
          testing::write(home.memory_path("feedback_r" + std::to_string(i) + ".md"),
                         "---\nsummary: rule number " + std::to_string(i) + " of the house\n---\nbody " +
                             std::to_string(i) + "\n");
        FixedClock first(at("2026-07-01T00:00:00Z"));
        ASSERT_TRUE(reindex(real, home, first, Policy{}).ok());
        for (int i = 0; i < 3; ++i)
          ASSERT_TRUE(append_touch(real, home,
                                   {at("2026-07-15T00:00:00Z"), "Read", "feedback_r" + std::to_string(i) + ".md", "s"})
                          .ok());
        // A new memory, so the index and archive must change too.
        testing::write(home.memory_path("project_new.md"), "---\nsummary: a project that just started\n---\n");
        for (const auto& e : std::filesystem::directory_iterator(home.memory_dir()))
          ASSERT_TRUE(real.set_mtime(e.path().string(), at("2026-06-01T00:00:00Z")).ok());
        const auto before = snapshot(home.memory_dir());

        FaultyFileSystem faulty(real, n, fault, forever);
        FixedClock clock(now);
        auto rep = reindex(faulty, home, clock, Policy{});
        const auto after = snapshot(home.memory_dir());

        // Every file is either as before or whole and new; never torn.
        FixedClock clean_clock(now);
        auto clean = reindex(real, home, clean_clock, Policy{});
        ASSERT_TRUE(clean.ok());
        const auto final = snapshot(home.memory_dir());
        ASSERT_NE(final.at("MEMORY.md"), before.at("MEMORY.md"));
        for (const auto& [name, text] : after) {
          if (name.find(".memsim-tmp") != std::string::npos) continue;
          ASSERT_TRUE(before.count(name)) << name;
          EXPECT_TRUE(text == before.at(name) || text == final.at(name)) << "torn " << name << " at fault point " << n;
        }
        for (const auto& [name, text] : final) EXPECT_EQ(name.find(".memsim-tmp"), std::string::npos) << name;
        // The body of every memory survives whatever happened.
        for (int i = 0; i < 3; ++i)
          EXPECT_NE(final.at("feedback_r" + std::to_string(i) + ".md").find("\nbody " + std::to_string(i) + "\n"),
                    std::string::npos);
        ++points_tried;
        if (!faulty.fired()) {
          EXPECT_TRUE(rep.ok());
          break;  // the run completed before reaching point n
        }
        ASSERT_LT(n, 200) << "reindex never completes";
      }
    }
  }
  EXPECT_GT(points_tried, 40);
  std::printf("fault points tried: %d\n", points_tried);
}

}  // namespace
}  // namespace memsim
