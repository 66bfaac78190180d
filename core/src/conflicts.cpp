#include "memsim/conflicts.h"

#include <map>

#include "memsim/memory_file.h"

namespace memsim {

std::string fact_key(const Memory& m) {
  if (m.meta.key)
    if (std::string k = fold_whitespace(*m.meta.key); !k.empty()) return k;
  return m.filename.ends_with(".md") ? m.filename.substr(0, m.filename.size() - 3) : m.filename;
}

std::vector<Conflict> find_conflicts(const Corpus& corpus, const std::vector<bool>& open) {
  std::map<std::string, std::vector<std::size_t>> by_key;
  for (std::size_t i = 0; i < corpus.memories.size(); ++i)
    if (open[i]) by_key[fact_key(corpus.memories[i])].push_back(i);
  std::vector<Conflict> out;
  for (auto& [key, members] : by_key) {
    if (members.size() < 2) continue;
    Conflict c;
    c.key = key;
    std::size_t best = members[0];
    auto rank = [&](std::size_t i) {
      const MemoryMeta& m = corpus.memories[i].meta;
      return std::pair<int, Days>(static_cast<int>(m.confidence.value_or(Confidence::kInferred)),
                                  m.valid_from.value_or(m.created.value_or(0)));
    };
    for (std::size_t i : members) {
      c.files.push_back(corpus.memories[i].filename);
      if (rank(i) > rank(best)) best = i;  // members are in filename order: ties keep the first
    }
    c.winner = corpus.memories[best].filename;
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace memsim
