// The MCP server, the session profiles and the slash commands in the real
// Claude Code (live_fixture.h), installed as a new user would after
// `install-hooks --mcp` (docs/mcp.md).
#include <filesystem>

#include "live_fixture.h"
#include "memsim/journal.h"

namespace memsim::live::testing {
namespace {

// Every tool_result the model received, joined.
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

TEST_F(Live, McpClaudeCodeCallsTheRegisteredServer) {
  install(
      [&] {
        write(memory("preference_tabs.md"),
              "---\nname: preference_tabs\ntype: preference\nsummary: indent C files with tabs\n---\nTabs, width 8.\n");
      },
      {"--mcp"});
  auto r =
      run("What do you remember about indentation?",
          {ScriptedTurn::call("mcp__memsim__memory_search", {{"query", "indent tabs"}}),
           ScriptedTurn::call("mcp__memsim__memory_get", {{"file", "preference_tabs.md"}}), ScriptedTurn::say("Tabs.")},
          {"--allowedTools", "mcp__memsim__memory_search,mcp__memsim__memory_get"});
  // Claude Code defers MCP tools: their names reach the model in a system
  // message, their schemas on request; either way the name is in a request.
  EXPECT_NE(sent(r).find("mcp__memsim__memory_search"), std::string::npos)
      << "the model was never told of memsim's tools\n"
      << r.process.out << r.process.err;
  const std::string results = tool_results(r.requests);
  EXPECT_NE(results.find("preference_tabs.md ("), std::string::npos) << results;
  EXPECT_NE(results.find("Tabs, width 8."), std::string::npos) << results;
  auto journal = parse_journal(read(home() + "/runtime/access.log"));
  ASSERT_EQ(journal.touches.size(), 1u) << read(home() + "/runtime/access.log");
  EXPECT_EQ(journal.touches[0].tool, "memory_get");
}

TEST_F(Live, ProfilesMainGetsIdentityIndexAndHandoffOnceASharedSessionTheIdentityOnly) {
  install([&] {
    write(home() + "/identity.md", "I am the persona PERSONA-MARK.\n");
    write(memory("preference_tabs.md"),
          "---\nname: preference_tabs\ntype: preference\nsummary: INDEX-MARK indent C files with tabs\n---\nx\n");
    ASSERT_EQ(memsim({"handoff", "--next", "HANDOFF-MARK finish the parser"}).exit_code, 0);
  });
  auto first = run("hello", {ScriptedTurn::say("hi")});
  for (const char* mark : {"PERSONA-MARK", "INDEX-MARK", "HANDOFF-MARK"})
    EXPECT_NE(sent(first).find(mark), std::string::npos) << mark << "\n" << first.process.err;
  auto second = run("hello", {ScriptedTurn::say("hi")});
  EXPECT_EQ(sent(second).find("HANDOFF-MARK"), std::string::npos) << "the handoff is read once";
  EXPECT_NE(sent(second).find("PERSONA-MARK"), std::string::npos);

  ASSERT_EQ(memsim({"install-hooks", "--apply", "--profile", "shared"}).exit_code, 0);
  // A fresh handoff: a shared session neither shows nor consumes it.
  ASSERT_EQ(memsim({"handoff", "--next", "SHARED-HANDOFF-MARK review"}).exit_code, 0);
  auto shared = run("hello", {ScriptedTurn::say("hi")});
  const std::string text = sent(shared);
  EXPECT_NE(text.find("shared session"), std::string::npos) << "the settings' env reached the hook";
  EXPECT_NE(text.find("PERSONA-MARK"), std::string::npos) << "seed 003: a shared session knows who it is";
  EXPECT_EQ(text.find("INDEX-MARK"), std::string::npos) << "no import of MEMORY.md";
  EXPECT_EQ(text.find("SHARED-HANDOFF-MARK"), std::string::npos);
  EXPECT_NE(read(memory("HANDOFF.md")).find("consumed: null\n"), std::string::npos) << "still pending";
}

// The user-level home ($HOME/.memsim-user): its identity.md, where adopt writes
// the L3 persona, reaches the model at session start, and the session-end hook
// captures the session's atoms into it as well as into the project's home.
TEST_F(Live, TheUserLevelPersonaReachesTheModelAndSessionEndCapturesIntoTheUserHome) {
  const std::string user = user_home() + "/.memsim-user";
  install([&] {
    fs::create_directories(user + "/memory");
    write(user + "/identity.md", "# Identity\n\n## Persona\n\n- L3-PERSONA-MARK the user wants short answers\n");
  });
  auto r = run("Always run ninja with -j2 on this box.", {ScriptedTurn::say("Noted.")});
  EXPECT_NE(sent(r).find("L3-PERSONA-MARK"), std::string::npos) << r.process.err;
  auto captured = [&](const std::string& h) {
    if (!fs::exists(h + "/candidates")) return false;
    for (const auto& e : fs::directory_iterator(h + "/candidates"))
      if (read(e.path().string()).find("ninja") != std::string::npos) return true;
    return false;
  };
  for (int waited = 0; !(captured(home()) && captured(user)) && waited < 100; ++waited) ::usleep(100 * 1000);
  EXPECT_TRUE(captured(home()));
  EXPECT_TRUE(captured(user)) << "the session-end hook did not capture into the user-level home";
}

TEST_F(Live, SlashCommandsMemoryStatusAndRememberRun) {
  install([&] {
    write(memory("preference_tabs.md"),
          "---\nname: preference_tabs\ntype: preference\nsummary: indent C files with tabs\n---\nx\n");
  });
  auto status = run("/memory-status", {ScriptedTurn::say("All fine.")});
  // The prompt the model got holds status's own output.
  EXPECT_NE(sent(status).find("1 memories, "), std::string::npos) << sent(status).substr(0, 3000) << status.process.err;

  // /remember: the command the prompt asks for runs without a permission prompt.
  // The install names memsim as it found it: a bare `memsim` when one is on PATH
  // (the README's first command puts it there), else this binary's path.
  const std::string commands = memsim::testing::read(project() + "/.claude/commands/remember.md");
  const std::size_t from = commands.find("Bash(") + 5, to = commands.find(" remember:*)");
  ASSERT_TRUE(from != std::string::npos + 5 && to != std::string::npos && to > from) << commands;
  const std::string program = commands.substr(from, to - from);
  const std::string real_home = fs::canonical(home()).string();
  auto remembered = run("/remember commit messages in the imperative",
                        {ScriptedTurn::call("Bash", {{"command", program + " remember --home " + real_home +
                                                                     " commit-style --type preference --summary "
                                                                     "\"imperative commit messages\""}}),
                         ScriptedTurn::say("Remembered.")});
  EXPECT_NE(sent(remembered).find("commit messages in the imperative"), std::string::npos) << "$ARGUMENTS";
  EXPECT_TRUE(fs::exists(memory("preference_commit-style.md")))
      << "what the tool call returned: " << tool_results(remembered.requests) << "\n"
      << sent(remembered).substr(0, 4000);
}

}  // namespace
}  // namespace memsim::live::testing
