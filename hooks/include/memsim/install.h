// Wiring memsim into Claude Code (SPEC section 8, claude-code-hooks.md section 3):
// the hook entries in a settings JSON and the managed import block in CLAUDE.md.
// Pure text-to-text functions; the CLI reads, backs up and writes the files.
//
// Our handlers are recognised by shape, never by position: type "command", a
// command whose file name starts with "memsim", args beginning with "hook" and
// holding "--home <our home>". Everything else in the file is left as it was.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "memsim/result.h"

namespace memsim::hooks {

// The tools whose calls may touch a memory file.
constexpr std::string_view kTouchMatcher = "Read|Edit|Write|MultiEdit";
constexpr std::string_view kBlockBegin = "<!-- memsim:begin -->";
constexpr std::string_view kBlockEnd = "<!-- memsim:end -->";

struct HookSpec {
  std::string command;  // absolute path of the memsim binary
  std::string home;     // absolute path of the home
  // Extra PreToolUse matchers for lenses: names joined into the touch matcher
  // when they are plain words, else each regex in a group of its own.
  std::vector<std::string> lens_tool_matches;
};

// The PreToolUse matchers a spec needs, the first being the touch matcher.
std::vector<std::string> pre_tool_use_matchers(const HookSpec& spec);

// Settings text with our entries merged in (or unchanged when they are already
// exactly there). `text` may be empty (no file yet). Fails on text that is not
// a JSON object, or whose "hooks" is not an object, naming `origin`.
Result<std::string> merge_settings(std::string_view text, const HookSpec& spec, const std::string& origin);

// Settings text with our handlers for spec.home removed (groups and event lists
// left empty by that are removed too; so is a "hooks" object left empty).
Result<std::string> remove_settings(std::string_view text, const HookSpec& spec, const std::string& origin);

// One handler of ours found in settings.
struct InstalledHook {
  std::string event;    // PreToolUse, SessionStart, ...
  std::string matcher;  // "" when absent
  std::string command;
  std::vector<std::string> args;
};
// Every memsim handler for `home` in the settings text.
Result<std::vector<InstalledHook>> find_installed(std::string_view text, const std::string& home,
                                                  const std::string& origin);

// CLAUDE.md with the managed block holding `@import_path` (appended, or its
// contents replaced when the block exists). Unchanged when already right.
std::string merge_claude_md(std::string_view text, const std::string& import_path);
// CLAUDE.md without the managed block (and the blank line install put before it).
std::string remove_claude_md(std::string_view text);
// The import path inside the managed block, or "" when there is no block.
std::string claude_md_import(std::string_view text);

// Where install-hooks writes. Project scope: <project>/.claude/settings.json and
// <project>/CLAUDE.md; user scope: <user_home>/.claude/settings.json and
// <user_home>/.claude/CLAUDE.md. Explicit paths win. The import path is relative
// to CLAUDE.md's directory when the index lies below it, absolute otherwise.
struct Targets {
  std::string settings, claude_md, import_path;
};
Result<Targets> resolve_targets(const std::string& scope, const std::string& settings, const std::string& claude_md,
                                const std::string& project_dir, const std::string& user_home,
                                const std::string& index_path);

// A unified diff of two texts with 3 lines of context; "" when they are equal.
std::string unified_diff(std::string_view before, std::string_view after, const std::string& label);

}  // namespace memsim::hooks
