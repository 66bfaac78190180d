// The day a recall query names (query_time.h), on questions in the voice of a
// person asking their agent, relative to a fixed today.
#include <gtest/gtest.h>

#include "memsim/query_time.h"

namespace memsim {
namespace {

const Days kAsked = *parse_date("2026-12-02");

std::string day_of_query(const std::string& q) {
  auto d = query_day(q, kAsked);
  return d ? format_date(d->day) + " (" + d->phrase + ")" : "-";
}

TEST(QueryDay, MonthsWithAndWithoutAYear) {
  EXPECT_EQ(day_of_query("what did we decide about the deploy branch, and had it changed by June?"),
            "2026-06-30 (by june)");
  EXPECT_EQ(day_of_query("What did we say in March 2025 about rounding"), "2025-03-31 (in march 2025)");
  EXPECT_EQ(day_of_query("the release branch before June"), "2026-05-31 (before june)");
  EXPECT_EQ(day_of_query("as of Sept, which token format?"), "2026-09-30 (as of sept)");
  EXPECT_EQ(day_of_query("by December"), "2026-12-02 (by december)") << "this month: today";
  EXPECT_EQ(day_of_query("Jan 2026 decisions"), "2026-01-31 (jan 2026)");
}

TEST(QueryDay, AMonthNamedWithoutAYearIsItsLatestPastOccurrence) {
  const Days march = *parse_date("2026-03-10");
  auto d = query_day("in December", march);
  ASSERT_TRUE(d);
  EXPECT_EQ(format_date(d->day), "2025-12-31");
}

TEST(QueryDay, DatesAndRelativeDays) {
  EXPECT_EQ(day_of_query("on 2026-03-04 which base branch?"), "2026-03-04 (on 2026-03-04)");
  EXPECT_EQ(day_of_query("before 2026-03-04"), "2026-03-03 (before 2026-03-04)");
  EXPECT_EQ(day_of_query("what changed yesterday"), "2026-12-01 (yesterday)");
  EXPECT_EQ(day_of_query("the flaky test last week"), "2026-11-25 (last week)");
  EXPECT_EQ(day_of_query("owner last month"), "2026-11-30 (last month)");
  EXPECT_EQ(day_of_query("three weeks ago we chose"), "2026-11-11 (three weeks ago)");
  EXPECT_EQ(day_of_query("2 months ago"), "2026-10-03 (2 months ago)");
  EXPECT_EQ(day_of_query("by 2027-01-01"), "2026-12-02 (by 2027-01-01)") << "no later than today";
}

TEST(QueryDay, WordsThatOnlyLookLikeDates) {
  for (const char* q :
       {"what may change in the deploy", "the march of progress", "decide the dec format", "last of the rows", "ago",
        "2026-13-40", "", "sk-ant-api03-x", "weeks ago", "zero days ago", "in the morning", "the june release notes"})
    EXPECT_EQ(day_of_query(q), "-") << q;
}

std::string event_of(const std::string& q) {
  auto e = query_event(q);
  return e ? std::string(e->before ? "before " : "as of ") + e->words + " (" + e->phrase + ")" : "-";
}

// "before the migration" names a day only a memory can give (search.h,
// asked_day); the query's words say which event and on which side of it.
TEST(QueryEvent, TheWordsAfterBeforeTheOrUntilThe) {
  EXPECT_EQ(event_of("which database did we use before the migration?"), "before migration (before the migration)");
  EXPECT_EQ(event_of("Before the Postgres migration, what was the pool size"),
            "before postgres migration (before the postgres migration)");
  EXPECT_EQ(event_of("the deploy script until the big rewrite and after it"),
            "before big rewrite (until the big rewrite)");
  EXPECT_EQ(event_of("before the first staging cluster outage happened"),
            "before first staging cluster (before the first staging cluster)")
      << "three words at most";
  for (const char* q : {"before the", "before the and", "by the way", "before migration", "the migration",
                        "before the?", "", "before thermal", "before the 2026-03-01"})
    EXPECT_EQ(event_of(q), "-") << q;
}

}  // namespace
}  // namespace memsim
