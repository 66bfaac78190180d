#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>

#include "memsim/search.h"

namespace memsim {

namespace {

// Disjoint sets with path halving and union by size.
class Groups {
 public:
  explicit Groups(std::size_t n) : parent_(n), size_(n, 1) { std::iota(parent_.begin(), parent_.end(), 0); }
  std::size_t find(std::size_t x) {
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }
  void join(std::size_t a, std::size_t b) {
    a = find(a);
    b = find(b);
    if (a == b) return;
    if (size_[a] < size_[b]) std::swap(a, b);
    parent_[b] = a;
    size_[a] += size_[b];
  }

 private:
  std::vector<std::size_t> parent_, size_;
};

// Whether two sorted term-rank sets have Jaccard similarity of at least
// kNearDuplicate: a size filter first (J >= t needs an overlap of at least
// t/(1+t) * (|A| + |B|)), then a merge that stops once the rest cannot reach it.
bool similar(const std::vector<int>& sa, const std::vector<int>& sb) {
  const double total = static_cast<double>(sa.size() + sb.size());
  const auto overlap = static_cast<std::size_t>(std::ceil(kNearDuplicate / (1 + kNearDuplicate) * total - 1e-9));
  if (std::min(sa.size(), sb.size()) < overlap) return false;
  std::size_t shared = 0;
  for (std::size_t x = 0, y = 0; x < sa.size() && y < sb.size();) {
    if (shared + std::min(sa.size() - x, sb.size() - y) < overlap) return false;
    if (sa[x] == sb[y]) {
      ++shared;
      ++x;
      ++y;
    } else if (sa[x] < sb[y]) {
      ++x;
    } else {
      ++y;
    }
  }
  const std::size_t uni = sa.size() + sb.size() - shared;
  return static_cast<double>(shared) >= kNearDuplicate * static_cast<double>(uni);
}

}  // namespace

std::vector<std::vector<std::size_t>> near_duplicate_groups(const std::vector<std::string>& summaries) {
  // Prefix filtering (as in all-pairs similarity joins): with every term set
  // sorted by one global order, rarest term first, two sets of Jaccard similarity
  // at least t share a term within the first |A| - ceil(t|A|) + 1 terms of each.
  // Only those prefixes are indexed. A candidate already in the probing set's
  // group is not verified again, so templated summaries, where every pair is a
  // near-duplicate, cost one verification per summary instead of one per pair.
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

  Groups groups(n);
  std::vector<bool> paired(n, false);
  std::unordered_map<int, std::vector<std::size_t>> postings;  // prefix term -> earlier sets
  std::vector<std::size_t> seen_at(n, n);                      // dedupes candidates per probing set
  for (std::size_t b = 0; b < n; ++b) {
    const std::vector<int>& sb = sets[b];
    if (sb.empty()) continue;
    const auto need = static_cast<std::size_t>(std::ceil(kNearDuplicate * static_cast<double>(sb.size()) - 1e-9));
    const std::size_t prefix = sb.size() - need + 1;
    for (std::size_t k = 0; k < prefix; ++k) {
      for (std::size_t a : postings[sb[k]]) {
        if (seen_at[a] == b) continue;
        seen_at[a] = b;
        if (groups.find(a) == groups.find(b)) continue;
        if (similar(sets[a], sb)) {
          groups.join(a, b);
          paired[a] = paired[b] = true;
        }
      }
      postings[sb[k]].push_back(b);
    }
  }
  std::unordered_map<std::size_t, std::size_t> slot;  // group root -> index in out
  std::vector<std::vector<std::size_t>> out;
  for (std::size_t i = 0; i < n; ++i) {
    if (!paired[i]) continue;
    auto [it, fresh] = slot.emplace(groups.find(i), out.size());
    if (fresh) out.emplace_back();
    out[it->second].push_back(i);  // ascending, and groups by their first member
  }
  return out;
}

}  // namespace memsim
