#include "memsim/promote.h"

#include <algorithm>
#include <charconv>
#include <set>

#include "memsim/corpus.h"
#include "memsim/frontmatter.h"
#include "memsim/gate.h"
#include "memsim/supersede.h"
#include "memsim/timefmt.h"

namespace memsim {

namespace {

std::string plural(int n, const char* word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

std::string yaml_quote(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out + "\"";
}

// The inverse of yaml_quote for the one line it wrote.
std::string yaml_unquote(std::string_view s) {
  if (s.size() < 2 || s.front() != '"' || s.back() != '"') return std::string(s);
  std::string out;
  for (std::size_t i = 1; i + 1 < s.size(); ++i) {
    if (s[i] == '\\' && i + 2 < s.size()) ++i;
    out += s[i];
  }
  return out;
}

int confidence_rank(const std::string& c) { return c == "verified" ? 2 : c == "stated" ? 1 : 0; }

std::string strongest_confidence(const Atom& a) {
  std::string best = "observed";
  for (const Observation& o : a.observations)
    if (confidence_rank(o.confidence) > confidence_rank(best)) best = o.confidence;
  return best;
}

}  // namespace

Evidence evidence_of(const Atom& atom) {
  std::set<std::string> sessions, days, stated_sessions, stated_days, projects;
  Evidence e;
  for (const Observation& o : atom.observations) {
    sessions.insert(o.session);
    days.insert(o.day);
    projects.insert(o.project);
    if (o.confidence == "stated" || o.confidence == "verified") {
      stated_sessions.insert(o.session);
      stated_days.insert(o.day);
    }
    if (o.confidence == "verified") ++e.verified;
    if (e.first_seen == 0 || o.time < e.first_seen) e.first_seen = o.time;
  }
  e.sessions = static_cast<int>(sessions.size());
  e.days = static_cast<int>(days.size());
  e.stated_sessions = static_cast<int>(stated_sessions.size());
  e.stated_days = static_cast<int>(stated_days.size());
  e.projects = static_cast<int>(projects.size());
  return e;
}

Verdict judge(const Slot& slot, const Atom& atom, const GateRules& rules, Seconds now, bool for_l3) {
  Verdict v;
  const Evidence e = evidence_of(atom);
  if (atom.status == "rejected") v.blocks.push_back("rejected by resolve");
  if (atom.quarantined) v.blocks.push_back("quarantined: redaction changed its text");
  if (slot.contested()) v.blocks.push_back("contested: another claim holds the same key");
  const bool verified = e.verified >= rules.verified;
  const bool stated = e.stated_sessions >= rules.stated_sessions && e.stated_days >= rules.stated_days;
  const bool recurred = e.sessions >= rules.sessions && e.days >= rules.days;
  const bool evidence = verified || stated || recurred;
  if (!evidence) {
    // Report the nearest path: the stated one when the claim was stated at all.
    const bool stated_path = e.stated_sessions > 0;
    const int need_s = stated_path ? rules.stated_sessions : rules.sessions;
    const int need_d = stated_path ? rules.stated_days : rules.days;
    const int has_s = stated_path ? e.stated_sessions : e.sessions;
    const int has_d = stated_path ? e.stated_days : e.days;
    if (has_s < need_s) v.blocks.push_back("needs " + plural(need_s, "session") + ", has " + std::to_string(has_s));
    if (has_d < need_d) v.blocks.push_back("needs " + plural(need_d, "day") + ", has " + std::to_string(has_d));
  }
  v.to_l2 = v.blocks.empty();
  if (!for_l3) return v;
  if (e.projects < rules.projects)
    v.blocks.push_back("needs " + plural(rules.projects, "project") + ", has " + std::to_string(e.projects));
  const Seconds age = now - e.first_seen;
  if (age < static_cast<Seconds>(rules.age_days) * kSecondsPerDay)
    v.blocks.push_back("needs " + plural(rules.age_days, "day") + " of age, has " +
                       std::to_string(age > 0 ? age / kSecondsPerDay : 0));
  if (slot.ever_contested && !slot.contested()) v.blocks.push_back("was contested: L3 takes only uncontested claims");
  v.to_l3 = v.blocks.empty();
  return v;
}

namespace {

// Filters for load_slots, so a pass parses only the slots it can use: each may
// pass a slot that turns out not to qualify (the parse decides) but never drops
// one that does (atoms.h may_hold_status; an atom id is hex, written unescaped).
bool holds_candidates(std::string_view slot_text) { return may_hold_status(slot_text, {"candidate"}); }
std::function<bool(std::string_view)> names_atom(const std::string& id) {
  return [quoted = "\"" + id + "\""](std::string_view slot_text) {
    return slot_text.find(quoted) != std::string_view::npos || slot_text.find("\\u") != std::string_view::npos;
  };
}

}  // namespace

Result<std::vector<Proposal>> plan_promotions(FileSystem& fs, const Home& home, const Home* user_home,
                                              const GateRules& rules, Seconds now, SlotMemo* memo) {
  std::vector<Proposal> plan;
  auto add = [&](const Slot& slot, const Atom& a, const Verdict& v, const char* to, bool moves) {
    const Observation* latest = nullptr;
    for (const Observation& o : a.observations)
      if (!latest || o.time >= latest->time) latest = &o;
    plan.push_back(Proposal{a.id, a.claim, a.kind, slot.key, to, moves, v.blocks, evidence_of(a),
                            strongest_confidence(a), latest ? latest->quote : std::string()});
  };
  SlotMemo::Answers* answers = memo ? &memo->candidates : nullptr;
  auto slots = load_slots(fs, home, nullptr, holds_candidates, answers);
  if (!slots.ok()) return slots.error();
  for (const Slot& slot : *slots)
    for (const Atom& a : slot.atoms) {
      if (a.status != "candidate") continue;
      Verdict v = judge(slot, a, rules, now, false);
      add(slot, a, v, "L2", v.to_l2);
    }
  if (user_home) {
    auto user_slots = load_slots(fs, *user_home, nullptr, holds_candidates, answers);
    if (!user_slots.ok()) return user_slots.error();
    for (const Slot& slot : *user_slots)
      for (const Atom& a : slot.atoms) {
        if (a.status != "candidate") continue;
        Verdict l2 = judge(slot, a, rules, now, false);
        if (!l2.to_l2) continue;  // its project listing already shows what blocks it
        Verdict v = judge(slot, a, rules, now, true);
        add(slot, a, v, "L3", v.to_l3);
      }
  }
  return plan;
}

namespace {

Status mark_status(FileSystem& fs, const Home& home, const std::string& id, const std::string& status,
                   const std::string& tier) {
  auto slots = load_slots(fs, home, nullptr, names_atom(id));
  if (!slots.ok()) return slots.error();
  for (Slot& slot : *slots)
    if (Atom* a = slot.find(id)) {
      a->status = status;
      if (!tier.empty()) a->tier = tier;
      return save_slot(fs, home, slot);
    }
  return Error{home.candidates_dir() + ": no atom " + id};
}

std::string stamp(Seconds t) {
  std::string s = format_instant(t);
  s.erase(std::remove(s.begin(), s.end(), '-'), s.end());
  s.erase(std::remove(s.begin(), s.end(), ':'), s.end());
  return s;
}

Status backup(FileSystem& fs, const Home& home, const std::string& path, Seconds now) {
  auto info = fs.stat(path);
  if (!info.ok()) return info.status();
  if (info->kind != FileKind::kRegular) return Status::Ok();
  auto text = fs.read_file(path);
  if (!text.ok()) return text.status();
  const std::string dir = home.backups_dir();
  MEMSIM_TRY(make_home_dir(fs, home, home.runtime_dir()));
  MEMSIM_TRY(make_home_dir(fs, home, dir));
  return replace_file(fs, join_path(dir, base_name(path) + "." + stamp(now)), *text);
}

struct Staged {
  std::string to, kind, key, confidence, claim, quote;
  int sessions = 0, days = 0;
};

// An evidence count as promote wrote it; anything else reads as 0, as it did
// through atoi, but without atoi's undefined result past INT_MAX.
int staged_count(const std::string& v) {
  int n = 0;
  return std::from_chars(v.data(), v.data() + v.size(), n).ec == std::errc() ? n : 0;
}

Staged parse_staged(const std::string& text) {
  Staged s;
  size_t pos = text.find('\n') + 1;  // past the opening ---
  while (pos < text.size()) {
    const size_t nl = text.find('\n', pos);
    const std::string line = text.substr(pos, nl == std::string::npos ? std::string::npos : nl - pos);
    pos = nl == std::string::npos ? text.size() : nl + 1;
    if (line == "---") break;
    const size_t colon = line.find(": ");
    if (colon == std::string::npos) continue;
    const std::string k = line.substr(0, colon), v = line.substr(colon + 2);
    if (k == "to") s.to = v;
    else if (k == "kind") s.kind = v;
    else if (k == "key") s.key = v;
    else if (k == "confidence") s.confidence = v;
    else if (k == "sessions") s.sessions = staged_count(v);
    else if (k == "days") s.days = staged_count(v);
    else if (k == "quote") s.quote = yaml_unquote(v);
  }
  s.claim = text.substr(std::min(pos, text.size()));
  while (!s.claim.empty() && (s.claim.back() == '\n' || s.claim.back() == ' ')) s.claim.pop_back();
  return s;
}

std::string type_for_kind(const std::string& kind) {
  if (kind == "preference") return "preference";
  if (kind == "lesson") return "process";
  if (kind == "failure") return "reference";
  return "feedback";
}

std::string topic_for_key(const std::string& key) {
  std::string out;
  for (char c : key) {
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
    if (alnum) out += c;
    else if (!out.empty() && out.back() != '-') out += '-';
    if (out.size() >= 48) break;
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out.empty() ? "claim" : out;
}

}  // namespace

Result<int> stage_promotions(FileSystem& fs, const Home& home, const Home* user_home, const std::vector<Proposal>& plan,
                             Seconds now) {
  int written = 0;
  for (const Proposal& p : plan) {
    if (!p.moves) continue;
    const Home& target = p.to == "L3" && user_home ? *user_home : home;
    MEMSIM_TRY(make_home_dir(fs, target, target.runtime_dir()));
    MEMSIM_TRY(make_home_dir(fs, target, target.staged_dir()));
    auto lock = lock_home(fs, target, 5000);
    if (!lock.ok()) return lock.error();
    const std::string text =
        "---\nid: " + p.id + "\nto: " + p.to + "\nkind: " + p.kind + "\nkey: " + scrub_home_paths(p.key) +
        "\nconfidence: " + p.confidence + "\nsessions: " + std::to_string(p.evidence.sessions) +
        "\ndays: " + std::to_string(p.evidence.days) + "\nprojects: " + std::to_string(p.evidence.projects) +
        "\nstaged: " + format_instant(now) + "\nquote: " + yaml_quote(scrub_home_paths(p.quote)) + "\n---\n" +
        scrub_home_paths(p.claim) + "\n";
    MEMSIM_TRY(replace_file(fs, join_path(target.staged_dir(), p.id + ".md"), text));
    MEMSIM_TRY(mark_status(fs, target, p.id, "staged", ""));
    ++written;
  }
  return written;
}

Result<std::vector<std::string>> staged_ids(FileSystem& fs, const Home& home, const Home* user_home) {
  std::vector<std::string> ids;
  for (const Home* h : {&home, user_home}) {
    if (!h) continue;
    auto info = fs.stat(h->staged_dir());
    if (!info.ok()) return info.error();
    if (info->kind != FileKind::kDirectory) continue;
    auto entries = fs.list_dir(h->staged_dir());
    if (!entries.ok()) return entries.error();
    for (const DirEntry& e : *entries)
      if (e.kind == FileKind::kRegular && e.name.ends_with(".md")) ids.push_back(e.name.substr(0, e.name.size() - 3));
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

Result<Adopted> adopt(FileSystem& fs, const Home& home, const Home* user_home, const std::string& id,
                      const Policy& policy, Seconds now, Corpus* reuse) {
  const Home* from = nullptr;
  std::string staged_text;
  for (const Home* h : {&home, user_home}) {
    if (!h || from) continue;
    const std::string path = join_path(h->staged_dir(), id + ".md");
    auto info = fs.stat(path);
    if (!info.ok()) return info.error();
    if (info->kind != FileKind::kRegular) continue;
    auto text = fs.read_file(path);
    if (!text.ok()) return text.error();
    staged_text = *text;
    from = h;
  }
  if (!from) return Error{join_path(home.staged_dir(), id + ".md") + ": no staged proposal " + id};
  const Staged s = parse_staged(staged_text);
  if (s.claim.empty() || (s.to != "L2" && s.to != "L3"))
    return Error{join_path(from->staged_dir(), id + ".md") + ": not a proposal (needs to: L2|L3 and a claim)"};
  const std::string claim = scrub_home_paths(s.claim);
  auto lock = lock_home(fs, *from, 5000);
  if (!lock.ok()) return lock.error();
  Adopted out{"", "", {}, s.to, s.kind, claim, scrub_home_paths(s.quote), s.sessions, s.days};
  std::string& target = out.path;
  if (s.to == "L2") {
    MEMSIM_TRY(check_home(fs, home));
    const std::string type = type_for_kind(s.kind);
    const std::string base = type + "_" + topic_for_key(scrub_home_paths(s.key));
    std::string stem = base;
    target = home.memory_path(stem + ".md");
    // A file with this name may be a person's: it is never overwritten.
    for (int n = 2;; ++n) {
      auto info = fs.stat(target);
      if (!info.ok()) return info.error();
      if (info->kind == FileKind::kMissing) break;
      if (out.kept.empty()) out.kept = target;
      stem = base + "-" + std::to_string(n);
      target = home.memory_path(stem + ".md");
    }
    const std::string date = format_date(day_of(now));
    const std::string key = scrub_home_paths(s.key);
    auto corpus = load_corpus(fs, home, policy, reuse);
    if (!corpus.ok()) return corpus.error();
    const std::vector<const Memory*> incumbents = open_facts_with_key(*corpus, key, now);
    for (const Memory* m : incumbents)
      if (window_opens(*m) > day_of(now))
        return Error{"memory/" + m->filename + ": holds the key '" + key +
                     "' from a day after today; settle it before adopting " + id};
    std::string text = "---\nname: " + stem + "\ntype: " + type + "\nsummary: " + yaml_quote(claim) +
                       "\ncreated: " + date + "\nlast_updated: " + date + "\nconfidence: " + s.confidence +
                       "\nkey: " + yaml_quote(key) + "\n";
    std::string replaces;
    if (!incumbents.empty()) {
      const std::string& first = incumbents.front()->filename;
      text += "valid_from: " + date +
              "\nvalid_until: null\nsupersedes: " + yaml_line_scalar(first.substr(0, first.size() - 3)) + "\n";
      for (const Memory* m : incumbents) replaces += " [[" + m->filename.substr(0, m->filename.size() - 3) + "]]";
    }
    text += "---\n" + claim + "\n\nPromoted from L1 by recurrence: " + plural(s.sessions, "session") + " over " +
            plural(s.days, "day") + ".\n";
    if (!replaces.empty()) text += "Supersedes" + replaces + " from " + date + ".\n";
    // The successor first: a crash before the windows close leaves two open
    // facts (a conflict lint reports), never a closed fact with no successor.
    MEMSIM_TRY(replace_file(fs, target, text));
    MEMSIM_TRY(close_windows(fs, home, incumbents, now, out.superseded));
    if (reuse) *reuse = std::move(*corpus);
  } else {
    const Home& user = *from;
    target = user.identity_path();
    auto info = fs.stat(target);
    if (!info.ok()) return info.error();
    std::string text = "# Identity\n";
    if (info->kind == FileKind::kRegular) {
      auto old = fs.read_file(target);
      if (!old.ok()) return old.error();
      text = *old;
    }
    const std::string line = "- " + claim + "\n";
    if (text.find(line) == std::string::npos) {
      if (!text.empty() && text.back() != '\n') text += '\n';
      size_t at = text.find("\n## Persona\n");
      if (at == std::string::npos) {
        text += "\n## Persona\n\n" + line;
      } else {
        const size_t next = text.find("\n## ", at + 1);
        size_t insert = next == std::string::npos ? text.size() : next + 1;
        // Keep one blank line before the next heading.
        if (next != std::string::npos && insert >= 2 && text[insert - 2] == '\n') --insert;
        text.insert(insert, line);
      }
      MEMSIM_TRY(backup(fs, user, target, now));
      MEMSIM_TRY(replace_file(fs, target, text));
    }
  }
  MEMSIM_TRY(mark_status(fs, *from, id, "adopted", s.to));
  MEMSIM_TRY(fs.remove(join_path(from->staged_dir(), id + ".md")));
  return out;
}

Status resolve(FileSystem& fs, const Home& home, const std::string& id) {
  auto lock = lock_home(fs, home, 5000);
  if (!lock.ok()) return lock.error();
  auto slots = load_slots(fs, home, nullptr, names_atom(id));
  if (!slots.ok()) return slots.error();
  for (Slot& slot : *slots) {
    if (!slot.find(id)) continue;
    slot.resolved = id;
    for (Atom& a : slot.atoms) {
      if (a.id == id && a.status == "rejected") a.status = "candidate";
      else if (a.id != id) a.status = "rejected";
    }
    return save_slot(fs, home, slot);
  }
  return Error{home.candidates_dir() + ": no atom " + id};
}

Result<std::vector<Found>> find_atoms(FileSystem& fs, const Home& home, const std::string& query) {
  auto slots = load_slots(fs, home);
  if (!slots.ok()) return slots.error();
  const std::string q = normalize_claim(query), qkey = normalize_key(query);
  std::vector<Found> by_id, exact, loose;
  for (const Slot& slot : *slots)
    for (const Atom& a : slot.atoms) {
      const std::string c = normalize_claim(a.claim);
      if (a.id == query) by_id.push_back({slot, a});
      else if (c == q) exact.push_back({slot, a});
      else if (!q.empty() && (c.find(q) != std::string::npos || slot.key == qkey)) loose.push_back({slot, a});
    }
  if (!by_id.empty()) return by_id;
  if (!exact.empty()) return exact;
  return loose;
}

}  // namespace memsim
