// The day a recall query asks about, read from its words ("what did we decide
// about the deploy branch, and had it changed by June?"), relative to today.
// Recall answers as of that day (search.h, RecallOptions::as_of); an explicit
// --as-of wins over it. No model: a handful of English forms, case-insensitive,
// whole words only:
//
//   2026-03-04, on/by/as of 2026-03-04    that day
//   before 2026-03-04                     the day before
//   in/during/by/until/as of June [2026]  June's last day (today, if June is now)
//   before June [2026]                    May's last day
//   yesterday, last week, last month      today - 1, today - 7, the last month's last day
//   3 days/weeks/months ago               today - 3, - 21, - 90 (numbers one to twelve too)
//
// A month named without a year is its latest occurrence not after today. A day
// after today is no day to ask about: today is used instead.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "memsim/timefmt.h"

namespace memsim {

struct QueryDay {
  Days day = 0;
  std::string phrase;  // the words that said so, lowercased ("by june")
  std::string source;  // the memory file that dated an event (search.h, asked_day); "" for the calendar's
};

// The first date the query names, or nullopt when it names none.
std::optional<QueryDay> query_day(std::string_view query, Days today);

// An event the query dates its question by, which only a memory can put on the
// calendar: "before the migration", "until the Postgres migration". The words
// after "before the", "until the" or "till the", at most three, up to the first
// word that ends the phrase ("and", "or", "was", "did", ...); the first must be
// a word, not a number or a date. search.h's asked_day finds the memory.
struct QueryEvent {
  bool before = true;  // the day before the event's (all three forms ask about the time before it)
  std::string words;   // lowercased, one space apart ("postgres migration")
  std::string phrase;  // the words that said so, lowercased ("before the postgres migration")
};
std::optional<QueryEvent> query_event(std::string_view query);

}  // namespace memsim
