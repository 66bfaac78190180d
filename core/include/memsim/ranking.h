// From files and journal to index entries: fold each file's touches into its
// policy values, resolve every default, score, and mark closed and contested
// facts. A pure function of (corpus, journal, now, policy).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "memsim/conflicts.h"
#include "memsim/corpus.h"
#include "memsim/index.h"
#include "memsim/journal.h"

namespace memsim {

struct Ranked {
  Corpus corpus;
  std::vector<PolicyValues> folded;  // parallel to corpus.memories
  std::vector<Entry> entries;        // parallel to corpus.memories (not yet ordered)
  std::vector<Conflict> conflicts;
};

// Touches later than `now` have not happened yet and are ignored.
Ranked rank_corpus(Corpus corpus, const std::vector<Touch>& touches, Seconds now, const Policy& policy);

// The same for what read_journal returned: for a shared home (journal.baseline
// set) each file is folded from its baseline, or the defaults, over every touch
// in the total order (journal.h), whatever values the file itself holds.
Ranked rank_with_journal(Corpus corpus, const JournalRead& journal, Seconds now, const Policy& policy);

// A shared home's values for one file: the fold of every touch of it, taken in
// touch_order, from its baseline or, without one, the defaults.
// The values of a file nothing has touched: no access, the initial stability.
PolicyValues untouched_values(const Policy& policy);

PolicyValues fold_shared(const std::string& filename, const JournalRead& journal, Seconds now, const Policy& policy);

// A shared home's values just before `cutoff`, for every file its baseline or a
// touch before the cutoff names (checkpoint.h).
std::map<std::string, PolicyValues> fold_before(const JournalRead& journal, Seconds cutoff, const Policy& policy);

// One memory's entry from its folded values (what rank_corpus does per file,
// contested aside): `memsim evaluate` builds the index as of each past session.
// `last_accessed_default` stands in when the values have no last_accessed.
Entry rank_entry(const Memory& m, const PolicyValues& folded, Seconds last_accessed_default, Seconds now,
                 const Policy& policy);

// Whether memory i is closed at `now`: status superseded*, or valid_until <= today.
bool is_closed(const MemoryMeta& meta, Seconds now);

}  // namespace memsim
