// The MCP server driven in process by a small client: the lifecycle, every tool,
// bad arguments, protocol errors, a 10 MB argument and an over-long line.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <sstream>

#include <nlohmann/json.hpp>

#include "memsim/journal.h"
#include "memsim/mcp.h"
#include "memsim/testing/testing.h"

namespace memsim::mcp {
namespace {

using Json = nlohmann::json;
using memsim::testing::at;
using memsim::testing::read;
using memsim::testing::TempDir;
using memsim::testing::write;
namespace fsys = std::filesystem;

const char* kTabs =
    "---\nname: preference_indent-with-tabs\ntype: preference\nsummary: the user wants tabs for indentation in C "
    "files\ncreated: 2026-10-01\n---\nTabs, width 8, in every C file.\nSecond line.\nThird line.\n";
const char* kDeploy =
    "---\nname: project_deploy-target\ntype: project\nsummary: deploys go to the staging cluster first\ncreated: "
    "2026-10-01\nkey: deploy-target\n---\nStaging, then production.\n";

struct Client {
  TempDir dir;
  PosixFileSystem fs;
  FixedClock clock{at("2026-11-30T10:00:00Z")};
  std::string home = dir / "home";
  Server server{fs, clock, Home(home)};
  int next_id = 1;

  Client() {
    write(home + "/memory/preference_indent-with-tabs.md", kTabs);
    write(home + "/memory/project_deploy-target.md", kDeploy);
    fsys::create_directories(home + "/runtime");
  }
  // The parsed response to a raw line ("" stays "").
  Json raw(const std::string& line) {
    std::string out = server.handle(line);
    if (out.empty()) return Json();
    EXPECT_EQ(out.find('\n'), std::string::npos) << "one message per line";
    return Json::parse(out);
  }
  Json request(const std::string& method, Json params = Json::object()) {
    Json msg{{"jsonrpc", "2.0"}, {"id", next_id++}, {"method", method}, {"params", std::move(params)}};
    Json r = raw(msg.dump());
    EXPECT_EQ(r["id"], msg["id"]);
    EXPECT_EQ(r["jsonrpc"], "2.0");
    return r;
  }
  Json call(const std::string& tool, Json args) {
    return request("tools/call", Json{{"name", tool}, {"arguments", std::move(args)}});
  }
  // The text of a successful tool result; fails the test on an error.
  std::string text(const Json& r, bool expect_error = false) {
    EXPECT_TRUE(r.contains("result")) << r.dump();
    if (!r.contains("result")) return {};
    EXPECT_EQ(r["result"]["isError"], expect_error) << r.dump();
    return r["result"]["content"][0]["text"].get<std::string>();
  }
  std::string journal() { return read(home + "/runtime/access.log"); }
};

int error_code(const Json& r) { return r.contains("error") ? r["error"]["code"].get<int>() : 0; }

// Whether r is the answer to arguments that break the tool's schema: a tool
// result with isError and the reason (MCP 2025-11-25, SEP-1303), so the model
// reads it and corrects the call; a -32602 would reach the client, not the model.
bool invalid_arguments(const Json& r) {
  if (!r.contains("result") || r["result"]["isError"] != true) return false;
  return r["result"]["content"][0]["text"].get<std::string>().starts_with("invalid arguments: ");
}

TEST(McpLifecycle, InitializeAnswersTheClientsVersionOrTheNewest) {
  Client c;
  Json r = c.request("initialize", {{"protocolVersion", "2025-06-18"},
                                    {"capabilities", Json::object()},
                                    {"clientInfo", {{"name", "test", "version", "1"}}}});
  EXPECT_EQ(r["result"]["protocolVersion"], "2025-06-18");
  EXPECT_TRUE(r["result"]["capabilities"]["tools"].is_object());
  EXPECT_EQ(r["result"]["serverInfo"]["name"], "memsim");
  EXPECT_EQ(c.request("initialize", {{"protocolVersion", "1999-01-01"}})["result"]["protocolVersion"],
            std::string(kProtocolVersions[0]));
  EXPECT_EQ(c.raw(R"({"jsonrpc":"2.0","method":"notifications/initialized"})"), Json());
  EXPECT_EQ(c.request("ping")["result"], Json::object());
}

TEST(McpLifecycle, NotificationsAndResponsesAreNeverAnswered) {
  Client c;
  EXPECT_EQ(c.raw(R"({"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}})"), Json());
  EXPECT_EQ(c.raw(R"({"jsonrpc":"2.0","method":"no/such/thing"})"), Json());
  EXPECT_EQ(c.raw(R"({"jsonrpc":"2.0","method":"tools/call","params":{"name":"memory_remember"}})"), Json());
  EXPECT_EQ(c.raw(R"({"jsonrpc":"2.0","id":7,"result":{}})"), Json());
  EXPECT_EQ(c.raw("   "), Json());
  EXPECT_FALSE(fsys::exists(c.home + "/memory/MEMORY.md")) << "a notification ran a tool";
}

TEST(McpLifecycle, ToolsListNamesFiveToolsWithObjectSchemas) {
  Client c;
  Json tools = c.request("tools/list")["result"]["tools"];
  std::vector<std::string> names;
  for (const Json& t : tools) {
    names.push_back(t["name"]);
    EXPECT_EQ(t["inputSchema"]["type"], "object") << t.dump();
    EXPECT_FALSE(t["description"].get<std::string>().empty());
  }
  EXPECT_EQ(names, (std::vector<std::string>{"memory_search", "memory_get", "memory_remember", "memory_supersede",
                                             "memory_status"}));
}

TEST(McpErrors, ProtocolErrorsHaveTheirCodes) {
  Client c;
  Json r = c.raw("{not json");
  EXPECT_EQ(error_code(r), -32700);
  EXPECT_TRUE(r["id"].is_null());
  EXPECT_EQ(error_code(c.raw("[1,2]")), -32600);
  EXPECT_EQ(error_code(c.raw("42")), -32600);
  EXPECT_EQ(error_code(c.raw(R"({"id":3,"method":"ping"})")), -32600) << "no jsonrpc";
  EXPECT_EQ(error_code(c.raw(R"({"jsonrpc":"2.0","id":{"a":1},"method":"ping"})")), -32600);
  EXPECT_EQ(error_code(c.raw(R"({"jsonrpc":"2.0","id":4,"method":7})")), -32600);
  EXPECT_EQ(error_code(c.request("resources/list")), -32601);
  EXPECT_EQ(error_code(c.raw(R"({"jsonrpc":"2.0","id":5,"method":"tools/list","params":[1]})")), -32602);
  EXPECT_EQ(error_code(c.request("tools/call", {{"name", "memory_delete_everything"}})), -32602);
  EXPECT_EQ(error_code(c.request("tools/call", {{"arguments", Json::object()}})), -32602);
  EXPECT_EQ(error_code(c.request("tools/call", {{"name", "memory_status"}, {"arguments", "x"}})), -32602);
  // Still serving after all of that.
  EXPECT_EQ(c.request("ping")["result"], Json::object());
}

TEST(McpSearch, FindsByWordsAndNeverReinforces) {
  Client c;
  const std::string t = c.text(c.call("memory_search", {{"query", "tabs indentation"}}));
  EXPECT_NE(t.find("preference_indent-with-tabs.md"), std::string::npos) << t;
  EXPECT_EQ(t.find("project_deploy-target.md"), std::string::npos) << t;
  EXPECT_EQ(c.journal(), "") << "search is never a touch";
  EXPECT_EQ(read(c.home + "/memory/preference_indent-with-tabs.md"), kTabs);
  EXPECT_NE(c.text(c.call("memory_search", {{"query", "zebra"}})).find("No memory"), std::string::npos);
}

TEST(McpSearch, AsOfSeesAClosedFactsHistory) {
  Client c;
  c.text(c.call("memory_supersede",
                {{"old", "project_deploy-target.md"}, {"summary", "deploys go straight to production now"}}));
  const std::string today = c.text(c.call("memory_search", {{"query", "deploys staging cluster"}}));
  EXPECT_EQ(today.find("project_deploy-target.md"), std::string::npos) << today;
  const std::string past =
      c.text(c.call("memory_search", {{"query", "deploys staging cluster"}, {"as_of", "2026-11-01"}}));
  EXPECT_NE(past.find("project_deploy-target.md"), std::string::npos) << past;
  const std::string history =
      c.text(c.call("memory_search", {{"query", "deploys staging cluster"}, {"include_archived", true}}));
  EXPECT_NE(history.find("project_deploy-target.md"), std::string::npos);
  EXPECT_NE(history.find("[history"), std::string::npos) << history;
}

// "had it changed by November 1?" asks about that day, as `memsim recall` reads
// it (query_time.h); an explicit as_of wins over the query's words.
TEST(McpSearch, TheQuerysOwnDayIsTheDayItAsksAbout) {
  Client c;
  c.text(c.call("memory_supersede",
                {{"old", "project_deploy-target.md"}, {"summary", "deploys go straight to production now"}}));
  const std::string asked = c.text(c.call("memory_search", {{"query", "deploys staging cluster as of 2026-11-01"}}));
  EXPECT_NE(asked.find("project_deploy-target.md"), std::string::npos) << asked;
  EXPECT_NE(asked.find("As of 2026-11-01 (\"as of 2026-11-01\" in the query"), std::string::npos) << asked;
  const std::string overridden =
      c.text(c.call("memory_search", {{"query", "deploys staging cluster as of 2026-11-01"}, {"as_of", "2026-11-30"}}));
  EXPECT_EQ(overridden.find("project_deploy-target.md"), std::string::npos) << overridden;
  EXPECT_EQ(overridden.find("As of"), std::string::npos) << overridden;
}

TEST(McpSearch, BadArgumentsAreToolErrorsTheModelCanRead) {
  Client c;
  for (const Json& args :
       {Json::object(), Json{{"query", 5}}, Json{{"query", "x"}, {"k", 0}}, Json{{"query", "x"}, {"k", 51}},
        Json{{"query", "x"}, {"k", 2.5}}, Json{{"query", "x"}, {"k", 1e300}}, Json{{"query", "x"}, {"k", -1}},
        Json{{"query", "x"}, {"k", 18446744073709551615ull}}, Json{{"query", "x"}, {"k", "3"}},
        Json{{"query", "x"}, {"as_of", "yesterday"}}, Json{{"query", "x"}, {"include_archived", "yes"}},
        Json{{"query", "x"}, {"qurey", "x"}}}) {
    Json r = c.call("memory_search", args);
    EXPECT_TRUE(invalid_arguments(r)) << args.dump() << " -> " << r.dump();
  }
  EXPECT_EQ(c.call("memory_search", {{"query", "tabs"}, {"k", 3.0}})["result"]["isError"], false);
}

TEST(McpGet, ReadsAFileOrARangeAndJournalsEachRead) {
  Client c;
  // Results are rendered context (render.h): the file's text, its last newline aside.
  const std::string tabs(kTabs);
  EXPECT_EQ(c.text(c.call("memory_get", {{"file", "preference_indent-with-tabs.md"}})),
            tabs.substr(0, tabs.size() - 1));
  EXPECT_EQ(c.text(c.call("memory_get", {{"file", "preference_indent-with-tabs"}, {"from_line", 8}, {"to_line", 9}})),
            "Second line.\nThird line.");
  EXPECT_EQ(c.text(c.call("memory_get", {{"file", "preference_indent-with-tabs.md"}, {"from_line", 9}})),
            "Third line.");
  auto j = parse_journal(c.journal());
  ASSERT_EQ(j.touches.size(), 3u) << c.journal();
  EXPECT_EQ(j.touches[0].filename, "preference_indent-with-tabs.md");
  EXPECT_EQ(j.touches[0].tool, "memory_get");
  EXPECT_EQ(j.touches[0].time, at("2026-11-30T10:00:00Z"));
  EXPECT_EQ(read(c.home + "/memory/preference_indent-with-tabs.md"), kTabs) << "a read never rewrites the file";
}

TEST(McpGet, RefusesWhatIsNotAMemoryFileOfThisHome) {
  Client c;
  write(c.dir / "secret.md", "outside\n");
  fsys::create_symlink(c.dir / "secret.md", c.home + "/memory/reference_link.md");
  for (const char* file : {"../../secret.md", "reference_link.md", "project_missing.md", "MEMORY.md", ""}) {
    const std::string t = c.text(c.call("memory_get", {{"file", file}}), /*expect_error=*/true);
    EXPECT_EQ(t.find("outside"), std::string::npos) << file;
  }
  EXPECT_NE(c.text(c.call("memory_get", {{"file", "preference_indent-with-tabs.md"}, {"from_line", 99}}), true)
                .find("has 9 lines"),
            std::string::npos);
  EXPECT_TRUE(invalid_arguments(
      c.call("memory_get", {{"file", "preference_indent-with-tabs.md"}, {"from_line", 3}, {"to_line", 2}})));
  EXPECT_TRUE(invalid_arguments(c.call("memory_get", {{"file", "preference_indent-with-tabs.md"}, {"from_line", -1}})));
  EXPECT_EQ(c.journal(), "") << "a refused read is not a touch";
}

TEST(McpRemember, WritesAStatedFactAndIndexesIt) {
  Client c;
  const std::string t = c.text(c.call("memory_remember", {{"name", "commit-style"},
                                                          {"type", "preference"},
                                                          {"summary", "commit messages in the imperative mood"},
                                                          {"body", "Say \"Add\", not \"Added\"."}}));
  EXPECT_NE(t.find("memory/preference_commit-style.md"), std::string::npos) << t;
  const std::string file = read(c.home + "/memory/preference_commit-style.md");
  EXPECT_EQ(file,
            "---\nname: preference_commit-style\ntype: preference\nsummary: \"commit messages in the imperative "
            "mood\"\nconfidence: stated\ncreated: 2026-11-30\nvalid_from: 2026-11-30\n---\nSay \"Add\", not "
            "\"Added\".\n");
  EXPECT_NE(read(c.home + "/memory/MEMORY.md").find("- preference_commit-style.md: commit messages"),
            std::string::npos);
  // A full name with its type works too; the same name twice is refused.
  c.text(c.call("memory_remember", {{"name", "user_timezone"}, {"type", "user"}, {"summary", "the user is in UTC+2"}}));
  EXPECT_TRUE(fsys::exists(c.home + "/memory/user_timezone.md"));
  const std::string again =
      c.text(c.call("memory_remember", {{"name", "commit-style"}, {"type", "preference"}, {"summary", "other"}}), true);
  EXPECT_NE(again.find("already exists"), std::string::npos) << again;
  EXPECT_EQ(read(c.home + "/memory/preference_commit-style.md"), file);
}

TEST(McpRemember, RefusesSecretsAndBadNamesWritingNothing) {
  Client c;
  const std::string t = c.text(c.call("memory_remember", {{"name", "aws"},
                                                          {"type", "reference"},
                                                          {"summary", "the deploy key"},
                                                          {"body", "key AKIAWDIAEQ3KDFYSPSC5"}}),
                               true);
  EXPECT_NE(t.find("secret"), std::string::npos) << t;
  EXPECT_EQ(t.find("AKIAWDIAEQ3KDFYSPSC5"), std::string::npos) << "the refusal must not echo the secret";
  for (const Json& args : {Json{{"name", "Bad Name"}, {"type", "user"}, {"summary", "s"}},
                           Json{{"name", "../escape"}, {"type", "user"}, {"summary", "s"}},
                           Json{{"name", "x"}, {"type", "user"}, {"summary", "  "}}})
    c.text(c.call("memory_remember", args), true);
  EXPECT_TRUE(invalid_arguments(c.call("memory_remember", {{"name", "x"}, {"type", "gossip"}, {"summary", "s"}})));
  EXPECT_TRUE(invalid_arguments(c.call("memory_remember", {{"name", "x"}, {"type", "user"}})));
  std::size_t files = 0;
  for (auto& e : fsys::directory_iterator(c.home + "/memory")) files += e.is_regular_file() ? 1 : 0;
  EXPECT_EQ(files, 2u);
  EXPECT_FALSE(fsys::exists(c.dir / "escape.md"));
}

TEST(McpSupersedeAndStatus, CloseAFactAndReportHealth) {
  Client c;
  const std::string t = c.text(c.call("memory_supersede", {{"old", "project_deploy-target.md"},
                                                           {"summary", "deploys go straight to production"}}));
  EXPECT_NE(t.find("wrote memory/project_deploy-target-2.md"), std::string::npos) << t;
  EXPECT_NE(read(c.home + "/memory/project_deploy-target.md").find("valid_until: 2026-11-30"), std::string::npos);
  c.text(c.call("memory_supersede", {{"old", "project_deploy-target.md"}, {"summary", "again"}}), true);
  const std::string secret = c.text(
      c.call("memory_supersede", {{"old", "project_deploy-target-2.md"}, {"summary", "key AKIAWDIAEQ3KDFYSPSC5"}}),
      true);
  EXPECT_NE(secret.find("secret"), std::string::npos) << secret;
  EXPECT_FALSE(fsys::exists(c.home + "/memory/project_deploy-target-3.md"));
  EXPECT_TRUE(invalid_arguments(c.call("memory_supersede", {{"old", "project_deploy-target-2.md"}})));
  EXPECT_TRUE(invalid_arguments(
      c.call("memory_supersede", {{"old", "project_deploy-target-2.md"}, {"summary", "s"}, {"confidence", "sure"}})));
  const std::string s = c.text(c.call("memory_status", Json::object()));
  EXPECT_NE(s.find("3 memories"), std::string::npos) << s;
  EXPECT_NE(s.find("superseded: 1 rows"), std::string::npos) << s;
  EXPECT_TRUE(invalid_arguments(c.call("memory_status", {{"verbose", true}})));
}

TEST(McpErrors, AMissingHomeIsAToolErrorNotACrash) {
  TempDir dir;
  PosixFileSystem fs;
  FixedClock clock{at("2026-11-30T10:00:00Z")};
  Server server(fs, clock, Home(dir / "nowhere"));
  for (const char* tool : {"memory_search", "memory_get", "memory_remember", "memory_status"}) {
    Json args = Json::object();
    if (std::string(tool) == "memory_search") args = {{"query", "x"}};
    if (std::string(tool) == "memory_get") args = {{"file", "user_x.md"}};
    if (std::string(tool) == "memory_remember") args = {{"name", "x"}, {"type", "user"}, {"summary", "s"}};
    Json r = Json::parse(server.handle(
        Json{{"jsonrpc", "2.0"}, {"id", 1}, {"method", "tools/call"}, {"params", {{"name", tool}, {"arguments", args}}}}
            .dump()));
    EXPECT_EQ(r["result"]["isError"], true) << tool << " " << r.dump();
  }
  EXPECT_FALSE(fsys::exists(dir / "nowhere"));
}

// Refused by the size check, not by a scan of the text (docs/mcp.md has the timing).
TEST(McpLimits, ATenMegabyteArgumentIsRefused) {
  Client c;
  const std::string big(10u << 20, 'a');
  EXPECT_TRUE(invalid_arguments(c.call("memory_search", {{"query", big}})));
  EXPECT_TRUE(invalid_arguments(
      c.call("memory_remember", {{"name", "big"}, {"type", "user"}, {"summary", "s"}, {"body", big}})));
  EXPECT_TRUE(invalid_arguments(c.call("memory_get", {{"file", big}})));
  EXPECT_FALSE(fsys::exists(c.home + "/memory/user_big.md"));
}

TEST(McpServe, AnswersEachRequestLineAndSkipsAnOverLongOne) {
  Client c;
  std::stringstream in;
  in << R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}})"
     << "\n"
     << R"({"jsonrpc":"2.0","method":"notifications/initialized"})"
     << "\n"
     << R"({"jsonrpc":"2.0","id":"two","method":"tools/list"})"
     << "\n"
     << R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"memory_search","arguments":{"query":")"
     << std::string(kMaxLineBytes, 'x') << "\"}}}\n"
     << "garbage\n"
     << R"({"jsonrpc":"2.0","id":4,"method":"ping"})";  // no final newline
  std::stringstream out;
  serve(c.server, in, out);
  std::vector<Json> responses;
  for (std::string line; std::getline(out, line);) responses.push_back(Json::parse(line));
  ASSERT_EQ(responses.size(), 5u);
  EXPECT_EQ(responses[0]["id"], 1);
  EXPECT_EQ(responses[1]["id"], "two");
  EXPECT_EQ(error_code(responses[2]), -32600) << responses[2].dump();
  EXPECT_EQ(error_code(responses[3]), -32700);
  EXPECT_EQ(responses[4]["id"], 4);
}

}  // namespace
}  // namespace memsim::mcp
