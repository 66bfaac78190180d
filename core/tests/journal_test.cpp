// The journal's line format, old and new (journal.h): touches, session starts,
// and the lines an older memsim wrote, which still parse as they did.
#include <gtest/gtest.h>

#include "memsim/journal.h"
#include "memsim/ranking.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::at;

TEST(Journal, ASessionStartIsALineOfItsOwnAndNotATouch) {
  auto line = format_session_start({at("2026-07-01T09:00:00Z"), "startup", "ad9eee69"});
  ASSERT_TRUE(line.ok()) << line.message();
  EXPECT_EQ(*line, "2026-07-01T09:00:00Z SessionStart startup ad9eee69\n");
  const JournalRead j = parse_journal(*line + "2026-07-01T09:01:00Z Read feedback_x.md ad9eee69\n");
  EXPECT_EQ(j.bad_lines, 0u);
  ASSERT_EQ(j.sessions.size(), 1u);
  EXPECT_EQ(j.sessions[0].time, at("2026-07-01T09:00:00Z"));
  EXPECT_EQ(j.sessions[0].source, "startup");
  EXPECT_EQ(j.sessions[0].session, "ad9eee69");
  ASSERT_EQ(j.touches.size(), 1u);
  EXPECT_EQ(j.touches[0].filename, "feedback_x.md");
  EXPECT_FALSE(touches_by_file(j.touches).count("startup"));
}

// The debrief reads one session's touches: the others are skipped unparsed,
// and a session id that ends another's ("s1" in "xs1") is not it.
TEST(Journal, OneSessionsTouchesAloneWhenAsked) {
  const std::string text =
      "2026-07-01T10:00:00Z Read a.md s1\n"
      "2026-07-01T10:01:00Z Read b.md xs1\n"
      "garbage line of s2\n"
      "2026-07-01T10:02:00Z Edit c.md s1\n"
      "2026-07-01T10:03:00Z Read d.md s2\n";
  const JournalRead one = parse_journal(text, "s1");
  ASSERT_EQ(one.touches.size(), 2u);
  EXPECT_EQ(one.touches[0].filename, "a.md");
  EXPECT_EQ(one.touches[1].filename, "c.md");
  EXPECT_EQ(one.bad_lines, 0u);
  EXPECT_EQ(parse_journal(text).touches.size(), 4u);
  EXPECT_EQ(parse_journal(text).bad_lines, 1u);
}

TEST(Journal, OldLinesParseAsBefore) {
  const std::string old =
      "2026-07-01T09:01:00Z Read feedback_x.md s1\n"
      "2026-07-01T09:02:00Z Touch feedback_my file.md -\n"
      "garbage\n";
  const JournalRead j = parse_journal(old);
  EXPECT_EQ(j.touches.size(), 2u);
  EXPECT_EQ(j.touches[1].filename, "feedback_my file.md");
  EXPECT_TRUE(j.sessions.empty());
  EXPECT_EQ(j.bad_lines, 1u);
}

// What a reader from before the extension sees: a touch of a file named after
// the source, which is never a memory file name, so nothing it ranks moves.
TEST(Journal, ASessionLineIsHarmlessToAnOlderReader) {
  auto line = format_session_start({at("2026-07-01T09:00:00Z"), "", ""});
  ASSERT_TRUE(line.ok());
  EXPECT_EQ(*line, "2026-07-01T09:00:00Z SessionStart - -\n");
  EXPECT_FALSE(is_memory_name("-"));
  EXPECT_FALSE(is_memory_name("startup"));
  EXPECT_FALSE(format_session_start({0, "x", "a b"}).ok()) << "a session id with a space would break the line";
  EXPECT_FALSE(format_session_start({0, "x/y", "s"}).ok());
}

}  // namespace
}  // namespace memsim
