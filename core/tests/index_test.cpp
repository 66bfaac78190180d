// The bands of SPEC section 5, rule by rule.
#include <gtest/gtest.h>

#include "memsim/index.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::at;

const Seconds kNow = at("2026-08-01T12:00:00Z");
const Days kToday = day_of(kNow);

Entry entry(std::string name, double score, std::string summary, Days created = 0) {
  Entry e;
  e.filename = std::move(name);
  e.score = score;
  e.summary = std::move(summary);
  e.created = created;
  return e;
}

std::string section(const std::string& text, const std::string& heading) {
  auto b = text.find("## " + heading + "\n");
  EXPECT_NE(b, std::string::npos);
  b += heading.size() + 4;
  auto e = text.find("\n## ", b);
  return text.substr(b, e == std::string::npos ? std::string::npos : e - b);
}

TEST(Index, ExactLayoutOfBothFiles) {
  IndexOutput out = build_index({entry("b_x.md", 2, "two"), entry("a_y.md", 3, "three")}, kNow, Policy{});
  EXPECT_EQ(out.memory_md,
            "# Memory index\n\n## Hot\n- a_y.md: three\n- b_x.md: two\n\n## New\n\n## Cold\n"
            "\n## How to use\n" +
                std::string(kHowToUse));
  EXPECT_EQ(out.archive_md, "# Memory archive\n\n## Superseded\n\n## Rolled off\n");
}

TEST(Index, TiesBreakByFilenameWhateverTheInputOrder) {
  std::vector<Entry> a = {entry("c_z.md", 1, "s"), entry("a_z.md", 1, "s"), entry("b_z.md", 1, "s")};
  std::vector<Entry> b = {a[2], a[0], a[1]};
  EXPECT_EQ(build_index(a, kNow, Policy{}).memory_md, build_index(b, kNow, Policy{}).memory_md);
  EXPECT_EQ(section(build_index(a, kNow, Policy{}).memory_md, "Hot"), "- a_z.md: s\n- b_z.md: s\n- c_z.md: s\n");
}

TEST(Index, ARowThatWouldStraddleTheBudgetIsPushedDownAndALaterShorterOneFits) {
  Policy p;
  p.hot_budget = 41;
  // "- a_a.md: " is 10 bytes; rows of 30, 20 and 11 bytes.
  std::vector<Entry> es = {entry("a_a.md", 3, std::string(19, 'x')), entry("a_b.md", 2, std::string(9, 'y')),
                           entry("a_c.md", 1, "")};
  IndexOutput out = build_index(es, kNow, p);
  EXPECT_EQ(out.bands[0], Band::kHot);
  EXPECT_EQ(out.bands[1], Band::kCold);  // 30 + 20 > 41
  EXPECT_EQ(out.bands[2], Band::kHot);   // 30 + 11 == 41: exactly fits
  EXPECT_EQ(out.hot.bytes, 41);
}

TEST(Index, PinsGoFirstAndAreTagged) {
  Policy p;
  p.hot_budget = 60;
  Entry pinned = entry("z_pinned.md", 0, "low score, pinned");
  pinned.pinned = true;
  IndexOutput out = build_index({pinned, entry("a_a.md", 5, "a high score that does not fit after the pin")}, kNow, p);
  EXPECT_EQ(section(out.memory_md, "Hot"), "- z_pinned.md: low score, pinned [pinned]\n");
  EXPECT_TRUE(out.unfit_pins.empty());
}

// A pin that does not fit is not forced in: MEMORY.md stays within its budgets,
// and the pin is reported (lint, status, verify-install) and ranked as any row.
TEST(Index, APinThatDoesNotFitStaysOutOfHotAndIsReported) {
  Policy p;
  p.hot_budget = 40;
  Entry big = entry("z_big.md", 9, std::string(1000000, 'x'));
  big.pinned = true;
  Entry small = entry("y_small.md", 0, "fits");
  small.pinned = true;
  IndexOutput out = build_index({big, small, entry("a_a.md", 5, "x")}, kNow, p);
  EXPECT_EQ(section(out.memory_md, "Hot"), "- a_a.md: x\n- y_small.md: fits [pinned]\n");  // rank order
  EXPECT_EQ(out.unfit_pins, std::vector<std::string>{"z_big.md"});
  EXPECT_LE(out.hot.bytes, p.hot_budget);
  EXPECT_LT(out.memory_md.size(), 20000u);
  // Cut to the row cap wherever it went.
  for (const std::string& row : out.rows) EXPECT_LE(row.size(), static_cast<std::size_t>(p.row_cap));
}

TEST(Index, NewbornsCrowdedOutOfHotGoToNewByBirth) {
  Policy p;
  p.hot_budget = 0;
  std::vector<Entry> es = {entry("a_old.md", 9, "old", kToday - 15), entry("b_mid.md", 1, "mid", kToday - 3),
                           entry("c_young.md", 0.5, "young", kToday), entry("d_edge.md", 2, "edge", kToday - 14)};
  IndexOutput out = build_index(es, kNow, p);
  EXPECT_EQ(section(out.memory_md, "New"), "- c_young.md: young\n- b_mid.md: mid\n- d_edge.md: edge\n");
  EXPECT_EQ(section(out.memory_md, "Cold"), "- a_old.md: old\n");
}

TEST(Index, NewRowsAreCutTo160BytesOnAUtf8Boundary) {
  Policy p;
  p.hot_budget = 0;
  std::string summary;
  for (int i = 0; i < 100; ++i) summary += "\xC3\xA9";  // é, two bytes each
  Entry e = entry("a_accent.md", 1, summary, kToday);
  e.contested = true;
  IndexOutput out = build_index({e}, kNow, p);
  const std::string row = section(out.memory_md, "New");
  EXPECT_LE(row.size(), 160u);
  EXPECT_EQ(row.substr(row.size() - 16), "... [contested]\n");
  const std::string head = "- a_accent.md: ";
  const std::string cut = row.substr(head.size(), row.size() - head.size() - 16);
  EXPECT_EQ(cut.size() % 2, 0u);  // never half a character
  EXPECT_EQ(row.size(), 159u);    // 160 would split an é
}

TEST(Index, ColdOverflowRollsOffInScoreOrderAndClosedFactsAreSuperseded) {
  Policy p;
  p.hot_budget = 0;
  p.cold_budget = 25;
  Entry closed = entry("a_closed.md", 100, "closed");
  closed.closed = true;
  std::vector<Entry> es = {entry("a_a.md", 3, "first"), entry("a_b.md", 2, "second one"), entry("a_c.md", 1, "3rd"),
                           closed};
  IndexOutput out = build_index(es, kNow, p);
  EXPECT_EQ(section(out.memory_md, "Cold"), "- a_a.md: first\n");
  EXPECT_EQ(out.archive_md,
            "# Memory archive\n\n## Superseded\n- a_closed.md: closed\n\n## Rolled off\n"
            "- a_b.md: second one\n- a_c.md: 3rd\n");
}

TEST(Index, CurrentStateListsLiveInFlightFilesByName) {
  Entry a = entry("project_b.md", 1, "b");
  a.in_flight = true;
  a.state = "shipping v2";
  Entry b = entry("project_a.md", 2, "a");
  b.in_flight = true;
  Entry c = entry("project_c.md", 3, "c");
  c.in_flight = true;
  c.closed = true;
  EXPECT_EQ(build_index({a, b, c}, kNow, Policy{}).current_state_md,
            "# Current state\n\n- project_a.md: (no state)\n- project_b.md: shipping v2\n");
}

// Read back from a file a person edited: CRLF headings, rows outside any band,
// an unknown band, a torn last row and text that is no index at all.
TEST(Index, ParseIndexKeepsOnlyRowsUnderKnownBands) {
  const ParsedIndex ix = parse_index(
      "- stray.md: before any band\n## Hot\r\n- a_b.md: x: y\nnot a row\n- c_d.md: z [pinned]\n\n## Notes\n- n.md: no\n"
      "## Cold\n- e_f.md: torn");
  ASSERT_EQ(ix.hot.rows, (std::vector<std::string>{"- a_b.md: x: y\n", "- c_d.md: z [pinned]\n"}));
  EXPECT_EQ(ix.hot.bytes, 36);
  EXPECT_TRUE(ix.fresh.rows.empty());
  EXPECT_EQ(ix.cold.rows, (std::vector<std::string>{"- e_f.md: torn"}));
  EXPECT_EQ(row_filename(ix.hot.rows[0]), "a_b.md");
  EXPECT_EQ(row_filename("- no colon here\n"), "");
  EXPECT_EQ(row_filename("not a row"), "");
  const ParsedIndex none = parse_index("garbage\n\n");
  EXPECT_TRUE(none.hot.rows.empty() && none.cold.rows.empty() && none.rolled_off.rows.empty());
}

}  // namespace
}  // namespace memsim
