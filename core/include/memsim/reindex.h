// `memsim index` as a library call: under the home's lock, load the corpus and
// the journal, write folded policy values back into the files whose values moved
// (except files changed within policy.live_guard of now), and replace MEMORY.md,
// MEMORY-archive.md and current-state.md atomically when their bytes change.
#pragma once

#include <string>
#include <vector>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/policy.h"
#include "memsim/ranking.h"

namespace memsim {

struct ReindexReport {
  Ranked ranked;
  IndexOutput index;
  int written_back = 0;              // memory files whose policy lines were updated
  int deferred_live = 0;             // files with new values left alone because they changed recently
  int derived_written = 0;           // of MEMORY.md, MEMORY-archive.md, current-state.md
  std::vector<std::string> written;  // every file written, relative to the home, in order
  std::size_t bad_journal_lines = 0;
  std::vector<std::string> warnings;  // "memory/<file>: <problem>", one per problem
  // Open facts whose L1 slot holds a claim that disagrees (atoms.h
  // contested_by_candidates), file names in order; their entries are contested.
  std::vector<std::string> contested_by_candidates;
  // A shared home's fold (checkpoint.h): the cutoff of the checkpoint it
  // started from, else why the one on disk was not used; the touches it read.
  bool shared = false;
  std::optional<Seconds> fold_checkpoint;
  std::string fold_checkpoint_unused;
  std::size_t fold_touches = 0;
};

struct SlotMemo;  // atoms.h

struct ReindexOptions {
  bool write = true;    // false: compute only (status, dry runs); no lock, nothing written
  bool locked = false;  // the caller already holds the home's lock
  // Right after a git merge or checkout (sharing.md): every file's mtime is the
  // merge's, not an author's, so the live-session guard is not applied.
  bool after_merge = false;
  // An earlier run's corpus (ReindexReport::ranked.corpus) to take unchanged
  // memories from (load_corpus); what it reports is the same with it or without.
  Corpus* reuse = nullptr;
  // The same caller's memo of slot filters (atoms.h SlotMemo), for the contests.
  SlotMemo* slots = nullptr;
};

Result<ReindexReport> reindex(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                              ReindexOptions options = {});

// Whether a file modified at mtime counts as changed "recently" at now.
bool recently_changed(Seconds mtime, Seconds now, const Policy& policy);

}  // namespace memsim
