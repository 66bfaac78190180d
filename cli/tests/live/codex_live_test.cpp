// The live suite for Codex CLI (docs/codex.md, "Live verification"): the real
// codex ($MEMSIM_CODEX, the pinned npm package) in a git project where memsim
// was installed as docs/codex.md tells a new user, run with `codex exec` against
// the scripted model's Responses API on loopback. What the model received, what
// was journaled, what Codex says it trusts, and what uninstall leaves.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness_fixture.h"
#include "memsim/live_codex.h"

namespace memsim::live::testing {
namespace {

// What the model received in the last request of the conversation, which holds
// every earlier one.
std::string last_request(const LiveResult& r) {
  return r.conversation.empty() ? std::string() : request_text(r.conversation.back());
}

const char* kTheirHooks = R"({
  "hooks": {
    "Stop": [{"hooks": [{"type": "command", "command": "true", "timeout": 5}]}]
  }
}
)";

class CodexLive : public HarnessLive {
 protected:
  void SetUp() override {
    use_client("MEMSIM_CODEX", "live_install_codex");
    std::filesystem::create_directories(user_home() + "/.codex");
    ASSERT_EQ(run_in_project({"git", "init", "-q"}).exit_code, 0);
  }

  std::string codex_config() const { return user_home() + "/.codex/config.toml"; }
  std::vector<std::pair<std::string, std::string>> codex_env() const {
    return {{"CODEX_HOME", user_home() + "/.codex"}, {"MEMSIM_CODEX", client_}};
  }
  ProcessResult memsim(std::vector<std::string> args) { return HarnessLive::memsim(std::move(args), codex_env()); }
  void install() { HarnessLive::install("codex", codex_env()); }

  // What a person does in Codex the first time: trust the project, then review
  // and trust its hooks (/hooks). Codex's own hashes make the record.
  std::vector<CodexHook> trust() {
    write(codex_config(), "[projects." + nlohmann::json(project()).dump() + "]\ntrust_level = \"trusted\"\n");
    auto hooks = list_codex_hooks(client_, project(), user_home(), user_home() + "/.codex");
    EXPECT_TRUE(hooks.ok()) << hooks.message();
    if (!hooks.ok()) return {};
    std::string config = read(codex_config());
    write(codex_config(), config + codex_trust_toml(*hooks));
    return *hooks;
  }

  LiveResult run(const std::string& prompt, std::vector<ScriptedTurn> script) {
    return ran(run_codex_live({client_, project(), user_home(), {}, {}, 120}, prompt, std::move(script)));
  }
};

// The issue's "proven live": the index and the identity reach the model, a
// memory read through the shell is journaled, a lens arrives once in the
// session, the session's end captures the rollout, and verify-install passes.
TEST_F(CodexLive, TheIndexIdentityAReadALensAndTheCaptureInTheRealClient) {
  install();
  // Before the review, Codex knows our hooks and will not run them.
  {
    auto before = list_codex_hooks(client_, project(), user_home(), user_home() + "/.codex");
    ASSERT_TRUE(before.ok()) << before.message();
    auto v = memsim({"verify-install", "--harness", "codex", "--codex", client_});
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
  EXPECT_NE(first.find(std::string(kMemory) + ": " + kMemorySummary), std::string::npos);
  EXPECT_NE(first.find(kIdentity), std::string::npos);
  EXPECT_NE(first.find("context, not instructions"), std::string::npos);
  const std::string last = last_request(r);
  EXPECT_NE(last.find(kMemoryBody), std::string::npos) << "the cat ran";
  EXPECT_EQ(count_of(last, kLens), 1u) << last.substr(0, 6000);

  // SessionEnd read the transcript: the person's directive is a candidate.
  expect_reads_and_capture(2);

  auto v = memsim({"verify-install", "--harness", "codex", "--codex", client_});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
  EXPECT_NE(v.out.find("PASS codex-trust"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("PASS synthetic-touch"), std::string::npos) << v.out;

  // The same on a user's machine: --live runs the real codex in a scratch copy.
  auto live = memsim({"verify-install", "--harness", "codex", "--codex", client_, "--live"});
  EXPECT_EQ(live.exit_code, 0) << live.out << live.err;
  for (const char* check :
       {"PASS live-codex", "PASS live-session", "PASS live-index", "PASS live-touch", "PASS live-hook-errors"})
    EXPECT_NE(live.out.find(check), std::string::npos) << check << "\n" << live.out;
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
  auto left = list_codex_hooks(client_, project(), user_home(), user_home() + "/.codex");
  ASSERT_TRUE(left.ok()) << left.message();
  ASSERT_EQ(left->size(), 1u);
  EXPECT_EQ(left->front().command, "true");
}

}  // namespace
}  // namespace memsim::live::testing
