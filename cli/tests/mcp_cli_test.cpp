// memsim mcp, install-hooks --mcp with the slash commands, remember and handoff,
// run as a user would (the built binary, $MEMSIM_BIN).
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "memsim/testing/run_memsim.h"
#include "memsim/testing/testing.h"

namespace memsim::testing {
namespace {

namespace fsys = std::filesystem;
using Json = nlohmann::json;

struct Project {
  TempDir dir;
  std::string project = dir / "proj";
  std::string home = project + "/.memsim";
  std::string settings = project + "/.claude/settings.json";
  std::string commands = project + "/.claude/commands";
  std::string mcp_json = project + "/.mcp.json";

  Project() {
    fsys::create_directories(project);
    EXPECT_EQ(memsim({"init", "--apply", "--home", home}).code, 0);
  }
  Ran install(std::vector<std::string> extra) {
    std::vector<std::string> a{"install-hooks",       "--home", home,
                               "--project",           project,  "--command",
                               testing::memsim_bin(), "--now",  "2026-11-30T10:00:00Z"};
    a.insert(a.end(), extra.begin(), extra.end());
    return memsim(a);
  }
};

std::vector<Json> lines_of(const std::string& out) {
  std::vector<Json> v;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) v.push_back(Json::parse(line));
  return v;
}

TEST(McpCommand, ServesASessionOverStdio) {
  Project p;
  const std::string input =
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})"
      "\n"
      R"({"jsonrpc":"2.0","method":"notifications/initialized"})"
      "\n"
      R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"memory_remember","arguments":{"name":"tabs","type":"preference","summary":"tabs, not spaces"}}})"
      "\n"
      R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"memory_search","arguments":{"query":"tabs spaces"}}})"
      "\n";
  Ran r = memsim({"mcp", "--home", p.home, "--now", "2026-11-30T10:00:00Z"}, input);
  EXPECT_EQ(r.code, 0) << r.err;
  auto responses = lines_of(r.out);
  ASSERT_EQ(responses.size(), 3u) << r.out;
  EXPECT_EQ(responses[0]["result"]["serverInfo"]["name"], "memsim");
  EXPECT_EQ(responses[1]["result"]["isError"], false) << responses[1].dump();
  EXPECT_NE(read(p.home + "/memory/preference_tabs.md").find("created: 2026-11-30\n"), std::string::npos)
      << "the clock is the injected one";
  EXPECT_NE(responses[2]["result"]["content"][0]["text"].get<std::string>().find("preference_tabs.md"),
            std::string::npos);
}

TEST(InstallMcp, RegistersApprovesInstallsCommandsAndUninstallsByteForByte) {
  Project p;
  const std::string theirs = Json::parse(R"J({"permissions":{"allow":["Bash(ls)"]}})J").dump(2) + "\n";
  write(p.settings, theirs);
  write(p.commands + "/deploy.md", "their own command\n");

  Ran r = p.install({"--mcp", "--apply"});
  ASSERT_EQ(r.code, 0) << r.err;
  Json mcp = Json::parse(read(p.mcp_json));
  EXPECT_EQ(mcp["mcpServers"]["memsim"]["args"][0], "mcp");
  // The home below the project, through the placeholder: the file is committed.
  EXPECT_EQ(mcp["mcpServers"]["memsim"]["args"][2], "${CLAUDE_PROJECT_DIR}/.memsim");
  Json settings = Json::parse(read(p.settings));
  EXPECT_EQ(settings["enabledMcpjsonServers"], Json::parse(R"(["memsim"])"));
  EXPECT_TRUE(settings["hooks"].contains("SessionStart"));
  for (const char* f : {"memory-status.md", "remember.md", "handoff.md", "memory-review.md", "memory-search.md",
                        "memory-lint.md", "memory-context.md", "memory-today.md", "memory-debug.md"})
    EXPECT_TRUE(fsys::exists(p.commands + "/" + f)) << f;

  // Idempotent: a second run changes nothing.
  const std::string installed = read(p.settings), installed_mcp = read(p.mcp_json);
  Ran again = p.install({"--mcp", "--apply"});
  EXPECT_EQ(again.out.find("wrote:"), std::string::npos) << again.out;
  EXPECT_EQ(read(p.settings), installed);
  EXPECT_EQ(read(p.mcp_json), installed_mcp);

  // The server Claude Code would start answers.
  std::vector<std::string> argv;
  for (const Json& a : mcp["mcpServers"]["memsim"]["args"]) argv.push_back(a);
  Ran served = memsim(argv, R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})"
                            "\n");
  EXPECT_EQ(lines_of(served.out).at(0)["result"]["tools"].size(), 5u) << served.out << served.err;

  // The person changed one command: uninstall keeps it and says so.
  const std::string changed = read(p.commands + "/remember.md") + "my own line\n";
  write(p.commands + "/remember.md", changed);
  Ran removed = p.install({"--uninstall", "--apply"});
  ASSERT_EQ(removed.code, 0) << removed.err;
  EXPECT_NE(removed.out.find("remember.md: kept"), std::string::npos) << removed.out;
  EXPECT_EQ(read(p.settings), theirs);
  EXPECT_FALSE(fsys::exists(p.mcp_json));
  EXPECT_EQ(read(p.commands + "/remember.md"), changed);
  EXPECT_EQ(read(p.commands + "/deploy.md"), "their own command\n");
  for (const char* f : {"memory-status.md", "handoff.md", "memory-review.md", "memory-search.md", "memory-lint.md",
                        "memory-context.md", "memory-today.md", "memory-debug.md"})
    EXPECT_FALSE(fsys::exists(p.commands + "/" + f)) << f;
  std::vector<std::string> left;
  for (auto& e : fsys::directory_iterator(p.commands)) left.push_back(e.path().filename().string());
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{"deploy.md", "remember.md"})) << "no backups among the commands";
}

TEST(InstallMcp, LeavesAForeignCommandOfTheSameNameAlone) {
  Project p;
  write(p.commands + "/remember.md", "theirs\n");
  ASSERT_EQ(p.install({"--apply"}).code, 0);
  EXPECT_EQ(read(p.commands + "/remember.md"), "theirs\n");
  EXPECT_TRUE(fsys::exists(p.commands + "/handoff.md"));
  EXPECT_FALSE(fsys::exists(p.mcp_json)) << "the server is registered only with --mcp";
  ASSERT_EQ(p.install({"--uninstall", "--apply"}).code, 0);
  EXPECT_EQ(read(p.commands + "/remember.md"), "theirs\n");
  EXPECT_FALSE(fsys::exists(p.commands + "/handoff.md"));
}

TEST(InstallMcp, ASharedProfileImportsNoIndexAndUninstallsExactly) {
  Project p;
  write(p.project + "/CLAUDE.md", "# Team project\n");
  ASSERT_EQ(p.install({"--profile", "shared", "--apply"}).code, 0);
  const std::string md = read(p.project + "/CLAUDE.md");
  EXPECT_EQ(md.find("@"), std::string::npos) << md;
  EXPECT_NE(md.find("shared profile"), std::string::npos) << md;
  EXPECT_EQ(Json::parse(read(p.settings))["env"]["MEMSIM_PROFILE"], "shared");
  // Back to main: the import returns and the mark goes.
  ASSERT_EQ(p.install({"--apply"}).code, 0);
  EXPECT_NE(read(p.project + "/CLAUDE.md").find("@.memsim/memory/MEMORY.md"), std::string::npos);
  EXPECT_FALSE(Json::parse(read(p.settings)).contains("env"));
  ASSERT_EQ(p.install({"--profile", "shared", "--apply"}).code, 0);
  ASSERT_EQ(p.install({"--uninstall", "--apply"}).code, 0);
  EXPECT_EQ(read(p.project + "/CLAUDE.md"), "# Team project\n");
  EXPECT_FALSE(fsys::exists(p.settings));
  EXPECT_EQ(p.install({"--profile", "public"}).code, 2);
}

TEST(HandoffCommand, TheNextSessionStartReadsItOnce) {
  Project p;
  Ran w = memsim({"handoff", "--home", p.home, "--now", "2026-11-30T10:00:00Z", "--done", "wrote the parser", "--next",
                  "test the parser on CRLF input", "--gotcha", "CRLF!"});
  ASSERT_EQ(w.code, 0) << w.err;
  const std::string payload = R"({"session_id":"n","hook_event_name":"SessionStart","source":"startup"})";
  Ran first = memsim({"hook", "session-start", "--home", p.home, "--now", "2026-11-30T11:00:00Z"}, payload);
  EXPECT_NE(first.out.find("test the parser on CRLF input"), std::string::npos) << first.out;
  Ran second = memsim({"hook", "session-start", "--home", p.home, "--now", "2026-11-30T11:00:00Z"}, payload);
  EXPECT_EQ(second.out.find("test the parser"), std::string::npos) << second.out;
  EXPECT_NE(read(p.home + "/memory/HANDOFF.md").find("consumed: 2026-11-30T11:00:00Z"), std::string::npos);
  EXPECT_EQ(memsim({"handoff", "--home", p.home}).code, 2) << "nothing to hand off";
}

TEST(RememberCommand, WritesOnceAndRefusesASecret) {
  Project p;
  EXPECT_EQ(memsim({"remember", "tabs", "--home", p.home, "--type", "preference", "--summary", "tabs"}).code, 0);
  Ran again = memsim({"remember", "tabs", "--home", p.home, "--type", "preference", "--summary", "tabs"});
  EXPECT_EQ(again.code, 2);
  EXPECT_NE(again.err.find("already exists"), std::string::npos) << again.err;
  Ran secret =
      memsim({"remember", "key", "--home", p.home, "--type", "reference", "--summary", "key AKIAWDIAEQ3KDFYSPSC5"});
  EXPECT_EQ(secret.code, 2);
  EXPECT_FALSE(fsys::exists(p.home + "/memory/reference_key.md"));
}

}  // namespace
}  // namespace memsim::testing
