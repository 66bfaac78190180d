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

}  // namespace memsim::install::detail
