// Sustained load: 10 concurrent sessions, each a process firing
// pre-tool-use hooks through the real binary, while `memsim index` runs again and
// again and a reader keeps reading MEMORY.md, all on one home for a fixed period.
// Afterwards: every hook that succeeded left exactly one journal line (none lost,
// none torn), every memory body is byte for byte what it was and its frontmatter
// still parses, MEMORY.md was never seen torn. Hook latency p50/p99 are printed,
// not asserted: performance targets live in benchmarks.
//
// MEMSIM_LOAD_SECONDS sets the period (default 30).
#include <gtest/gtest.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <thread>

#include "memsim/frontmatter.h"
#include "memsim/journal.h"
#include "memsim/testing/testing.h"

extern char** environ;

namespace memsim {
namespace {

using Clock = std::chrono::steady_clock;
constexpr int kSessions = 10;
constexpr int kFiles = 400;

std::string file_name(int i) { return "feedback_load-" + std::to_string(i) + ".md"; }

// Runs argv with `input` on standard input and standard output read to the end;
// returns the exit status (-1 when killed or not started) and the output.
int run(const std::vector<std::string>& args, const std::string& input, std::string* out) {
  int in_pipe[2], out_pipe[2];
  if (::pipe2(in_pipe, O_CLOEXEC) != 0 || ::pipe2(out_pipe, O_CLOEXEC) != 0) return -1;
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, in_pipe[0], 0);
  posix_spawn_file_actions_adddup2(&fa, out_pipe[1], 1);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  pid_t pid = -1;
  const int rc = ::posix_spawn(&pid, argv[0], &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  ::close(in_pipe[0]);
  ::close(out_pipe[1]);
  if (rc == 0 && !input.empty()) {
    if (::write(in_pipe[1], input.data(), input.size()) != static_cast<ssize_t>(input.size())) {
      // The child closed its input early; its exit status tells the rest.
    }
  }
  ::close(in_pipe[1]);
  char buf[4096];
  ssize_t n;
  while ((n = ::read(out_pipe[0], buf, sizeof buf)) > 0) out->append(buf, static_cast<std::size_t>(n));
  ::close(out_pipe[0]);
  if (rc != 0) return -1;
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

bool index_is_whole(const std::string& text) {
  return text.rfind("# Memory index\n", 0) == 0 && text.find("\n## How to use\n") != std::string::npos &&
         text.back() == '\n';
}

// One session: hooks until the deadline; writes "<ok> <failed>" and one latency
// (microseconds) per line to out_path.
int session(const std::string& bin, const std::string& home, int p, Clock::time_point deadline,
            const std::string& out_path) {
  std::vector<long> micros;
  long ok = 0, failed = 0;
  for (int i = 0; Clock::now() < deadline; ++i) {
    const std::string payload = R"({"session_id":"load-)" + std::to_string(p) +
                                R"(","hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":")" +
                                home + "/memory/" + file_name((i * 7 + p * 13) % kFiles) + R"("}})";
    std::string out;
    const auto t0 = Clock::now();
    const int code = run({bin, "hook", "pre-tool-use", "--home", home}, payload, &out);
    micros.push_back(std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t0).count());
    if (code == 0 && out.empty()) ++ok;
    else ++failed;
  }
  std::ofstream f(out_path);
  f << ok << " " << failed << "\n";
  for (long m : micros) f << m << "\n";
  return f ? 0 : 1;
}

// A reader of MEMORY.md: returns how many reads saw a torn index.
int reader(const std::string& index_path, Clock::time_point deadline, const std::string& out_path) {
  long reads = 0, torn = 0;
  while (Clock::now() < deadline) {
    const std::string text = testing::read(index_path);
    ++reads;
    if (!index_is_whole(text)) ++torn;
  }
  std::ofstream(out_path) << reads << " " << torn << "\n";
  return 0;
}

TEST(Load, TenSessionsOfHooksWhileIndexRunsLoseNothingAndTearNothing) {
  const char* bin_env = std::getenv("MEMSIM_BIN");
  ASSERT_NE(bin_env, nullptr);
  const std::string bin = bin_env;
  const int seconds = std::getenv("MEMSIM_LOAD_SECONDS") ? std::atoi(std::getenv("MEMSIM_LOAD_SECONDS")) : 30;
  testing::TempDir dir;
  const std::string home = dir / "home";
  const std::string now = "2026-02-01T00:00:00Z";
  std::string ignored;
  ASSERT_EQ(run({bin, "init", "--apply", "--home", home}, "", &ignored), 0);
  std::map<std::string, std::string> before;
  for (int i = 0; i < kFiles; ++i) {
    const std::string text = "---\nname: " + file_name(i).substr(0, file_name(i).size() - 3) +
                             "\ntype: feedback\nsummary: rule " + std::to_string(i) +
                             " of the load test\ncreated: 2026-01-01\n---\n# Rule " + std::to_string(i) +
                             "\n\nKeep this body exactly as written.\n";
    testing::write(home + "/memory/" + file_name(i), text);
    before[file_name(i)] = text;
  }
  PosixFileSystem fs;
  for (const auto& [name, text] : before)
    ASSERT_TRUE(fs.set_mtime(home + "/memory/" + name, testing::at("2026-01-01T00:00:00Z")).ok());
  ASSERT_EQ(run({bin, "index", "--home", home, "--now", now}, "", &ignored), 0);

  const auto deadline = Clock::now() + std::chrono::seconds(seconds);
  std::vector<pid_t> kids;
  for (int p = 0; p <= kSessions; ++p) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      const std::string out = dir / ("out-" + std::to_string(p));
      ::_exit(p < kSessions ? session(bin, home, p, deadline, out) : reader(home + "/memory/MEMORY.md", deadline, out));
    }
    kids.push_back(pid);
  }
  int index_runs = 0, index_failures = 0;
  while (Clock::now() < deadline) {
    if (run({bin, "index", "--home", home, "--now", now}, "", &ignored) != 0) ++index_failures;
    ++index_runs;
  }
  for (pid_t pid : kids) {
    int status = 0;
    ::waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  // One last index over everything the sessions wrote.
  ASSERT_EQ(run({bin, "index", "--home", home, "--now", now}, "", &ignored), 0);

  long ok = 0, failed = 0;
  std::vector<long> micros;
  for (int p = 0; p < kSessions; ++p) {
    std::ifstream f(dir / ("out-" + std::to_string(p)));
    long o = 0, x = 0, m = 0;
    ASSERT_TRUE(f >> o >> x) << "session " << p << " wrote no results";
    ok += o, failed += x;
    while (f >> m) micros.push_back(m);
  }
  long reads = 0, torn = 0;
  std::ifstream(dir / ("out-" + std::to_string(kSessions))) >> reads >> torn;

  EXPECT_EQ(failed, 0);
  EXPECT_EQ(index_failures, 0);
  EXPECT_GT(ok, kSessions * 10) << "too few hooks for a load test";
  // The journal may have been rotated (runtime/journal/pending-*) and archived
  // (runtime/journal/archive/*) while the index ran: every segment counts.
  std::string journal = testing::read(home + "/runtime/access.log");
  for (const char* sub : {"/runtime/journal", "/runtime/journal/archive"}) {
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(home + sub, ec))
      if (e.is_regular_file()) journal += testing::read(e.path().string());
  }
  const JournalRead j = parse_journal(journal);
  EXPECT_EQ(j.bad_lines, 0u);
  EXPECT_EQ(static_cast<long>(std::count(journal.begin(), journal.end(), '\n')), ok);
  EXPECT_EQ(static_cast<long>(j.touches.size()), ok) << "journal lines lost or added";
  std::map<std::string, long> per_session;
  for (const Touch& t : j.touches) ++per_session[t.session];
  EXPECT_EQ(per_session.size(), static_cast<std::size_t>(kSessions));

  int unchanged = 0;
  for (const auto& [name, text] : before) {
    const std::string after = testing::read(home + "/memory/" + name);
    const Frontmatter a = parse_frontmatter(after), b = parse_frontmatter(text);
    ASSERT_EQ(a.state, FrontmatterState::kOk) << name;
    EXPECT_EQ(after.substr(a.body_begin), text.substr(b.body_begin)) << name;
    for (const char* key : {"name", "type", "summary", "created"}) {
      ASSERT_NE(a.find(key), nullptr) << name << " lost " << key;
      EXPECT_EQ(a.find(key)->value, b.find(key)->value) << name << " " << key;
    }
    if (after == text) ++unchanged;
  }
  EXPECT_GT(reads, 0);
  EXPECT_EQ(torn, 0) << "MEMORY.md was seen torn";
  EXPECT_TRUE(index_is_whole(testing::read(home + "/memory/MEMORY.md")));
  for (const auto& e : std::filesystem::directory_iterator(home + "/memory"))
    EXPECT_EQ(e.path().filename().string().find(".memsim-tmp"), std::string::npos) << e.path();

  std::sort(micros.begin(), micros.end());
  auto pct = [&](double q) {
    return micros.empty() ? 0L : micros[static_cast<std::size_t>(q * static_cast<double>(micros.size() - 1))];
  };
  std::printf("load: %d s, %d sessions, %ld hooks (%.0f/s), %d index runs, %ld MEMORY.md reads, 0 torn\n", seconds,
              kSessions, ok, static_cast<double>(ok) / seconds, index_runs, reads);
  std::printf("load: hook latency p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", static_cast<double>(pct(0.5)) / 1000,
              static_cast<double>(pct(0.99)) / 1000, static_cast<double>(pct(1.0)) / 1000);
  std::printf("load: %d of %d memory files byte-identical (the rest had policy lines written back)\n", unchanged,
              kFiles);
}

}  // namespace
}  // namespace memsim
