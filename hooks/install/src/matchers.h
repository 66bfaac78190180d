// Claude Code's hook matchers as install-hooks writes them and verify-install reads
// them: a word list ("Read|Edit", matched name by name) or anything else, which
// Claude Code treats as a regular expression and we compare only as a whole.
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace memsim::install::detail {

// "Read|Edit|Write": names of [A-Za-z0-9_] joined by single bars, none empty.
inline bool is_word_list(const std::string& s) {
  if (s.empty() || s.front() == '|' || s.back() == '|' || s.find("||") != std::string::npos) return false;
  return std::all_of(s.begin(), s.end(),
                     [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '|'; });
}

// The names of a word list, in order.
inline std::vector<std::string> matcher_words(const std::string& s) {
  std::vector<std::string> out;
  std::size_t p = 0;
  for (std::size_t q; (q = s.find('|', p)) != std::string::npos; p = q + 1) out.push_back(s.substr(p, q - p));
  out.push_back(s.substr(p));
  return out;
}

}  // namespace memsim::install::detail
