#include "memsim/tick.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "json_writer.h"
#include "memsim/corpus.h"
#include "memsim/cue_sources.h"
#include "memsim/json_io.h"
#include "memsim/lens.h"

namespace memsim {

namespace {

// The previous tick's time, from runtime/state/last-tick.json.
std::optional<Seconds> previous_tick(FileSystem& fs, const Home& home) {
  auto text = read_file_capped(fs, home.last_tick_path(), kMaxConfigBytes);
  if (!text.ok()) return std::nullopt;
  auto j = parse_json_input(*text);
  if (!j.ok() || !j->is_object() || !j->contains("time") || !(*j)["time"].is_string()) return std::nullopt;
  return parse_instant((*j)["time"].get<std::string>());
}

void core_cue(const Ranked& r, Seconds now, const Policy& policy, std::vector<CueItem>& cue) {
  for (const Conflict& c : r.conflicts) {
    CueItem item{"conflict",
                 {},
                 "open facts share key '" + c.key + "'; the rule picks " + c.winner +
                     "; decide which holds: memsim resolve " + c.key + " --keep <file>"};
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
                   "open since " + format_date(from) + " (" + std::to_string(today - from) + " days), confidence " +
                       std::string(confidence_name(m.confidence.value_or(Confidence::kInferred))) +
                       "; is it still true?"});
  }
}

}  // namespace

std::string render_cue(const TickReport& t) {
  // As an ordered_json's dump(2) would print it (json_writer.h): written every night.
  json_writer::Writer w;
  w.open('{');
  w.key("generated");
  w.text(format_instant(t.now));
  w.key("guarded");
  w.boolean(t.guarded);
  w.key("items");
  w.open('[');
  for (const CueItem& c : t.cue) {
    w.item();
    w.open('{');
    w.key("kind");
    w.text(c.kind);
    w.key("files");
    w.open('[');
    for (const std::string& f : c.files) {
      w.item();
      w.text(f);
    }
    w.close(']');
    w.key("detail");
    w.text(c.detail);
    w.close('}');
  }
  w.close(']');
  w.close('}');
  return w.take() + "\n";
}

Result<TickReport> run_tick(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                            TickCarry carry) {
  MEMSIM_TRY(check_home(fs, home));
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
  auto listing = fs.stat_dir_from(home.memory_dir(), "");
  if (!listing.ok()) return listing.error();
  for (const DirEntryInfo& e : *listing)
    if (is_memory_name(e.name) && e.info.kind == FileKind::kRegular && recently_changed(e.info.mtime, t.now, policy))
      t.recent.push_back("memory/" + e.name);
  for (const DatedNote& n : *notes)
    if (recently_changed(n.info.mtime, t.now, policy)) t.recent.push_back(n.rel_path);
  std::sort(t.recent.begin(), t.recent.end());
  t.guarded = !t.recent.empty();

  auto rep = reindex(fs, home, clock, policy,
                     {.write = !t.guarded, .locked = true, .reuse = carry.corpus, .slots = carry.slots});
  if (!rep.ok()) return rep.error();
  t.memories = rep->ranked.corpus.memories.size();
  t.written_back = rep->written_back;
  t.deferred_live = rep->deferred_live;
  t.changed = rep->written;
  std::sort(t.changed.begin(), t.changed.end());
  lock->reset();
  t.findings = lint(rep->ranked, rep->bad_journal_lines, rep->index.unfit_pins, carry.near_duplicates);

  // Notes whose window closed since the last tick (or in the last day).
  const Seconds since = previous_tick(fs, home).value_or(t.now - kSecondsPerDay);
  for (const DatedNote& n : *notes) {
    const Seconds closes = (n.day + policy.short_term_days) * kSecondsPerDay;
    if (closes > since && closes <= t.now) t.notes_leaving.push_back(n);
  }
  // What the last wake left: its dream entry and its sit.
  for (const DatedNote& n : *notes)
    if (n.rel_path.starts_with("memory/dream-journal/") && n.info.mtime > since && n.info.mtime <= t.now)
      t.dream_entries.push_back(n.rel_path);
  std::sort(t.dream_entries.begin(), t.dream_entries.end());
  if (auto sits = read_sits(fs, home); sits.ok())
    for (const Sit& sit : *sits)
      if (sit.time > since && sit.time <= t.now) t.sits.push_back(sit);

  core_cue(rep->ranked, t.now, policy, t.cue);
  add_near_duplicate_items(t.findings, t.cue);
  add_promotion_items(fs, home, policy.gates, t.now, t.cue, carry.slots);
  add_lens_items(fs, home, t.cue);
  add_wake_items(fs, home, *notes, t.now, t.cue);
  std::stable_sort(t.cue.begin(), t.cue.end(), [](const CueItem& a, const CueItem& b) {
    if (a.kind != b.kind) return a.kind < b.kind;
    return a.files < b.files;
  });
  t.cue_json = render_cue(t);

  lock = lock_home(fs, home, policy.lock_timeout_ms);
  if (!lock.ok()) return lock.error();
  MEMSIM_TRY(make_home_dir(fs, home, home.state_dir()));
  MEMSIM_TRY(replace_file(fs, home.cue_path(), t.cue_json));
  nlohmann::ordered_json last{{"time", format_instant(t.now)},
                              {"guarded", t.guarded},
                              {"written_back", t.written_back},
                              {"changed", t.changed},
                              {"cue_items", t.cue.size()},
                              {"findings", t.findings.size()},
                              {"notes_leaving", t.notes_leaving.size()},
                              {"dream_entries", t.dream_entries},
                              {"sits", sit_names(t.sits)}};
  MEMSIM_TRY(replace_file(fs, home.last_tick_path(), dump_json(last, 2) + "\n"));
  t.reindexed = std::move(*rep);
  return t;
}

}  // namespace memsim
