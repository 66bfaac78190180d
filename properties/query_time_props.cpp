// Properties of the day a recall query names (memsim::query_day): it is never
// after today, whatever the text; an event it dates by (query_event) is at most
// three of its own words; and a month named with its year among any
// words of no date is found as that month's last day (today when the month is
// now), wherever it stands.
#include <gtest/gtest.h>
// after gtest, which it needs
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "memsim/query_time.h"

namespace memsim::props {
namespace query_time {

// Words that name no day.
const std::vector<std::string>& plain_words() {
  static const std::vector<std::string> w = {"what",   "did",  "we",     "decide", "about",   "the", "deploy",
                                             "branch", "and",  "had",    "it",     "changed", "may", "march",
                                             "sk-ant", "2026", "ago",    "last",   "week?",   "é",   "日本",
                                             "in",     "by",   "before", "token",  "v1.2.3",  "#",   ""};
  return w;
}

RC_GTEST_PROP(QueryTimeProps, TheDayIsNeverAfterToday, (const std::string& text)) {
  const Days today = *rc::gen::inRange<Days>(0, 100000);
  if (auto d = query_day(text, today)) RC_ASSERT(d->day <= today);
  std::string words;
  for (std::size_t n = *rc::gen::inRange<std::size_t>(0, 12); n > 0; --n)
    words += *rc::gen::elementOf(plain_words()) + " ";
  if (auto d = query_day(words + text, today)) RC_ASSERT(d->day <= today);
}

RC_GTEST_PROP(QueryTimeProps, AMonthWithItsYearAmongPlainWordsIsItsLastDay, ()) {
  static const char* months[] = {"january", "february", "march",     "april",   "may",      "june",
                                 "july",    "august",   "september", "october", "november", "december"};
  const int year = *rc::gen::inRange(1990, 2090);
  const unsigned month = *rc::gen::inRange(1u, 13u);
  const Days today = *rc::gen::inRange<Days>(days_from_civil(1990, 1, 1), days_from_civil(2100, 1, 1));
  std::string before, after;
  for (std::size_t n = *rc::gen::inRange<std::size_t>(0, 8); n > 0; --n) {
    const std::string& w = *rc::gen::elementOf(plain_words());
    // Words that could make a day of their own with their neighbours: "v1.2.3 week? ago" is "3 week ago".
    if (w == "in" || w == "by" || w == "before" || w == "may" || w == "march" || w == "last" || w == "2026" ||
        w == "ago")
      continue;
    before += w + " ";
  }
  const std::string text = before + "in " + months[month - 1] + " " + std::to_string(year) + " " + after;
  const auto d = query_day(text, today);
  RC_ASSERT(d.has_value());
  const Days last = (month == 12 ? days_from_civil(year + 1, 1, 1) : days_from_civil(year, month + 1, 1)) - 1;
  RC_ASSERT(d->day == std::min(last, today));
}

// An event's words are at most three, each a word of the query (lowercased),
// the first not a number, and they follow the phrase that names the event.
RC_GTEST_PROP(QueryTimeProps, AnEventIsAtMostThreeWordsOfTheQuery, (const std::string& text)) {
  static const std::vector<std::string> openers = {"before the ", "until the ", "till the ", "Before The ", ""};
  std::string words;
  for (std::size_t n = *rc::gen::inRange<std::size_t>(0, 4); n > 0; --n)
    words += *rc::gen::elementOf(plain_words()) + " ";
  words += *rc::gen::elementOf(openers);
  for (std::size_t n = *rc::gen::inRange<std::size_t>(0, 7); n > 0; --n)
    words += *rc::gen::elementOf(std::vector<std::string>{"postgres", "migration", "big", "rewrite", "of", "v2", "é",
                                                          "2026-04-02", "and", "?"}) +
             " ";
  const std::string query = words + text;
  const auto e = query_event(query);
  if (!e) return;
  std::string lower;
  for (char c : query) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  RC_ASSERT(!e->words.empty());
  RC_ASSERT(!std::isdigit(static_cast<unsigned char>(e->words.front())));
  std::size_t count = 1;
  for (std::size_t b = 0, sp; (sp = e->words.find(' ', b)) != std::string::npos; b = sp + 1) {
    ++count;
    RC_ASSERT(sp > b);
  }
  RC_ASSERT(count <= 3u);
  RC_ASSERT(e->phrase.ends_with(" the " + e->words));
  for (std::size_t b = 0; b < e->words.size();) {
    const std::size_t sp = std::min(e->words.find(' ', b), e->words.size());
    RC_ASSERT(lower.find(e->words.substr(b, sp - b)) != std::string::npos);
    b = sp + 1;
  }
}

}  // namespace query_time
}  // namespace memsim::props
