// The nightly tick: the deterministic half of the nightly cycle (seed 000
// sections 07 and 09). In order: fold the journal and write back policy values;
// lint; regenerate the index and current state; report the dated notes whose
// 7-day window closed since the last tick (they are kept, never moved) and what
// the last wake left (its dream entry and its sit); and write
// runtime/state/cue.json, the list of what only a model can judge, tonight's
// sit and dream included (cue_sources.h), for the reflective wake five minutes
// later.
//
// Live-session guard: when any memory file (T2 or a dated note) changed in the
// policy.live_guard before now, a person is probably mid-session, so every
// mutating pass is skipped; the tick still scans, lints and writes the cue.
#pragma once

#include <string>
#include <vector>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/lint.h"
#include "memsim/meditation.h"
#include "memsim/notes.h"
#include "memsim/policy.h"
#include "memsim/reindex.h"

namespace memsim {

// One thing for the reflective wake to judge.
struct CueItem {
  std::string kind;                // conflict, old-unverified, lens-over-cap, ...
  std::vector<std::string> files;  // relative to the home
  std::string detail;
};

struct TickReport {
  Seconds now = 0;
  bool guarded = false;
  std::vector<std::string> recent;   // what tripped the guard, relative paths
  std::vector<std::string> changed;  // files the tick wrote (memory and derived), sorted
  int written_back = 0;
  int deferred_live = 0;
  std::size_t memories = 0;
  std::vector<Finding> findings;
  std::vector<DatedNote> notes_leaving;  // window closed in (previous tick, now]
  // What the wake left since the previous tick (or in the last day): the
  // dream-journal notes written (by modification time), sorted, and the sits
  // recorded in runtime/state/sits.log, oldest first.
  std::vector<std::string> dream_entries;
  std::vector<Sit> sits;
  std::vector<CueItem> cue;  // sorted by kind, then files
  std::string cue_json;      // what was written to runtime/state/cue.json
  ReindexReport reindexed;   // the index the tick computed (and wrote unless guarded)
};

// What a caller that ticks the same homes night after night may keep from one
// tick to the next, to spare work whose result it has already (the simulator
// does; a `memsim tick` process has nothing to keep). Neither changes the tick.
struct TickCarry {
  NearDuplicateMemo* near_duplicates = nullptr;  // shared by homes of the same facts (search.h)
  Corpus* corpus = nullptr;                      // this home's last corpus (ReindexOptions::reuse)
  SlotMemo* slots = nullptr;                     // this home's slot filters' answers (atoms.h)
};

// The cue holds, besides conflicts and old unverified facts, what the modules
// that own them add: near-duplicate groups and promotions near or ready
// (cue_sources.h), lenses over their cap or unusable (lens.h).
Result<TickReport> run_tick(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                            TickCarry carry = {});

// The cue as JSON text (stable key order, items in report order).
std::string render_cue(const TickReport& report);

// runtime/state/last-tick.json holds the previous tick's time and summary.

}  // namespace memsim
