// 10 processes firing 1,000 pre-tool-use hooks each, all on one home, must leave
// exactly 10,000 well-formed journal lines: the append needs no lock because
// each line goes out in one O_APPEND write.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <map>

#include "memsim/journal.h"
#include "memsim/process.h"
#include "memsim/testing/testing.h"

namespace memsim::hooks {
namespace {

using memsim::testing::read;
using memsim::testing::TempDir;
using memsim::testing::write;

TEST(Concurrency, TenProcessesThousandHooksEach) {
  constexpr int kProcs = 10, kHooks = 1000;
  TempDir dir;
  const std::string home = dir / "home";
  const char* names[] = {"feedback_a.md", "project_b.md", "reference_c.md"};
  for (const char* n : names) write(home + "/memory/" + n, "---\nname: x\n---\n");
  const std::string bin = memsim::testing::memsim_bin();
  std::vector<pid_t> kids;
  for (int p = 0; p < kProcs; ++p) {
    pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      const std::string scratch = dir / ("scratch" + std::to_string(p));
      std::filesystem::create_directories(scratch);
      int failures = 0;
      for (int i = 0; i < kHooks; ++i) {
        const std::string payload =
            R"({"session_id":"proc-)" + std::to_string(p) +
            R"(","hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":")" + home + "/memory/" +
            names[i % 3] + R"("}})";
        auto r = run_process({bin, "hook", "pre-tool-use", "--home", home}, payload, {{"MEMSIM_HOOKS", "1"}}, scratch);
        if (!r.ok() || r->exit_code != 0 || !r->out.empty()) ++failures;
      }
      ::_exit(failures == 0 ? 0 : 1);
    }
    kids.push_back(pid);
  }
  for (pid_t pid : kids) {
    int status = 0;
    ::waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  const std::string text = read(home + "/runtime/access.log");
  JournalRead j = parse_journal(text);
  EXPECT_EQ(j.bad_lines, 0u);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), kProcs * kHooks);
  ASSERT_EQ(j.touches.size(), static_cast<std::size_t>(kProcs * kHooks));
  std::map<std::string, int> per_session, per_file;
  for (const Touch& t : j.touches) ++per_session[t.session], ++per_file[t.filename];
  EXPECT_EQ(per_session.size(), static_cast<std::size_t>(kProcs));
  for (const auto& [s, n] : per_session) EXPECT_EQ(n, kHooks) << s;
  EXPECT_EQ(per_file["feedback_a.md"], kProcs * 334);
  EXPECT_FALSE(std::filesystem::exists(home + "/runtime/hook-errors.log"));
}

}  // namespace
}  // namespace memsim::hooks
