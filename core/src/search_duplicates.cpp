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
  // Each term interned once: its id, its document frequency, its text.
  std::unordered_map<std::string, int> id_of;
  std::vector<std::size_t> df;
  std::vector<const std::string*> text_of;
  std::vector<std::vector<int>> sets(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::vector<std::string> words = query_terms(summaries[i]);
    for (std::string& w : words) {
      auto [it, fresh] = id_of.try_emplace(std::move(w), static_cast<int>(df.size()));
      if (fresh) {
        df.push_back(0);
        text_of.push_back(&it->first);
      }
      ++df[static_cast<std::size_t>(it->second)];
      sets[i].push_back(it->second);
    }
    if (sets[i].size() < 3) sets[i].clear();  // query_terms already dropped duplicates
  }
  // The global order: (document frequency, term), as ranks.
  std::vector<int> by_order(df.size());
  std::iota(by_order.begin(), by_order.end(), 0);
  std::sort(by_order.begin(), by_order.end(), [&](int a, int b) {
    const auto ua = static_cast<std::size_t>(a), ub = static_cast<std::size_t>(b);
    return df[ua] != df[ub] ? df[ua] < df[ub] : *text_of[ua] < *text_of[ub];
  });
  std::vector<int> rank(df.size());
  for (std::size_t r = 0; r < by_order.size(); ++r) rank[static_cast<std::size_t>(by_order[r])] = static_cast<int>(r);
  for (std::vector<int>& set : sets) {
    for (int& t : set) t = rank[static_cast<std::size_t>(t)];
    std::sort(set.begin(), set.end());
  }

  Groups groups(n);
  std::vector<bool> paired(n, false);
  // prefix term -> (earlier set, the term's position in it)
  std::vector<std::vector<std::pair<std::size_t, std::size_t>>> postings(df.size());
  std::vector<std::size_t> seen_at(n, n);  // dedupes candidates per probing set
  for (std::size_t b = 0; b < n; ++b) {
    const std::vector<int>& sb = sets[b];
    if (sb.empty()) continue;
    const auto need = static_cast<std::size_t>(std::ceil(kNearDuplicate * static_cast<double>(sb.size()) - 1e-9));
    const std::size_t prefix = sb.size() - need + 1;
    for (std::size_t k = 0; k < prefix; ++k) {
      for (const auto& [a, j] : postings[static_cast<std::size_t>(sb[k])]) {
        if (seen_at[a] == b) continue;
        seen_at[a] = b;
        if (groups.find(a) == groups.find(b)) continue;
        // The positional filter (PPJoin): this is the first term the two share,
        // since an earlier shared one would sit in both prefixes and have met
        // them sooner, so at most the terms from here on can be shared.
        const std::size_t most = 1 + std::min(sets[a].size() - j - 1, sb.size() - k - 1);
        const double total = static_cast<double>(sets[a].size() + sb.size());
        if (static_cast<double>(most) < kNearDuplicate / (1 + kNearDuplicate) * total - 1e-9) continue;
        if (similar(sets[a], sb)) {
          groups.join(a, b);
          paired[a] = paired[b] = true;
        }
      }
      postings[static_cast<std::size_t>(sb[k])].emplace_back(b, k);
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

std::vector<std::vector<std::size_t>> near_duplicate_groups(std::vector<std::string> summaries,
                                                            NearDuplicateMemo& memo) {
  if (memo.summaries != summaries) {
    memo.groups = near_duplicate_groups(summaries);
    memo.summaries = std::move(summaries);
  }
  return memo.groups;
}

}  // namespace memsim
