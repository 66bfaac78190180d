// Conflicts between open facts (SPEC section 6): two or more open facts with the
// same `key:` are in conflict. The winner has the higher confidence (verified >
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

// open[i] says whether corpus.memories[i] is an open fact. Conflicts by key.
std::vector<Conflict> find_conflicts(const Corpus& corpus, const std::vector<bool>& open);

}  // namespace memsim
