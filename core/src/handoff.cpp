#include "memsim/handoff.h"

#include "memsim/frontmatter.h"
#include "memsim/gate.h"
#include "memsim/limits.h"
#include "memsim/memory_file.h"
#include "memsim/notes.h"
#include "memsim/remember.h"
#include "memsim/timefmt.h"

namespace memsim {

namespace {

std::string first_line(std::string_view body) {
  for (std::size_t p = 0; p < body.size();) {
    std::size_t nl = body.find('\n', p);
    std::string_view line = body.substr(p, (nl == std::string_view::npos ? body.size() : nl) - p);
    if (line.find_first_not_of(" \t\r#") != std::string_view::npos) return fold_whitespace(line);
    if (nl == std::string_view::npos) break;
    p = nl + 1;
  }
  return {};
}

// "## Title\n- item\n..." with each item redacted and folded to one line.
std::string section(const Redactor& redactor, const std::string& title, const std::vector<std::string>& items,
                    std::vector<std::string>& redacted) {
  std::string out = "## " + title + "\n";
  if (items.empty()) return out + "(none)\n\n";
  for (const std::string& item : items) {
    Result<RedactResult> gated = gate_text(redactor, title, item, OnSecret::kRedact);
    if (!gated.ok()) continue;  // kRedact never refuses
    RedactResult& r = *gated;
    redacted.insert(redacted.end(), r.kinds.begin(), r.kinds.end());
    out += "- " + fold_whitespace(r.text) + "\n";
  }
  return out + "\n";
}

// memory/handoffs/<stamp>.md, numbered when taken.
Result<std::string> archive_name(FileSystem& fs, const Home& home, const std::string& stamp) {
  for (int n = 1; n < 1000; ++n) {
    // Appended piece by piece: `"-" + std::to_string(n)` draws a false -Wrestrict
    // from GCC 12 at -O3, an error in a -Werror Release build.
    std::string name = stamp;
    if (n > 1) {
      name += '-';
      name += std::to_string(n);
    }
    name += ".md";
    auto info = fs.stat(join_path(home.handoffs_dir(), name));
    if (!info.ok()) return info.error();
    if (info->kind == FileKind::kMissing) return name;
  }
  return Error{"memory/handoffs: no free name for " + stamp};
}

}  // namespace

Result<HandoffResult> write_handoff(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                                    const Redactor& redactor, const HandoffRequest& req) {
  MEMSIM_TRY(check_home(fs, home));
  std::size_t total = 0;
  for (const auto* list : {&req.done, &req.in_progress, &req.next, &req.decisions, &req.gotchas}) {
    for (const std::string& item : *list) {
      if (item.size() > kHandoffMaxItemBytes)
        return Error{"handoff: an item is longer than " + std::to_string(kHandoffMaxItemBytes) + " bytes"};
      if (item.find_first_not_of(" \t\r\n") == std::string::npos) return Error{"handoff: an item is empty"};
    }
    total += list->size();
  }
  if (total == 0) return Error{"handoff: nothing to hand off (give at least one of done, in progress, next, ...)"};
  if (total > kHandoffMaxItems) return Error{"handoff: more than " + std::to_string(kHandoffMaxItems) + " items"};

  const Seconds now = clock.now();
  HandoffResult out;
  std::string text = "---\ncreated: " + format_instant(now) +
                     "\nsession: " + yaml_line_scalar(req.session.empty() ? "-" : req.session.substr(0, 128)) +
                     "\nconsumed: null\nconsumed_by: null\n---\n# Handoff\n\n";
  text += section(redactor, "Done", req.done, out.redacted);
  text += section(redactor, "In progress", req.in_progress, out.redacted);
  text += section(redactor, "Next steps", req.next, out.redacted);
  text += section(redactor, "Decisions", req.decisions, out.redacted);
  text += section(redactor, "Gotchas", req.gotchas, out.redacted);

  // The state around it, as pointers: the next session loads these files anyway.
  if (auto state = read_file_capped(fs, home.current_state_path(), kMaxNoteBytes); state.ok()) {
    std::string s = frontmatter_body(*state);
    if (s.starts_with("# Current state")) s = frontmatter_body(s.substr(15));
    if (!s.empty()) text += "## Current state (memory/current-state.md)\n" + s + "\n\n";
  }
  const Days today = day_of(now);
  std::string notes;
  if (auto listed = list_dated_notes(fs, home); listed.ok())
    for (const DatedNote& n : *listed) {
      if (n.day != today || !n.rel_path.starts_with("memory/short-term/")) continue;
      auto t = read_file_capped(fs, join_path(home.root(), n.rel_path), kMaxNoteBytes);
      notes += "- " + n.rel_path + (t.ok() ? ": " + first_line(frontmatter_body(*t)) : std::string()) + "\n";
    }
  if (!notes.empty()) text += "## Today's notes\n" + notes + "\n";
  while (text.ends_with("\n\n")) text.pop_back();

  {
    auto lock = lock_home(fs, home, policy.lock_timeout_ms);
    if (!lock.ok()) return lock.error();
    const std::string path = home.handoff_path();
    auto info = fs.stat(path);
    if (!info.ok()) return info.error();
    if (info->kind != FileKind::kRegular && info->kind != FileKind::kMissing)
      return Error{"memory/HANDOFF.md: not a regular file; nothing written"};
    // The new handoff is on disk before the pending one moves, so a full disk or a
    // crash leaves the pending one where the next session finds it.
    const std::string tmp = temp_path_for(path);
    if (Status s = fs.write_file(tmp, text); !s.ok()) {
      (void)fs.remove(tmp);
      return s.error();
    }
    if (info->kind == FileKind::kRegular) {
      auto old = read_file_capped(fs, path, kMaxNoteBytes);
      if (!old.ok()) {
        (void)fs.remove(tmp);
        return old.error();
      }
      Frontmatter fm = parse_frontmatter(*old);
      std::optional<Seconds> created;
      if (fm.state == FrontmatterState::kOk)
        if (const Field* f = fm.find("created"); f && f->value) created = parse_instant(*f->value);
      // Copied aside, not moved: until the rename below replaces it, the pending
      // handoff stays where the next session looks for it.
      Status s = make_home_dir(fs, home, home.handoffs_dir());
      auto name = s.ok() ? archive_name(fs, home, format_instant_compact(created.value_or(info->mtime)))
                         : Result<std::string>(s.error());
      if (name.ok()) s = replace_file(fs, join_path(home.handoffs_dir(), *name), *old);
      if (!name.ok() || !s.ok()) {
        (void)fs.remove(tmp);
        return name.ok() ? s.error() : name.error();
      }
      out.archived = "memory/handoffs/" + *name;
    }
    if (Status s = fs.rename(tmp, path); !s.ok()) {
      (void)fs.remove(tmp);
      return s.error();
    }
  }
  out.text = std::move(text);
  return out;
}

Result<std::optional<std::string>> consume_handoff(FileSystem& fs, const Home& home, const Clock& clock, int timeout_ms,
                                                   std::string_view session) {
  const std::string path = home.handoff_path();
  // Consumed handoffs stay where they are, so "no handoff pending" is the common
  // case at every session start: it is decided without the home's lock, which
  // an index run may hold for a while. Only a pending one is read again under it.
  auto pending = [&]() -> Result<std::optional<std::string>> {
    auto info = fs.stat(path);
    if (!info.ok()) return info.error();
    if (info->kind != FileKind::kRegular) return std::optional<std::string>();
    auto text = read_file_capped(fs, path, kMaxNoteBytes);
    if (!text.ok()) return text.error();
    const Frontmatter fm = parse_frontmatter(*text);
    if (fm.state == FrontmatterState::kOk)
      if (const Field* f = fm.find("consumed"); f && f->value) return std::optional<std::string>();
    return std::optional<std::string>(std::move(*text));
  };
  if (auto before = pending(); !before.ok() || !*before) return before;
  auto lock = lock_home(fs, home, timeout_ms);
  if (!lock.ok()) return lock.error();
  auto text = pending();  // again, now that no other session can consume it
  if (!text.ok() || !*text) return text;
  const std::string& body = **text;
  Frontmatter fm = parse_frontmatter(body);
  const std::string when = format_instant(clock.now());
  const std::string by = yaml_line_scalar(session.empty() ? "-" : session);
  std::string marked;
  if (fm.state == FrontmatterState::kAbsent) {
    marked = "---\nconsumed: " + when + "\nconsumed_by: " + by + "\n---\n" + body;
  } else if (fm.state == FrontmatterState::kOk) {
    marked = rewrite_fields(body, fm, {{"consumed", when}, {"consumed_by", by}});
  } else {
    return Error{"memory/HANDOFF.md: unreadable frontmatter; not injected"};
  }
  MEMSIM_TRY(replace_file(fs, path, marked));
  return std::optional<std::string>(frontmatter_body(body));
}

}  // namespace memsim
