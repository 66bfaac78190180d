// Kill `memsim index` with SIGKILL at random moments, many times, on a home big
// enough that each run takes a while; after every kill no memory file is torn or
// changed outside its policy lines, and the next clean run repairs what is derived.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "../../../core/tests/testing.h"
#include "memsim/frontmatter.h"
#include "memsim/journal.h"
#include "memsim/rng.h"

extern char** environ;

namespace memsim {
namespace {

pid_t spawn(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  EXPECT_EQ(::posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&fa);
  return pid;
}

std::string body_of(const std::string& text) {
  Frontmatter fm = parse_frontmatter(text);
  EXPECT_EQ(fm.state, FrontmatterState::kOk);
  return text.substr(fm.body_begin);
}

TEST(Kill, SigkillAtRandomMomentsNeverTearsAMemory) {
  const char* bin = std::getenv("MEMSIM_BIN");
  ASSERT_NE(bin, nullptr);
  const int kills = std::getenv("MEMSIM_KILLS") ? std::atoi(std::getenv("MEMSIM_KILLS")) : 1000;
  testing::TempDir dir;
  const std::string home = dir / "home";
  const int files = 3000;
  std::vector<std::string> bodies(files);
  for (int i = 0; i < files; ++i) {
    bodies[i] = "# Rule " + std::to_string(i) + "\n\nKeep this text exactly as written, line " + std::to_string(i) +
                ".\n";
    testing::write(home + "/memory/feedback_rule-" + std::to_string(i) + ".md",
                   "---\nname: feedback_rule-" + std::to_string(i) + "\nsummary: rule " + std::to_string(i) +
                       " of the house, kept for the kill test\ncreated: 2026-01-01\n---\n" + bodies[i]);
  }
  PosixFileSystem fs;
  Home h(home);
  for (const auto& e : std::filesystem::directory_iterator(h.memory_dir()))
    ASSERT_TRUE(fs.set_mtime(e.path().string(), testing::at("2026-01-01T00:00:00Z")).ok());
  Rng rng(7);
  Seconds now = testing::at("2026-02-01T00:00:00Z");
  int killed_midway = 0;
  for (int k = 0; k < kills; ++k) {
    // New touches so every run has write-back to do.
    for (int t = 0; t < 20; ++t)
      ASSERT_TRUE(append_touch(fs, h, {now - 3600, "Read",
                                       "feedback_rule-" + std::to_string(rng.below(files)) + ".md", "s"}).ok());
    const pid_t pid = spawn({bin, "index", "--home", home, "--now", format_instant(now)});
    std::this_thread::sleep_for(std::chrono::microseconds(rng.below(60000)));
    ::kill(pid, SIGKILL);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (WIFSIGNALED(status)) ++killed_midway;
    now += 21 * 3600;
    if (k % 50 != 0 && k != kills - 1) continue;  // a full check every 50 kills and at the end
    for (int i = 0; i < files; ++i) {
      const std::string text = testing::read(home + "/memory/feedback_rule-" + std::to_string(i) + ".md");
      ASSERT_EQ(body_of(text), bodies[i]) << "kill " << k << " file " << i;
    }
    const std::string index = testing::read(h.index_path());
    if (!index.empty()) {
      ASSERT_EQ(index.rfind("# Memory index\n", 0), 0u) << "kill " << k;
      ASSERT_NE(index.find("\n## How to use\n"), std::string::npos) << "torn index at kill " << k;
    }
  }
  // The next clean run repairs what is derived and leaves no temporary behind.
  const pid_t pid = spawn({bin, "index", "--home", home, "--now", format_instant(now)});
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  for (const auto& e : std::filesystem::directory_iterator(h.memory_dir()))
    EXPECT_EQ(e.path().filename().string().find(".memsim-tmp"), std::string::npos) << e.path();
  std::printf("killed %d of %d runs before they finished\n", killed_midway, kills);
  EXPECT_GT(killed_midway, kills / 4);
}

}  // namespace
}  // namespace memsim
