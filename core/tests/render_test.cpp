#include "memsim/render.h"

#include <gtest/gtest.h>

namespace memsim {
namespace {

const std::string kAt(kInertAt);

TEST(Render, NoImportCanBeFormed) {
  for (const char* planted : {"@../../.env", "see @~/.ssh/id_rsa now", "x\t@/etc/passwd", "\n@./secret.md", "a@b.com",
                              "@@x", "\xC2\xA0@nbsp.md"}) {
    const std::string line = render_line(planted, 1000), block = render_block(planted, 1000);
    EXPECT_EQ(line.find('@'), std::string::npos) << planted;
    EXPECT_EQ(block.find('@'), std::string::npos) << planted;
  }
  EXPECT_EQ(render_line("see @../../.env", 100), "see " + kAt + "../../.env");
  EXPECT_EQ(render_line("mail ops@example.com", 100), "mail ops" + kAt + "example.com");
}

TEST(Render, MarkupThatHidesTextIsEscapedVisibly) {
  EXPECT_EQ(render_line("a <!-- hidden --> b", 100), "a &lt;!-- hidden --> b");
  EXPECT_EQ(render_line("<details><summary>x</summary>", 100), "&lt;details>&lt;summary>x&lt;/summary>");
  EXPECT_EQ(render_line("<?php x ?>", 100), "&lt;?php x ?>");
  // What a '<' opens is judged by the next character shown, not by one removed.
  EXPECT_EQ(render_line("<\x1b[0m!-- hidden -->", 100), "&lt;!-- hidden -->");
  EXPECT_EQ(render_line("<\xE2\x80\x8Bscript>", 100), "&lt;script>");
  EXPECT_EQ(render_line("<<!--", 100), "<&lt;!--");
  EXPECT_EQ(render_line("a <", 100), "a <");
  // Comparisons and arrows stay as written.
  EXPECT_EQ(render_line("a < b, x <= 3, <- back, 1<2", 100), "a < b, x <= 3, <- back, 1<2");
}

TEST(Render, EscapesAndControlCharactersAreRemoved) {
  EXPECT_EQ(render_line("shown\x1b[8mhidden\x1b[0m", 100), "shownhidden");
  EXPECT_EQ(render_line("a\x1b]8;;http://x\x07link\x1b]8;;\x1b\\b", 100), "alinkb");
  EXPECT_EQ(render_line("bell\x07 nul", 100), "bell nul");
  EXPECT_EQ(render_line(std::string("a\0b", 3), 100), "ab");
  EXPECT_EQ(render_line("del\x7f!", 100), "del!");
  EXPECT_EQ(render_line("c1\xC2\x9B"
                        "31mred",
                        100),
            "c1red");                                        // C1 CSI
  EXPECT_EQ(render_line("c1\xC2\x85next", 100), "c1 next");  // NEL is a line break
}

TEST(Render, InvisibleCharactersAreRemoved) {
  // Zero-width space, right-to-left override, pop, word joiner, BOM, a tag "A".
  EXPECT_EQ(render_line("a\xE2\x80\x8B"
                        "b\xE2\x80\xAE"
                        "c\xE2\x80\xAC"
                        "d\xE2\x81\xA0"
                        "e\xEF\xBB\xBF"
                        "f"
                        "\xF3\xA0\x81\x81"
                        "g",
                        100),
            "abcdefg");
  // Joiners that scripts and emoji need are kept.
  EXPECT_EQ(render_line("\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB", 100),
            "\xF0\x9F\x91\xA9\xE2\x80\x8D\xF0\x9F\x92\xBB");
}

TEST(Render, InvalidUtf8BecomesReplacementCharacters) {
  const std::string bad =
      "a\xFF"
      "b\xC0\xAF"
      "c\xED\xA0\x80"
      "d\xE2\x82";
  const std::string out = render_line(bad, 100);
  EXPECT_EQ(out,
            "a\xEF\xBF\xBD"
            "b\xEF\xBF\xBD\xEF\xBF\xBD"
            "c\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD"
            "d\xEF\xBF\xBD\xEF\xBF\xBD");
  EXPECT_EQ(render_line("caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC", 100), "caf\xC3\xA9 \xE6\x97\xA5\xE6\x9C\xAC");
}

TEST(Render, ALineCannotForgeRowsOrHeadings) {
  EXPECT_EQ(render_line("one\n## Hot\n- evil.md: row\r\nend", 100), "one ## Hot - evil.md: row end");
  EXPECT_EQ(render_line("  a \t\t b\xE2\x80\xA8"
                        "c  ",
                        100),
            "a b c");
}

TEST(Render, ABlockKeepsLinesButNotHeadings) {
  EXPECT_EQ(render_block("\n\n# Title\ntext  \n   ## Sub\n    # code\n\n", 100),
            "\\# Title\ntext\n   \\## Sub\n    # code");
  EXPECT_EQ(render_block("a\r\nb\rc", 100), "a\nb\nc");
  EXPECT_EQ(render_block(" \n\t\n", 100), "");
}

TEST(Render, EveryResultIsCappedOnACharacterBoundary) {
  const std::string long_text(1 << 20, 'x');
  EXPECT_EQ(render_line(long_text, 400).size(), 400u);
  EXPECT_TRUE(render_line(long_text, 400).ends_with("..."));
  EXPECT_LE(render_block(long_text, 400).size(), 400u);
  EXPECT_TRUE(render_block(long_text, 400).ends_with("\n..."));
  // Three-byte characters: the cut never splits one.
  std::string cjk;
  for (int i = 0; i < 100; ++i) cjk += "\xE6\x97\xA5";
  const std::string cut = render_line(cjk, 20);
  EXPECT_LE(cut.size(), 20u);
  EXPECT_EQ(cut, "\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5\xE6\x97\xA5...");
  EXPECT_EQ(render_line("short", 400), "short");
}

TEST(Render, RendersAsWrittenTellsNamesThatChange) {
  EXPECT_TRUE(renders_as_written("feedback_plain-name.md"));
  EXPECT_FALSE(renders_as_written("feedback_a\nb.md"));
  EXPECT_FALSE(renders_as_written("feedback_@x.md"));
  EXPECT_FALSE(renders_as_written("feedback_\x1b[8mx.md"));
  EXPECT_FALSE(renders_as_written("feedback_\xFF.md"));
}

}  // namespace
}  // namespace memsim
