// Kill `memsim index` and `memsim tick` with SIGKILL at random moments, many times,
// on a home big enough that each run takes a while; after every kill no memory file
// is torn or changed outside its policy lines, no derived file is torn, and the next
// clean run repairs what is derived.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "memsim/frontmatter.h"
#include "memsim/journal.h"
#include "memsim/rng.h"
#include "memsim/testing/testing.h"

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

// Summaries that differ as real ones do (the tick's near-duplicate cue pairs
// summaries that share most of their words).
std::string summary_for(int i) {
  static const char* const kWords[] = {"deploy", "cache",  "schema", "retry", "lock",  "index", "budget",
                                       "review", "parser", "queue",  "token", "shard", "hook",  "branch"};
  std::string s = "rule " + std::to_string(i);
  for (int k = 0, x = i * 7919 + 13; k < 4; ++k, x = x * 31 + 7) s += std::string(" ") + kWords[x % 14];
  return s;
}

void kill_many(const std::string& command, int kills) {
  const char* bin = std::getenv("MEMSIM_BIN");
  ASSERT_NE(bin, nullptr);
  testing::TempDir dir;
  const std::string home = dir / "home";
  const int files = 3000;
  std::vector<std::string> bodies(files);
  for (int i = 0; i < files; ++i) {
    bodies[i] =
        "# Rule " + std::to_string(i) + "\n\nKeep this text exactly as written, line " + std::to_string(i) + ".\n";
    testing::write(home + "/memory/feedback_rule-" + std::to_string(i) + ".md",
                   "---\nname: feedback_rule-" + std::to_string(i) + "\nsummary: " + summary_for(i) +
                       "\ncreated: 2026-01-01\n---\n" + bodies[i]);
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
      ASSERT_TRUE(
          append_touch(fs, h, {now - 3600, "Read", "feedback_rule-" + std::to_string(rng.below(files)) + ".md", "s"})
              .ok());
    const pid_t pid = spawn({bin, command, "--home", home, "--now", format_instant(now)});
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
    for (const std::string& state : {h.runtime_dir() + "/state/cue.json", h.runtime_dir() + "/state/last-tick.json"})
      if (std::filesystem::exists(state)) {
        const std::string text = testing::read(state);
        ASSERT_TRUE(text.size() >= 3 && text.front() == '{' && text.substr(text.size() - 2) == "}\n")
            << "torn " << state << " at kill " << k;
      }
  }
  // The next clean run repairs what is derived and leaves no temporary behind.
  const pid_t pid = spawn({bin, command, "--home", home, "--now", format_instant(now)});
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  for (const auto& e : std::filesystem::directory_iterator(h.memory_dir()))
    EXPECT_EQ(e.path().filename().string().find(".memsim-tmp"), std::string::npos) << e.path();
  std::printf("%s: killed %d of %d runs before they finished\n", command.c_str(), killed_midway, kills);
  EXPECT_GT(killed_midway, kills / 4);
}

int kills_from_env(int fallback) {
  const char* k = std::getenv("MEMSIM_KILLS");
  return k ? std::atoi(k) : fallback;
}

TEST(Kill, SigkillDuringIndexNeverTearsAMemory) { kill_many("index", kills_from_env(1000)); }

TEST(Kill, SigkillDuringTickNeverTearsAMemory) { kill_many("tick", kills_from_env(300)); }

}  // namespace
}  // namespace memsim
