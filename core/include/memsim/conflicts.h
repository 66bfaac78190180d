// Conflicts between open facts (SPEC section 6): two or more open facts with the
// same key (fact_key) are in conflict. The winner has the higher confidence (verified >
// stated > observed > inferred), then the newer valid_from, then the smaller
// filename; an inferred fact therefore never overrides a stated one. A conflict
// is always reported: it means a supersession was missed, or two were made at
// once (two machines superseding one fact, docs/sharing.md).
#pragma once

#include <string>
#include <vector>

#include "memsim/corpus.h"

namespace memsim {

struct Conflict {
  std::string key;
  std::vector<std::string> files;  // by filename
  std::string winner;
};

// The key a fact fills: its `key:`, whitespace folded, else its file's stem
// (project_pool for project_pool.md). supersede gives a successor OLD's key, or
// OLD's stem when it has none, so a keyless fact and its successors share one.
std::string fact_key(const Memory& m);

// open[i] says whether corpus.memories[i] is an open fact. Conflicts by fact_key.
std::vector<Conflict> find_conflicts(const Corpus& corpus, const std::vector<bool>& open);

}  // namespace memsim
