// Lenses (SPEC section 1, T3): lenses/<name>.md with a frontmatter trigger.
//
//   ---
//   name: subagent-discipline
//   trigger:
//     tool_match: "Agent|Workflow"   # required: RE2 regex searched in the tool name
//     path_pattern: "/scoped/path/"  # optional: RE2 regex searched in the tool's path
//   body_token_cap: 380              # body cut to 4 bytes per token
//   ---
//
// Regexes are searched unanchored (as Claude Code's own matchers are) with RE2,
// which runs in linear time, so no lens can hang a tool call.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/tick.h"

namespace re2 {
class RE2;
}

namespace memsim {

// When a lens gives no body_token_cap.
constexpr int kDefaultLensTokenCap = 500;
constexpr int kBytesPerToken = 4;

struct Lens {
  std::string name;  // file stem
  std::string tool_match;
  std::optional<std::string> path_pattern;
  int body_token_cap = kDefaultLensTokenCap;
  std::string body;  // after the frontmatter, trimmed, not yet cut
  std::shared_ptr<const re2::RE2> tool_re, path_re;

  // Whether this lens fires for a call of `tool` on `path` (empty: no path).
  bool matches(const std::string& tool, const std::string& path) const;
  // The body as served: rendered inert (render.h) within body_token_cap * 4 bytes.
  std::string capped_body() const;
};

// Parses one lens file; errors name the file and the problem (no trigger, a bad regex).
Result<Lens> parse_lens(const std::string& filename, std::string_view text);

struct LensSet {
  std::vector<Lens> lenses;           // sorted by name
  std::vector<std::string> problems;  // one per lens file that could not be used
};

// Reads every lenses/*.md of the home (regular files only, each within
// kMaxLensBytes); a missing dir is empty.
LensSet load_lenses(FileSystem& fs, const Home& home);

// The tick's cue items for lenses: "lens-over-cap" for a lens whose body is cut
// when served (over body_token_cap * 4 bytes), "lens-unusable" for a lens file that
// cannot be used (no trigger, a bad regex, over its size cap).
void add_lens_items(FileSystem& fs, const Home& home, std::vector<CueItem>& out);

}  // namespace memsim
