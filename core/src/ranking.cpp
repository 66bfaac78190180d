#include "memsim/ranking.h"

#include <algorithm>

#include "memsim/fold.h"

namespace memsim {

bool is_closed(const MemoryMeta& meta, Seconds now) {
  if (meta.status && is_superseded_status(*meta.status)) return true;
  return meta.valid_until && *meta.valid_until <= day_of(now);
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
      times = std::span<const Seconds>(all.data(),
                                       std::upper_bound(all.begin(), all.end(), now) - all.begin());
    }
    r.folded[i] = fold(m.meta.policy, times, policy);
    const PolicyValues& v = r.folded[i];
    Entry& e = r.entries[i];
    e.filename = m.filename;
    e.summary = effective_summary(m.meta);
    e.score = score(v.access_count, v.last_accessed.value_or(m.info.mtime), v.stability,
                    m.meta.importance, now, policy);
    e.created = m.meta.created.value_or(day_of(m.info.mtime));
    e.pinned = m.meta.pin;
    e.closed = is_closed(m.meta, now);
    e.in_flight = m.meta.in_flight;
    e.state = m.meta.state ? fold_whitespace(*m.meta.state) : "";
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
