// Seed 003's file size limits, as status reports them.
#include <gtest/gtest.h>

#include <filesystem>

#include "memsim/budgets.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

TEST(Budgets, CountsLinesWithOrWithoutTheLastNewline) {
  EXPECT_EQ(count_lines(""), 0);
  EXPECT_EQ(count_lines("a"), 1);
  EXPECT_EQ(count_lines("a\n"), 1);
  EXPECT_EQ(count_lines("a\nb"), 2);
  EXPECT_EQ(count_lines("\n\n"), 2);
}

TEST(Budgets, EachLimitAtItsBoundary) {
  testing::TempDir dir;
  Home home(dir.path());
  std::filesystem::create_directories(home.short_term_dir());
  auto lines = [](int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += "x\n";
    return s;
  };
  testing::write(home.current_state_path(), lines(50));                // at the limit
  testing::write(home.index_path(), std::string(25 * 1024 + 1, 'x'));  // one byte over
  testing::write(home.short_term_dir() + "/260701-a.md", lines(201));  // one line over
  testing::write(home.short_term_dir() + "/260702-b.md", lines(200));
  testing::write(home.memory_path("feedback_big.md"), std::string(15 * 1024, 'y'));  // at the limit
  testing::write(home.memory_path("feedback_long.md"), lines(301));
  testing::write(home.memory_dir() + "/notes.txt", lines(1000));  // not a memory file
  PosixFileSystem fs;
  auto b = file_budgets(fs, home);
  ASSERT_TRUE(b.ok()) << b.message();
  ASSERT_EQ(b->size(), 4u);
  EXPECT_EQ((*b)[0].files, 1);
  EXPECT_TRUE((*b)[0].over.empty());
  ASSERT_EQ((*b)[1].over.size(), 1u);
  EXPECT_EQ((*b)[1].over[0].bytes, 25 * 1024 + 1);
  EXPECT_EQ((*b)[2].files, 2);
  ASSERT_EQ((*b)[2].over.size(), 1u);
  EXPECT_EQ((*b)[2].over[0].rel_path, "memory/short-term/260701-a.md");
  EXPECT_EQ((*b)[3].files, 2);
  EXPECT_EQ((*b)[3].largest.rel_path, "memory/feedback_big.md");
  ASSERT_EQ((*b)[3].over.size(), 1u);
  EXPECT_EQ((*b)[3].over[0].rel_path, "memory/feedback_long.md");
  EXPECT_EQ((*b)[3].over[0].lines, 301);
  // Measured from a loaded corpus (what status passes), the topic files come out the same.
  auto corpus = load_corpus(fs, home, Policy{});
  ASSERT_TRUE(corpus.ok());
  auto from_corpus = file_budgets(fs, home, &*corpus);
  ASSERT_TRUE(from_corpus.ok());
  EXPECT_EQ((*from_corpus)[3].files, 2);
  EXPECT_EQ((*from_corpus)[3].largest.rel_path, (*b)[3].largest.rel_path);
  EXPECT_EQ((*from_corpus)[3].largest.bytes, (*b)[3].largest.bytes);
  ASSERT_EQ((*from_corpus)[3].over.size(), 1u);
  EXPECT_EQ((*from_corpus)[3].over[0].lines, 301);
}

}  // namespace
}  // namespace memsim
