#include "memsim/ranking.h"

#include <algorithm>
#include <functional>
#include <unordered_map>

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

namespace {

// Folds a shared home's touches of one file from its baseline (journal.h).
PolicyValues fold_in_order(const std::string& filename, std::vector<const Touch*> touches, const JournalRead& journal,
                           Seconds now, const Policy& policy) {
  std::erase_if(touches, [&](const Touch* t) { return t->time > now; });
  std::sort(touches.begin(), touches.end(), [](const Touch* a, const Touch* b) { return touch_order(*a, *b); });
  std::vector<Seconds> times;
  times.reserve(touches.size());
  for (const Touch* t : touches) times.push_back(t->time);
  PolicyValues start = untouched_values(policy);
  if (journal.baseline)
    if (auto it = journal.baseline->find(filename); it != journal.baseline->end()) start = it->second;
  return fold(start, times, policy);
}

Ranked rank_folded(Corpus corpus, const std::function<PolicyValues(const Memory&)>& fold_of, Seconds now,
                   const Policy& policy) {
  Ranked r;
  const std::size_t n = corpus.memories.size();
  r.folded.resize(n);
  r.entries.resize(n);
  std::vector<bool> open(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Memory& m = corpus.memories[i];
    r.folded[i] = fold_of(m);
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

}  // namespace

Ranked rank_corpus(Corpus corpus, const std::vector<Touch>& touches, Seconds now, const Policy& policy) {
  auto by_file = touches_by_file(touches);
  return rank_folded(
      std::move(corpus),
      [&](const Memory& m) {
        std::span<const Seconds> times;
        if (auto it = by_file.find(m.filename); it != by_file.end()) {
          const auto& all = it->second;
          times = std::span<const Seconds>(all.data(), std::upper_bound(all.begin(), all.end(), now) - all.begin());
        }
        return fold(m.meta.policy, times, policy);
      },
      now, policy);
}

PolicyValues untouched_values(const Policy& policy) {
  PolicyValues v;
  v.stability = policy.initial_stability;
  return v;
}

PolicyValues fold_shared(const std::string& filename, const JournalRead& journal, Seconds now, const Policy& policy) {
  std::vector<const Touch*> mine;
  for (const Touch& t : journal.touches)
    if (t.filename == filename) mine.push_back(&t);
  return fold_in_order(filename, std::move(mine), journal, now, policy);
}

std::map<std::string, PolicyValues> fold_before(const JournalRead& journal, Seconds cutoff, const Policy& policy) {
  std::map<std::string, std::vector<const Touch*>> by_file;
  if (journal.baseline)
    for (const auto& [name, values] : *journal.baseline) by_file[name];
  for (const Touch& t : journal.touches)
    if (t.time < cutoff) by_file[t.filename].push_back(&t);
  std::map<std::string, PolicyValues> out;
  for (auto& [name, touches] : by_file)
    out[name] = fold_in_order(name, std::move(touches), journal, cutoff - 1, policy);
  return out;
}

Ranked rank_with_journal(Corpus corpus, const JournalRead& journal, Seconds now, const Policy& policy) {
  if (!journal.baseline) return rank_corpus(std::move(corpus), journal.touches, now, policy);
  // One pass groups the touches by file, so a year of them costs a sort, not a scan per file.
  std::unordered_map<std::string, std::vector<const Touch*>> by_file;
  for (const Touch& t : journal.touches) by_file[t.filename].push_back(&t);
  return rank_folded(
      std::move(corpus),
      [&](const Memory& m) {
        auto it = by_file.find(m.filename);
        return fold_in_order(m.filename, it == by_file.end() ? std::vector<const Touch*>{} : std::move(it->second),
                             journal, now, policy);
      },
      now, policy);
}

}  // namespace memsim
