// What the live suites of the other harnesses (Codex CLI, Gemini CLI) share: a
// project and a user's HOME in a scratch directory, memsim run in the project
// as a person would, the install their docs page gives (a memory, the identity,
// a lens on reads of memory/, the index, install-hooks --harness NAME --apply),
// and what the run left in the home.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "live_fixture.h"

namespace memsim::live::testing {

constexpr const char* kMemory = "feedback_verify-before-claiming.md";
constexpr const char* kMemoryBody = "Run the tests first.";
constexpr const char* kMemorySummary = "Verify a build before calling it done";
constexpr const char* kIdentity = "The agent of a careful build engineer.";
constexpr const char* kLens = "Lens check: a remembered fact may be stale.";

class HarnessLive : public ::testing::Test {
 protected:
  // The client named by `variable` (set by CTest from the install test `setup`).
  void use_client(const char* variable, const char* setup) {
    client_ = env_or(variable, "");
    ASSERT_FALSE(client_.empty()) << variable << " is not set: run the suite through ctest (" << setup << ")";
    ASSERT_EQ(::access(client_.c_str(), X_OK), 0) << client_ << " is not executable";
    std::filesystem::create_directories(project());
    std::filesystem::create_directories(user_home());
  }

  std::string project() const { return dir_ / "project"; }
  std::string user_home() const { return dir_ / "user"; }
  std::string home() const { return project() + "/.memsim"; }

  // `program args` in the project with HOME the scratch user's and `env` added.
  ProcessResult run_in_project(std::vector<std::string> argv,
                               std::vector<std::pair<std::string, std::string>> env = {}) {
    env.insert(env.begin(), {"HOME", user_home()});
    auto r = run_process(argv, "", env, dir_.path(), {project(), 120});
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? *r : ProcessResult{};
  }

  ProcessResult memsim(std::vector<std::string> args, std::vector<std::pair<std::string, std::string>> env = {}) {
    args.insert(args.begin(), memsim::testing::memsim_bin());
    args.insert(args.end(), {"--home", ".memsim"});
    return run_in_project(std::move(args), std::move(env));
  }

  void install(const std::string& harness, std::vector<std::pair<std::string, std::string>> env = {}) {
    ASSERT_EQ(memsim({"init", "--apply"}, env).exit_code, 0);
    write(home() + "/memory/" + kMemory, "---\nname: feedback_verify-before-claiming\ntype: feedback\nsummary: " +
                                             std::string(kMemorySummary) + "\n---\n" + kMemoryBody + "\n");
    write(home() + "/identity.md", "---\nname: identity\n---\n" + std::string(kIdentity) + "\n");
    write(
        home() + "/lenses/memory-reads.md",
        "---\nname: memory-reads\ntype: lens\ntrigger:\n  tool_match: \"Read\"\n  path_pattern: \"/memory/\"\n---\n\n" +
            std::string(kLens) + "\n");
    ASSERT_EQ(memsim({"index"}, env).exit_code, 0);
    auto inst = memsim({"install-hooks", "--harness", harness, "--apply"}, env);
    ASSERT_EQ(inst.exit_code, 0) << inst.err;
  }

  // A run's result, which must have run and exited 0.
  static LiveResult ran(Result<LiveResult> r) {
    EXPECT_TRUE(r.ok()) << r.message();
    if (!r.ok()) return {};
    EXPECT_EQ(r->process.exit_code, 0) << r->process.err;
    return *r;
  }

  // The journal's touch lines (its session-start lines left out).
  std::vector<std::string> touches() { return touches_of(home()); }

  // What the session must have left: `reads` Read touches of kMemory, no hook
  // failure, and the person's "Always run ninja with -j2" captured.
  void expect_reads_and_capture(std::size_t reads) {
    const auto t = touches();
    EXPECT_EQ(t.size(), reads) << read(home() + "/runtime/access.log") << read(home() + "/runtime/hook-errors.log");
    for (const std::string& line : t) EXPECT_NE(line.find(" Read " + std::string(kMemory) + " "), std::string::npos);
    EXPECT_EQ(read(home() + "/runtime/hook-errors.log"), "");
    EXPECT_NE(candidates().find("ninja with -j2"), std::string::npos) << candidates();
  }

  // Every candidate's text, joined.
  std::string candidates() {
    std::string atoms;
    if (std::filesystem::exists(home() + "/candidates"))
      for (const auto& e : std::filesystem::directory_iterator(home() + "/candidates"))
        atoms += read(e.path().string());
    return atoms;
  }

  std::string client_;
  TempDir dir_;
};

}  // namespace memsim::live::testing
