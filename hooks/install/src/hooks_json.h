// The hooks object both harnesses' files share (Claude Code's settings and Codex
// CLI's hooks.json: "hooks": {Event: [{matcher, hooks: [handler...]}]}), edited
// by what a harness's layout says is ours. Everything else is left as it was.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "memsim/install.h"
#include "memsim/result.h"

namespace memsim::install::detail {

using Json = nlohmann::ordered_json;  // keeps the user's key order

// Whether a handler object is one of ours.
using IsOurs = std::function<bool(const Json& handler)>;

// One group of ours under an event.
struct Group {
  std::string event;
  Json group;
};

// The file as an object; empty text is {}. Fails, naming `origin`, on text that is
// not a JSON object or whose "hooks" is not an object.
Result<Json> parse_settings(std::string_view text, const std::string& origin);
// The object in the indentation `original` uses, so a rewrite changes only our lines.
std::string dump(const Json& j, std::string_view original);

// A path as sh reads it: bare when it holds only safe characters, else single-quoted.
std::string shell_word(const std::string& s);

// `text` with our handlers replaced by `groups` (unchanged when exactly they are there).
Result<std::string> merge_hooks(std::string_view text, const std::vector<Group>& groups, const IsOurs& ours,
                                const std::string& origin);
// `text` without our handlers; groups, events and a "hooks" left empty go too.
Result<std::string> remove_hooks(std::string_view text, const IsOurs& ours, const std::string& origin);
// Every handler of ours: its event, matcher, command and args.
Result<std::vector<InstalledHook>> installed_hooks(std::string_view text, const IsOurs& ours,
                                                   const std::string& origin);

// A harness whose handler is one shell string (Codex CLI, Gemini CLI):
//   <command> hook --harness <name> <event> --home <home>
// where a home below the project is `root` followed by its path below it.
// Ours: a command whose program's file name starts with "memsim", holding
// "hook --harness <name>" and ending in "--home <one of the spec's homes>".
struct ShellHarness {
  std::string_view name;  // "codex", "gemini": the --harness value
  std::string_view root;  // shell text naming the project's root in the hook's shell
};
std::string shell_hook_command(const ShellHarness& harness, const HookSpec& spec, std::string_view event);
IsOurs shell_handler_ours(const ShellHarness& harness, const HookSpec& spec);
// Our handlers in Claude Code's shape: the program as command, args {"hook",
// <event>, "--home", <home as written>, "--harness", <name>}.
Result<std::vector<InstalledHook>> shell_installed(const ShellHarness& harness, std::string_view text,
                                                   const HookSpec& spec, const std::string& origin);

}  // namespace memsim::install::detail
