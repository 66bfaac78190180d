// Three clones of one project share a home through a bare repository
// (docs/sharing.md): hook-like touches on different days, commits, pulls and
// pushes in a random order with ordinary git commands. Every merge completes,
// every clone ends with the same memory files, equal to what one home folds
// from all the touches, and a real conflict in a summary stays a conflict.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <filesystem>
#include <random>

#include "memsim/testing/run_memsim.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::memsim;
using testing::read;
using testing::shell_quote;
using testing::TempDir;
using testing::write;

struct Shell {
  int code = 0;
  std::string out;
};

// git finds the merge driver and the post-merge step's memsim on PATH.
Shell sh(const std::string& cmd) {
  const std::string bin = testing::memsim_bin();
  const std::string full = "PATH=" + shell_quote(bin.substr(0, bin.rfind('/'))) + ":\"$PATH\" " +
                           "GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.invalid GIT_COMMITTER_NAME=t " +
                           "GIT_COMMITTER_EMAIL=t@example.invalid; export PATH GIT_AUTHOR_NAME GIT_AUTHOR_EMAIL " +
                           "GIT_COMMITTER_NAME GIT_COMMITTER_EMAIL; (" + cmd + ") 2>&1";
  Shell r;
  FILE* p = ::popen(full.c_str(), "r");
  char buf[512];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int status = ::pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

const char* const kFiles[] = {"feedback_tests.md", "decision_branch.md", "project_deploy.md"};

struct Clones {
  TempDir dir;
  std::string bare = dir / "bare.git";
  std::vector<std::string> clones;

  std::string git(std::size_t i) const { return "git -C " + shell_quote(clones[i]) + " "; }
  std::string home(std::size_t i) const { return clones[i] + "/.memsim"; }

  Clones() {
    EXPECT_EQ(sh("git init -q --bare " + shell_quote(bare)).code, 0);
    for (const char* name : {"laptop", "desktop", "teammate"}) clones.push_back(dir / name);
    EXPECT_EQ(sh("git clone -q " + shell_quote(bare) + " " + shell_quote(clones[0])).code, 0);
    EXPECT_EQ(memsim({"init", "--apply", "--home", home(0), "--now", "2026-07-01T00:00:00Z"}).code, 0);
    write(home(0) + "/memory/feedback_tests.md", "---\nsummary: Run the tests before every commit\n---\nbody\n");
    write(home(0) + "/memory/decision_branch.md", "---\nsummary: Deploys go from main\nkey: deploy-branch\n---\n");
    write(home(0) + "/memory/project_deploy.md",
          "---\nsummary: The deploy script is scripts/ship\ncreated: 2026-07-01\n---\n");
    Shell shared = sh("memsim share --home " + shell_quote(home(0)) + " --now 2026-07-01T00:00:00Z");
    EXPECT_EQ(shared.code, 0) << shared.out;
    EXPECT_EQ(sh(git(0) + "add -A && " + git(0) + "commit -qm base && " + git(0) + "push -q origin HEAD").code, 0);
    for (std::size_t i = 1; i < clones.size(); ++i) {
      EXPECT_EQ(sh("git clone -q " + shell_quote(bare) + " " + shell_quote(clones[i])).code, 0);
      Shell s = sh("memsim share --home " + shell_quote(home(i)));
      EXPECT_EQ(s.code, 0) << s.out;
      EXPECT_NE(s.out.find("shared already"), std::string::npos) << s.out;
    }
  }

  // Commit what the clone changed, merge what others pushed, push: what a person
  // (or a debrief) does. Returns the pull's result.
  Shell sync(std::size_t i) {
    sh(git(i) + "add -A && " + git(i) + "commit -qm session");
    Shell pulled = sh(git(i) + "pull -q --no-rebase --no-edit origin HEAD");
    if (pulled.code == 0) sh(git(i) + "push -q origin HEAD");
    return pulled;
  }
};

TEST(Sharing, ThreeClonesMergeWithoutConflictAndEndWithTheFoldOfEveryTouch) {
  Clones c;
  std::mt19937 rng(2026);
  std::vector<std::size_t> order = {0, 1, 2};
  std::size_t made = 0;
  // Twelve days three apart, across the end of July: each clone's index moves
  // its fold checkpoint to August 1 while others still push July's touches.
  for (int step = 0; step < 12; ++step) {
    const int month = 20 + 3 * step > 31 ? 8 : 7, day = 20 + 3 * step - (month == 8 ? 31 : 0);
    std::shuffle(order.begin(), order.end(), rng);
    for (std::size_t i : order) {
      // A session: a few reads, minutes apart, at an hour of the clone's own.
      const int hour = 8 + static_cast<int>(i) * 3 + static_cast<int>(rng() % 3);
      for (int k = 0; k < 1 + static_cast<int>(rng() % 3); ++k) {
        const char* file = kFiles[rng() % 3];
        char when[64];
        std::snprintf(when, sizeof when, "2026-%02d-%02dT%02d:%02d:00Z", month, day, hour, 10 * k);
        ASSERT_EQ(memsim({"touch", file, "--home", c.home(i), "--now", when}).code, 0);
        ++made;
      }
      char end[64];
      std::snprintf(end, sizeof end, "2026-%02d-%02dT23:00:00Z", month, day);
      ASSERT_EQ(memsim({"index", "--home", c.home(i), "--now", end}).code, 0);
      if (rng() % 2 == 0) continue;  // this one syncs another day
      Shell pulled = c.sync(i);
      ASSERT_EQ(pulled.code, 0) << "day " << month << "-" << day << ", clone " << i << ":\n" << pulled.out;
    }
  }
  // Everyone syncs until nothing moves, then takes the last head.
  for (int round = 0; round < 2; ++round)
    for (std::size_t i = 0; i < 3; ++i) ASSERT_EQ(c.sync(i).code, 0) << "final round, clone " << i;
  for (std::size_t i = 0; i < 3; ++i) ASSERT_EQ(c.sync(i).code, 0);
  for (std::size_t i = 0; i < 3; ++i)
    EXPECT_EQ(sh(c.git(i) + "status --porcelain").out, "") << "clone " << i << " has unsynced changes";

  // One home of one machine given every replica's journal computes the same files.
  TempDir solo;
  const std::string one = solo / "home";
  ASSERT_EQ(
      sh("cp -r " + shell_quote(c.home(0)) + " " + shell_quote(one) + " && rm -rf " + shell_quote(one) + "/runtime")
          .code,
      0);
  for (const char* f : kFiles) {
    std::string text = read(one + "/memory/" + f);
    write(one + "/memory/" + f, text.substr(0, text.find("access_count")) + text.substr(text.find("---", 4)));
  }
  ASSERT_EQ(memsim({"index", "--home", one, "--now", "2026-09-01T00:00:00Z"}).code, 0);
  for (const char* f : kFiles) {
    const std::string expected = read(one + "/memory/" + f);
    EXPECT_NE(expected.find("access_count: "), std::string::npos) << f;
    for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(read(c.home(i) + "/memory/" + f), expected) << f << ", clone " << i;
  }
  // Every touch of every clone is in the merged journals.
  Shell lines = sh("cat " + shell_quote(c.home(2)) + "/journal/*/*.log | grep -c ' Touch '");
  EXPECT_EQ(std::stoul(lines.out), made);
  EXPECT_EQ(sh("ls " + shell_quote(c.home(2)) + "/journal/*/ | grep -c '^2026-0[78]\\.log$'").out, "6\n")
      << "a segment per clone and month";
  // Each clone now folds from a checkpoint past both months and reads no touch,
  // and its files stay the solo home's, which read every line.
  for (std::size_t i = 0; i < 3; ++i) {
    ASSERT_EQ(memsim({"index", "--home", c.home(i)}).code, 0);
    auto again = memsim({"index", "--home", c.home(i)});
    EXPECT_NE(again.out.find("fold: 0 touch(es) read from the checkpoint of "), std::string::npos) << again.out;
    for (const char* f : kFiles) EXPECT_EQ(read(c.home(i) + "/memory/" + f), read(one + "/memory/" + f)) << f;
  }
}

TEST(Sharing, TwoEditsOfOneSummaryStayAConflictForAPerson) {
  Clones c;
  const std::string f = "/memory/feedback_tests.md";
  write(c.home(0) + f, "---\nsummary: Run the unit tests before every commit\n---\nbody\n");
  ASSERT_EQ(c.sync(0).code, 0);
  write(c.home(1) + f, "---\nsummary: Run the whole suite before every push\n---\nbody\n");
  Shell pulled = c.sync(1);
  EXPECT_NE(pulled.code, 0) << pulled.out;
  const std::string merged = read(c.home(1) + f);
  EXPECT_NE(merged.find("<<<<<<<"), std::string::npos) << merged;
  EXPECT_NE(merged.find("the unit tests"), std::string::npos) << merged;
  EXPECT_NE(merged.find("the whole suite"), std::string::npos) << merged;
}

// Touches on both sides of one file merge cleanly: the policy lines are the
// driver's, the authored lines git's.
TEST(Sharing, PolicyLinesChangedOnBothSidesMergeWithoutAConflict) {
  Clones c;
  ASSERT_EQ(memsim({"touch", "feedback_tests.md", "--home", c.home(0), "--now", "2026-07-02T09:00:00Z"}).code, 0);
  ASSERT_EQ(memsim({"index", "--home", c.home(0), "--now", "2026-07-02T10:00:00Z"}).code, 0);
  ASSERT_EQ(c.sync(0).code, 0);
  // This one through the hook Claude Code runs on a Read.
  const std::string payload = R"({"hook_event_name":"PreToolUse","session_id":"s1","cwd":")" + c.clones[1] +
                              R"(","tool_name":"Read","tool_input":{"file_path":")" + c.home(1) +
                              R"(/memory/feedback_tests.md"}})";
  ASSERT_EQ(memsim({"hook", "pre-tool-use", "--home", c.home(1), "--now", "2026-07-03T09:00:00Z"}, payload).code, 0);
  ASSERT_EQ(memsim({"index", "--home", c.home(1), "--now", "2026-07-03T10:00:00Z"}).code, 0);
  Shell pulled = c.sync(1);
  ASSERT_EQ(pulled.code, 0) << pulled.out;
  const std::string text = read(c.home(1) + "/memory/feedback_tests.md");
  EXPECT_NE(text.find("access_count: 2"), std::string::npos) << text;
  EXPECT_NE(text.find("last_accessed: 2026-07-03T09:00:00Z"), std::string::npos) << text;
}

// Two people supersede one fact on two machines, on different days: the merge
// is clean, both successors are open facts of one key, lint and status report
// the conflict, and resolve settles it; nothing is overwritten.
TEST(Sharing, TwoSupersessionsOfOneFactMergeAsAConflictOfTwoOpenFacts) {
  Clones c;
  auto supersede = [&](std::size_t i, const std::string& summary, const std::string& day) {
    Shell s = sh("memsim supersede project_deploy.md --summary " + shell_quote(summary) + " --home " +
                 shell_quote(c.home(i)) + " --now " + day + "T09:00:00Z");
    EXPECT_EQ(s.code, 0) << s.out;
    return s.out;
  };
  supersede(0, "The deploy script is scripts/release", "2026-07-03");
  ASSERT_EQ(c.sync(0).code, 0);
  supersede(1, "The deploy script is make deploy", "2026-07-05");
  Shell pulled = c.sync(1);
  ASSERT_EQ(pulled.code, 0) << pulled.out;
  // The merge took one side's MEMORY.md; the post-merge index regenerated it with both successors, contested.
  EXPECT_EQ(sh(c.git(1) + "status --porcelain").out, " M .memsim/memory/MEMORY.md\n");
  EXPECT_EQ(count(read(c.home(1) + "/memory/MEMORY.md"), " [contested]\n"), 2u);

  std::vector<std::string> successors;
  for (const auto& e : std::filesystem::directory_iterator(c.home(1) + "/memory"))
    if (e.path().filename().string().starts_with("project_deploy-2-")) successors.push_back(e.path().string());
  ASSERT_EQ(successors.size(), 2u);
  std::sort(successors.begin(), successors.end());
  std::string both;
  for (const std::string& f : successors) both += read(f);
  EXPECT_NE(both.find("scripts/release"), std::string::npos) << both;
  EXPECT_NE(both.find("make deploy"), std::string::npos) << both;
  EXPECT_NE(read(c.home(1) + "/memory/project_deploy.md").find("valid_until: 2026-07-03\n"), std::string::npos)
      << "closed at the first supersession";

  Shell lint = sh("memsim lint --home " + shell_quote(c.home(1)) + " --now 2026-07-06T00:00:00Z");
  EXPECT_NE(lint.code, 0);
  EXPECT_NE(lint.out.find("project_deploy"), std::string::npos) << lint.out;
  Shell status = sh("memsim status --home " + shell_quote(c.home(1)) + " --now 2026-07-06T00:00:00Z");
  EXPECT_NE(status.out.find("conflicts: 1"), std::string::npos) << status.out;
  Shell tick = sh("memsim tick --json --home " + shell_quote(c.home(1)) + " --now 2026-07-06T00:00:00Z");
  ASSERT_EQ(tick.code, 0) << tick.out;
  const std::string cue = read(c.home(1) + "/runtime/state/cue.json");
  EXPECT_NE(cue.find("memsim resolve project_deploy --keep"), std::string::npos) << cue;

  const std::string keep = successors[0].substr(successors[0].rfind('/') + 1);
  Shell settled = sh("memsim resolve project_deploy --keep " + keep + " --home " + shell_quote(c.home(1)) +
                     " --now 2026-07-06T00:00:00Z");
  ASSERT_EQ(settled.code, 0) << settled.out;
  status = sh("memsim status --home " + shell_quote(c.home(1)) + " --now 2026-07-06T00:00:00Z");
  EXPECT_NE(status.out.find("conflicts: 0"), std::string::npos) << status.out;
  ASSERT_EQ(c.sync(1).code, 0);
  ASSERT_EQ(c.sync(0).code, 0);
  for (const std::string& f : successors) {
    const std::string name = f.substr(f.rfind('/') + 1);
    EXPECT_EQ(read(c.home(0) + "/memory/" + name), read(f)) << name;
  }
}

// memsim sync in place of the git commands: every clone ends with the same
// files and nothing to commit, and nothing outside the home is committed.
TEST(Sharing, SyncCommitsPullsAndPushesAndEveryCloneEndsTheSame) {
  Clones c;
  write(c.clones[0] + "/scratch.txt", "not the home's\n");
  auto sync = [&](std::size_t i, const std::string& when) {
    return sh("memsim sync --home " + shell_quote(c.home(i)) + " --now " + when);
  };
  for (int day = 2; day <= 5; ++day)
    for (std::size_t i = 0; i < 3; ++i) {
      char when[64];
      std::snprintf(when, sizeof when, "2026-07-%02dT%02d:00:00Z", day, 9 + static_cast<int>(i));
      ASSERT_EQ(memsim({"touch", kFiles[(day + i) % 3], "--home", c.home(i), "--now", when}).code, 0);
      Shell s = sync(i, when);
      ASSERT_EQ(s.code, 0) << "day " << day << ", clone " << i << ":\n" << s.out;
    }
  for (int round = 0; round < 2; ++round)
    for (std::size_t i = 0; i < 3; ++i) ASSERT_EQ(sync(i, "2026-07-06T00:00:00Z").code, 0);
  EXPECT_EQ(sh(c.git(0) + "status --porcelain").out, "?? scratch.txt\n");
  for (std::size_t i = 1; i < 3; ++i) EXPECT_EQ(sh(c.git(i) + "status --porcelain").out, "") << "clone " << i;
  for (const char* f : kFiles) {
    const std::string one = read(c.home(0) + "/memory/" + f);
    EXPECT_NE(one.find("access_count: "), std::string::npos) << f;
    for (std::size_t i = 1; i < 3; ++i) EXPECT_EQ(read(c.home(i) + "/memory/" + f), one) << f << ", clone " << i;
  }
  EXPECT_EQ(sh("cat " + shell_quote(c.home(1)) + "/journal/*/*.log | grep -c ' Touch '").out, "12\n");
}

// A merge that conflicts stops sync with what to do, and a second sync while
// the conflict stands refuses and changes nothing.
TEST(Sharing, SyncStopsAtAConflictAndRefusesUntilItIsResolved) {
  Clones c;
  const std::string f = "/memory/feedback_tests.md";
  write(c.home(0) + f, "---\nsummary: Run the unit tests before every commit\n---\nbody\n");
  ASSERT_EQ(sh("memsim sync --home " + shell_quote(c.home(0))).code, 0);
  write(c.home(1) + f, "---\nsummary: Run the whole suite before every push\n---\nbody\n");
  Shell first = sh("memsim sync --home " + shell_quote(c.home(1)));
  EXPECT_EQ(first.code, 1) << first.out;
  EXPECT_NE(first.out.find("conflicts in"), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("feedback_tests.md"), std::string::npos) << first.out;
  const std::string conflicted = read(c.home(1) + f);
  Shell again = sh("memsim sync --home " + shell_quote(c.home(1)));
  EXPECT_EQ(again.code, 2) << again.out;
  EXPECT_NE(again.out.find("a merge is in progress"), std::string::npos) << again.out;
  EXPECT_EQ(read(c.home(1) + f), conflicted);
  // Resolved by a person: sync goes on.
  write(c.home(1) + f, "---\nsummary: Run the whole suite before every push\n---\nbody\n");
  ASSERT_EQ(sh(c.git(1) + "add -A && " + c.git(1) + "commit -qm resolved").code, 0);
  Shell done = sh("memsim sync --home " + shell_quote(c.home(1)));
  EXPECT_EQ(done.code, 0) << done.out;
  Shell unshared = sh("git init -q " + shell_quote(c.dir / "plain") + " && memsim init --apply --home " +
                      shell_quote(c.dir / "plain/.memsim") + " >/dev/null && memsim sync --home " +
                      shell_quote(c.dir / "plain/.memsim"));
  EXPECT_EQ(unshared.code, 2) << unshared.out;
  EXPECT_NE(unshared.out.find("memsim share"), std::string::npos) << unshared.out;
}

// A clone where the person runs install-hooks and never share still gets the
// driver and the post-merge step of a shared home.
TEST(Sharing, InstallHooksRegistersTheDriverInACloneOfASharedHome) {
  Clones c;
  const std::string fresh = c.dir / "fourth";
  ASSERT_EQ(sh("git clone -q " + shell_quote(c.bare) + " " + shell_quote(fresh)).code, 0);
  const std::string git = "git -C " + shell_quote(fresh) + " ";
  EXPECT_EQ(sh(git + "config merge.memsim.driver").out, "");
  const std::string install = "memsim install-hooks --scope project --project " + shell_quote(fresh) + " --home " +
                              shell_quote(fresh + "/.memsim") + " --no-user-home --command memsim";
  Shell dry = sh(install);
  EXPECT_EQ(dry.code, 0) << dry.out;
  EXPECT_NE(dry.out.find("--apply also registers the git merge driver"), std::string::npos) << dry.out;
  EXPECT_EQ(sh(git + "config merge.memsim.driver").out, "") << "a dry run writes nothing";
  Shell applied = sh(install + " --apply");
  EXPECT_EQ(applied.code, 0) << applied.out;
  EXPECT_EQ(sh(git + "config merge.memsim.driver").out, "memsim merge-file %O %A %B %P\n");
  EXPECT_NE(read(fresh + "/.git/hooks/post-merge").find("--after-merge"), std::string::npos);
}

}  // namespace
}  // namespace memsim
