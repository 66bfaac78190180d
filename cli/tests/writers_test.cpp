// Every writer of authored text, through the built binary: each command and MCP
// tool that writes what a person, an agent or a transcript supplied is given a
// secret and a user's home path, and afterwards no file under either home holds
// the secret or the user's name (gate.h). A stated fact holding a secret is
// refused, not stored redacted.
//
// The classification below is checked against `memsim --help` and the MCP
// server's tools/list: a command or tool added without a place here fails
// WritersTest.EveryCommandAndToolIsClassified, so no new writer skips the gate
// unnoticed.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "memsim/testing/run_memsim.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::memsim;
using testing::read;
using testing::subcommands;
using testing::TempDir;
using testing::write;
namespace fsys = std::filesystem;

const std::string kToken = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
const std::string kPassword = "S3cr3tP4ssw0rd";
const std::string kUser = "zqalice";
const std::string kSecretLine = "connect with mysql -u root -p" + kPassword + " and push with " + kToken;
const std::string kPathLine = "the venv lives in /home/" + kUser + "/venvs/tool";

// Commands that write authored text, each exercised below.
const std::set<std::string> kWriters = {
    "remember", "supersede", "forget", "handoff", "capture", "promote", "adopt", "hook", "import-claude-memory"};
// Commands that write no authored text, with the reason.
const std::map<std::string, std::string> kNonWriters = {
    {"init", "creates the layout and memsim's own text"},
    {"index", "derives MEMORY.md from files already written"},
    {"touch", "journals a file name that must already exist"},
    {"status", "reads only"},
    {"lint", "reads only"},
    {"tick", "derives the index and the cue from files already written"},
    {"meditation", "records which existing object was used"},
    {"install-hooks", "writes memsim's own settings and text"},
    {"verify-install", "works in a scratch copy it removes"},
    {"recall", "reads only"},
    {"run", "simulated homes in a temporary directory"},
    {"replay", "simulated homes in a temporary directory"},
    {"sweep", "simulated homes in a temporary directory"},
    {"evaluate", "reads only"},
    {"calibrate", "writes a scenario of numbers fitted to the journal"},
    {"redact", "standard output only"},
    {"why", "reads only"},
    {"inspect", "reads only"},
    {"resolve", "chooses between claims capture already wrote, or closes windows (valid_until only)"},
    {"mcp", "its tools are classified below"},
    {"share", "records policy values already folded, and memsim's own git settings"},
    {"merge-file", "merges texts git already holds, without adding any"},
    {"sync", "commits and merges files already written; recomputes policy lines"},
};
const std::set<std::string> kWriterTools = {"memory_remember", "memory_supersede"};
const std::set<std::string> kReaderTools = {"memory_search", "memory_get", "memory_status"};

std::string mcp_call(int id, const std::string& tool, const nlohmann::json& args) {
  return nlohmann::json{{"jsonrpc", "2.0"},
                        {"id", id},
                        {"method", "tools/call"},
                        {"params", {{"name", tool}, {"arguments", args}}}}
             .dump() +
         "\n";
}

const std::string kMcpInit =
    R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},)"
    R"("clientInfo":{"name":"t","version":"1"}}})"
    "\n";

class WritersTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(run({"init", "--apply"}).code, 0);
    write(home + "/memory/feedback_x.md",
          "---\nname: feedback_x\ntype: feedback\nsummary: verify before claiming done\ncreated: "
          "2026-06-01\n---\nbody\n");
    write(home + "/memory/feedback_y.md",
          "---\nname: feedback_y\ntype: feedback\nsummary: a fact to forget\n---\nbody\n");
  }
  testing::Ran run(std::vector<std::string> args, const std::string& stdin_text = "") {
    args.insert(args.end(), {"--home", home, "--now", "2026-07-10T00:00:00Z"});
    return memsim(args, stdin_text);
  }
  // Every file under both homes, searched for the secret and the user's name.
  void expect_clean() {
    int files = 0;
    for (const std::string& root : {home, user}) {
      if (!fsys::exists(root)) continue;
      for (const auto& e : fsys::recursive_directory_iterator(root)) {
        if (!e.is_regular_file()) continue;
        ++files;
        const std::string text = read(e.path());
        for (const std::string& needle : {kToken, kPassword, kUser})
          EXPECT_EQ(text.find(needle), std::string::npos) << e.path() << " holds " << needle;
      }
    }
    EXPECT_GT(files, 3);
  }
  std::string transcript(const std::string& session, const std::string& at) {
    std::string text;
    for (const std::string& l : {"Always " + kSecretLine + ".", "Always remember that " + kPathLine + "."})
      text += nlohmann::json{{"type", "user"},
                             {"sessionId", session},
                             {"timestamp", at},
                             {"cwd", "/w/loom"},
                             {"message", {{"role", "user"}, {"content", l}}}}
                  .dump() +
              "\n";
    const std::string path = dir / (session + ".jsonl");
    write(path, text);
    return path;
  }

  TempDir dir;
  std::string home = dir / "home", user = dir / "user";
};

TEST_F(WritersTest, EveryCommandAndToolIsClassified) {
  auto help = memsim({"--help"});
  ASSERT_EQ(help.code, 0);
  const std::vector<std::string> names = subcommands(help.out);
  EXPECT_GT(names.size(), 20u) << help.out;
  for (const std::string& n : names)
    EXPECT_TRUE(kWriters.count(n) || kNonWriters.count(n))
        << "`memsim " << n << "` is new: classify it in writers_test.cpp (and, if it writes authored text, pass "
        << "that text through gate_text and exercise it here)";
  auto listed = run({"mcp"}, kMcpInit + R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})" + "\n");
  ASSERT_EQ(listed.code, 0) << listed.err;
  int tools = 0;
  std::istringstream lines(listed.out);
  for (std::string line; std::getline(lines, line);) {
    const auto j = nlohmann::json::parse(line);
    if (j.value("id", -1) != 1) continue;
    for (const auto& t : j.at("result").at("tools")) {
      ++tools;
      const std::string name = t.at("name");
      EXPECT_TRUE(kWriterTools.count(name) || kReaderTools.count(name)) << "MCP tool " << name << " is new";
    }
  }
  EXPECT_EQ(tools, static_cast<int>(kWriterTools.size() + kReaderTools.size()));
}

TEST_F(WritersTest, AStatedSecretIsRefusedAndAHomePathLosesItsUser) {
  auto refused = run({"remember", "db-login", "--type", "reference", "--summary", kSecretLine});
  EXPECT_EQ(refused.code, 2);
  EXPECT_NE(refused.err.find("looks like it holds a secret"), std::string::npos) << refused.err;
  EXPECT_FALSE(fsys::exists(home + "/memory/reference_db-login.md"));
  EXPECT_EQ(run({"remember", "db-login", "--type", "reference", "--summary", "db login", "--body", kSecretLine}).code,
            2);
  EXPECT_EQ(run({"remember", "venv", "--type", "reference", "--summary", kPathLine}).code, 0);
  EXPECT_NE(read(home + "/memory/reference_venv.md").find("~/venvs/tool"), std::string::npos);

  EXPECT_EQ(run({"supersede", "feedback_x.md", "--summary", kSecretLine}).code, 2);
  EXPECT_EQ(run({"supersede", "feedback_x.md", "--summary", "verify first", "--body", kPathLine}).code, 0);

  auto forgot = run({"forget", "feedback_y.md", "--reason", kSecretLine + "; " + kPathLine});
  EXPECT_EQ(forgot.code, 0) << forgot.err;
  EXPECT_NE(read(home + "/runtime/forget.log").find("[REDACTED:"), std::string::npos);

  auto handed = run({"handoff", "--done", kSecretLine, "--next", kPathLine, "--gotcha", "none"});
  EXPECT_EQ(handed.code, 0) << handed.err;
  EXPECT_NE(read(home + "/memory/HANDOFF.md").find("[REDACTED:"), std::string::npos);
  expect_clean();
}

// Claude Code's auto memory is the agent's own notes: a topic file holding a
// secret is refused, one holding a home path comes in with the user's name gone.
TEST_F(WritersTest, AnImportedAutoMemoryGoesThroughTheSameGate) {
  const std::string from = dir / "auto-memory";
  write(from + "/reference_db.md",
        "---\nname: db\ndescription: how to reach the db\ntype: reference\n---\n" + kSecretLine + "\n");
  write(from + "/reference_venv.md",
        "---\nname: venv\ndescription: where the venv is\ntype: reference\n---\n" + kPathLine + "\n");
  auto r = run({"import-claude-memory", "--from", from, "--apply"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("reference_db.md -> memory/reference_db.md: skipped"), std::string::npos) << r.out;
  EXPECT_FALSE(fsys::exists(home + "/memory/reference_db.md"));
  EXPECT_NE(read(home + "/memory/reference_venv.md").find("~/venvs/tool"), std::string::npos);
  expect_clean();
}

TEST_F(WritersTest, TheMcpToolsGoThroughTheSameGate) {
  std::string in = kMcpInit;
  in += mcp_call(1, "memory_remember", {{"name", "db-login"}, {"type", "reference"}, {"summary", kSecretLine}});
  in += mcp_call(2, "memory_remember", {{"name", "venv"}, {"type", "reference"}, {"summary", kPathLine}});
  in += mcp_call(3, "memory_supersede", {{"old", "feedback_x.md"}, {"summary", kSecretLine}});
  in += mcp_call(4, "memory_supersede", {{"old", "feedback_x.md"}, {"summary", kPathLine}});
  auto served = run({"mcp"}, in);
  ASSERT_EQ(served.code, 0) << served.err;
  std::map<int, bool> is_error;
  std::istringstream lines(served.out);
  for (std::string line; std::getline(lines, line);) {
    const auto j = nlohmann::json::parse(line);
    if (j.contains("result") && j["result"].contains("isError")) is_error[j["id"]] = j["result"]["isError"];
  }
  EXPECT_TRUE(is_error[1]) << served.out;
  EXPECT_FALSE(is_error[2]) << served.out;
  EXPECT_TRUE(is_error[3]) << served.out;
  EXPECT_FALSE(is_error[4]) << served.out;
  EXPECT_TRUE(fsys::exists(home + "/memory/reference_venv.md"));
  expect_clean();
}

TEST_F(WritersTest, TranscriptsThroughCaptureTheHookAndTheLadderLeaveNoSecretAndNoUser) {
  const char* sessions[][2] = {{"a1", "2026-07-02T12:00:00Z"},
                               {"a2", "2026-07-03T12:00:00Z"},
                               {"a3", "2026-07-04T12:00:00Z"}};
  for (const auto& s : sessions) {
    auto r = run({"capture", transcript(s[0], s[1]), "--user-home", user});
    ASSERT_EQ(r.code, 0) << r.err;
  }
  const std::string t = transcript("a4", "2026-07-05T12:00:00Z");
  const std::string payload = nlohmann::json{
      {"session_id", "a4"},
      {"transcript_path", t},
      {"cwd", "/w/loom"},
      {"hook_event_name", "SessionEnd"},
      {"reason", "other"}}.dump();
  EXPECT_EQ(memsim({"hook", "session-end", "--home", home}, payload).code, 0);
  ASSERT_EQ(run({"promote", "--apply", "--user-home", user}).code, 0);
  auto adopted = run({"adopt", "--all", "--user-home", user});
  EXPECT_EQ(adopted.code, 0) << adopted.err;
  // The ladder moved the path line, so the search below looked at committed output.
  int promoted = 0;
  for (const auto& e : fsys::directory_iterator(home + "/memory"))
    if (e.is_regular_file() && read(e.path()).find("~/venvs/tool") != std::string::npos) ++promoted;
  EXPECT_GE(promoted, 1) << adopted.out;
  expect_clean();
}

// What transcripts said before review and what the harness sent are the owner's
// alone, whatever the umask: 0700 directories, 0600 files.
TEST_F(WritersTest, CandidatesStagedAndRuntimeAreTheOwnersAlone) {
  const mode_t old = ::umask(022);  // inherited by every child the helper starts
  for (const auto& s :
       {std::pair{"a1", "2026-07-02T12:00:00Z"}, {"a2", "2026-07-03T12:00:00Z"}, {"a3", "2026-07-04T12:00:00Z"}})
    ASSERT_EQ(run({"capture", transcript(s.first, s.second), "--user-home", user}).code, 0);
  ASSERT_EQ(run({"touch", "feedback_x.md"}).code, 0);
  ASSERT_EQ(run({"promote", "--apply", "--user-home", user}).code, 0);
  ASSERT_EQ(run({"index"}).code, 0);
  ASSERT_EQ(run({"recall", "venv"}).code, 0);  // SQLite's search.db and its journal
  ASSERT_TRUE(fsys::exists(home + "/runtime/search.db"));
  int seen = 0;
  for (const std::string& root : {home, user})
    for (const char* sub : {"candidates", "staged", "runtime"}) {
      const std::string top = root + "/" + sub;
      if (!fsys::exists(top)) continue;
      std::vector<std::string> paths = {top};
      for (const auto& e : fsys::recursive_directory_iterator(top)) paths.push_back(e.path());
      for (const std::string& p : paths) {
        struct stat st;
        ASSERT_EQ(::lstat(p.c_str(), &st), 0) << p;
        EXPECT_EQ(st.st_mode & 077, 0u) << p << " is open to others: " << std::oct << (st.st_mode & 0777);
        ++seen;
      }
    }
  EXPECT_GT(seen, 6);
  // verify-install says so when someone opens one up again.
  ASSERT_EQ(::chmod((home + "/runtime").c_str(), 0755), 0);
  auto v = run({"verify-install", "--json"});
  ::umask(old);
  const auto j = nlohmann::json::parse(v.out);
  bool reported = false;
  for (const auto& c : j.at("checks"))
    if (c.at("check") == "private") reported = !c.at("ok").get<bool>();
  EXPECT_TRUE(reported) << v.out;
}

}  // namespace
}  // namespace memsim
