#include "memsim/query_time.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <chrono>
#include <vector>

namespace memsim {

namespace {

namespace chr = std::chrono;

constexpr std::array<std::string_view, 12> kMonths = {"january",   "february", "march",    "april",
                                                      "may",       "june",     "july",     "august",
                                                      "september", "october",  "november", "december"};
constexpr std::array<std::string_view, 12> kNumbers = {"one",   "two",   "three", "four", "five",   "six",
                                                       "seven", "eight", "nine",  "ten",  "eleven", "twelve"};

// The query's words, lowercased; an ISO date stays one word.
std::vector<std::string> words_of(std::string_view q) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : q) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || (c == '-' && !cur.empty() && std::isdigit(static_cast<unsigned char>(cur.back())))) {
      cur += static_cast<char>(std::tolower(u));
    } else if (!cur.empty()) {
      out.push_back(std::move(cur));
      cur.clear();
    }
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

chr::year_month_day civil(Days d) { return chr::year_month_day{chr::sys_days{chr::days{d}}}; }
Days days_of(chr::year_month_day ymd) { return chr::sys_days{ymd}.time_since_epoch().count(); }
Days last_day_of(int year, unsigned month) {
  return days_of(chr::year_month_day_last{chr::year{year}, chr::month_day_last{chr::month{month}}});
}

// A month's name, or its first three letters ("sept" too).
std::optional<unsigned> month_of(const std::string& w) {
  for (unsigned m = 0; m < kMonths.size(); ++m)
    if (w == kMonths[m] || (w.size() == 3 && kMonths[m].starts_with(w)) || (m == 8 && w == "sept")) return m + 1;
  return std::nullopt;
}

std::optional<int> count_of(const std::string& w) {
  if (!w.empty() && w.size() <= 3 && std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::stoi(w);
  for (int n = 0; n < static_cast<int>(kNumbers.size()); ++n)
    if (w == kNumbers[static_cast<std::size_t>(n)]) return n + 1;
  return std::nullopt;
}

bool is_year(const std::string& w) {
  return w.size() == 4 && std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::optional<QueryDay> query_day(std::string_view query, Days today) {
  const std::vector<std::string> w = words_of(query);
  const auto ymd = civil(today);
  const int this_year = static_cast<int>(ymd.year());
  const unsigned this_month = static_cast<unsigned>(ymd.month());
  auto done = [&](Days d, std::size_t from, std::size_t to) {
    std::string phrase;
    for (std::size_t i = from; i < to; ++i) phrase += (phrase.empty() ? "" : " ") + w[i];
    return QueryDay{std::min(d, today), phrase, {}};
  };
  for (std::size_t i = 0; i < w.size(); ++i) {
    const std::string prev = i > 0 ? w[i - 1] : "";
    const bool before = prev == "before";
    const std::size_t from = prev == "in" || prev == "on" || prev == "by" || prev == "during" || prev == "until" ||
                                     prev == "till" || before || (prev == "of" && i > 1 && w[i - 2] == "as")
                                 ? i - (prev == "of" ? 2 : 1)
                                 : i;
    if (auto d = parse_date(w[i])) return done(before ? *d - 1 : *d, from, i + 1);
    if (auto m = month_of(w[i]); m && (from < i || (i + 1 < w.size() && is_year(w[i + 1])))) {
      const bool year_given = i + 1 < w.size() && is_year(w[i + 1]);
      const int year = year_given ? std::stoi(w[i + 1]) : (*m > this_month ? this_year - 1 : this_year);
      const Days first = days_from_civil(year, *m, 1);
      return done(before ? first - 1 : last_day_of(year, *m), from, i + 1 + (year_given ? 1 : 0));
    }
    if (w[i] == "yesterday") return done(today - 1, i, i + 1);
    if (w[i] == "last" && i + 1 < w.size()) {
      if (w[i + 1] == "week") return done(today - 7, i, i + 2);
      if (w[i + 1] == "month")
        return done(days_of(chr::year_month_day{ymd.year(), ymd.month(), chr::day{1}}) - 1, i, i + 2);
    }
    if (i + 2 < w.size() && w[i + 2] == "ago")
      if (auto n = count_of(w[i]); n && *n > 0) {
        const std::string& unit = w[i + 1];
        const int per = unit.starts_with("day") ? 1 : unit.starts_with("week") ? 7 : unit.starts_with("month") ? 30 : 0;
        if (per > 0) return done(today - static_cast<Days>(*n) * per, i, i + 3);
      }
  }
  return std::nullopt;
}

std::optional<QueryEvent> query_event(std::string_view query) {
  static constexpr std::array<std::string_view, 24> kEnds = {
      "and",   "or",  "but",  "was",   "were", "is", "are", "did", "had", "has",  "have", "what",
      "which", "who", "when", "where", "how",  "we", "i",   "you", "it",  "then", "vs",   "versus"};
  const std::vector<std::string> w = words_of(query);
  for (std::size_t i = 0; i + 2 < w.size(); ++i) {
    if ((w[i] != "before" && w[i] != "until" && w[i] != "till") || w[i + 1] != "the") continue;
    QueryEvent e;
    e.phrase = w[i] + " the";
    for (std::size_t j = i + 2; j < w.size() && j < i + 5; ++j) {
      if (std::find(kEnds.begin(), kEnds.end(), w[j]) != kEnds.end()) break;
      e.words += (e.words.empty() ? "" : " ") + w[j];
      e.phrase += " " + w[j];
    }
    const std::string first = e.words.substr(0, e.words.find(' '));
    if (first.empty() || std::isdigit(static_cast<unsigned char>(first.front()))) continue;
    return e;
  }
  return std::nullopt;
}

}  // namespace memsim
