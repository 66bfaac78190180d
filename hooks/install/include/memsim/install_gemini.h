// Wiring memsim into Gemini CLI (docs/gemini.md): our handlers in a
// .gemini/settings.json, and GEMINI.md's managed block importing MEMORY.md
// (Gemini's GEMINI.md imports `@path` as Claude Code's CLAUDE.md does, so the
// block is install.h's merge_claude_md). Pure text-to-text functions; the CLI
// reads, backs up and writes the files.
//
// Gemini's layout is Claude Code's, except that a handler's command is one shell
// string (no args) and its timeout is in milliseconds. It runs hooks with
// $GEMINI_PROJECT_DIR set to the project's root. Ours are recognised by shape, as
// install_codex.h's, with "hook --harness gemini".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "memsim/install.h"

namespace memsim::install {

// How a hook command names the project's root in Gemini's hook environment.
constexpr std::string_view kGeminiProjectRoot = "\"$GEMINI_PROJECT_DIR\"";

// The handler's command for `event` (a `memsim hook` event name).
std::string gemini_hook_command(const HookSpec& spec, std::string_view event);

// settings.json text with our handlers merged in: SessionStart, BeforeAgent (the
// prompt), AfterTool on every tool (a tool's context reaches the model only after
// it ran, so lenses arrive there, and the touch is journaled there too) and
// SessionEnd. Unchanged when already so. Every other key stays. Fails on text
// that is not a JSON object, or whose "hooks" is not an object, naming `origin`.
Result<std::string> merge_gemini_settings(std::string_view text, const HookSpec& spec, const std::string& origin);
// settings.json text without our handlers.
Result<std::string> remove_gemini_settings(std::string_view text, const HookSpec& spec, const std::string& origin);
// Our handlers, in Claude Code's shape (install_codex.h's find_codex_installed).
Result<std::vector<InstalledHook>> find_gemini_installed(std::string_view text, const HookSpec& spec,
                                                         const std::string& origin);

// Where install-hooks --harness gemini writes: <project>/.gemini/settings.json and
// <project>/GEMINI.md, or for user scope ~/.gemini/settings.json and
// ~/.gemini/GEMINI.md. Explicit paths win; the import path is as resolve_targets makes it.
Result<Targets> gemini_targets(const std::string& scope, const std::string& settings, const std::string& gemini_md,
                               const std::string& project_dir, const std::string& user_home,
                               const std::string& index_path);

}  // namespace memsim::install
