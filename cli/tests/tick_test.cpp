// memsim tick --commit inside a git tree that holds other people's work.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "../../core/tests/testing.h"
#include "run_memsim.h"

namespace memsim {
namespace {

using testing::memsim;
using testing::read;
using testing::TempDir;
using testing::write;

std::string sh(const std::string& cmd) {
  std::string out;
  FILE* p = ::popen(cmd.c_str(), "r");
  char buf[512];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  ::pclose(p);
  return out;
}

TEST(TickCommand, CommitsExactlyWhatTheTickChangedWhileOtherFilesAreDirty) {
  TempDir dir;
  const std::string repo = dir.path(), home = dir / ".memsim";
  const std::string git = "git -C " + testing::shell_quote(repo) +
                          " -c user.name=memsim-test -c user.email=test@example.invalid ";
  ASSERT_EQ(memsim({"init", "--apply", "--home", home, "--now", "2026-07-01T00:00:00Z"}).code, 0);
  write(home + "/memory/feedback_a.md", "---\nsummary: Run the tests before every commit\n---\nbody\n");
  write(dir / "src/main.c", "int main() {}\n");
  write(dir / "notes.txt", "tracked\n");
  sh("touch -d 2026-06-01 " + testing::shell_quote(home + "/memory/feedback_a.md"));
  sh("git init -q " + testing::shell_quote(repo));
  sh(git + "add -A && " + git + "commit -qm base");
  // Another session's work: one staged change, one unstaged change, one new file.
  write(dir / "src/main.c", "int main() { return 1; }\n");
  sh(git + "add src/main.c");
  write(dir / "notes.txt", "edited by a peer\n");
  write(dir / "untracked.txt", "new\n");
  ASSERT_EQ(memsim({"touch", "feedback_a.md", "--home", home, "--now", "2026-07-02T09:00:00Z"}).code, 0);

  setenv("GIT_AUTHOR_NAME", "memsim-test", 1);
  setenv("GIT_AUTHOR_EMAIL", "test@example.invalid", 1);
  setenv("GIT_COMMITTER_NAME", "memsim-test", 1);
  setenv("GIT_COMMITTER_EMAIL", "test@example.invalid", 1);
  auto r = memsim({"tick", "--commit", "--json", "--home", home, "--now", "2026-07-03T03:00:00Z"});
  ASSERT_EQ(r.code, 0) << r.err << r.out;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["guarded"], false);
  // The touch is written back and the index now lists the file.
  EXPECT_EQ(j["changed"], nlohmann::json::parse(R"(["memory/MEMORY.md", "memory/feedback_a.md"])"));
  EXPECT_EQ(sh(git + "show --name-only --format= HEAD"), ".memsim/memory/MEMORY.md\n.memsim/memory/feedback_a.md\n");
  EXPECT_NE(sh(git + "log -1 --format=%B").find("- memory/feedback_a.md"), std::string::npos);
  const std::string status = sh(git + "status --porcelain");
  EXPECT_NE(status.find("M  src/main.c"), std::string::npos) << status;   // still staged, not committed
  EXPECT_NE(status.find(" M notes.txt"), std::string::npos) << status;    // still dirty
  EXPECT_NE(status.find("?? untracked.txt"), std::string::npos) << status;
  EXPECT_EQ(status.find(".memsim/memory/"), std::string::npos) << status;
}

}  // namespace
}  // namespace memsim
