// Wiring memsim into Codex CLI (docs/codex.md): our handlers in a hooks.json.
// Pure text-to-text functions like install.h's; the CLI reads, backs up and
// writes the file. Codex loads <project>/.codex/hooks.json once the person has
// trusted the project, and runs a handler only once they have reviewed it
// (/hooks); install never writes that trust.
//
// Codex's layout is Claude Code's, except that a handler's command is one shell
// string (no args), its timeout is in seconds, and it runs in the session's
// directory with no variable naming the project. Ours are recognised by shape:
// type "command", a command whose first word's file name starts with "memsim",
// holding "hook --harness codex" and ending in "--home <our home>".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "memsim/install.h"

namespace memsim::install {

// How a hook command names the project's root: git's top level, or the
// directory itself outside a git work tree. A home inside the project is this,
// then its path below the root, so the file names no path of one machine.
constexpr std::string_view kCodexProjectRoot = "\"$(git rev-parse --show-toplevel 2>/dev/null || pwd)\"";

// The handler's command for `event` (a `memsim hook` event name).
std::string codex_hook_command(const HookSpec& spec, std::string_view event);

// hooks.json text with our handlers merged in: SessionStart (whose context Codex
// is told to pass on whole: additionalContextLimit 0), UserPromptSubmit,
// PreToolUse on every tool, SessionEnd. Unchanged when already so. Fails on text
// that is not a JSON object, or whose "hooks" is not an object, naming `origin`.
Result<std::string> merge_codex_hooks(std::string_view text, const HookSpec& spec, const std::string& origin);
// hooks.json text without our handlers.
Result<std::string> remove_codex_hooks(std::string_view text, const HookSpec& spec, const std::string& origin);
// Our handlers in hooks.json text, in Claude Code's shape: the program as
// command, args {"hook", <event>, "--home", <home as written>, "--harness", "codex"}.
Result<std::vector<InstalledHook>> find_codex_installed(std::string_view text, const HookSpec& spec,
                                                        const std::string& origin);

// Where install-hooks --harness codex writes: <project>/.codex/hooks.json, or
// for user scope $CODEX_HOME/hooks.json (`codex_home`), else <user_home>/.codex/hooks.json.
std::string codex_hooks_path(const std::string& scope, const std::string& project_dir, const std::string& user_home,
                             const std::string& codex_home);

}  // namespace memsim::install
