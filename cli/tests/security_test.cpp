// Hostile input through the real binary: paths that try to
// leave the home never reach the journal, memory names that climb out are
// refused, files are created within the user's umask and never executable, the
// hook's error log never echoes a prompt or a file's body, and no secret from a
// transcript reaches memory/, staged/ or identity.md after capture, promote and adopt.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "memsim/testing/run_memsim.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::memsim;
using testing::read;
using testing::TempDir;
using testing::write;
namespace fsys = std::filesystem;

const char* kMemory = "---\nname: feedback_x\ntype: feedback\nsummary: verify before claiming done\n---\nbody\n";

class Security : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(run({"init", "--apply"}).code, 0);
    write(home + "/memory/feedback_x.md", kMemory);
    // A look-alike home outside, holding a memory of the same name.
    write(outside + "/memory/feedback_x.md", kMemory);
  }
  testing::Ran run(std::vector<std::string> args, const std::string& stdin_text = "") {
    args.insert(args.end(), {"--home", home, "--now", "2026-07-10T00:00:00Z"});
    return memsim(args, stdin_text);
  }
  testing::Ran hook(const std::string& event, const std::string& payload) {
    return memsim({"hook", event, "--home", home}, payload);
  }
  std::string journal() { return read(home + "/runtime/access.log"); }
  std::string errors() { return read(home + "/runtime/hook-errors.log"); }

  TempDir dir;
  std::string home = dir / "home", outside = dir / "outside", user = dir / "user";
};

std::string tool_payload(const std::string& tool, const nlohmann::json& input, const std::string& cwd = "/tmp") {
  return nlohmann::json{{"session_id", "s1"},
                        {"hook_event_name", "PreToolUse"},
                        {"cwd", cwd},
                        {"tool_name", tool},
                        {"tool_input", input}}
      .dump();
}

TEST_F(Security, PayloadPathsLeavingTheHomeNeverTouchTheJournal) {
  fsys::create_symlink(outside + "/memory/feedback_x.md", home + "/memory/feedback_link.md");
  fsys::create_symlink(outside + "/memory", home + "/linked-memory");
  const std::vector<std::pair<std::string, std::string>> hostile = {
      {home + "/memory/../../outside/memory/feedback_x.md", "/tmp"},  // .. out of the home
      {outside + "/memory/feedback_x.md", "/tmp"},                    // absolute, elsewhere
      {home + "/memory/feedback_link.md", "/tmp"},                    // a link leading out
      {home + "/linked-memory/feedback_x.md", "/tmp"},                // a directory link leading out
      {"../outside/memory/feedback_x.md", home},                      // relative, climbing out of cwd
      {"memory/feedback_x.md", outside},                              // relative to a foreign cwd
      {"memory/feedback_x.md", "relative/cwd"},                       // a cwd that is not absolute
      {home + "/memory/feedback_x.md/..", "/tmp"},
      {home + "/memory/feedback_x.md\n2026-01-01T00:00:00Z Read feedback_x.md forged", "/tmp"},
  };
  for (const auto& [path, cwd] : hostile) {
    for (const char* tool : {"Read", "Edit", "Write", "MultiEdit"}) {
      auto r = hook("pre-tool-use", tool_payload(tool, {{"file_path", path}, {"content", "x"}}, cwd));
      EXPECT_EQ(r.code, 0) << path;
      EXPECT_EQ(r.out, "") << path;
    }
    EXPECT_EQ(journal(), "") << "a touch was journalled for " << path;
  }
  EXPECT_EQ(read(outside + "/memory/feedback_x.md"), kMemory);
  // The guard can fail: the same file named plainly is journalled.
  hook("pre-tool-use", tool_payload("Read", {{"file_path", home + "/memory/feedback_x.md"}}));
  EXPECT_NE(journal().find(" Read feedback_x.md s1\n"), std::string::npos) << journal();
}

TEST_F(Security, TouchRefusesNamesThatLeaveTheMemoryDirectory) {
  fsys::create_symlink(outside + "/memory/feedback_x.md", home + "/memory/feedback_link.md");
  for (const std::string& name : {std::string("../feedback_x.md"), std::string("feedback_x/../../feedback_x.md"),
                                  std::string(".."), std::string("/etc/passwd"), outside + "/memory/feedback_x.md",
                                  home + "/memory/../../outside/memory/feedback_x.md", std::string("feedback_link.md"),
                                  home + "/memory/feedback_link.md", std::string("memory/../feedback_x.md")}) {
    auto r = run({"touch", name});
    EXPECT_NE(r.code, 0) << name;
    EXPECT_FALSE(r.err.empty()) << name;
  }
  EXPECT_EQ(journal(), "");
  EXPECT_EQ(run({"touch", "feedback_x.md"}).code, 0);
  EXPECT_NE(journal().find(" Touch feedback_x.md cli\n"), std::string::npos);
}

// Every file and directory under root: no group or other bits (umask 077), no
// executable file.
void expect_private_and_not_executable(const std::string& root, int min_files) {
  int files = 0;
  for (const auto& e : fsys::recursive_directory_iterator(root)) {
    struct stat st {};
    ASSERT_EQ(::lstat(e.path().c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 077, 0u) << e.path() << " mode " << std::oct << (st.st_mode & 07777);
    if (S_ISREG(st.st_mode)) {
      EXPECT_EQ(st.st_mode & 0111, 0u) << e.path() << " is executable";
      ++files;
    }
  }
  EXPECT_GE(files, min_files) << root;
}

TEST(SecurityUmask, FilesHonourTheUmaskAndAreNeverExecutable) {
  TempDir dir;
  const std::string home = dir / "home", user = dir / "user";
  const std::string t = dir / "s.jsonl";
  write(
      t,
      R"({"type":"user","sessionId":"u1","timestamp":"2026-07-02T12:00:00Z","cwd":"/w/loom","message":{"role":"user","content":"Always run ninja with -j2 here."}})"
      "\n");
  const mode_t old = ::umask(077);  // inherited by every child the helper starts
  const std::vector<std::vector<std::string>> steps = {
      {"init", "--apply"},      {"capture", t, "--user-home", user}, {"index"},
      {"hook", "pre-tool-use"}, {"touch", "feedback_x.md"},          {"tick"},
  };
  write(home + "/memory/feedback_x.md", kMemory);  // before init: init keeps it
  ::chmod((home + "/memory/feedback_x.md").c_str(), 0600);
  ::chmod(home.c_str(), 0700);
  ::chmod((home + "/memory").c_str(), 0700);
  for (auto args : steps) {
    const bool is_hook = args[0] == "hook";
    args.insert(args.end(), {"--home", home});
    if (!is_hook) args.insert(args.end(), {"--now", "2026-07-10T00:00:00Z"});
    auto r = memsim(args, is_hook ? tool_payload("Read", {{"file_path", home + "/memory/feedback_x.md"}}) : "");
    EXPECT_EQ(r.code, 0) << args[0] << ": " << r.err;
  }
  ::umask(old);
  ::chmod(dir.path().c_str(), 0700);
  expect_private_and_not_executable(home, 5);
  ASSERT_TRUE(fsys::exists(user)) << "capture made no user home";
  expect_private_and_not_executable(user, 1);
}

TEST_F(Security, HookErrorLogNeverEchoesThePromptOrAWritesContent) {
  const std::string secret = "zq9SECRETPROMPTxk7Lw2Vb";
  const std::string body = "zq9SECRETBODYxk7Lw2Vb";
  // Not JSON, JSON of the wrong shape, wrong field types, an unknown event.
  hook("user-prompt-submit", "{\"prompt\": \"" + secret + "\"");
  hook("user-prompt-submit", "[\"" + secret + "\"]");
  hook("user-prompt-submit", nlohmann::json{{"prompt", {{"text", secret}}}}.dump());
  // (The event name comes from the settings, not the agent; the log names it.)
  hook("user-prompt-sent", nlohmann::json{{"prompt", secret}}.dump());
  hook("pre-tool-use", nlohmann::json{{"tool_input", {{"content", body}}}}.dump());
  // A Write that fails for real: the journal is a directory, so the append fails.
  fsys::create_directories(home + "/runtime/access.log");
  hook("pre-tool-use", tool_payload("Write", {{"file_path", home + "/memory/feedback_x.md"}, {"content", body}}));
  // A home that is not one: every event fails before reading the payload.
  fsys::remove_all(home + "/memory");
  hook("user-prompt-submit", nlohmann::json{{"prompt", secret}, {"session_id", "s1"}}.dump());
  hook("pre-tool-use", tool_payload("Write", {{"file_path", home + "/memory/feedback_y.md"}, {"content", body}}));
  const std::string log = errors();
  EXPECT_GE(std::count(log.begin(), log.end(), '\n'), 7) << log;  // the failures were logged
  EXPECT_EQ(log.find("zq9SECRET"), std::string::npos) << log;
}

TEST_F(Security, NoSecretReachesMemoryStagedOrIdentityAfterCaptureTheLadder) {
  const std::vector<std::string> secrets = {
      "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
      "AKIAWDIAEQ3KDFYSPSC5",
      "sk-ant-api03-Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1Ji0Hg9Fe8Dc7Ba6Zx8Yw7Vu6Ts5Rq4Po3Nm2Lk1Ji0Hg9Fe8Dc7Ba6ZxAA",
      "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
      "hunter2secretpw",
      "7Hq2LmX9pR4tW8vZ3bN6cK1dF5gJ0sY2",
  };
  const std::vector<std::string> lines = {
      "Always deploy with token " + secrets[0] + " set.",
      "Never commit AWS_ACCESS_KEY_ID=" + secrets[1] + " again.",
      "I prefer ANTHROPIC_API_KEY=" + secrets[2] + " in the env file.",
      "Always post to Slack with " + secrets[3] + " as the bot.",
      "Lesson: the database url is postgres://admin:" + secrets[4] + "@db.example.com/app.",
      "Always use the API key " + secrets[5] + " for staging.",
      "Always run ninja with -j2 here.",
  };
  const char* sessions[][2] = {{"a1", "2026-07-02T12:00:00Z"},
                               {"a2", "2026-07-02T15:00:00Z"},
                               {"a3", "2026-07-03T12:00:00Z"},
                               {"a4", "2026-07-04T12:00:00Z"}};
  for (const auto& s : sessions) {
    std::string text;
    for (const auto& l : lines)
      text += nlohmann::json{{"type", "user"},
                             {"sessionId", s[0]},
                             {"timestamp", s[1]},
                             {"cwd", "/w/loom"},
                             {"message", {{"role", "user"}, {"content", l}}}}
                  .dump() +
              "\n";
    const std::string t = dir / (std::string(s[0]) + ".jsonl");
    write(t, text);
    auto r = run({"capture", t, "--user-home", user});
    ASSERT_EQ(r.code, 0) << r.err;
  }
  ASSERT_EQ(run({"promote", "--apply", "--user-home", user}).code, 0);
  auto adopted = run({"adopt", "--all", "--user-home", user});
  EXPECT_EQ(adopted.code, 0) << adopted.err;
  // The ladder moved something, so the sweep below looked at real output.
  int promoted = 0;
  for (const auto& e : fsys::directory_iterator(home + "/memory"))
    if (e.is_regular_file() && read(e.path()).find("ninja") != std::string::npos) ++promoted;
  EXPECT_GE(promoted, 1) << adopted.out;
  for (const std::string& root : {home, user}) {
    for (const char* sub : {"memory", "staged", "identity.md", "candidates"}) {
      const std::string p = root + "/" + std::string(sub);
      if (!fsys::exists(p)) continue;
      std::vector<std::string> files;
      if (fsys::is_regular_file(p)) files.push_back(p);
      else
        for (const auto& e : fsys::recursive_directory_iterator(p))
          if (e.is_regular_file()) files.push_back(e.path());
      for (const auto& f : files) {
        const std::string text = read(f);
        for (const auto& secret : secrets) EXPECT_EQ(text.find(secret), std::string::npos) << f << ": " << secret;
      }
    }
  }
}

}  // namespace
}  // namespace memsim
