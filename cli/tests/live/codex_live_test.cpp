// The live suite for Codex CLI (docs/codex.md, "Live verification"): the real
// codex ($MEMSIM_CODEX, the pinned npm package) in a git project where memsim
// was installed as docs/codex.md tells a new user, run with `codex exec` against
// the scripted model's Responses API on loopback. What the model received, what
// was journaled, what Codex says it trusts, and what uninstall leaves.
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "memsim/live_codex.h"
#include "memsim/testing/testing.h"

namespace memsim::live::testing {
namespace {

using memsim::testing::read;
using memsim::testing::TempDir;
using memsim::testing::write;
namespace fs = std::filesystem;

std::string env_or(const char* name, const char* fallback) {
  const char* v = std::getenv(name);
  return v && *v ? v : fallback;
}

std::size_t count_of(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

// What the model received in the last request of the conversation, which holds
// every earlier one.
std::string last_request(const LiveResult& r) {
  return r.conversation.empty() ? std::string() : request_text(r.conversation.back());
}

const char* kMemory = "feedback_verify-before-claiming.md";
const char* kTheirHooks = R"({
  "hooks": {
    "Stop": [{"hooks": [{"type": "command", "command": "true", "timeout": 5}]}]
  }
}
)";

class CodexLive : public ::testing::Test {
 protected:
  void SetUp() override {
    codex_ = env_or("MEMSIM_CODEX", "");
    ASSERT_FALSE(codex_.empty()) << "MEMSIM_CODEX is not set: run the suite through ctest (live_install_codex)";
    ASSERT_EQ(::access(codex_.c_str(), X_OK), 0) << codex_ << " is not executable";
    fs::create_directories(project());
    fs::create_directories(user_home() + "/.codex");
    ASSERT_EQ(git({"init", "-q"}).exit_code, 0);
  }

  std::string project() const { return dir_ / "project"; }
  std::string user_home() const { return dir_ / "user"; }
  std::string home() const { return project() + "/.memsim"; }
  std::string codex_config() const { return user_home() + "/.codex/config.toml"; }

  ProcessResult git(std::vector<std::string> args) {
    args.insert(args.begin(), "git");
    auto r = run_process(args, "", {{"HOME", user_home()}}, dir_.path(), {project(), 60});
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? *r : ProcessResult{};
  }

  ProcessResult memsim(std::vector<std::string> args) {
    args.insert(args.begin(), memsim::testing::memsim_bin());
    args.insert(args.end(), {"--home", ".memsim"});
    auto r = run_process(args, "",
                         {{"HOME", user_home()}, {"CODEX_HOME", user_home() + "/.codex"}, {"MEMSIM_CODEX", codex_}},
                         dir_.path(), {project(), 120});
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? *r : ProcessResult{};
  }

  // docs/codex.md's steps: init, a memory, the identity and a lens, index,
  // install-hooks --harness codex --apply.
  void install() {
    ASSERT_EQ(memsim({"init", "--apply"}).exit_code, 0);
    write(home() + "/memory/" + kMemory,
          "---\nname: feedback_verify-before-claiming\ntype: feedback\nsummary: Verify a build before calling it "
          "done\n---\nRun the tests first.\n");
    write(home() + "/identity.md", "---\nname: identity\n---\nThe agent of a careful build engineer.\n");
    write(home() + "/lenses/memory-reads.md",
          "---\nname: memory-reads\ntype: lens\ntrigger:\n  tool_match: \"Read\"\n  path_pattern: \"/memory/\"\n---\n\n"
          "Lens check: a remembered fact may be stale.\n");
    ASSERT_EQ(memsim({"index"}).exit_code, 0);
    auto inst = memsim({"install-hooks", "--harness", "codex", "--apply"});
    ASSERT_EQ(inst.exit_code, 0) << inst.err;
  }

  // What a person does in Codex the first time: trust the project, then review
  // and trust its hooks (/hooks). Codex's own hashes make the record.
  std::vector<CodexHook> trust() {
    write(codex_config(), "[projects." + nlohmann::json(project()).dump() + "]\ntrust_level = \"trusted\"\n");
    auto hooks = list_codex_hooks(codex_, project(), user_home(), user_home() + "/.codex");
    EXPECT_TRUE(hooks.ok()) << hooks.message();
    if (!hooks.ok()) return {};
    std::string config = read(codex_config());
    write(codex_config(), config + codex_trust_toml(*hooks));
    return *hooks;
  }

  LiveResult run(const std::string& prompt, std::vector<ScriptedTurn> script) {
    CodexSession s{codex_, project(), user_home(), {}, {}, 120};
    auto r = run_codex_live(s, prompt, std::move(script));
    EXPECT_TRUE(r.ok()) << r.message();
    if (!r.ok()) return {};
    EXPECT_EQ(r->process.exit_code, 0) << r->process.err;
    return *r;
  }

  std::vector<std::string> touches() {
    std::vector<std::string> out;
    const std::string log = read(home() + "/runtime/access.log");
    for (std::size_t p = 0, q; (q = log.find('\n', p)) != std::string::npos; p = q + 1)
      if (log.substr(p, q - p).find(" SessionStart ") == std::string::npos) out.push_back(log.substr(p, q - p));
    return out;
  }

  std::string codex_;
  TempDir dir_;
};

// The issue's "proven live": the index and the identity reach the model, a
// memory read through the shell is journaled, a lens arrives once in the
// session, the session's end captures the rollout, and verify-install passes.
TEST_F(CodexLive, TheIndexIdentityAReadALensAndTheCaptureInTheRealClient) {
  install();
  // Before the review, Codex knows our hooks and will not run them.
  {
    auto before = list_codex_hooks(codex_, project(), user_home(), user_home() + "/.codex");
    ASSERT_TRUE(before.ok()) << before.message();
    auto v = memsim({"verify-install", "--harness", "codex", "--codex", codex_});
    EXPECT_EQ(v.exit_code, 1) << v.out;
    EXPECT_NE(v.out.find("FAIL codex-trust"), std::string::npos) << v.out;
  }
  const auto hooks = trust();
  ASSERT_EQ(hooks.size(), 4u);
  for (const CodexHook& h : hooks) EXPECT_NE(h.command.find(" hook --harness codex "), std::string::npos) << h.command;

  const std::string cat = "cat .memsim/memory/" + std::string(kMemory);
  auto r = run("Always run ninja with -j2 here. Check what we remembered.",
               {ScriptedTurn::call("exec_command", {{"cmd", cat}}),
                ScriptedTurn::call("exec_command",
                                   {{"cmd", "sed -n '1,5p' .memsim/memory/" + std::string(kMemory) + " | nl -ba"}}),
                ScriptedTurn::say("Checked.")});
  ASSERT_GE(r.conversation.size(), 3u) << r.process.out << r.process.err;
  const std::string first = request_text(r.conversation.front());
  EXPECT_NE(first.find("## Memory index"), std::string::npos) << first.substr(0, 4000);
  EXPECT_NE(first.find(std::string(kMemory) + ": Verify a build before calling it done"), std::string::npos);
  EXPECT_NE(first.find("The agent of a careful build engineer."), std::string::npos);
  EXPECT_NE(first.find("context, not instructions"), std::string::npos);
  const std::string last = last_request(r);
  EXPECT_NE(last.find("Run the tests first."), std::string::npos) << "the cat ran";
  EXPECT_EQ(count_of(last, "Lens check: a remembered fact may be stale."), 1u) << last.substr(0, 6000);

  const auto t = touches();
  ASSERT_EQ(t.size(), 2u) << read(home() + "/runtime/access.log") << read(home() + "/runtime/hook-errors.log");
  for (const std::string& line : t) EXPECT_NE(line.find(" Read " + std::string(kMemory) + " "), std::string::npos);
  EXPECT_EQ(read(home() + "/runtime/hook-errors.log"), "");

  // SessionEnd read the rollout: the person's directive is a candidate.
  std::string atoms;
  if (fs::exists(home() + "/candidates"))
    for (const auto& e : fs::directory_iterator(home() + "/candidates")) atoms += read(e.path().string());
  EXPECT_NE(atoms.find("ninja with -j2"), std::string::npos) << atoms;

  auto v = memsim({"verify-install", "--harness", "codex", "--codex", codex_});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
  EXPECT_NE(v.out.find("PASS codex-trust"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("PASS synthetic-touch"), std::string::npos) << v.out;
}

// Uninstall leaves the person's own hooks.json byte for byte, and a second
// install over their file keeps their hook.
TEST_F(CodexLive, UninstallLeavesThePersonsHooksAsTheyWere) {
  write(project() + "/.codex/hooks.json", kTheirHooks);
  install();
  const std::string installed = read(project() + "/.codex/hooks.json");
  EXPECT_NE(installed.find("\"command\": \"true\""), std::string::npos) << installed;
  EXPECT_EQ(installed.find(user_home()), std::string::npos) << "no path of one machine for the home";
  ASSERT_EQ(memsim({"install-hooks", "--harness", "codex", "--apply"}).exit_code, 0);
  EXPECT_EQ(read(project() + "/.codex/hooks.json"), installed) << "idempotent";
  auto un = memsim({"install-hooks", "--harness", "codex", "--uninstall", "--apply"});
  ASSERT_EQ(un.exit_code, 0) << un.err;
  EXPECT_EQ(read(project() + "/.codex/hooks.json"), kTheirHooks);
  // Codex agrees: only their hook is left.
  write(codex_config(), "[projects." + nlohmann::json(project()).dump() + "]\ntrust_level = \"trusted\"\n");
  auto left = list_codex_hooks(codex_, project(), user_home(), user_home() + "/.codex");
  ASSERT_TRUE(left.ok()) << left.message();
  ASSERT_EQ(left->size(), 1u);
  EXPECT_EQ(left->front().command, "true");
}

}  // namespace
}  // namespace memsim::live::testing
