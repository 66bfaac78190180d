#include <algorithm>
#include <map>
#include <unordered_map>

#include "memsim/search.h"

namespace memsim {

std::vector<std::pair<std::size_t, std::size_t>> near_duplicates(const std::vector<std::string>& summaries) {
  // Candidate pairs come from an inverted index, so the cost follows the pairs
  // that share a term rather than n squared; the shared counts it gathers are
  // exactly the intersections the Jaccard similarity needs. A term in more than
  // kCommon summaries is skipped as a source of pairs (it would cost quadratic
  // time and says little); it can only make a duplicate look less similar.
  std::vector<std::vector<std::string>> terms(summaries.size());
  std::unordered_map<std::string, std::vector<std::size_t>> postings;
  for (std::size_t i = 0; i < summaries.size(); ++i) {
    terms[i] = query_terms(summaries[i]);
    if (terms[i].size() < 3) continue;
    for (const std::string& t : terms[i]) postings[t].push_back(i);
  }
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> shared;
  constexpr std::size_t kCommon = 256;
  for (const auto& [term, docs] : postings) {
    if (docs.size() > kCommon) continue;
    for (std::size_t a = 0; a < docs.size(); ++a)
      for (std::size_t b = a + 1; b < docs.size(); ++b) ++shared[{docs[a], docs[b]}];
  }
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (const auto& [pair, n] : shared) {
    const std::size_t uni = terms[pair.first].size() + terms[pair.second].size() - n;
    if (static_cast<double>(n) >= kNearDuplicate * static_cast<double>(uni)) out.push_back(pair);
  }
  return out;  // std::map iterates in sorted order
}

}  // namespace memsim
