// Codex CLI's hooks.json and Gemini CLI's settings.json as install-hooks
// --harness codex|gemini writes them (docs/codex.md, docs/gemini.md): one shell
// string per handler, the home named from the project's root, the user's own
// hooks and keys left alone.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "memsim/install_codex.h"
#include "memsim/install_gemini.h"

namespace memsim::install {
namespace {

using Json = nlohmann::ordered_json;

HookSpec project_spec() { return HookSpec{"memsim", "${CLAUDE_PROJECT_DIR}/.memsim", {}, "/home/u/p/.memsim"}; }

const std::string kTheirs = R"({
  "hooks": {
    "PreToolUse": [{"matcher": "^Bash$", "hooks": [{"type": "command", "command": "python3 .codex/guard.py", "timeout": 30}]}],
    "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]
  }
}
)";

TEST(CodexHooks, EachEventGetsOneShellCommandNamingTheHomeFromTheProjectRoot) {
  auto out = merge_codex_hooks("", project_spec(), ".codex/hooks.json");
  ASSERT_TRUE(out.ok()) << out.message();
  const Json j = Json::parse(*out);
  const std::string root = "\"$(git rev-parse --show-toplevel 2>/dev/null || pwd)\"";
  EXPECT_EQ(j["hooks"]["SessionStart"][0]["hooks"][0]["command"],
            "memsim hook --harness codex session-start --home " + root + "/.memsim");
  EXPECT_EQ(j["hooks"]["SessionStart"][0]["hooks"][0]["additionalContextLimit"], 0);
  EXPECT_EQ(j["hooks"]["SessionStart"][0]["hooks"][0]["timeout"], 10);
  EXPECT_EQ(j["hooks"]["PreToolUse"][0]["hooks"][0]["timeout"], 5);
  EXPECT_FALSE(j["hooks"]["PreToolUse"][0].contains("matcher"));
  EXPECT_EQ(j["hooks"]["SessionEnd"][0]["hooks"][0]["timeout"], 3);
  EXPECT_TRUE(j["hooks"].contains("UserPromptSubmit"));
  EXPECT_EQ(out->find("/home/u"), std::string::npos) << "no path of one machine: " << *out;
  for (const auto& [event, groups] : j["hooks"].items()) EXPECT_FALSE(groups[0]["hooks"][0].contains("args")) << event;
  auto found = find_codex_installed(*out, project_spec(), "h.json");
  ASSERT_TRUE(found.ok());
  ASSERT_EQ(found->size(), 4u);
  EXPECT_EQ((*found)[0].event, "SessionStart");
  EXPECT_EQ((*found)[0].command, "memsim");
  EXPECT_EQ((*found)[0].args,
            (std::vector<std::string>{"hook", "session-start", "--home", root + "/.memsim", "--harness", "codex"}));
}

TEST(CodexHooks, MergeIsIdempotentAndUninstallGivesBackTheirs) {
  auto once = merge_codex_hooks(kTheirs, project_spec(), "h.json");
  ASSERT_TRUE(once.ok()) << once.message();
  auto twice = merge_codex_hooks(*once, project_spec(), "h.json");
  ASSERT_TRUE(twice.ok());
  EXPECT_EQ(*twice, *once);
  const Json j = Json::parse(*once);
  EXPECT_EQ(j["hooks"]["PreToolUse"][0]["hooks"][0]["command"], "python3 .codex/guard.py");
  EXPECT_EQ(j["hooks"]["PreToolUse"].size(), 2u);
  auto removed = remove_codex_hooks(*once, project_spec(), "h.json");
  ASSERT_TRUE(removed.ok());
  EXPECT_EQ(Json::parse(*removed), Json::parse(kTheirs));
  auto none = find_codex_installed(*removed, project_spec(), "h.json");
  ASSERT_TRUE(none.ok());
  EXPECT_TRUE(none->empty());
}

TEST(CodexHooks, AnotherHomesHandlersAndClaudeCodesExecFormAreNotOurs) {
  HookSpec other = project_spec();
  other.home = "${CLAUDE_PROJECT_DIR}/elsewhere";
  other.home_path = "/home/u/p/elsewhere";
  auto theirs = merge_codex_hooks("", other, "h.json");
  ASSERT_TRUE(theirs.ok());
  auto removed = remove_codex_hooks(*theirs, project_spec(), "h.json");
  ASSERT_TRUE(removed.ok());
  EXPECT_EQ(*removed, *theirs);
  const std::string exec_form =
      R"({"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"memsim","args":["hook","session-start","--home","${CLAUDE_PROJECT_DIR}/.memsim"]}]}]}})";
  auto kept = remove_codex_hooks(exec_form, project_spec(), "h.json");
  ASSERT_TRUE(kept.ok());
  EXPECT_EQ(*kept, exec_form);
}

TEST(CodexHooks, AnOlderInstallNamingTheAbsoluteHomeIsReplaced) {
  HookSpec absolute = project_spec();
  absolute.home = absolute.home_path;
  auto old = merge_codex_hooks("", absolute, "h.json");
  ASSERT_TRUE(old.ok());
  EXPECT_NE(old->find("--home /home/u/p/.memsim"), std::string::npos) << *old;
  auto now = merge_codex_hooks(*old, project_spec(), "h.json");
  ASSERT_TRUE(now.ok());
  EXPECT_EQ(now->find("/home/u"), std::string::npos) << *now;
  EXPECT_EQ(Json::parse(*now)["hooks"]["SessionStart"].size(), 1u);
}

TEST(CodexHooks, OddPathsAreQuotedAndBadFilesNamed) {
  HookSpec odd{"/opt/my tools/memsim", "/srv/a home/it's", {}, ""};
  EXPECT_EQ(codex_hook_command(odd, "pre-tool-use"),
            "'/opt/my tools/memsim' hook --harness codex pre-tool-use --home '/srv/a home/it'\\''s'");
  auto merged = merge_codex_hooks("", odd, "h.json");
  ASSERT_TRUE(merged.ok());
  auto found = find_codex_installed(*merged, odd, "h.json");
  ASSERT_TRUE(found.ok());
  ASSERT_EQ(found->size(), 4u);
  EXPECT_EQ(found->front().command, "/opt/my tools/memsim");
  auto bad = merge_codex_hooks("[1]", project_spec(), "/p/.codex/hooks.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("/p/.codex/hooks.json"), std::string::npos) << bad.message();
  EXPECT_FALSE(merge_codex_hooks(R"({"hooks":[]})", project_spec(), "h.json").ok());
}

TEST(CodexHooks, WhereTheFileGoes) {
  EXPECT_EQ(codex_hooks_path("project", "/p", "/home/u", "/c"), "/p/.codex/hooks.json");
  EXPECT_EQ(codex_hooks_path("user", "/p", "/home/u", "/c"), "/c/hooks.json");
  EXPECT_EQ(codex_hooks_path("user", "/p", "/home/u", ""), "/home/u/.codex/hooks.json");
}

TEST(GeminiSettings, EachEventGetsANamedHandlerWithMillisecondsAndTheProjectDirectory) {
  auto out = merge_gemini_settings(R"({"ui": {"theme": "GitHub"}})", project_spec(), ".gemini/settings.json");
  ASSERT_TRUE(out.ok()) << out.message();
  const Json j = Json::parse(*out);
  EXPECT_EQ(j["ui"]["theme"], "GitHub");
  const auto& after = j["hooks"]["AfterTool"][0]["hooks"][0];
  EXPECT_EQ(after["command"], "memsim hook --harness gemini pre-tool-use --home \"$GEMINI_PROJECT_DIR\"/.memsim");
  EXPECT_EQ(after["name"], "memsim-pre-tool-use");
  EXPECT_EQ(after["timeout"], 5000);
  EXPECT_EQ(j["hooks"]["BeforeAgent"][0]["hooks"][0]["timeout"], 10000);
  EXPECT_TRUE(j["hooks"].contains("SessionStart"));
  EXPECT_TRUE(j["hooks"].contains("SessionEnd"));
  EXPECT_FALSE(j["hooks"].contains("BeforeTool")) << "its context never reaches the model";
  auto again = merge_gemini_settings(*out, project_spec(), "s.json");
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(*again, *out);
  auto found = find_gemini_installed(*out, project_spec(), "s.json");
  ASSERT_TRUE(found.ok());
  ASSERT_EQ(found->size(), 4u);
  EXPECT_EQ(found->back().args.back(), "gemini");
  // Codex's handlers are not Gemini's, and the other way round.
  auto codex = find_codex_installed(*out, project_spec(), "s.json");
  ASSERT_TRUE(codex.ok());
  EXPECT_TRUE(codex->empty());
  auto removed = remove_gemini_settings(*out, project_spec(), "s.json");
  ASSERT_TRUE(removed.ok());
  EXPECT_EQ(Json::parse(*removed), Json::parse(R"({"ui": {"theme": "GitHub"}})"));
}

TEST(GeminiSettings, WhereTheFilesGoAndWhatGeminiMdImports) {
  auto t = gemini_targets("project", "", "", "/p", "/home/u", "/p/.memsim/memory/MEMORY.md");
  ASSERT_TRUE(t.ok()) << t.message();
  EXPECT_EQ(t->settings, "/p/.gemini/settings.json");
  EXPECT_EQ(t->claude_md, "/p/GEMINI.md");
  EXPECT_EQ(t->import_path, ".memsim/memory/MEMORY.md");
  EXPECT_TRUE(t->commands_dir.empty());
  auto u = gemini_targets("user", "", "", "/p", "/home/u", "/p/.memsim/memory/MEMORY.md");
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(u->settings, "/home/u/.gemini/settings.json");
  EXPECT_EQ(u->claude_md, "/home/u/.gemini/GEMINI.md");
  EXPECT_EQ(u->import_path, "/p/.memsim/memory/MEMORY.md");
}

}  // namespace
}  // namespace memsim::install
