// A temporary home and run_hook in process, as Claude Code would call it (or
// another harness's adapter, with `harness` set): a
// fixed clock and an environment of the test's own (nothing read from the
// process's). Shared by the in-process hook tests.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "memsim/hooks.h"
#include "memsim/policy.h"
#include "memsim/reindex.h"
#include "memsim/testing/testing.h"

namespace memsim::hooks::testing {

struct HookHome {
  memsim::testing::TempDir dir;
  PosixFileSystem fs;
  FixedClock clock{memsim::testing::at("2026-11-30T10:00:00Z")};
  std::map<std::string, std::string> env;
  std::string home = dir / "home";
  std::optional<std::string> user_home;  // the user-level home the CLI would find, if any
  enum class Harness { kClaudeCode, kCodex, kGemini } harness = Harness::kClaudeCode;

  // The hook's standard output for `event` given `payload` on its standard input.
  std::string run(std::string_view event, std::string_view payload) {
    HookContext ctx{fs, clock, Home(home), [this](const std::string& k) -> std::optional<std::string> {
                      auto it = env.find(k);
                      return it == env.end() ? std::nullopt : std::optional<std::string>(it->second);
                    }};
    if (user_home) ctx.user_home = Home(*user_home);
    switch (harness) {
      case Harness::kCodex: return run_codex_hook(ctx, event, payload);
      case Harness::kGemini: return run_gemini_hook(ctx, event, payload);
      default: return run_hook(ctx, event, payload);
    }
  }
  // Five more memories and an index with empty Hot and New bands: a prompt's
  // recall gives no row that Hot shows, so this gives it rows to give.
  void index_for_recall() {
    memsim::testing::write(home + "/policy.yaml", "hot_budget: 0\nnew_budget: 0\n");
    for (const std::string other : {"deploy", "rounding", "branches", "backups", "tokens"})
      memsim::testing::write(home + "/memory/project_" + other + ".md",
                             "---\nname: project_" + other + "\nsummary: about " + other + "\n---\n" + other + "\n");
    auto policy = load_policy(fs, home);
    ASSERT_TRUE(policy.ok()) << policy.message();
    ASSERT_TRUE(reindex(fs, Home(home), clock, *policy).ok());
  }
  // The journal's touch lines (its session-start lines left out).
  std::vector<std::string> touches() {
    std::vector<std::string> out;
    const std::string log = memsim::testing::read(home + "/runtime/access.log");
    for (std::size_t p = 0, q; (q = log.find('\n', p)) != std::string::npos; p = q + 1)
      if (log.substr(p, q - p).find(" SessionStart ") == std::string::npos) out.push_back(log.substr(p, q - p));
    return out;
  }
  // What the hooks logged instead of failing the session.
  std::string errors() { return memsim::testing::read(home + "/runtime/hook-errors.log"); }
};

// The additionalContext of a hookSpecificOutput reply for `event`; "" for no reply.
inline std::string additional_context(const std::string& out, const std::string& event) {
  if (out.empty()) return "";
  auto j = nlohmann::json::parse(out);
  EXPECT_EQ(j["hookSpecificOutput"]["hookEventName"], event) << out;
  return j["hookSpecificOutput"]["additionalContext"].get<std::string>();
}

}  // namespace memsim::hooks::testing
