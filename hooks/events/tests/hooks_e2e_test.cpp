// End to end through the memsim binary: `memsim hook` as Claude Code runs it, and
// install-hooks, verify-install and uninstall on a temporary project.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "memsim/home.h"
#include "memsim/install.h"
#include "memsim/journal.h"
#include "memsim/process.h"
#include "memsim/testing/testing.h"

namespace memsim::hooks {
namespace {

using memsim::testing::read;
using memsim::testing::TempDir;
using memsim::testing::write;
namespace fsys = std::filesystem;

std::string bin() { return memsim::testing::memsim_bin(); }

struct Project {
  TempDir dir;
  TempDir scratch;
  std::string project = dir / "proj";
  std::string home = project + "/.memsim";
  std::string settings = project + "/.claude/settings.json";
  std::string claude_md = project + "/CLAUDE.md";

  ProcessResult memsim(std::vector<std::string> args, const std::string& input = "",
                       std::vector<std::pair<std::string, std::string>> env = {}) {
    args.insert(args.begin(), bin());
    env.emplace_back("MEMSIM_HOOKS", "1");
    auto r = run_process(args, input, env, scratch.path());
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? *r : ProcessResult{};
  }
  void make_home() {
    fsys::create_directories(project);
    ASSERT_EQ(memsim({"init", "--apply", "--home", home}).exit_code, 0);
    write(home + "/memory/feedback_verify-before-claiming.md",
          "---\nname: feedback_verify-before-claiming\ntype: feedback\nsummary: verify before claiming done\n"
          "created: 2026-01-01\n---\nbody\n");
    fsys::last_write_time(home + "/memory/feedback_verify-before-claiming.md",
                          fsys::file_time_type::clock::now() - std::chrono::hours(48));
    ASSERT_EQ(memsim({"index", "--home", home}).exit_code, 0);
  }
  std::vector<std::string> target_args() { return {"--home", home, "--project", project, "--command", bin()}; }
  ProcessResult install(std::vector<std::string> extra) {
    std::vector<std::string> a{"install-hooks"};
    for (auto& s : target_args()) a.push_back(s);
    for (auto& s : extra) a.push_back(s);
    return memsim(a);
  }
  ProcessResult verify() {
    std::vector<std::string> a{"verify-install"};
    for (auto& s : target_args()) a.push_back(s);
    return memsim(a);
  }
  // The backups install-hooks kept, all in the home's private runtime/backups/:
  // none beside the project's files, where `git add -A` would commit them.
  std::vector<std::string> backups() {
    std::vector<std::string> out;
    for (const std::string& d : {project, project + "/.claude"}) {
      if (!fsys::exists(d)) continue;
      for (auto& e : fsys::directory_iterator(d)) {
        EXPECT_EQ(e.path().filename().string().find(".memsim-backup-"), std::string::npos) << e.path();
      }
    }
    const std::string kept = home + "/runtime/backups";
    if (fsys::exists(kept)) {
      EXPECT_EQ(fsys::status(kept).permissions() & (fsys::perms::group_all | fsys::perms::others_all),
                fsys::perms::none);
      for (auto& e : fsys::directory_iterator(kept))
        if (e.path().filename().string().find(".memsim-backup-") != std::string::npos) out.push_back(e.path().string());
    }
    return out;
  }
};

const std::string kUserSettings = nlohmann::ordered_json::parse(R"J({
  "permissions": {"allow": ["Bash(ls)"]},
  "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/usr/bin/guard"}]}]}
})J")
                                      .dump(2) +
                                  "\n";
const std::string kUserClaudeMd = "# Project\n\nBuild with ninja.\n";

// A transcript that fills more slots than the inline budget allows is handed to a
// detached `memsim capture`: the hook returns, and the atoms arrive afterwards.
TEST(HookCommand, SessionEndHandsABigCaptureToADetachedProcess) {
  Project p;
  p.make_home();
  const std::string t = p.dir / "big.jsonl";
  std::string data;
  for (int i = 0; i < 300; ++i)
    data += R"({"type":"user","sessionId":"big","timestamp":"2026-07-02T12:00:00Z","cwd":"/w/loom",)"
            R"("message":{"role":"user","content":"Always run linter number )" +
            std::to_string(i) +
            R"( first."}})"
            "\n";
  write(t, data);
  const std::string payload = R"({"session_id":"big","transcript_path":")" + t +
                              R"(","cwd":"/w/loom","hook_event_name":"SessionEnd","reason":"other"})";
  auto r = p.memsim({"hook", "session-end", "--home", p.home}, payload);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
  const std::string candidates = p.home + "/candidates";
  auto count = [&] {
    int n = 0;
    if (fsys::exists(candidates))
      for (const auto& e : fsys::directory_iterator(candidates)) n += e.path().extension() == ".json" ? 1 : 0;
    return n;
  };
  for (int waited = 0; count() < 300 && waited < 600; ++waited) ::usleep(100 * 1000);
  EXPECT_EQ(count(), 300);
}

// SessionEnd hooks share 1.5 s: with the home's lock held (an index, a tick), the
// hook returns at once and a detached capture does the work once the lock is free.
TEST(HookCommand, SessionEndNeverWaitsOutAHeldLock) {
  Project p;
  p.make_home();
  const std::string t = p.dir / "t.jsonl";
  write(t, R"({"type":"user","sessionId":"s","timestamp":"2026-07-02T12:00:00Z","cwd":"/w/loom",)"
           R"("message":{"role":"user","content":"Always run the linter first."}})"
           "\n");
  const std::string payload = R"({"session_id":"s","transcript_path":")" + t +
                              R"(","cwd":"/w/loom","hook_event_name":"SessionEnd","reason":"other"})";
  PosixFileSystem fs;
  auto lock = lock_home(fs, Home(p.home), 1000);
  ASSERT_TRUE(lock.ok()) << lock.message();
  auto r = p.memsim({"hook", "session-end", "--home", p.home}, payload);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
  const std::string candidates = p.home + "/candidates";
  auto count = [&] {
    int n = 0;
    if (fsys::exists(candidates))
      for (const auto& e : fsys::directory_iterator(candidates)) n += e.path().extension() == ".json" ? 1 : 0;
    return n;
  };
  EXPECT_EQ(count(), 0) << "nothing is written while the lock is held";
  ::usleep(300 * 1000);
  lock->reset();
  for (int waited = 0; count() < 1 && waited < 100; ++waited) ::usleep(100 * 1000);
  EXPECT_EQ(count(), 1) << "the detached capture wrote the atom once the lock was free";
}

// The loop closes without cron: once a session ends, the detached `memsim index`
// its hook starts folds the session's reads into the files and the index.
TEST(HookCommand, SessionEndFoldsAndIndexesInADetachedProcess) {
  Project p;
  p.make_home();
  const std::string file = p.home + "/memory/feedback_verify-before-claiming.md";
  const std::string read_payload =
      R"({"session_id":"s1","cwd":")" + p.project +
      R"(","hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":")" + file + R"("}})";
  ASSERT_EQ(p.memsim({"hook", "pre-tool-use", "--home", p.home}, read_payload).exit_code, 0);
  ASSERT_EQ(read(file).find("access_count:"), std::string::npos) << "nothing folds a read during the session";
  const std::string end_payload =
      R"({"session_id":"s1","cwd":")" + p.project + R"(","hook_event_name":"SessionEnd","reason":"other"})";
  auto r = p.memsim({"hook", "session-end", "--home", p.home}, end_payload);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out + r.err, "");
  for (int waited = 0; read(file).find("access_count: 1\n") == std::string::npos && waited < 100; ++waited)
    ::usleep(100 * 1000);
  EXPECT_NE(read(file).find("access_count: 1\n"), std::string::npos) << read(file);
  EXPECT_NE(read(p.home + "/memory/MEMORY.md").find("feedback_verify-before-claiming.md"), std::string::npos);
  EXPECT_FALSE(fsys::exists(p.home + "/runtime/hook-errors.log")) << read(p.home + "/runtime/hook-errors.log");
}

TEST(HookCommand, ReadPayloadThroughTheBinary) {
  Project p;
  p.make_home();
  const std::string payload =
      R"({"session_id":"s1","transcript_path":"/t.jsonl","cwd":")" + p.project +
      R"(","permission_mode":"default","hook_event_name":"PreToolUse","tool_name":"Read","tool_input":{"file_path":")" +
      p.home + R"(/memory/feedback_verify-before-claiming.md"},"tool_use_id":"toolu_1"})";
  auto r = p.memsim({"hook", "pre-tool-use", "--home", p.home, "--now", "2026-11-30T10:00:00Z"}, payload);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(read(p.home + "/runtime/access.log"), "2026-11-30T10:00:00Z Read feedback_verify-before-claiming.md s1\n");
}

TEST(HookCommand, EveryFailureExitsZeroInSilence) {
  Project p;
  p.make_home();
  const std::string big(50u << 20, ' ');  // 50 MB
  for (const std::string& input : {std::string(), std::string("garbage"), big}) {
    auto r = p.memsim({"hook", "pre-tool-use", "--home", p.home}, input);
    EXPECT_EQ(r.exit_code, 0);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "");
  }
  auto missing = p.memsim({"hook", "session-start", "--home", p.dir / "nowhere"}, "{}");
  EXPECT_EQ(missing.exit_code, 0);
  EXPECT_EQ(missing.out + missing.err, "");
  auto no_event = p.memsim({"hook", "--home", p.home}, "{}");
  EXPECT_EQ(no_event.exit_code, 0);
  const std::string log = read(p.home + "/runtime/hook-errors.log");
  EXPECT_NE(log.find("pre-tool-use empty payload"), std::string::npos) << log;
  EXPECT_NE(log.find("pre-tool-use payload is not a JSON object"), std::string::npos) << log;
  EXPECT_NE(log.find("pre-tool-use payload over 8 MB"), std::string::npos) << log;
}

// Settings written by a newer memsim, a stray environment: whatever the
// arguments, a hook exits 0 in silence and says why in runtime/hook-errors.log.
TEST(HookCommand, BadArgumentsAndEnvironmentNeverFailTheSession) {
  Project p;
  p.make_home();
  const std::string read_payload = R"({"session_id":"s1","hook_event_name":"PreToolUse","tool_name":"Read",)"
                                   R"("tool_input":{"file_path":")" +
                                   p.home + R"(/memory/feedback_x.md"}})";
  const std::vector<std::vector<std::string>> argvs = {
      {"hook", "pre-tool-use", "--home", p.home, "--flag-from-the-future", "x"},
      {"hook", "pre-tool-use", "--home", p.home, "--json=maybe"},
      {"hook", "pre-tool-use", "--home", p.home, "--now"},
      {"hook", "--home", p.home, "pre-tool-use", "extra", "words"},
      {"hook", "--home"},
      {"hook", "--bogus"},
      {"hook", "no-such-event", "--home", p.home},
  };
  for (const auto& argv : argvs)
    for (const std::string event_env : {"", "garbage", "2026-13-45T99:99:99Z"}) {
      std::vector<std::pair<std::string, std::string>> env;
      if (!event_env.empty()) env.emplace_back("MEMSIM_NOW", event_env);
      auto r = p.memsim(argv, read_payload, env);
      std::string shown;
      for (const std::string& a : argv) shown += a + " ";
      EXPECT_EQ(r.exit_code, 0) << shown << "MEMSIM_NOW=" << event_env;
      EXPECT_EQ(r.out, "") << shown;
      EXPECT_EQ(r.err, "") << shown;
    }
  const std::string log = read(p.home + "/runtime/hook-errors.log");
  EXPECT_NE(log.find("usage: ignored unknown arguments: --flag-from-the-future x"), std::string::npos) << log;
  EXPECT_NE(log.find("usage: --now/MEMSIM_NOW 'garbage' is not a time"), std::string::npos) << log;
  EXPECT_NE(log.find("usage: "), std::string::npos) << log;
}

TEST(Install, DryRunPrintsTheChangeAndWritesNothing) {
  Project p;
  p.make_home();
  write(p.settings, kUserSettings);
  write(p.claude_md, kUserClaudeMd);
  auto r = p.install({});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("+++ " + p.settings), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("+@.memsim/memory/MEMORY.md"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"pre-tool-use\""), std::string::npos) << r.out;
  EXPECT_EQ(read(p.settings), kUserSettings);
  EXPECT_EQ(read(p.claude_md), kUserClaudeMd);
  EXPECT_TRUE(p.backups().empty());
}

TEST(Install, ApplyVerifyReinstallUninstall) {
  Project p;
  p.make_home();
  write(p.settings, kUserSettings);
  write(p.claude_md, kUserClaudeMd);

  auto before = p.verify();
  EXPECT_EQ(before.exit_code, 1);
  EXPECT_NE(before.out.find("FAIL settings"), std::string::npos) << before.out;
  EXPECT_NE(before.out.find("FAIL claude-md"), std::string::npos) << before.out;
  EXPECT_NE(before.out.find("fix: "), std::string::npos);

  auto apply = p.install({"--apply"});
  ASSERT_EQ(apply.exit_code, 0) << apply.err;
  EXPECT_EQ(p.backups().size(), 2u);
  auto settings = nlohmann::json::parse(read(p.settings));
  EXPECT_EQ(settings["permissions"]["allow"][0], "Bash(ls)");
  EXPECT_EQ(settings["autoMemoryEnabled"], false) << "Claude Code's own memory would compete with memsim";
  EXPECT_EQ(settings["hooks"]["PreToolUse"].size(), 2u);
  EXPECT_NE(
      read(p.claude_md)
          .find("<!-- memsim:begin -->\n" + std::string(install::kImportFraming) + "\n@.memsim/memory/MEMORY.md\n"),
      std::string::npos);
  const std::string installed_settings = read(p.settings), installed_md = read(p.claude_md);

  auto again = p.install({"--apply"});
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_EQ(read(p.settings), installed_settings);
  EXPECT_EQ(read(p.claude_md), installed_md);
  EXPECT_EQ(p.backups().size(), 2u) << "a second run changes nothing, so it backs up nothing";

  auto ok = p.verify();
  EXPECT_EQ(ok.exit_code, 0) << ok.out << ok.err;
  for (const char* check : {"PASS settings", "PASS command", "PASS home", "PASS index", "PASS auto-memory",
                            "PASS claude-md", "PASS synthetic-touch"})
    EXPECT_NE(ok.out.find(check), std::string::npos) << check << "\n" << ok.out;
  EXPECT_NE(ok.out.find("access_count 0 -> 1"), std::string::npos) << ok.out;
  EXPECT_FALSE(fsys::exists(p.home + "/runtime/access.log")) << "verify-install must not touch the real home";

  // The very command in the settings journals a real Read.
  const auto& h = settings["hooks"]["PreToolUse"][1]["hooks"][0];
  std::vector<std::string> argv{h["command"].get<std::string>()};
  for (const auto& a : h["args"]) argv.push_back(a.get<std::string>());
  auto run = run_process(argv,
                         R"({"session_id":"s","tool_name":"Read","tool_input":{"file_path":")" + p.home +
                             R"(/memory/feedback_verify-before-claiming.md"}})",
                         {{"CLAUDE_PROJECT_DIR", p.project}}, p.scratch.path());
  ASSERT_TRUE(run.ok());
  EXPECT_EQ(parse_journal(read(p.home + "/runtime/access.log")).touches.size(), 1u);

  auto removed = p.install({"--apply", "--uninstall"});
  ASSERT_EQ(removed.exit_code, 0) << removed.err;
  EXPECT_EQ(read(p.settings), kUserSettings);
  EXPECT_EQ(read(p.claude_md), kUserClaudeMd);
  EXPECT_EQ(p.backups().size(), 4u);
  EXPECT_EQ(p.verify().exit_code, 1);
}

// Every file under `dir` whose bytes hold `needle`.
std::vector<std::string> files_naming(const std::string& dir, const std::string& needle) {
  std::vector<std::string> out;
  for (const auto& e : fsys::recursive_directory_iterator(dir))
    if (e.is_regular_file() && read(e.path().string()).find(needle) != std::string::npos)
      out.push_back(e.path().string());
  return out;
}

// Installed with memsim on PATH, nothing install-hooks writes into the project
// names this machine, so a clone at another path (a worktree, a teammate's
// checkout) works as it is: its hook finds memsim on PATH and its own home
// through $CLAUDE_PROJECT_DIR.
TEST(Install, TheProjectFilesNameNoPathOfThisMachine) {
  Project p;
  p.make_home();
  const std::string bindir = fsys::path(bin()).parent_path().string();
  const char* path = std::getenv("PATH");
  const std::pair<std::string, std::string> on_path{"PATH", bindir + ":" + (path ? path : "/usr/bin:/bin")};
  auto apply = p.memsim({"install-hooks", "--apply", "--mcp", "--home", p.home, "--project", p.project}, "", {on_path});
  ASSERT_EQ(apply.exit_code, 0) << apply.err;
  for (const std::string& f : {p.settings, p.claude_md, p.project + "/.mcp.json"}) ASSERT_TRUE(fsys::exists(f)) << f;
  for (const std::string& machine : {p.dir.path(), bindir})
    for (const std::string& dir : {p.project + "/.claude", p.project})
      for (const std::string& f : files_naming(dir, machine))
        EXPECT_TRUE(f.find("/.memsim/") != std::string::npos) << f << " names " << machine;

  const std::string clone = p.dir / "elsewhere/clone";
  fsys::create_directories(clone);
  fsys::copy(p.project, clone, fsys::copy_options::recursive);
  fsys::remove(clone + "/.memsim/runtime/access.log");
  auto settings = nlohmann::json::parse(read(clone + "/.claude/settings.json"));
  const auto& h = settings["hooks"]["PreToolUse"][0]["hooks"][0];
  std::vector<std::string> argv{h["command"].get<std::string>()};
  for (const auto& a : h["args"]) argv.push_back(a.get<std::string>());
  EXPECT_EQ(argv[0], "memsim");
  argv[0] = find_program(argv[0], on_path.second);  // as Claude Code resolves it
  auto run =
      run_process(argv,
                  R"({"session_id":"s","tool_name":"Read","cwd":")" + clone + R"(","tool_input":{"file_path":")" +
                      clone + R"(/.memsim/memory/feedback_verify-before-claiming.md"}})",
                  {on_path, {"CLAUDE_PROJECT_DIR", clone}, {"MEMSIM_HOOKS", "1"}}, p.scratch.path());
  ASSERT_TRUE(run.ok());
  EXPECT_EQ(run->exit_code, 0);
  EXPECT_EQ(parse_journal(read(clone + "/.memsim/runtime/access.log")).touches.size(), 1u)
      << read(clone + "/.memsim/runtime/hook-errors.log");
  EXPECT_FALSE(fsys::exists(p.home + "/runtime/access.log")) << "the clone's read reached the original's home";

  auto verified = p.memsim({"verify-install", "--home", clone + "/.memsim", "--project", clone}, "", {on_path});
  EXPECT_EQ(verified.exit_code, 0) << verified.out << verified.err;
}

// A user's own auto-memory setting: true is turned off and put back by uninstall,
// byte for byte; false was theirs and stays false after uninstall.
TEST(Install, AutoMemoryIsOffWhileInstalledAndTheUsersValueComesBack) {
  for (const bool mine : {true, false}) {
    Project p;
    p.make_home();
    const std::string theirs =
        nlohmann::ordered_json::parse(std::string(R"J({"autoMemoryEnabled": )J") + (mine ? "true" : "false") +
                                      R"J(, "permissions": {"allow": ["Bash(ls)"]}})J")
            .dump(2) +
        "\n";
    write(p.settings, theirs);
    ASSERT_EQ(p.install({"--apply"}).exit_code, 0);
    EXPECT_EQ(nlohmann::json::parse(read(p.settings))["autoMemoryEnabled"], false);
    auto ok = p.verify();
    EXPECT_NE(ok.out.find("PASS auto-memory"), std::string::npos) << ok.out;
    ASSERT_EQ(p.install({"--apply", "--uninstall"}).exit_code, 0);
    EXPECT_EQ(read(p.settings), theirs) << "mine: " << mine;
  }
}

// Files formatted their owner's way (four spaces, a CRLF CLAUDE.md, a key order
// of their own) come back byte for byte when nobody touched them since install;
// an edit made since is kept, and only memsim's entries leave.
TEST(Install, UninstallGivesBackTheUsersBytesUnlessTheyEditedSince) {
  const std::string settings = "{\n    \"permissions\": {\"allow\": [\"Bash(ls)\"]},\n    \"model\": \"opus\"\n}\n";
  const std::string claude_md = "# Project\r\n\r\nBuild with ninja.\r\n";
  for (const bool edited : {false, true}) {
    Project p;
    p.make_home();
    write(p.settings, settings);
    write(p.claude_md, claude_md);
    ASSERT_EQ(p.install({"--apply"}).exit_code, 0);
    ASSERT_NE(read(p.settings), settings);
    if (edited) {
      auto j = nlohmann::ordered_json::parse(read(p.settings));
      j["theme"] = "dark";
      write(p.settings, j.dump(2) + "\n");
    }
    ASSERT_EQ(p.install({"--apply", "--uninstall"}).exit_code, 0);
    EXPECT_EQ(read(p.claude_md), claude_md);
    if (!edited) {
      EXPECT_EQ(read(p.settings), settings);
    } else {
      const auto j = nlohmann::json::parse(read(p.settings));
      EXPECT_EQ(j["theme"], "dark") << "the edit made since install stays";
      EXPECT_EQ(j["model"], "opus");
      EXPECT_FALSE(j.contains("hooks")) << read(p.settings);
      EXPECT_FALSE(j.contains("autoMemoryEnabled")) << read(p.settings);
    }
    EXPECT_FALSE(nlohmann::json::parse(read(p.home + "/runtime/state/install.json")).contains("files"));
  }
}

// An edit made between two installs is the user's too: the second install records
// it as what uninstall gives back, instead of the bytes from before the first.
TEST(Install, AnEditBetweenTwoInstallsSurvivesTheUninstall) {
  Project p;
  p.make_home();
  write(p.claude_md, "# Project\n");
  ASSERT_EQ(p.install({"--apply"}).exit_code, 0);
  // The user rewrites CLAUDE.md and drops memsim's block; the next install puts it back.
  write(p.claude_md, "# Project\n\nBuild with ninja.\n");
  ASSERT_EQ(p.install({"--apply"}).exit_code, 0);
  ASSERT_NE(read(p.claude_md).find("memsim:begin"), std::string::npos);
  ASSERT_EQ(p.install({"--apply", "--uninstall"}).exit_code, 0);
  EXPECT_EQ(read(p.claude_md), "# Project\n\nBuild with ninja.\n");
}

TEST(Install, IntoAProjectWithNoSettingsAndUninstallLeavesNone) {
  Project p;
  p.make_home();
  ASSERT_EQ(p.install({"--apply"}).exit_code, 0);
  EXPECT_TRUE(fsys::exists(p.settings));
  EXPECT_TRUE(p.backups().empty());
  EXPECT_EQ(p.verify().exit_code, 0);
  ASSERT_EQ(p.install({"--apply", "--uninstall"}).exit_code, 0);
  EXPECT_FALSE(fsys::exists(p.settings));
  EXPECT_FALSE(fsys::exists(p.claude_md));
}

// The hooks read the user-level home's persona and capture into it only when it
// exists, and a session never makes one: install makes it, private, unless told
// not to, and uninstall leaves what every project taught.
TEST(Install, MakesThePrivateUserLevelHomeAndUninstallLeavesIt) {
  Project p;
  p.make_home();
  const std::string me = p.dir / "me", user = me + "/.memsim-user";
  fsys::create_directories(me);
  auto install = [&](std::vector<std::string> extra) {
    std::vector<std::string> a{"install-hooks", "--json"};
    for (auto& s : p.target_args()) a.push_back(s);
    for (auto& s : extra) a.push_back(s);
    auto r = p.memsim(a, "", {{"HOME", me}});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    return nlohmann::json::parse(r.out, nullptr, false);
  };
  EXPECT_EQ(install({})["user_home"], (nlohmann::json{{"path", user}, {"created", false}}));
  EXPECT_FALSE(fsys::exists(user)) << "the dry run made it";
  EXPECT_EQ(install({"--apply", "--no-user-home"})["user_home"], nullptr);
  EXPECT_FALSE(fsys::exists(user));

  EXPECT_EQ(install({"--apply"})["user_home"]["created"], true);
  ASSERT_TRUE(fsys::is_directory(user));
  EXPECT_EQ(fsys::status(user).permissions() & (fsys::perms::group_all | fsys::perms::others_all), fsys::perms::none);
  EXPECT_EQ(install({"--apply"})["user_home"]["created"], false);
  install({"--apply", "--uninstall"});
  EXPECT_TRUE(fsys::is_directory(user)) << "uninstall removed what every project taught";

  // A file where the home should be is named, and nothing is written.
  fsys::remove_all(user);
  write(user, "not a directory\n");
  auto bad = p.memsim({"install-hooks", "--apply", "--home", p.home, "--project", p.project}, "", {{"HOME", me}});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find(user + ": the user-level home is not a directory"), std::string::npos) << bad.err;
  EXPECT_FALSE(fsys::exists(p.settings));
}

// Codex and Gemini (docs/codex.md, docs/gemini.md): what they cannot take yet is
// refused before anything is written, and Gemini is told when its file tools
// cannot reach the home.
TEST(Install, TheOtherHarnessesRefuseWhatTheyCannotTakeAndSayWhenTheHomeIsOutOfReach) {
  Project p;
  p.make_home();
  for (const char* harness : {"codex", "gemini"}) {
    std::vector<std::string> a{"install-hooks", "--apply", "--no-user-home", "--harness", harness, "--mcp"};
    for (auto& s : p.target_args()) a.push_back(s);
    auto r = p.memsim(a);
    EXPECT_EQ(r.exit_code, 2) << harness;
    EXPECT_NE(r.err.find("--mcp: not yet for --harness " + std::string(harness)), std::string::npos) << r.err;
  }
  EXPECT_FALSE(fsys::exists(p.project + "/.codex"));
  EXPECT_FALSE(fsys::exists(p.project + "/.gemini"));

  const std::string elsewhere = p.dir / "elsewhere";
  fsys::create_directories(elsewhere);
  auto r = p.memsim({"install-hooks", "--apply", "--no-user-home", "--harness", "gemini", "--home", p.home, "--project",
                     elsewhere, "--command", memsim::testing::memsim_bin()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("Gemini's read_file refuses paths outside the workspace"), std::string::npos) << r.err;
  EXPECT_TRUE(fsys::exists(elsewhere + "/.gemini/settings.json"));
}

TEST(Verify, CatchesABrokenCommandAStaleIndexAndAWrongImport) {
  Project p;
  p.make_home();
  ASSERT_EQ(p.install({"--apply"}).exit_code, 0);
  // A memory written after the index makes it stale.
  write(p.home + "/memory/project_new.md", "---\nname: project_new\ntype: project\nsummary: new\n---\n");
  fsys::last_write_time(p.home + "/memory/project_new.md", fsys::file_time_type::clock::now() + std::chrono::hours(1));
  auto stale = p.verify();
  EXPECT_EQ(stale.exit_code, 1);
  EXPECT_NE(stale.out.find("FAIL index"), std::string::npos) << stale.out;
  EXPECT_NE(stale.out.find("memsim index"), std::string::npos) << stale.out;

  write(p.claude_md, "<!-- memsim:begin -->\n@elsewhere/MEMORY.md\n<!-- memsim:end -->\n");
  EXPECT_NE(p.verify().out.find("FAIL claude-md"), std::string::npos);

  std::string s = read(p.settings);
  const std::string real_bin = fsys::canonical(bin()).string();
  for (std::size_t at; (at = s.find(real_bin)) != std::string::npos;)
    s.replace(at, real_bin.size(), "/nonexistent/memsim");
  write(p.settings, s);
  auto broken = p.verify();
  EXPECT_NE(broken.out.find("FAIL command: /nonexistent/memsim: not an executable"), std::string::npos) << broken.out;
  EXPECT_NE(broken.out.find("FAIL synthetic-touch"), std::string::npos) << broken.out;
}

}  // namespace
}  // namespace memsim::hooks

// install-hooks --cron and verify-install's cron check, against a stand-in
// crontab(1) on PATH that keeps the table in a file.
namespace memsim::hooks {
namespace {

struct CronProject : Project {
  std::string bin_dir = dir / "bin", table = dir / "crontab.txt";
  CronProject() {
    fsys::create_directories(bin_dir);
    write(bin_dir + "/crontab",
          "#!/bin/sh\ncase \"$1\" in\n"
          "  -l) [ -f \"$FAKE_CRONTAB\" ] && exec cat \"$FAKE_CRONTAB\"; echo 'no crontab for tester' >&2; exit 1;;\n"
          "  -) cat > \"$FAKE_CRONTAB\";;\nesac\n");
    fsys::permissions(bin_dir + "/crontab", fsys::perms::owner_all);
  }
  ProcessResult cron(std::vector<std::string> args) {
    args.insert(args.begin(), bin());
    args.insert(args.end(), {"--home", home, "--project", project});
    const char* path = std::getenv("PATH");
    auto r = run_process(args, "", {{"PATH", bin_dir + ":" + (path ? path : "/usr/bin:/bin")}, {"FAKE_CRONTAB", table}},
                         scratch.path());
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? *r : ProcessResult{};
  }
  nlohmann::json cron_check(std::vector<std::string> extra = {}) {
    std::vector<std::string> args{"verify-install", "--json"};
    args.insert(args.end(), extra.begin(), extra.end());
    auto j = nlohmann::json::parse(cron(args).out, nullptr, false);
    for (const auto& c : j["checks"])
      if (c["check"] == "cron") return c;
    return nullptr;
  }
};

// A shared install leaves MEMORY.md out of CLAUDE.md on purpose: verify-install
// accepts that, and still refuses a shared settings file whose block imports it.
TEST(Verify, ASharedInstallPassesWithoutTheImportButNotWithAMismatchedBlock) {
  Project p;
  p.make_home();
  ASSERT_EQ(p.install({"--apply", "--profile", "shared"}).exit_code, 0);
  auto ok = p.verify();
  EXPECT_EQ(ok.exit_code, 0) << ok.out;
  EXPECT_NE(ok.out.find("PASS claude-md: "), std::string::npos) << ok.out;
  EXPECT_NE(ok.out.find("shared profile"), std::string::npos) << ok.out;
  write(p.claude_md, "<!-- memsim:begin -->\n@.memsim/memory/MEMORY.md\n<!-- memsim:end -->\n");
  auto bad = p.verify();
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.out.find("FAIL claude-md: "), std::string::npos) << bad.out;
}

TEST(CronInstall, PrintsAppliesIsIdempotentVerifiesAndUninstallsExactly) {
  CronProject p;
  p.make_home();
  const std::string theirs = "15 * * * * /usr/bin/backup\n";
  write(p.table, theirs);
  EXPECT_TRUE(p.cron_check().is_null()) << "no block and no --cron: cron is not checked";

  auto dry = p.cron({"install-hooks", "--cron", "--cron-commit", "--cron-wake", "--cron-at", "02:30"});
  ASSERT_EQ(dry.exit_code, 0) << dry.err;
  EXPECT_NE(dry.out.find("+30 2 * * * cd "), std::string::npos) << dry.out;
  EXPECT_NE(dry.out.find("+35 2 * * * cd "), std::string::npos) << dry.out;
  EXPECT_EQ(read(p.table), theirs) << "a dry run writes nothing";

  auto applied = p.cron({"install-hooks", "--cron", "--cron-commit", "--cron-wake", "--cron-at", "02:30", "--apply"});
  ASSERT_EQ(applied.exit_code, 0) << applied.err;
  const std::string installed = read(p.table);
  EXPECT_EQ(installed.rfind(theirs, 0), 0u) << installed;
  EXPECT_NE(installed.find(" tick --commit --home "), std::string::npos);
  EXPECT_NE(applied.out.find("backup: "), std::string::npos) << applied.out;
  EXPECT_EQ(p.cron({"install-hooks", "--cron", "--cron-commit", "--cron-wake", "--cron-at", "02:30", "--apply"}).out,
            "crontab: no change\n");

  auto ok = p.cron_check();
  ASSERT_FALSE(ok.is_null());
  EXPECT_TRUE(ok["ok"].get<bool>()) << ok.dump();

  std::string broken = installed;
  broken.replace(broken.find("\n35 2 "), 6, "\n31 2 ");
  write(p.table, broken);
  EXPECT_FALSE(p.cron_check()["ok"].get<bool>()) << "a wake that does not follow the tick by 5 minutes";
  write(p.table, installed);

  ASSERT_EQ(p.cron({"install-hooks", "--cron", "--uninstall", "--apply"}).exit_code, 0);
  EXPECT_EQ(read(p.table), theirs);
  auto required = p.cron_check({"--cron"});
  ASSERT_FALSE(required.is_null());
  EXPECT_FALSE(required["ok"].get<bool>());
  EXPECT_NE(required["fix"].get<std::string>().find("install-hooks --cron --apply"), std::string::npos);

  EXPECT_EQ(p.cron({"install-hooks", "--cron", "--cron-at", "25:00"}).exit_code, 2);
  EXPECT_EQ(p.cron({"install-hooks", "--cron-wake"}).exit_code, 2) << "the wake is a part of --cron";

  // Plain --cron: the tick alone, which verify-install accepts.
  ASSERT_EQ(p.cron({"install-hooks", "--cron", "--apply"}).exit_code, 0);
  const std::string tick_only = read(p.table);
  EXPECT_NE(tick_only.find(" tick --home "), std::string::npos) << tick_only;
  EXPECT_EQ(tick_only.find("claude"), std::string::npos) << tick_only;
  auto alone = p.cron_check({"--cron"});
  EXPECT_TRUE(alone["ok"].get<bool>()) << alone.dump();
}

}  // namespace
}  // namespace memsim::hooks
