// memsim tick --commit inside a git tree that holds other people's work.
#include <gtest/gtest.h>

#include <map>

#include <nlohmann/json.hpp>

#include "memsim/testing/run_memsim.h"
#include "memsim/testing/testing.h"

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

// A project in git with a home at .memsim holding one memory older than the
// live guard; commit_base() commits whatever the project holds by then.
struct Repo {
  TempDir dir;
  std::string repo = dir.path(), home = dir / ".memsim";
  std::string git =
      "git -C " + testing::shell_quote(repo) + " -c user.name=memsim-test -c user.email=test@example.invalid ";
  Repo() {
    EXPECT_EQ(memsim({"init", "--apply", "--home", home, "--now", "2026-07-01T00:00:00Z"}).code, 0);
    write(home + "/memory/feedback_a.md", "---\nsummary: Run the tests before every commit\n---\nbody\n");
    sh("touch -d 2026-06-01 " + testing::shell_quote(home + "/memory/feedback_a.md"));
  }
  void commit_base() {
    sh("git init -q " + testing::shell_quote(repo));
    sh(git + "add -A && " + git + "commit -qm base");
  }
};

TEST(TickCommand, CommitsExactlyWhatTheTickChangedWhileOtherFilesAreDirty) {
  Repo project;
  TempDir& dir = project.dir;
  const std::string &home = project.home, &git = project.git;
  write(dir / "src/main.c", "int main() {}\n");
  write(dir / "notes.txt", "tracked\n");
  project.commit_base();
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
  EXPECT_NE(status.find("M  src/main.c"), std::string::npos) << status;  // still staged, not committed
  EXPECT_NE(status.find(" M notes.txt"), std::string::npos) << status;   // still dirty
  EXPECT_NE(status.find("?? untracked.txt"), std::string::npos) << status;
  EXPECT_EQ(status.find(".memsim/memory/"), std::string::npos) << status;
}

// The README's home is relative (--home .memsim), run from the project: the
// commit names the same files as with an absolute home.
TEST(TickCommand, CommitsWithTheReadmesRelativeHome) {
  Repo project;
  const std::string &repo = project.repo, &home = project.home, &git = project.git;
  project.commit_base();
  ASSERT_EQ(memsim({"touch", "feedback_a.md", "--home", home, "--now", "2026-07-02T09:00:00Z"}).code, 0);
  const std::string out =
      sh("cd " + testing::shell_quote(repo) + " && GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.invalid " +
         "GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.invalid " + testing::shell_quote(testing::memsim_bin()) +
         " tick --commit --json --home .memsim --now 2026-07-03T03:00:00Z 2>&1");
  ASSERT_TRUE(nlohmann::json::accept(out)) << out;
  EXPECT_NE(nlohmann::json::parse(out)["commit"].get<std::string>().find("committed 2 file(s)"), std::string::npos)
      << out;
  EXPECT_EQ(sh(git + "show --name-only --format= HEAD"), ".memsim/memory/MEMORY.md\n.memsim/memory/feedback_a.md\n");
}

}  // namespace
}  // namespace memsim

namespace memsim {
namespace {

// The cue's sources beyond conflicts and old facts, through the binary.
TEST(TickCommand, CuesNearDuplicatesLensesOverCapAndCandidatesNearPromotion) {
  TempDir dir;
  const std::string home = dir / "home", now = "2026-07-10T00:00:00Z";
  ASSERT_EQ(memsim({"init", "--apply", "--home", home, "--now", now}).code, 0);
  write(home + "/memory/feedback_a.md", "---\nsummary: run the whole test suite before every release tag\n---\n");
  write(home + "/memory/feedback_b.md", "---\nsummary: run the whole test suite before each release tag\n---\n");
  write(home + "/memory/feedback_c.md", "---\nsummary: prefer small commits with one purpose each\n---\n");
  write(home + "/lenses/long.md",
        "---\ntrigger:\n  tool_match: \"Bash\"\nbody_token_cap: 10\n---\n" + std::string(200, 'x') + "\n");
  const std::string claim = "Always run ninja with -j2 here.";
  auto capture = [&](const std::string& session, const std::string& ts) {
    const std::string t = dir / (session + ".jsonl");
    write(t, R"({"type":"user","sessionId":")" + session + R"(","timestamp":")" + ts +
                 R"(","cwd":"/w/loom","message":{"role":"user","content":")" + claim + "\"}}\n");
    ASSERT_EQ(memsim({"capture", t, "--home", home, "--no-user-home", "--now", now}).code, 0);
  };
  capture("s1", "2026-07-02T12:00:00Z");
  capture("s2", "2026-07-02T15:00:00Z");  // the same day: one gate short
  sh("touch -d 2026-07-01 " + testing::shell_quote(home) + "/memory/*.md " + testing::shell_quote(home) +
     "/lenses/*.md");
  ASSERT_EQ(memsim({"tick", "--home", home, "--now", now}).code, 0);
  const std::string first = read(home + "/runtime/state/cue.json");
  const auto cue = nlohmann::json::parse(first);
  std::map<std::string, std::vector<std::string>> by_kind;
  for (const auto& item : cue["items"]) by_kind[item["kind"]] = item["files"].get<std::vector<std::string>>();
  EXPECT_EQ(by_kind["near-duplicate"], (std::vector<std::string>{"memory/feedback_a.md", "memory/feedback_b.md"}))
      << first;
  EXPECT_EQ(by_kind["lens-over-cap"], (std::vector<std::string>{"lenses/long.md"})) << first;
  EXPECT_EQ(by_kind.count("promotion-ready"), 0u) << first;
  ASSERT_EQ(by_kind["promotion-near"].size(), 1u) << first;
  EXPECT_EQ(by_kind["promotion-near"][0].rfind("candidates/", 0), 0u);
  // The same home and time give the same cue, byte for byte.
  ASSERT_EQ(memsim({"tick", "--home", home, "--now", now}).code, 0);
  EXPECT_EQ(read(home + "/runtime/state/cue.json"), first);

  capture("s3", "2026-07-03T12:00:00Z");
  ASSERT_EQ(memsim({"tick", "--home", home, "--now", now}).code, 0);
  const auto after = nlohmann::json::parse(read(home + "/runtime/state/cue.json"));
  int ready = 0, near = 0;
  for (const auto& item : after["items"]) {
    ready += item["kind"] == "promotion-ready";
    near += item["kind"] == "promotion-near";
  }
  EXPECT_EQ(ready, 1);
  EXPECT_EQ(near, 0);
}

}  // namespace
}  // namespace memsim
