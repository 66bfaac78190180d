// Dated notes (notes.h): listing them from a day on finds exactly the notes of that
// day and later, whatever the names around them, since list_dated_notes asks the
// file system only for the names from that day's YYMMDD on.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "memsim/notes.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::TempDir;

TEST(Notes, ListingFromADayFindsEveryNoteOfThatDayAndLaterAndNoOther) {
  TempDir dir;
  Home home(dir / "home");
  const std::vector<std::string> names = {"000101-first.md",      "001231-x.md",        "260131-a.md",    "260201-b.md",
                                          "260201-session-s1.md", "260228-c.md",        "261231-d.md",    "270101-e.md",
                                          "991231-last.md",       "261399-no-month.md", "abcdef-word.md", "260201x.md",
                                          "260201-.txt",          "2602-short.md"};
  for (const char* sub : {"short-term", "dream-journal"}) {
    std::filesystem::create_directories(dir / ("home/memory/" + std::string(sub)));
    for (const std::string& n : names) std::ofstream(dir / ("home/memory/" + std::string(sub) + "/" + n)) << "x\n";
  }
  PosixFileSystem fs;
  auto all = list_dated_notes(fs, home);
  ASSERT_TRUE(all.ok()) << all.message();
  EXPECT_EQ(all->size(), 2u * 9);  // the dated names; the five others are not notes
  std::vector<Days> days = {std::numeric_limits<Days>::min(), *parse_date("1999-12-31"), *parse_date("2100-01-01")};
  for (const DatedNote& n : *all)
    for (int d : {-1, 0, 1}) days.push_back(n.day + d);
  for (Days from : days) {
    auto listed = list_dated_notes(fs, home, from);
    ASSERT_TRUE(listed.ok()) << listed.message();
    std::vector<std::string> want, got;
    for (const DatedNote& n : *all)
      if (n.day >= from) want.push_back(n.rel_path);
    for (const DatedNote& n : *listed) got.push_back(n.rel_path);
    EXPECT_EQ(got, want) << "from " << format_date(from);
  }
}

}  // namespace
}  // namespace memsim
