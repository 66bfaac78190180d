// SessionStart: identity, current state, then the short-term facts and
// dream-journal residue of the last days, newest first, as plain text (which
// Claude Code adds to the context for this event). Whole entries only: an entry
// that does not fit is left out and counted, and a later, shorter one may fit.
#include <algorithm>

#include "internal.h"
#include "memsim/frontmatter.h"
#include "memsim/lens.h"
#include "memsim/notes.h"
#include "memsim/policy.h"
#include "memsim/timefmt.h"

namespace memsim::hooks::detail {

namespace {

// Claude Code replaces context over 10,000 characters by a path and a preview;
// counting bytes is conservative (a character is at least one byte).
constexpr std::size_t kBudget = 9000;
constexpr std::string_view kOmittedNote =
    "\n(%N older or longer entries did not fit; they are in memory/short-term/ and memory/dream-journal/.)\n";

struct Entry {
  Days day = 0;
  std::string rel;  // memory/short-term/<name>
  std::string text;
};

std::string body_of(std::string_view text) {
  Frontmatter fm = parse_frontmatter(text);
  if (fm.state == FrontmatterState::kOk) text = text.substr(fm.body_begin);
  const auto b = text.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  return std::string(text.substr(b, text.find_last_not_of(" \t\r\n") - b + 1));
}

// A section for an optional file, cut to `room` bytes when it is longer.
std::string section(HookContext& ctx, const std::string& path, const std::string& title, std::size_t room) {
  auto text = ctx.fs.read_file(path);
  if (!text.ok()) return {};
  std::string body = body_of(*text);
  if (body.empty()) return {};
  std::string head = "## " + title + "\n";
  const std::string cut_note = "\n(cut to fit; the whole text is in " + title + ")";
  if (head.size() + body.size() + 2 > room) {
    if (room < head.size() + cut_note.size() + 2) return {};
    body = cut_utf8(body, room - head.size() - cut_note.size() - 2) + cut_note;
  }
  return head + body + "\n\n";
}

}  // namespace

Result<Outcome> session_start(HookContext& ctx, const nlohmann::json& /*payload*/) {
  Outcome outcome;
  Policy policy;
  if (auto p = load_policy(ctx.fs, ctx.home.root()); p.ok()) policy = *p;
  else outcome.problems.push_back(p.message());

  const std::size_t reserve = kOmittedNote.size() + 8;
  std::string out = "# Memory (memsim)\n\n";
  out += section(ctx, ctx.home.identity_path(), "identity.md", kBudget - reserve - out.size());
  out += section(ctx, ctx.home.current_state_path(), "memory/current-state.md", kBudget - reserve - out.size());

  const Days today = day_of(ctx.clock.now());
  std::vector<Entry> entries;
  if (auto notes = list_dated_notes(ctx.fs, ctx.home); !notes.ok()) {
    outcome.problems.push_back(notes.message());
  } else {
    for (const DatedNote& n : *notes) {
      if (!note_visible(n.day, today, policy.short_term_days)) continue;
      auto text = ctx.fs.read_file(join_path(ctx.home.root(), n.rel_path));
      if (!text.ok()) {
        outcome.problems.push_back(text.message());
        continue;
      }
      entries.push_back({n.day, n.rel_path, body_of(*text)});
    }
  }
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    if (a.day != b.day) return a.day > b.day;
    return base_name(a.rel) != base_name(b.rel) ? base_name(a.rel) > base_name(b.rel) : a.rel < b.rel;
  });

  std::size_t omitted = 0;
  std::string recent;
  for (const Entry& e : entries) {
    std::string block = "### " + e.rel + "\n" + e.text + "\n\n";
    const std::string head = recent.empty() ? "## Last " + std::to_string(policy.short_term_days) +
                                                  " days, newest first\n\n"
                                            : "";
    if (out.size() + recent.size() + head.size() + block.size() + reserve > kBudget) {
      ++omitted;
      continue;
    }
    recent += head + block;
  }
  out += recent;
  if (omitted > 0) {
    std::string note(kOmittedNote);
    note.replace(note.find("%N"), 2, std::to_string(omitted));
    out += note;
  }
  if (out == "# Memory (memsim)\n\n") return outcome;  // nothing to say
  while (out.ends_with("\n\n")) out.pop_back();
  outcome.out = std::move(out);
  return outcome;
}

}  // namespace memsim::hooks::detail
