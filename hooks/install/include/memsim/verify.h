// verify-install's checks (docs/commands.md): each proves one link between the
// harness and the home, and says how to fix it when it fails. The CLI runs them in
// this order and prints each; the live checks (live_checks.h) come after.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "memsim/clock.h"
#include "memsim/cron.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/install.h"
#include "memsim/policy.h"

namespace memsim::install {

struct VerifyCheck {
  std::string name;
  bool ok = false;
  std::string reason, fix;
};

// "home": memory/, short-term/, dream-journal/, lenses/ and a writable runtime/,
// and identity.md. Nothing else can be checked without it.
VerifyCheck check_home_layout(FileSystem& fs, const Home& home);

// "private": candidates/, staged/ and runtime/ are the owner's alone.
VerifyCheck check_private(FileSystem& fs, const Home& home);

// "settings": the settings file holds a memsim entry for every event and matcher
// `spec` asks for; `installed` receives the entries found.
VerifyCheck check_settings(FileSystem& fs, const HookSpec& spec, const Targets& t,
                           std::vector<InstalledHook>& installed);

// "codex-hooks": Codex CLI's hooks.json at `path` holds a memsim handler for
// SessionStart, UserPromptSubmit, PreToolUse (every tool) and SessionEnd
// (docs/codex.md); `installed` receives them (install_codex.h's shape).
VerifyCheck check_codex_hooks(FileSystem& fs, const HookSpec& spec, const std::string& path,
                              std::vector<InstalledHook>& installed);

// "gemini-hooks": Gemini CLI's settings at `path` hold a memsim handler for
// SessionStart, BeforeAgent, AfterTool (every tool) and SessionEnd (docs/gemini.md).
VerifyCheck check_gemini_hooks(FileSystem& fs, const HookSpec& spec, const std::string& path,
                               std::vector<InstalledHook>& installed);

// "command": every command the entries name (a path, or a name found on `path`,
// a $PATH value) runs and says it is memsim.
VerifyCheck check_command(const std::vector<InstalledHook>& installed, const std::string& path,
                          const std::string& scratch);

// "index": MEMORY.md exists, is newer than every memory and than two days, keeps
// every band within its budget, and every pin fits.
VerifyCheck check_index(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy);

// "auto-memory": Claude Code's own auto memory is off in the settings file, or
// through CLAUDE_CODE_DISABLE_AUTO_MEMORY=1 in its "env", so a "remember X" ends in
// memsim, not in a second store memsim never ranks.
VerifyCheck check_auto_memory(FileSystem& fs, const Targets& t);

// "claude-md": CLAUDE.md imports this home's MEMORY.md (or, for a shared install,
// holds the shared block and no import).
VerifyCheck check_claude_md(FileSystem& fs, const Home& home, const Targets& t);

// "synthetic-touch": the installed PreToolUse command, given a Read of a memory
// in a scratch copy of the home (for Codex: a `cat` of it through the shell; for
// Gemini: its read_file), journals it, and the fold counts it.
VerifyCheck check_synthetic_touch(FileSystem& fs, const Home& home, const Clock& clock,
                                  const std::vector<InstalledHook>& installed, const Policy& policy,
                                  const std::string& scratch);

// "cron": the nightly block for `home` (its absolute path, as cron names it) in
// `crontab` (as read_crontab gave it) runs the tick and, five minutes later, the
// wake. nullopt when there is no block (or no crontab) and `required` is false:
// cron is optional.
std::optional<VerifyCheck> check_cron(const std::string& home, const Result<std::string>& crontab, bool required);

}  // namespace memsim::install
