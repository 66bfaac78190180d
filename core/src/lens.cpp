#include "memsim/lens.h"

#include <algorithm>
#include <charconv>

#include <re2/re2.h>

#include "memsim/ascii.h"
#include "memsim/frontmatter.h"
#include "memsim/limits.h"
#include "memsim/render.h"

namespace memsim {

namespace {

Result<std::shared_ptr<const re2::RE2>> compile(const std::string& file, const std::string& key,
                                                const std::string& pattern) {
  RE2::Options opts;
  opts.set_log_errors(false);
  auto re = std::make_shared<const re2::RE2>(pattern, opts);
  if (!re->ok()) return Error{file + ": " + key + " '" + pattern + "' is not a regex: " + re->error()};
  return re;
}

}  // namespace

bool Lens::matches(const std::string& tool, const std::string& path) const {
  if (!RE2::PartialMatch(tool, *tool_re)) return false;
  if (!path_re) return true;
  return !path.empty() && RE2::PartialMatch(path, *path_re);
}

std::string Lens::capped_body() const {
  return render_block(body, static_cast<std::size_t>(body_token_cap) * kBytesPerToken);
}

Result<Lens> parse_lens(const std::string& filename, std::string_view text) {
  const std::string where = "lenses/" + filename;
  Frontmatter fm = parse_frontmatter(text);
  if (fm.state != FrontmatterState::kOk) return Error{where + ": no readable frontmatter"};
  Lens lens;
  lens.name = filename.substr(0, filename.size() - 3);
  const Field* trigger = fm.find("trigger");
  if (trigger) {
    for (const Field& c : trigger->children) {
      if (c.key == "tool_match" && c.value) lens.tool_match = *c.value;
      if (c.key == "path_pattern" && c.value && !c.value->empty()) lens.path_pattern = *c.value;
    }
  }
  if (lens.tool_match.empty()) return Error{where + ": trigger.tool_match is missing"};
  if (const Field* cap = fm.find("body_token_cap"); cap && cap->value) {
    int v = 0;
    const std::string& s = *cap->value;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || v <= 0)
      return Error{where + ": body_token_cap '" + s + "' is not a positive integer"};
    lens.body_token_cap = v;
  }
  auto tool_re = compile(where, "trigger.tool_match", lens.tool_match);
  if (!tool_re.ok()) return tool_re.error();
  lens.tool_re = *tool_re;
  if (lens.path_pattern) {
    auto path_re = compile(where, "trigger.path_pattern", *lens.path_pattern);
    if (!path_re.ok()) return path_re.error();
    lens.path_re = *path_re;
  }
  lens.body = std::string(ascii::trim(text.substr(fm.body_begin)));
  return lens;
}

LensSet load_lenses(FileSystem& fs, const Home& home) {
  LensSet out;
  auto info = fs.stat(home.lenses_dir());
  if (!info.ok() || info->kind != FileKind::kDirectory) return out;
  auto entries = fs.list_dir(home.lenses_dir());
  if (!entries.ok()) {
    out.problems.push_back(entries.message());
    return out;
  }
  for (const DirEntry& e : *entries) {
    if (e.kind != FileKind::kRegular || !e.name.ends_with(".md") || e.name.size() <= 3) continue;
    auto text = read_file_capped(fs, join_path(home.lenses_dir(), e.name), kMaxLensBytes);
    if (!text.ok()) {
      out.problems.push_back(text.message());
      continue;
    }
    auto lens = parse_lens(e.name, *text);
    if (lens.ok()) out.lenses.push_back(std::move(*lens));
    else out.problems.push_back(lens.message());
  }
  std::sort(out.lenses.begin(), out.lenses.end(), [](const Lens& a, const Lens& b) { return a.name < b.name; });
  return out;
}

void add_lens_items(FileSystem& fs, const Home& home, std::vector<CueItem>& out) {
  const LensSet set = load_lenses(fs, home);
  for (const Lens& l : set.lenses) {
    const std::size_t cap = static_cast<std::size_t>(std::max(0, l.body_token_cap)) * kBytesPerToken;
    if (l.body.size() > cap)
      out.push_back({"lens-over-cap",
                     {"lenses/" + l.name + ".md"},
                     "body is " + std::to_string((l.body.size() + 3) / 4) + " tokens, cap " +
                         std::to_string(l.body_token_cap) + ": the tail is cut when served; shorten it"});
  }
  for (const std::string& p : set.problems) out.push_back({"lens-unusable", {"lenses/"}, p});
}

}  // namespace memsim
