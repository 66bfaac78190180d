#include <gtest/gtest.h>

#include "memsim/timefmt.h"

namespace memsim {
namespace {

TEST(TimeFormat, InstantsRoundTrip) {
  for (const char* s :
       {"1970-01-01T00:00:00Z", "2026-07-30T06:12:00Z", "2000-02-29T23:59:59Z", "1969-12-31T23:59:59Z"}) {
    auto t = parse_instant(s);
    ASSERT_TRUE(t) << s;
    EXPECT_EQ(format_instant(*t), s);
  }
}

TEST(TimeFormat, StrictFormsRejectNearMisses) {
  for (const char* s : {"2026-02-30", "2026-13-01", "2026-1-01", "26-01-01", "2026-01-01 ", "2026/01/01", ""})
    EXPECT_FALSE(parse_date(s)) << s;
  for (const char* s : {"2026-07-30T06:12:00", "2026-07-30T24:00:00Z", "2026-07-30 06:12:00Z", "2026-07-30T06:12Z"})
    EXPECT_FALSE(parse_instant(s)) << s;
  EXPECT_FALSE(parse_date("2025-02-29"));
  EXPECT_TRUE(parse_date("2024-02-29"));
}

TEST(TimeFormat, NowAcceptsDatesOffsetsAndFractions) {
  EXPECT_EQ(parse_now("2026-07-30"), parse_instant("2026-07-30T00:00:00Z"));
  EXPECT_EQ(parse_now("2026-07-30T06:12"), parse_instant("2026-07-30T06:12:00Z"));
  EXPECT_EQ(parse_now("2026-07-30T06:12:05.999Z"), parse_instant("2026-07-30T06:12:05Z"));
  EXPECT_EQ(parse_now("2026-07-30T08:12:00+02:00"), parse_instant("2026-07-30T06:12:00Z"));
  EXPECT_FALSE(parse_now("yesterday"));
}

TEST(TimeFormat, DayOfHandlesNegativeInstants) {
  EXPECT_EQ(day_of(-1), -1);
  EXPECT_EQ(day_of(0), 0);
  EXPECT_EQ(format_date(day_of(*parse_instant("2026-07-30T23:59:59Z"))), "2026-07-30");
}

}  // namespace
}  // namespace memsim
