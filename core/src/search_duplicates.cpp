#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "memsim/search.h"

namespace memsim {

std::vector<std::pair<std::size_t, std::size_t>> near_duplicates(const std::vector<std::string>& summaries) {
  // Prefix filtering (as in all-pairs similarity joins): with every term set
  // sorted by one global order, rarest term first, two sets of Jaccard similarity
  // at least t share a term within the first |A| - ceil(t|A|) + 1 terms of each.
  // Only those prefixes are indexed, so candidates are few even when common terms
  // are shared by most summaries; each candidate is then verified exactly. The
  // tick runs this on every corpus every night, and all pairs cost n squared.
  const std::size_t n = summaries.size();
  std::vector<std::vector<std::string>> words(n);
  std::unordered_map<std::string, std::size_t> df;
  for (std::size_t i = 0; i < n; ++i) {
    words[i] = query_terms(summaries[i]);
    for (const std::string& w : words[i]) ++df[w];
  }
  // The global order: (document frequency, term), as small integers.
  std::vector<std::pair<std::size_t, std::string>> order;
  order.reserve(df.size());
  for (const auto& [w, f] : df) order.emplace_back(f, w);
  std::sort(order.begin(), order.end());
  std::unordered_map<std::string, int> rank;
  for (std::size_t r = 0; r < order.size(); ++r) rank[order[r].second] = static_cast<int>(r);
  std::vector<std::vector<int>> sets(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (words[i].size() < 3) continue;  // query_terms already dropped duplicates
    for (const std::string& w : words[i]) sets[i].push_back(rank[w]);
    std::sort(sets[i].begin(), sets[i].end());
  }

  std::unordered_map<int, std::vector<std::size_t>> postings;  // prefix term -> earlier sets
  std::vector<std::pair<std::size_t, std::size_t>> out;
  std::vector<std::size_t> seen_at(n, n);  // dedupes candidates per probing set
  for (std::size_t b = 0; b < n; ++b) {
    const std::vector<int>& sb = sets[b];
    if (sb.empty()) continue;
    const auto need = static_cast<std::size_t>(std::ceil(kNearDuplicate * static_cast<double>(sb.size()) - 1e-9));
    const std::size_t prefix = sb.size() - need + 1;
    for (std::size_t k = 0; k < prefix; ++k) {
      for (std::size_t a : postings[sb[k]]) {
        if (seen_at[a] == b) continue;
        seen_at[a] = b;
        const std::vector<int>& sa = sets[a];
        // J >= t needs an overlap of at least t/(1+t) * (|A| + |B|): a size filter
        // first, then the merge stops once the rest cannot reach it.
        const double total = static_cast<double>(sa.size() + sb.size());
        const auto overlap = static_cast<std::size_t>(std::ceil(kNearDuplicate / (1 + kNearDuplicate) * total - 1e-9));
        if (std::min(sa.size(), sb.size()) < overlap) continue;
        std::size_t shared = 0;
        for (std::size_t x = 0, y = 0; x < sa.size() && y < sb.size();) {
          if (shared + std::min(sa.size() - x, sb.size() - y) < overlap) break;
          if (sa[x] == sb[y]) ++shared, ++x, ++y;
          else if (sa[x] < sb[y]) ++x;
          else ++y;
        }
        const std::size_t uni = sa.size() + sb.size() - shared;
        if (static_cast<double>(shared) >= kNearDuplicate * static_cast<double>(uni)) out.emplace_back(a, b);
      }
      postings[sb[k]].push_back(b);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace memsim
