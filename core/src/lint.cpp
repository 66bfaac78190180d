#include "memsim/lint.h"

#include <algorithm>
#include <array>

#include "memsim/render.h"
#include "memsim/search.h"

namespace memsim {

namespace {

// How many other members of a near-duplicate group a finding names.
constexpr std::size_t kNamedNearDuplicates = 3;
constexpr std::size_t kMaxMessageBytes = 1000;

}  // namespace

std::string_view severity_name(Severity s) {
  switch (s) {
    case Severity::kError: return "error";
    case Severity::kWarning: return "warning";
    case Severity::kInfo: return "info";
  }
  return "";
}

std::string vague_summary_reason(std::string_view summary, std::string_view stem) {
  // Lint runs at every nightly tick over every summary: words are views, not copies.
  static constexpr std::array<std::string_view, 30> kFiller = {
      "a",    "an",   "the",    "notes",   "note", "misc",        "miscellaneous", "stuff",   "things",  "thing",
      "todo", "tbd",  "wip",    "various", "info", "information", "update",        "updates", "details", "see",
      "file", "this", "memory", "about",   "some", "more",        "general",       "etc",     "temp",    "test"};
  if (summary.size() < 20) return "shorter than 20 characters";
  auto separator = [](char c) {
    return c == ' ' || c == ',' || c == '.' || c == ':' || c == ';' || c == '-' || c == '/';
  };
  std::size_t words = 0;
  bool only_filler = true;
  std::string lower;
  for (std::size_t i = 0; i < summary.size();) {
    if (separator(summary[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < summary.size() && !separator(summary[j])) ++j;
    ++words;
    if (only_filler) {
      lower.assign(summary.substr(i, j - i));
      for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
      only_filler = std::find(kFiller.begin(), kFiller.end(), lower) != kFiller.end();
    }
    i = j;
  }
  if (words < 4) return "fewer than 4 words";
  if (only_filler) return "only filler words";
  const bool repeats =
      summary.size() == stem.size() && std::equal(summary.begin(), summary.end(), stem.begin(),
                                                  [](char a, char b) { return (a == ' ' ? '-' : a) == b; });
  if (repeats) return "repeats the file name";
  return "";
}

std::vector<Finding> lint(const Ranked& r, std::size_t bad_journal_lines, const std::vector<std::string>& unfit_pins,
                          NearDuplicateMemo* memo) {
  std::vector<Finding> out;
  // Messages quote names and summaries, and slash commands hand lint's output to
  // the model: they are rendered inert here, once (render.h).
  auto add = [&](const std::string& file, std::string code, Severity sev, const std::string& msg,
                 std::string other = "") {
    out.push_back({file, std::move(code), sev, render_line(msg, kMaxMessageBytes), std::move(other)});
  };
  for (const Stray& s : r.corpus.strays) add("memory/" + s.name, "not-a-memory", Severity::kWarning, s.problem);

  for (const Memory& m : r.corpus.memories) {
    const std::string file = "memory/" + m.filename;
    const std::string stem = m.filename.substr(0, m.filename.size() - 3);
    for (const auto& p : m.problems) {
      std::string code = p.find("frontmatter") != std::string::npos ? "frontmatter"
                         : p.find("binary") != std::string::npos    ? "binary"
                         : p.find("bytes") != std::string::npos     ? "too-large"
                                                                    : "unreadable-file";
      add(file, code,
          code == "frontmatter" && m.fm.state == FrontmatterState::kAbsent ? Severity::kWarning : Severity::kError, p);
    }
    for (const auto& p : m.meta.problems) {
      const bool dup = p.find("duplicate key") != std::string::npos;
      add(file,
          dup                             ? "duplicate-key"
          : p.rfind("unreadable", 0) == 0 ? "unreadable-value"
                                          : "frontmatter",
          dup ? Severity::kWarning : Severity::kError, p);
    }
    if (!renders_as_written(m.filename))
      add(file, "unsafe-name", Severity::kWarning,
          "the name holds characters the index cannot show as written (a control character, '@', '<', invalid "
          "UTF-8 or an invisible character); rename the file so the agent can open it from its row");
    if (m.fm.bom) add(file, "bom", Severity::kInfo, "starts with a UTF-8 byte order mark (handled)");
    if (m.fm.eol == "\r\n") add(file, "crlf", Severity::kInfo, "CRLF line endings (handled, kept on write-back)");
    if (m.fm.state != FrontmatterState::kOk) continue;

    const MemoryMeta& meta = m.meta;
    if (meta.name && *meta.name != stem)
      add(file, "name-mismatch", Severity::kWarning,
          "name '" + *meta.name + "' does not match the file stem '" + stem + "'");
    if (!meta.type) {
      add(file, "missing-type", Severity::kWarning, "no type");
    } else if (!is_known_type(*meta.type)) {
      add(file, "unknown-type", Severity::kWarning, "unknown type '" + *meta.type + "'");
    } else if (m.filename.rfind(*meta.type + "_", 0) != 0) {
      add(file, "type-prefix", Severity::kInfo, "type '" + *meta.type + "' differs from the file name's prefix");
    }
    std::string summary = meta.summary ? fold_whitespace(*meta.summary) : "";
    if (summary.empty()) {
      add(file, "missing-summary", Severity::kWarning,
          "no summary; the index row falls back to '" + effective_summary(meta) + "'");
    } else if (std::string why = vague_summary_reason(summary, stem); !why.empty()) {
      add(file, "vague-summary", Severity::kWarning, "summary is vague (" + why + "): '" + summary + "'");
    }
  }
  for (const Conflict& c : r.conflicts) {
    std::string files;
    for (const auto& f : c.files) files += (files.empty() ? "" : ", ") + f;
    for (const auto& f : c.files)
      add("memory/" + f, "conflict", Severity::kWarning,
          "open facts share key '" + c.key + "' (" + files + "); winner " + c.winner +
              "; a supersession was missed or two were made at once: memsim resolve <key> --keep <file> settles it");
  }
  {
    // Near-duplicate open facts: the failure mode of seed 001 ("two files that disagree").
    // By file name, not rank: the groups are the components of the all-pairs
    // graph, whatever the order (search_test), and homes that rank the same facts
    // differently then share the memo's answer.
    std::vector<std::size_t> live;
    for (std::size_t i = 0; i < r.entries.size(); ++i)
      if (!r.entries[i].closed) live.push_back(i);
    std::sort(live.begin(), live.end(),
              [&](std::size_t x, std::size_t y) { return r.entries[x].filename < r.entries[y].filename; });
    std::vector<std::string> summaries;
    summaries.reserve(live.size());
    for (std::size_t i : live) summaries.push_back(r.entries[i].summary);
    NearDuplicateMemo own;
    for (std::vector<std::size_t> group : near_duplicate_groups(std::move(summaries), memo ? *memo : own)) {
      // By file name, so every member's `other` is the group's first or second
      // name and the cue can key a group by its first (cue_sources.h).
      std::sort(group.begin(), group.end(), [&](std::size_t x, std::size_t y) {
        return r.entries[live[x]].filename < r.entries[live[y]].filename;
      });
      for (std::size_t a : group) {
        // Names the first few others of the group, so a group of thousands costs
        // a line per member, not a line per pair.
        std::string others;
        std::size_t named = 0;
        for (std::size_t b : group) {
          if (b == a || named == kNamedNearDuplicates) continue;
          others += (others.empty() ? "memory/" : ", memory/") + r.entries[live[b]].filename;
          ++named;
        }
        if (group.size() - 1 > named) others += " and " + std::to_string(group.size() - 1 - named) + " more";
        const std::string& first_other = r.entries[live[group[0] == a ? group[1] : group[0]]].filename;
        add("memory/" + r.entries[live[a]].filename, "near-duplicate", Severity::kWarning,
            "summary nearly repeats " + others + "; update or supersede one fact rather than keep several",
            "memory/" + first_other);
      }
    }
  }
  for (const std::string& f : unfit_pins)
    add("memory/" + f, "pin-over-budget", Severity::kError,
        "pinned, but its row does not fit in what the Hot band has left; the pin is ranked as an ordinary "
        "row: unpin a memory or shorten a pinned summary");
  if (bad_journal_lines > 0)
    add("runtime/access.log", "journal", Severity::kWarning,
        std::to_string(bad_journal_lines) + " torn or unreadable line(s) skipped");
  std::stable_sort(out.begin(), out.end(), [](const Finding& a, const Finding& b) {
    if (a.file != b.file) return a.file < b.file;
    return a.code < b.code;
  });
  return out;
}

}  // namespace memsim
