#include "memsim/tick.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "memsim/corpus.h"
#include "memsim/cue_sources.h"
#include "memsim/json_io.h"

namespace memsim {

namespace {

// The previous tick's time, from runtime/state/last-tick.json.
std::optional<Seconds> previous_tick(FileSystem& fs, const Home& home) {
  auto text = read_file_capped(fs, last_tick_path(home), kMaxConfigBytes);
  if (!text.ok()) return std::nullopt;
  auto j = parse_json_input(*text);
  if (!j.ok() || !j->is_object() || !j->contains("time") || !(*j)["time"].is_string()) return std::nullopt;
  return parse_instant((*j)["time"].get<std::string>());
}

void core_cue(const Ranked& r, Seconds now, const Policy& policy, std::vector<CueItem>& cue) {
  for (const Conflict& c : r.conflicts) {
    CueItem item{"conflict", {}, "open facts share key '" + c.key + "'; the rule picks " + c.winner +
                                     "; decide which holds and supersede the other"};
    for (const auto& f : c.files) item.files.push_back("memory/" + f);
    cue.push_back(std::move(item));
  }
  const Days today = day_of(now);
  for (std::size_t i = 0; i < r.corpus.memories.size(); ++i) {
    const MemoryMeta& m = r.corpus.memories[i].meta;
    if (r.entries[i].closed || m.confidence == Confidence::kVerified) continue;
    const Days from = m.valid_from.value_or(r.entries[i].created);
    if (today - from < policy.stale_fact_days) continue;
    cue.push_back({"old-unverified",
                   {"memory/" + r.corpus.memories[i].filename},
                   "open since " + format_date(from) + " (" + std::to_string(today - from) +
                       " days), confidence " + std::string(confidence_name(m.confidence.value_or(Confidence::kInferred))) +
                       "; is it still true?"});
  }
}

}  // namespace

std::string last_tick_path(const Home& home) { return join_path(home.state_dir(), "last-tick.json"); }
std::string cue_path(const Home& home) { return join_path(home.state_dir(), "cue.json"); }

std::string render_cue(const TickReport& t) {
  nlohmann::ordered_json items = nlohmann::ordered_json::array();
  for (const CueItem& c : t.cue) items.push_back({{"kind", c.kind}, {"files", c.files}, {"detail", c.detail}});
  nlohmann::ordered_json j{{"generated", format_instant(t.now)}, {"guarded", t.guarded}, {"items", items}};
  return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

Result<TickReport> run_tick(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                            const std::vector<CueSource>& sources) {
  if (Status s = check_home(fs, home); !s.ok()) return s.error();
  // The lock is held for the passes that write (the fold, write-back, the index)
  // and again for the two state files; the read-only analysis in between (lint,
  // near-duplicates, the cue sources) runs without it, so a person's remember or
  // supersede never waits for it.
  auto lock = lock_home(fs, home, policy.lock_timeout_ms);
  if (!lock.ok()) return lock.error();
  TickReport t;
  t.now = clock.now();

  // The guard looks at every authored memory file before anything is written.
  auto notes = list_dated_notes(fs, home);
  if (!notes.ok()) return notes.error();
  auto listing = fs.list_dir(home.memory_dir());
  if (!listing.ok()) return listing.error();
  for (const DirEntry& e : *listing) {
    if (!is_memory_name(e.name) || e.kind != FileKind::kRegular) continue;
    auto info = fs.stat(home.memory_path(e.name));
    if (info.ok() && recently_changed(info->mtime, t.now, policy)) t.recent.push_back("memory/" + e.name);
  }
  for (const DatedNote& n : *notes)
    if (recently_changed(n.info.mtime, t.now, policy)) t.recent.push_back(n.rel_path);
  std::sort(t.recent.begin(), t.recent.end());
  t.guarded = !t.recent.empty();

  auto rep = reindex(fs, home, clock, policy, {.write = !t.guarded, .locked = true});
  if (!rep.ok()) return rep.error();
  t.memories = rep->ranked.corpus.memories.size();
  t.written_back = rep->written_back;
  t.deferred_live = rep->deferred_live;
  t.changed = rep->written;
  std::sort(t.changed.begin(), t.changed.end());
  lock->reset();
  t.findings = lint(rep->ranked, rep->bad_journal_lines, rep->index.unfit_pins);

  // Notes whose window closed since the last tick (or in the last day).
  const Seconds since = previous_tick(fs, home).value_or(t.now - kSecondsPerDay);
  for (const DatedNote& n : *notes) {
    const Seconds closes = (n.day + policy.short_term_days) * kSecondsPerDay;
    if (closes > since && closes <= t.now) t.notes_leaving.push_back(n);
  }

  core_cue(rep->ranked, t.now, policy, t.cue);
  add_near_duplicate_items(t.findings, t.cue);
  for (const CueSource& source : sources) source(fs, home, rep->ranked, t.now, t.cue);
  std::stable_sort(t.cue.begin(), t.cue.end(), [](const CueItem& a, const CueItem& b) {
    if (a.kind != b.kind) return a.kind < b.kind;
    return a.files < b.files;
  });
  t.cue_json = render_cue(t);

  lock = lock_home(fs, home, policy.lock_timeout_ms);
  if (!lock.ok()) return lock.error();
  if (Status s = fs.make_dir(home.state_dir()); !s.ok()) return s.error();
  if (Status s = replace_file(fs, cue_path(home), t.cue_json); !s.ok()) return s.error();
  nlohmann::ordered_json last{{"time", format_instant(t.now)},      {"guarded", t.guarded},
                              {"written_back", t.written_back},         {"changed", t.changed},
                              {"cue_items", t.cue.size()},              {"findings", t.findings.size()},
                              {"notes_leaving", t.notes_leaving.size()}};
  if (Status s = replace_file(fs, last_tick_path(home), dump_json(last, 2) + "\n"); !s.ok()) return s.error();
  t.reindexed = std::move(*rep);
  return t;
}

}  // namespace memsim
