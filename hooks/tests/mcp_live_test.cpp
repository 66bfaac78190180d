// The real Claude Code (offline, against the scripted model) with the server
// registered as a new user would: install-hooks --mcp --apply, then a session
// whose model calls mcp__memsim__memory_search and mcp__memsim__memory_get.
// Part of the live suite: fails, never skips, when no claude is found ($MEMSIM_CLAUDE, else PATH).
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "memsim/journal.h"
#include "memsim/live.h"
#include "memsim/process.h"
#include "testing.h"

namespace memsim::hooks {
namespace {

using memsim::testing::read;
using memsim::testing::TempDir;
using memsim::testing::write;
namespace fsys = std::filesystem;

std::string bin() {
  const char* b = std::getenv("MEMSIM_BIN");
  return b ? b : "memsim";
}

ProcessResult memsim(std::vector<std::string> args, const std::string& scratch) {
  args.insert(args.begin(), bin());
  auto r = run_process(args, "", {}, scratch);
  EXPECT_TRUE(r.ok()) << r.message();
  return r.ok() ? *r : ProcessResult{};
}

// Every tool_result text the model received, joined.
std::string tool_results(const std::vector<ModelRequest>& requests) {
  std::string out;
  for (const ModelRequest& r : requests) {
    if (!r.body.is_object() || !r.body.contains("messages")) continue;
    for (const auto& m : r.body["messages"]) {
      if (!m.contains("content") || !m["content"].is_array()) continue;
      for (const auto& c : m["content"])
        if (c.value("type", "") == "tool_result") out += c.dump() + "\n";
    }
  }
  return out;
}

TEST(McpLive, ClaudeCodeCallsTheRegisteredServer) {
  const std::string claude = find_claude();
  ASSERT_FALSE(claude.empty()) << "no claude: run through ctest (live_install_claude_code) or set MEMSIM_CLAUDE";
  TempDir dir, scratch;
  const std::string project = dir / "proj", home = project + "/.memsim";
  fsys::create_directories(project);
  fsys::create_directories(dir / "user");
  ASSERT_EQ(memsim({"init", "--apply", "--home", home}, scratch.path()).exit_code, 0);
  write(home + "/memory/preference_tabs.md",
        "---\nname: preference_tabs\ntype: preference\nsummary: indent C files with tabs\n---\nTabs, width 8.\n");
  ASSERT_EQ(memsim({"index", "--home", home}, scratch.path()).exit_code, 0);
  auto installed = memsim({"install-hooks", "--mcp", "--apply", "--home", home, "--project", project, "--command", bin()},
                          scratch.path());
  ASSERT_EQ(installed.exit_code, 0) << installed.err;

  LiveSession s{claude, project, dir / "user", {"--allowedTools", "mcp__memsim__memory_search,mcp__memsim__memory_get"},
                {}, 120};
  auto run = run_live(s, "What do you remember about indentation?",
                      {ScriptedTurn::call("mcp__memsim__memory_search", {{"query", "indent tabs"}}),
                       ScriptedTurn::call("mcp__memsim__memory_get", {{"file", "preference_tabs.md"}}),
                       ScriptedTurn::say("Tabs.")});
  ASSERT_TRUE(run.ok()) << run.message();
  // Claude Code defers MCP tools: their names reach the model in a system
  // message, their schemas on request; either way the name is in a request.
  bool offered = false;
  for (const ModelRequest& r : run->requests)
    offered = offered || r.body.dump().find("mcp__memsim__memory_search") != std::string::npos;
  EXPECT_TRUE(offered) << "the model was never told of memsim's tools\n" << run->process.out << run->process.err;
  const std::string results = tool_results(run->requests);
  EXPECT_NE(results.find("preference_tabs.md (") , std::string::npos) << results;
  EXPECT_NE(results.find("Tabs, width 8."), std::string::npos) << results;
  auto journal = parse_journal(read(home + "/runtime/access.log"));
  ASSERT_EQ(journal.touches.size(), 1u) << read(home + "/runtime/access.log");
  EXPECT_EQ(journal.touches[0].tool, "memory_get");
}

// Everything the model was sent, as one string.
std::string sent(const LiveResult& r) {
  std::string out;
  for (const ModelRequest& q : r.requests) out += q.body.dump() + "\n";
  return out;
}

TEST(ProfilesLive, MainGetsPersonaIndexAndHandoffOnceASharedSessionNeither) {
  const std::string claude = find_claude();
  ASSERT_FALSE(claude.empty()) << "no claude: run through ctest (live_install_claude_code) or set MEMSIM_CLAUDE";
  TempDir dir, scratch;
  const std::string project = dir / "proj", home = project + "/.memsim";
  fsys::create_directories(project);
  fsys::create_directories(dir / "user");
  ASSERT_EQ(memsim({"init", "--apply", "--home", home}, scratch.path()).exit_code, 0);
  write(home + "/identity.md", "I am the persona PERSONA-MARK.\n");
  write(home + "/memory/preference_tabs.md",
        "---\nname: preference_tabs\ntype: preference\nsummary: INDEX-MARK indent C files with tabs\n---\nx\n");
  ASSERT_EQ(memsim({"index", "--home", home}, scratch.path()).exit_code, 0);
  ASSERT_EQ(memsim({"handoff", "--home", home, "--next", "HANDOFF-MARK finish the parser"}, scratch.path()).exit_code,
            0);
  std::vector<std::string> install{"install-hooks", "--apply", "--home", home, "--project", project, "--command", bin()};
  ASSERT_EQ(memsim(install, scratch.path()).exit_code, 0);

  LiveSession s{claude, project, dir / "user", {}, {}, 120};
  auto first = run_live(s, "hello", {ScriptedTurn::say("hi")});
  ASSERT_TRUE(first.ok()) << first.message();
  for (const char* mark : {"PERSONA-MARK", "INDEX-MARK", "HANDOFF-MARK"})
    EXPECT_NE(sent(*first).find(mark), std::string::npos) << mark << "\n" << first->process.err;
  auto second = run_live(s, "hello", {ScriptedTurn::say("hi")});
  ASSERT_TRUE(second.ok());
  EXPECT_EQ(sent(*second).find("HANDOFF-MARK"), std::string::npos) << "the handoff is read once";
  EXPECT_NE(sent(*second).find("PERSONA-MARK"), std::string::npos);

  install.insert(install.end(), {"--profile", "shared"});
  ASSERT_EQ(memsim(install, scratch.path()).exit_code, 0);
  // A fresh handoff: a shared session neither shows nor consumes it.
  ASSERT_EQ(memsim({"handoff", "--home", home, "--next", "SHARED-HANDOFF-MARK review"}, scratch.path()).exit_code, 0);
  auto shared = run_live(s, "hello", {ScriptedTurn::say("hi")});
  ASSERT_TRUE(shared.ok());
  const std::string text = sent(*shared);
  EXPECT_NE(text.find("shared session"), std::string::npos) << "the settings' env reached the hook";
  EXPECT_EQ(text.find("PERSONA-MARK"), std::string::npos);
  EXPECT_EQ(text.find("INDEX-MARK"), std::string::npos) << "no import of MEMORY.md";
  EXPECT_EQ(text.find("SHARED-HANDOFF-MARK"), std::string::npos);
  EXPECT_NE(read(home + "/memory/HANDOFF.md").find("consumed: null\n"), std::string::npos) << "still pending";
}

TEST(SlashCommandsLive, MemoryStatusRunsStatusIntoThePrompt) {
  const std::string claude = find_claude();
  ASSERT_FALSE(claude.empty()) << "no claude: run through ctest (live_install_claude_code) or set MEMSIM_CLAUDE";
  TempDir dir, scratch;
  const std::string project = dir / "proj", home = project + "/.memsim";
  fsys::create_directories(project);
  fsys::create_directories(dir / "user");
  ASSERT_EQ(memsim({"init", "--apply", "--home", home}, scratch.path()).exit_code, 0);
  write(home + "/memory/preference_tabs.md",
        "---\nname: preference_tabs\ntype: preference\nsummary: indent C files with tabs\n---\nx\n");
  ASSERT_EQ(memsim({"index", "--home", home}, scratch.path()).exit_code, 0);
  ASSERT_EQ(memsim({"install-hooks", "--apply", "--home", home, "--project", project, "--command", bin()},
                   scratch.path())
                .exit_code,
            0);
  LiveSession s{claude, project, dir / "user", {}, {}, 120};
  auto run = run_live(s, "/memory-status", {ScriptedTurn::say("All fine.")});
  ASSERT_TRUE(run.ok()) << run.message();
  // The prompt the model got holds status's own output.
  EXPECT_NE(sent(*run).find("1 memories, "), std::string::npos) << sent(*run).substr(0, 3000) << run->process.err;

  // /remember: the command the prompt asks for runs without a permission prompt.
  const std::string real_home = fsys::canonical(home).string(), real_bin = fsys::canonical(bin()).string();
  auto remembered = run_live(
      s, "/remember commit messages in the imperative",
      {ScriptedTurn::call("Bash", {{"command", real_bin + " remember --home " + real_home +
                                                   " commit-style --type preference --summary \"imperative commit "
                                                   "messages\""}}),
       ScriptedTurn::say("Remembered.")});
  ASSERT_TRUE(remembered.ok()) << remembered.message();
  EXPECT_NE(sent(*remembered).find("commit messages in the imperative"), std::string::npos) << "$ARGUMENTS";
  EXPECT_TRUE(fsys::exists(home + "/memory/preference_commit-style.md")) << sent(*remembered).substr(0, 4000);
}

}  // namespace
}  // namespace memsim::hooks
