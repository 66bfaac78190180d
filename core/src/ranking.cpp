#include "memsim/ranking.h"

#include <algorithm>

#include "memsim/fold.h"
#include "memsim/rankers.h"

namespace memsim {

bool is_closed(const MemoryMeta& meta, Seconds now) {
  if (meta.status && is_superseded_status(*meta.status)) return true;
  return meta.valid_until && *meta.valid_until <= day_of(now);
}

Entry rank_entry(const Memory& m, const PolicyValues& v, Seconds last_accessed_default, Seconds now,
                 const Policy& policy) {
  Entry e;
  e.filename = m.filename;
  e.summary = effective_summary(m.meta);
  e.created = m.meta.created.value_or(day_of(m.info.mtime));
  e.score = rank_score({v, v.last_accessed.value_or(last_accessed_default), e.created, m.meta.importance}, now, policy);
  e.pinned = m.meta.pin;
  e.closed = is_closed(m.meta, now);
  e.in_flight = m.meta.in_flight;
  e.state = m.meta.state ? fold_whitespace(*m.meta.state) : "";
  return e;
}

Ranked rank_corpus(Corpus corpus, const std::vector<Touch>& touches, Seconds now, const Policy& policy) {
  Ranked r;
  auto by_file = touches_by_file(touches);
  const std::size_t n = corpus.memories.size();
  r.folded.resize(n);
  r.entries.resize(n);
  std::vector<bool> open(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Memory& m = corpus.memories[i];
    std::span<const Seconds> times;
    if (auto it = by_file.find(m.filename); it != by_file.end()) {
      const auto& all = it->second;
      times = std::span<const Seconds>(all.data(), std::upper_bound(all.begin(), all.end(), now) - all.begin());
    }
    r.folded[i] = fold(m.meta.policy, times, policy);
    r.entries[i] = rank_entry(m, r.folded[i], m.info.mtime, now, policy);
    const Entry& e = r.entries[i];
    open[i] = !e.closed;
  }
  r.conflicts = find_conflicts(corpus, open);
  for (const Conflict& c : r.conflicts)
    for (const std::string& f : c.files) {
      // memories are sorted by filename
      auto it = std::lower_bound(corpus.memories.begin(), corpus.memories.end(), f,
                                 [](const Memory& m, const std::string& name) { return m.filename < name; });
      r.entries[static_cast<std::size_t>(it - corpus.memories.begin())].contested = true;
    }
  r.corpus = std::move(corpus);
  return r;
}

}  // namespace memsim
