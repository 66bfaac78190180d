// The promotion ladder end to end through the binary, as a user runs it: capture
// transcripts, promote (dry run, then --apply), adopt, why, inspect, resolve, and
// redact on standard input. Gates come from the home's policy.yaml when it has them.
#include <gtest/gtest.h>

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

// One user turn of a Claude Code transcript, in the documented line shape.
std::string user_line(const std::string& session, const std::string& ts, const std::string& text) {
  return R"({"type":"user","sessionId":")" + session + R"(","timestamp":")" + ts +
         R"(","cwd":"/w/loom","message":{"role":"user","content":")" + text + "\"}}\n";
}

class Ladder : public ::testing::Test {
 protected:
  void SetUp() override { ASSERT_EQ(run({"init", "--apply"}).code, 0); }
  testing::Ran run(std::vector<std::string> args, const std::string& stdin_text = "") {
    args.insert(args.end(), {"--home", home, "--now", "2026-07-10T00:00:00Z"});
    return memsim(args, stdin_text);
  }
  testing::Ran run_user(std::vector<std::string> args) {
    args.insert(args.end(), {"--user-home", user});
    return run(args);
  }
  // Captures one single-turn session; returns the command's output.
  std::string capture(const std::string& session, const std::string& ts, const std::string& text) {
    const std::string t = dir / (session + ".jsonl");
    write(t, user_line(session, ts, text));
    auto r = run_user({"capture", t});
    EXPECT_EQ(r.code, 0) << r.err;
    return r.out;
  }
  nlohmann::json json_of(std::vector<std::string> args) {
    args.push_back("--json");
    auto r = run_user(args);
    EXPECT_EQ(r.code, 0) << r.err;
    return nlohmann::json::parse(r.out, nullptr, false);
  }
  std::vector<std::string> files_in(const std::string& sub) {
    std::vector<std::string> out;
    if (std::filesystem::exists(home + "/" + sub))
      for (const auto& e : std::filesystem::directory_iterator(home + "/" + sub))
        if (e.path().filename().string()[0] != '.') out.push_back(e.path().filename());
    return out;
  }

  TempDir dir;
  std::string home = dir / "home", user = dir / "user";
};

TEST_F(Ladder, ThreeSessionsOnTwoDaysPromoteAdoptAndExplainThemselves) {
  const std::string claim = "Always run ninja with -j2 here.";
  capture("s1", "2026-07-02T12:00:00Z", claim);
  capture("s2", "2026-07-02T15:00:00Z", claim);
  // Re-capturing a transcript adds nothing.
  EXPECT_NE(run_user({"capture", dir / "s1.jsonl"}).out.find("0 new observations"), std::string::npos);

  // Two sessions on one day: a near miss, and the dry run says why.
  auto plan = json_of({"promote"});
  ASSERT_FALSE(plan.empty());
  EXPECT_FALSE(plan[0]["moves"].get<bool>());
  EXPECT_FALSE(plan[0]["blocks"].empty());

  capture("s3", "2026-07-03T12:00:00Z", claim);
  plan = json_of({"promote"});
  ASSERT_FALSE(plan.empty());
  EXPECT_EQ(plan[0]["to"], "L2");
  EXPECT_TRUE(plan[0]["moves"].get<bool>());
  EXPECT_TRUE(files_in("staged").empty()) << "the dry run wrote nothing";

  const std::string id = plan[0]["id"];
  ASSERT_EQ(run_user({"promote", "--apply"}).code, 0);
  EXPECT_EQ(files_in("staged"), (std::vector<std::string>{id + ".md"}));

  auto adopted = run_user({"adopt", id});
  ASSERT_EQ(adopted.code, 0) << adopted.err;
  const std::string t2 = home + "/memory/feedback_run-ninja-with-j2-here.md";
  ASSERT_TRUE(std::filesystem::exists(t2)) << adopted.out;
  const std::string text = read(t2);
  EXPECT_NE(text.find("Always run ninja with -j2 here"), std::string::npos);
  EXPECT_EQ(text.find(dir.path()), std::string::npos) << "a committed file carries no back-pointer path";
  EXPECT_EQ(text.find(".jsonl"), std::string::npos);
  // The next session loads it: adopt rebuilt the index.
  EXPECT_NE(read(home + "/memory/MEMORY.md").find("feedback_run-ninja-with-j2-here.md"), std::string::npos);

  auto why = run_user({"why", "ninja with -j2"});
  ASSERT_EQ(why.code, 0) << why.err;
  for (const char* s : {"session s1", "session s2", "session s3", "s3.jsonl:1", "2026-07-03"})
    EXPECT_NE(why.out.find(s), std::string::npos) << s << "\n" << why.out;
  auto none = run_user({"why", "a claim nobody made"});
  EXPECT_NE(none.code, 0);
  EXPECT_TRUE(none.out.empty());

  auto l2 = json_of({"inspect", "--tier", "L2"});
  ASSERT_EQ(l2.size(), 1u);
  EXPECT_EQ(l2[0]["id"], id);
  EXPECT_EQ(l2[0]["status"], "adopted");
}

TEST_F(Ladder, TheHomesPolicyYamlSetsTheGates) {
  // A directive counts as stated outright, so both session gates are raised.
  write(home + "/policy.yaml", "l2_sessions: 4\nl2_stated_sessions: 4\n");
  const std::string claim = "Never force-push the release branch.";
  capture("s1", "2026-07-02T12:00:00Z", claim);
  capture("s2", "2026-07-02T15:00:00Z", claim);
  capture("s3", "2026-07-03T12:00:00Z", claim);
  auto plan = json_of({"promote"});
  ASSERT_FALSE(plan.empty());
  EXPECT_FALSE(plan[0]["moves"].get<bool>()) << plan.dump();
  capture("s4", "2026-07-04T12:00:00Z", claim);
  EXPECT_TRUE(json_of({"promote"})[0]["moves"].get<bool>());

  write(home + "/policy.yaml", "l2_sesions: 4\n");
  auto bad = run_user({"promote"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("policy.yaml"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("l2_sesions"), std::string::npos) << bad.err;
}

TEST_F(Ladder, AContradictionStaysContestedUntilResolved) {
  for (const char* s : {"a1", "a2"})
    capture(s, "2026-07-0" + std::string(s[1] == '1' ? "2" : "3") + "T12:00:00Z", "No, the PR base branch is dev.");
  for (const char* s : {"b1", "b2"})
    capture(s, "2026-07-0" + std::string(s[1] == '1' ? "4" : "5") + "T12:00:00Z", "No, the PR base branch is main.");
  auto contested = json_of({"inspect", "--contested"});
  ASSERT_EQ(contested.size(), 2u);
  for (const auto& a : json_of({"promote"})) EXPECT_FALSE(a["moves"].get<bool>()) << a.dump();

  std::string keep;
  for (const auto& a : contested)
    if (a["claim"].get<std::string>().find("main") != std::string::npos) keep = a["id"];
  ASSERT_FALSE(keep.empty());
  ASSERT_EQ(run_user({"resolve", keep}).code, 0);
  EXPECT_TRUE(json_of({"inspect", "--contested"}).empty());
  auto plan = json_of({"promote"});
  ASSERT_FALSE(plan.empty());
  EXPECT_EQ(plan[0]["id"], keep);
  EXPECT_TRUE(plan[0]["moves"].get<bool>()) << plan.dump();
}

// The user-level home the ladder makes is the one the hooks use: capture makes
// its candidates/ and adopt its identity.md, and neither makes a memory/, so
// the hooks cannot ask for one.
TEST_F(Ladder, TheUserLevelHomeTheLadderMadeIsTheOneTheHooksReadAndCaptureInto) {
  capture("u1", "2026-07-02T12:00:00Z", "Always answer in short sentences.");
  ASSERT_FALSE(std::filesystem::exists(user + "/memory"));
  write(user + "/identity.md", "# Identity\n\n## Persona\n\n- PERSONA-MARK answers in short sentences\n");
  ::setenv("MEMSIM_USER_HOME", user.c_str(), 1);
  auto start = run({"hook", "session-start"}, R"({"session_id":"u2","hook_event_name":"SessionStart"})");
  const std::string t = dir / "u3.jsonl";
  write(t, user_line("u3", "2026-07-03T12:00:00Z", "Never push on Fridays."));
  run({"hook", "session-end"},
      nlohmann::json{{"session_id", "u3"}, {"hook_event_name", "SessionEnd"}, {"transcript_path", t}}.dump());
  ::unsetenv("MEMSIM_USER_HOME");
  EXPECT_NE(start.out.find("PERSONA-MARK answers in short sentences"), std::string::npos) << start.out;
  bool captured = false;
  for (const auto& e : std::filesystem::directory_iterator(user + "/candidates"))
    captured = captured || read(e.path()).find("push on Fridays") != std::string::npos;
  EXPECT_TRUE(captured) << "the session-end hook did not capture into the user-level home";
}

TEST_F(Ladder, ASecretNeverReachesDiskAndItsAtomIsQuarantined) {
  const std::string secret = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
  for (const char* s : {"q1", "q2", "q3"})
    capture(s, std::string("2026-07-0") + s[1] + "T12:00:00Z", "Always deploy with token " + secret + " set.");
  auto q = json_of({"inspect", "--quarantined"});
  ASSERT_EQ(q.size(), 1u);
  EXPECT_NE(q[0]["claim"].get<std::string>().find("[REDACTED:"), std::string::npos);
  EXPECT_FALSE(json_of({"promote"})[0]["moves"].get<bool>()) << "quarantine blocks promotion on evidence";
  for (const std::string& root : {home, user})
    for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
      if (e.is_regular_file()) {
        EXPECT_EQ(read(e.path()).find("ghp_16C7"), std::string::npos) << e.path();
      }
    }
}

TEST_F(Ladder, RedactFiltersStandardInputAndLeavesLookAlikes) {
  const std::string in =
      "export GITHUB_TOKEN=ghp_16C7e42F292c6912E7710c838347Ae178B4a\n"
      "commit 3f2a9c1d0b8e7f6a5d4c3b2a1f0e9d8c7b6a5f4e, id 123e4567-e89b-12d3-a456-426614174000\n"
      "path /home/dev/src/aGVsbG8gd29ybGQ/file.txt\n";
  auto r = memsim({"redact"}, in);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out,
            "export GITHUB_TOKEN=[REDACTED:github_token]\n"
            "commit 3f2a9c1d0b8e7f6a5d4c3b2a1f0e9d8c7b6a5f4e, id 123e4567-e89b-12d3-a456-426614174000\n"
            "path /home/dev/src/aGVsbG8gd29ybGQ/file.txt\n");
}

}  // namespace
}  // namespace memsim
