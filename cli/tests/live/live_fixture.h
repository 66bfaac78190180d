// The live suite's fixture: a project where memsim was installed as the README
// tells a new user, the real Claude Code binary ($MEMSIM_CLAUDE, the pinned npm
// package) to run in it with `claude -p` against the scripted model
// (model_server.h), and helpers to read what the model received.
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "memsim/cron.h"
#include "memsim/live.h"
#include "memsim/testing/testing.h"
#include "memsim/timefmt.h"

namespace memsim::live::testing {

using memsim::testing::read;
using memsim::testing::TempDir;
using memsim::testing::write;
namespace fs = std::filesystem;

inline std::string env_or(const char* name, const char* fallback) {
  const char* v = std::getenv(name);
  return v && *v ? v : fallback;
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t p = 0;
  for (std::size_t q; (q = text.find('\n', p)) != std::string::npos; p = q + 1) out.push_back(text.substr(p, q - p));
  if (p < text.size()) out.push_back(text.substr(p));
  return out;
}

inline std::size_t count_of(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

// The touch lines of a home's journal (each session's start has a line of its own too).
inline std::vector<std::string> touches_of(const std::string& home) {
  std::vector<std::string> touches;
  for (const std::string& l : lines_of(read(home + "/runtime/access.log")))
    if (l.find(" SessionStart ") == std::string::npos) touches.push_back(l);
  return touches;
}

// --now for a command run `minutes` from now (after the 10-minute live-session
// guard, when that is passed).
inline std::string minutes_from_now(int minutes) { return format_instant(std::time(nullptr) + minutes * 60); }

// A project with memsim installed the README's way: init, index, install-hooks,
// each run in the project directory with --home .memsim.
class Live : public ::testing::Test {
 protected:
  void SetUp() override {
    claude_ = env_or("MEMSIM_CLAUDE", "");
    ASSERT_FALSE(claude_.empty()) << "MEMSIM_CLAUDE is not set: run the suite through ctest (live_install_claude_code)";
    ASSERT_EQ(::access(claude_.c_str(), X_OK), 0) << claude_ << " is not executable";
    fs::create_directories(project());
    fs::create_directories(user_home());
  }

  std::string project() const { return dir_ / "project"; }
  std::string user_home() const { return dir_ / "user"; }
  std::string home() const { return project() + "/.memsim"; }
  std::string memory(const std::string& name) const { return home() + "/memory/" + name; }

  ProcessResult memsim(std::vector<std::string> args, const std::string& input = "") {
    args.insert(args.begin(), memsim::testing::memsim_bin());
    args.push_back("--home");
    args.push_back(".memsim");
    auto r = run_process(args, input, {{"HOME", user_home()}}, dir_.path(), {project(), 60});
    EXPECT_TRUE(r.ok()) << r.message();
    return r.ok() ? *r : ProcessResult{};
  }

  // init, then `before_index` (write memories, lenses), then index and install
  // (install-hooks --apply with `install_args`: --mcp, --profile shared).
  void install(const std::function<void()>& before_index = {}, std::vector<std::string> install_args = {}) {
    ASSERT_EQ(memsim({"init", "--apply"}).exit_code, 0);
    if (before_index) before_index();
    ASSERT_EQ(memsim({"index"}).exit_code, 0);
    install_args.insert(install_args.begin(), {"install-hooks", "--apply"});
    auto inst = memsim(install_args);
    ASSERT_EQ(inst.exit_code, 0) << inst.err;
  }

  void copy_fixture_home() {
    const std::string src = env_or("MEMSIM_SOURCE_DIR", ".") + std::string("/fixtures/home");
    fs::copy(src, home(), fs::copy_options::recursive | fs::copy_options::overwrite_existing);
  }

  // `env` reaches claude and so every hook it runs: {"MEMSIM_NOW", day} puts a
  // session on another day.
  LiveResult run(const std::string& prompt, std::vector<ScriptedTurn> script, std::vector<std::string> args = {},
                 std::vector<std::pair<std::string, std::string>> env = {}) {
    LiveSession s{claude_, project(), user_home(), std::move(args), std::move(env), 120};
    auto r = run_live(s, prompt, std::move(script));
    EXPECT_TRUE(r.ok()) << r.message();
    if (!r.ok()) return {};
    EXPECT_EQ(r->process.exit_code, 0) << r->process.err;
    return *r;
  }

  // The journal's touch lines (each session's start has a line of its own too).
  std::vector<std::string> journal_lines() { return touches_of(home()); }

  // One night as cron runs it (cron.h): the tick, then the wake (the default
  // wake command, the sub-agent profile, the prompt last) with the model
  // scripted to record tonight's sit with the command the prompt names and to
  // write `entry` into the dream file the cue names, then the next tick. The
  // home's one meditation is meditations/breath.md. Checks that the cue named
  // both, that the entry was written and that the next tick recorded both.
  struct Night {
    std::string sit;    // the command the wake prompt gives for the sit
    std::string dream;  // the cue's dream-journal file, relative to the home
    LiveResult wake;
  };
  Night night(const std::string& entry) {
    Night n;
    EXPECT_EQ(memsim({"tick", "--now", minutes_from_now(-2)}).exit_code, 0);
    const std::string cue = read(home() + "/runtime/state/cue.json");
    std::string object;
    const auto parsed = nlohmann::json::parse(cue, nullptr, false);
    for (const auto& item :
         parsed.is_object() ? parsed.value("items", nlohmann::json::array()) : nlohmann::json::array()) {
      if (item["kind"] == "dream-journal" && !item["files"].empty()) n.dream = item["files"][0];
      if (item["kind"] == "meditation" && !item["files"].empty()) object = item["files"][0];
    }
    EXPECT_EQ(object, "meditations/breath.md") << cue;
    EXPECT_FALSE(n.dream.empty()) << cue;
    if (n.dream.empty()) return n;

    install::CronSpec spec;
    spec.command = memsim::testing::memsim_bin();
    spec.home = home();
    spec.project = project();
    std::vector<std::string> args = install::default_wake_args(spec);
    EXPECT_EQ(args.front(), "claude");
    args.erase(args.begin());
    const std::string prompt = install::wake_prompt(spec);
    n.sit = spec.command + " meditation next --record --home " + spec.home;
    EXPECT_NE(prompt.find(n.sit), std::string::npos) << "the model is told the very command: " << prompt;
    LiveSession s{claude_, project(), user_home(), args, {{"MEMSIM_PROFILE", "subagent"}}, 120, true};
    auto r = run_live(s, prompt,
                      {ScriptedTurn::call("Bash", {{"command", n.sit}, {"description", "record tonight's sit"}}),
                       ScriptedTurn::call("Write", {{"file_path", home() + "/" + n.dream}, {"content", entry + "\n"}}),
                       ScriptedTurn::say("Sat; wrote the entry.")});
    EXPECT_TRUE(r.ok()) << r.message();
    if (!r.ok()) return n;
    n.wake = *r;
    EXPECT_EQ(n.wake.process.exit_code, 0) << n.wake.process.err;
    EXPECT_EQ(read(home() + "/" + n.dream), entry + "\n");

    auto next = memsim({"tick", "--json"});
    EXPECT_EQ(next.exit_code, 0) << next.err;
    const auto t = nlohmann::json::parse(next.out, nullptr, false);
    EXPECT_EQ(t["dream_entries"], nlohmann::json::array({n.dream})) << next.out;
    EXPECT_EQ(t["sits"], nlohmann::json::array({"breath"})) << next.out;
    return n;
  }

  std::string claude_;
  TempDir dir_;
};

inline std::string memory_file(const std::string& name, const std::string& summary, const std::string& body) {
  return "---\nname: " + name + "\nsummary: " + summary + "\ntype: feedback\n---\n" + body + "\n";
}

// The rows of an index file ("- name: summary").
inline std::vector<std::string> rows_of(const std::string& index) {
  std::vector<std::string> rows;
  for (const std::string& l : lines_of(index))
    if (l.starts_with("- ")) rows.push_back(l);
  return rows;
}

// Everything the model was sent, bodies whole (tool definitions included), as one string.
inline std::string sent(const LiveResult& r) {
  std::string out;
  for (const ModelRequest& q : r.requests) out += q.body.dump() + "\n";
  return out;
}

}  // namespace memsim::live::testing
