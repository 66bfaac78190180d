#include "memsim/debrief.h"

#include <map>
#include <optional>
#include <set>

#include "memsim/frontmatter.h"
#include "memsim/gate.h"
#include "memsim/journal.h"
#include "memsim/notes.h"
#include "memsim/render.h"
#include "memsim/timefmt.h"

namespace memsim {

namespace {

constexpr std::size_t kLineBytes = 300;

// The note's path: our own note of this session when there is one, else the
// first free name. A file of the name that is not ours is never touched.
Result<std::string> note_path(FileSystem& fs, const Home& home, const std::string& stem, const std::string& session) {
  for (int n = 1; n < 100; ++n) {
    std::string name = stem;
    if (n > 1) {
      name += '-';
      name += std::to_string(n);
    }
    name += ".md";
    const std::string path = join_path(home.short_term_dir(), name);
    auto info = fs.stat(path);
    if (!info.ok()) return info.error();
    if (info->kind == FileKind::kMissing) return path;
    if (info->kind != FileKind::kRegular || session == "-") continue;
    auto text = fs.read_file(path);
    if (!text.ok()) return text.error();
    const Frontmatter fm = parse_frontmatter(*text);
    const Field* of = fm.state == FrontmatterState::kOk ? fm.find("debrief_of") : nullptr;
    if (of && of->value == session) return path;
  }
  return Error{home.short_term_dir() + ": no free name for " + stem};
}

}  // namespace

Result<DebriefResult> write_debrief(FileSystem& fs, const Home& home, const Clock& clock, const Redactor* shared,
                                    const DebriefRequest& req, int lock_timeout_ms) {
  const std::string session = req.session.empty() ? "-" : req.session;
  DebriefResult out;

  // The memory files the session touched, each with the tools that touched it.
  std::map<std::string, std::set<std::string>> touched;
  if (session != "-") {
    auto journal = read_journal(fs, home, session);
    if (!journal.ok()) return journal.error();
    for (const Touch& t : journal->touches) touched[t.filename].insert(t.tool);
  }
  std::vector<const CapturedClaim*> claims;
  std::size_t quarantined = 0;
  for (const CapturedClaim& c : req.claims) {
    if (c.quarantined) ++quarantined;
    else claims.push_back(&c);
  }
  if (claims.empty() && touched.empty() && quarantined == 0) return out;

  const Seconds now = clock.now();
  std::string text = "---\ncreated: " + format_instant(now) + "\ndebrief_of: " + yaml_line_scalar(session) +
                     "\n---\n# Session debrief, " + format_date(day_of(now)) + "\n\n";
  text += "What the session said to keep (captured as L1 candidates; `memsim promote` judges them):\n";
  if (claims.empty()) text += "- (nothing)\n";
  for (std::size_t i = 0; i < claims.size() && i < kDebriefMaxItems; ++i)
    text += "- " + claims[i]->kind + ": " + render_line(claims[i]->claim, kLineBytes) + "\n";
  if (claims.size() > kDebriefMaxItems) out.left_out += claims.size() - kDebriefMaxItems;
  if (quarantined > 0)
    text += "- (" + std::to_string(quarantined) +
            " more held a secret and are not listed; `memsim inspect --quarantined`)\n";
  text += "\nMemory files it touched:\n";
  if (touched.empty()) text += "- (none)\n";
  std::size_t listed = 0;
  for (const auto& [file, tools] : touched) {
    if (listed++ == kDebriefMaxItems) break;
    std::string how;
    for (const std::string& t : tools) how += (how.empty() ? "" : ", ") + t;
    text += "- " + render_name(file, kLineBytes) + " (" + render_line(how, kLineBytes) + ")\n";
  }
  if (touched.size() > kDebriefMaxItems) out.left_out += touched.size() - kDebriefMaxItems;
  if (out.left_out > 0) text += "\n(" + std::to_string(out.left_out) + " more not listed.)\n";
  // The claims passed the gate in capture; the note passes once more as a whole.
  std::optional<Redactor> own;
  auto gated = gate_text(shared ? *shared : own.emplace(), "debrief", text, OnSecret::kRedact);
  if (!gated.ok()) return gated.error();

  MEMSIM_TRY(check_home(fs, home));
  MEMSIM_TRY(make_home_dir(fs, home, home.short_term_dir()));
  auto lock = lock_home(fs, home, lock_timeout_ms);
  if (!lock.ok()) return lock.error();
  const std::string stem =
      note_day_prefix(day_of(now)) + "-session" + (session == "-" ? "" : "-" + session.substr(0, 8));
  auto path = note_path(fs, home, stem, session);
  if (!path.ok()) return path.error();
  MEMSIM_TRY(replace_file(fs, *path, gated->text));
  out.rel_path = "memory/short-term/" + base_name(*path);
  out.claims = claims.size();
  out.touched = touched.size();
  return out;
}

}  // namespace memsim
