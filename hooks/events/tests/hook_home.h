// A temporary home and run_hook in process, as Claude Code would call it (or
// run_codex_hook, as Codex CLI would, with `codex` set): a
// fixed clock and an environment of the test's own (nothing read from the
// process's). Shared by the in-process hook tests.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "memsim/hooks.h"
#include "memsim/testing/testing.h"

namespace memsim::hooks::testing {

struct HookHome {
  memsim::testing::TempDir dir;
  PosixFileSystem fs;
  FixedClock clock{memsim::testing::at("2026-11-30T10:00:00Z")};
  std::map<std::string, std::string> env;
  std::string home = dir / "home";
  std::optional<std::string> user_home;  // the user-level home the CLI would find, if any
  bool codex = false;                    // Codex CLI's adapter instead of Claude Code's

  // The hook's standard output for `event` given `payload` on its standard input.
  std::string run(std::string_view event, std::string_view payload) {
    HookContext ctx{fs, clock, Home(home), [this](const std::string& k) -> std::optional<std::string> {
                      auto it = env.find(k);
                      return it == env.end() ? std::nullopt : std::optional<std::string>(it->second);
                    }};
    if (user_home) ctx.user_home = Home(*user_home);
    return codex ? run_codex_hook(ctx, event, payload) : run_hook(ctx, event, payload);
  }
  // What the hooks logged instead of failing the session.
  std::string errors() { return memsim::testing::read(home + "/runtime/hook-errors.log"); }
};

}  // namespace memsim::hooks::testing
