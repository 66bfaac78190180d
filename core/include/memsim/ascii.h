// The character classes, case folding and trimming that memsim's text formats
// share. The formats are bytes: only ASCII letters have a case, no locale is
// consulted, and a UTF-8 byte (>= 0x80) is never a letter, digit or space.
#pragma once

#include <string>
#include <string_view>

namespace memsim::ascii {

constexpr bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
constexpr bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }
constexpr bool is_alpha(char c) { return is_upper(c) || is_lower(c); }
constexpr bool is_alnum(char c) { return is_alpha(c) || is_digit(c); }
constexpr char to_lower(char c) { return is_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; }

inline std::string lowered(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = to_lower(c);
  return out;
}

// s without the spaces, tabs and line ends at either end.
constexpr std::string_view trim(std::string_view s) {
  constexpr std::string_view kSpace = " \t\r\n";
  const auto b = s.find_first_not_of(kSpace);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(kSpace) - b + 1);
}

}  // namespace memsim::ascii
