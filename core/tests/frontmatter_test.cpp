#include <gtest/gtest.h>

#include "memsim/frontmatter.h"
#include "memsim/memory_file.h"

namespace memsim {
namespace {

// The seed's sample file, comments and all.
const char* kSeedSample =
    "---\n"
    "name: feedback_verify-before-claiming     # must match the filename stem\n"
    "type: feedback                            # feedback|project|reference|user|process|handoff\n"
    "summary: Never report a figure without re-running what produced it.   # THIS is the index row text\n"
    "description: Longer prose about the rule.                             # fallback when summary: is absent\n"
    "created: 2026-07-16\n"
    "last_updated: 2026-07-28\n"
    "# --- the four policy fields; maintained by a hook, not by hand ---\n"
    "access_count: 3                           # SPACED reinforcements, not raw reads\n"
    "last_accessed: 2026-07-30T06:12:00Z       # refreshed on every touch\n"
    "last_reinforced: 2026-07-29T22:40:00Z     # last touch that passed the spacing gate\n"
    "stability: 57.3                           # days; the adaptive decay constant\n"
    "# --- optional, set by a human ---\n"
    "importance: 6                             # 0-10; a floor that never decays. default 0\n"
    "pin: true                                 # force into Hot regardless of score\n"
    "---\n"
    "\n"
    "# Verify before claiming\n";

TEST(Frontmatter, ReadsTheSeedSample) {
  Frontmatter fm = parse_frontmatter(kSeedSample);
  ASSERT_EQ(fm.state, FrontmatterState::kOk);
  MemoryMeta m = read_memory_meta(kSeedSample, fm, 14);
  EXPECT_EQ(m.name, "feedback_verify-before-claiming");
  EXPECT_EQ(m.summary, "Never report a figure without re-running what produced it.");
  EXPECT_EQ(m.policy.access_count, 3);
  EXPECT_EQ(m.policy.last_accessed, parse_instant("2026-07-30T06:12:00Z"));
  EXPECT_DOUBLE_EQ(m.policy.stability, 57.3);
  EXPECT_DOUBLE_EQ(m.importance, 6);
  EXPECT_TRUE(m.pin);
  EXPECT_EQ(m.created, parse_date("2026-07-16"));
  EXPECT_EQ(m.first_body_line, "# Verify before claiming");
  EXPECT_TRUE(m.problems.empty());
}

TEST(Frontmatter, WriteBackChangesOnlyThePolicyValues) {
  Frontmatter fm = parse_frontmatter(kSeedSample);
  PolicyValues v{4, parse_instant("2026-08-02T10:00:00Z"), parse_instant("2026-08-02T10:00:00Z"), 91.7};
  std::string out = rewrite_fields(kSeedSample, fm, policy_lines(v));
  std::string expected = kSeedSample;
  auto swap = [&](const std::string& from, const std::string& to) {
    auto p = expected.find(from);
    ASSERT_NE(p, std::string::npos) << from;
    expected.replace(p, from.size(), to);
  };
  swap("access_count: 3 ", "access_count: 4 ");
  swap("last_accessed: 2026-07-30T06:12:00Z", "last_accessed: 2026-08-02T10:00:00Z");
  swap("last_reinforced: 2026-07-29T22:40:00Z", "last_reinforced: 2026-08-02T10:00:00Z");
  swap("stability: 57.3 ", "stability: 91.7 ");
  EXPECT_EQ(out, expected);
}

TEST(Frontmatter, MissingPolicyKeysAreAppendedBeforeTheClosingLine) {
  const std::string text = "---\nname: a_b\nsummary: x\n---\nbody\n";
  Frontmatter fm = parse_frontmatter(text);
  PolicyValues v{1, 100, 100, 22.4};
  EXPECT_EQ(rewrite_fields(text, fm, policy_lines(v)),
            "---\nname: a_b\nsummary: x\naccess_count: 1\nlast_accessed: 1970-01-01T00:01:40Z\n"
            "last_reinforced: 1970-01-01T00:01:40Z\nstability: 22.4\n---\nbody\n");
}

// The first body line is the first that holds anything but the six white space
// characters fold_whitespace folds: a control byte or a no-break space counts.
TEST(Frontmatter, TheFirstBodyLineIsTheFirstThatIsNotWhiteSpace) {
  for (const auto& [body, first] :
       std::vector<std::pair<std::string, std::string>>{{"\n \t\r\n\v\f\n\x01x\n", "\x01x"},
                                                        {"\n\xC2\xA0\nlater\n", "\xC2\xA0"},
                                                        {"  \t\n\n  text  \r\nmore\n", "  text  "},
                                                        {" \n\t\n", ""},
                                                        {"", ""}}) {
    const std::string text = "---\nname: a_b\n---\n" + body;
    EXPECT_EQ(read_memory_meta(text, parse_frontmatter(text), 14).first_body_line, first) << body;
  }
}

TEST(Frontmatter, CrlfAndBomAreKept) {
  const std::string text = "\xEF\xBB\xBF---\r\nname: a_b\r\nstability: 14.0\r\n---\r\nbody\r\n";
  Frontmatter fm = parse_frontmatter(text);
  ASSERT_EQ(fm.state, FrontmatterState::kOk);
  EXPECT_TRUE(fm.bom);
  EXPECT_EQ(fm.eol, "\r\n");
  MemoryMeta m = read_memory_meta(text, fm, 14);
  EXPECT_EQ(m.name, "a_b");
  EXPECT_EQ(m.first_body_line, "body");
  PolicyValues v{1, 100, std::nullopt, 22.4};
  EXPECT_EQ(rewrite_fields(text, fm, policy_lines(v)),
            "\xEF\xBB\xBF---\r\nname: a_b\r\nstability: 22.4\r\naccess_count: 1\r\n"
            "last_accessed: 1970-01-01T00:01:40Z\r\n---\r\nbody\r\n");
}

TEST(Frontmatter, QuotedAndBlockValues) {
  const std::string text =
      "---\n"
      "summary: \"Use \\\"cmake\\\": not make # really\"  # comment\n"
      "description: 'it''s fine'\n"
      "state: >\n"
      "  folded over\n"
      "  two lines\n"
      "trigger:\n"
      "  tool_match: \"Agent|Workflow\"\n"
      "  path_pattern: /scoped/path/\n"
      "---\n";
  Frontmatter fm = parse_frontmatter(text);
  ASSERT_EQ(fm.state, FrontmatterState::kOk) << (fm.problems.empty() ? "" : fm.problems[0]);
  EXPECT_EQ(fm.find("summary")->value, "Use \"cmake\": not make # really");
  EXPECT_EQ(fm.find("description")->value, "it's fine");
  EXPECT_EQ(fm.find("state")->value, "folded over two lines");
  const Field* trigger = fm.find("trigger");
  ASSERT_TRUE(trigger);
  EXPECT_FALSE(trigger->scalar);
  ASSERT_EQ(trigger->children.size(), 2u);
  EXPECT_EQ(trigger->children[0].value, "Agent|Workflow");
  EXPECT_EQ(trigger->children[1].value, "/scoped/path/");
}

TEST(Frontmatter, BrokenShapes) {
  EXPECT_EQ(parse_frontmatter("no frontmatter\n").state, FrontmatterState::kAbsent);
  EXPECT_EQ(parse_frontmatter("").state, FrontmatterState::kAbsent);
  EXPECT_EQ(parse_frontmatter("---\nname: x\nbody never closes\n").state, FrontmatterState::kUnterminated);
  EXPECT_EQ(parse_frontmatter("---").state, FrontmatterState::kUnterminated);
  EXPECT_EQ(parse_frontmatter("---\nthis is not yaml\n---\n").state, FrontmatterState::kSyntaxError);
  EXPECT_EQ(parse_frontmatter("---\nsummary: \"open\n---\n").state, FrontmatterState::kSyntaxError);
  EXPECT_EQ(parse_frontmatter("---\n\tname: x\n---\n").state, FrontmatterState::kSyntaxError);
}

TEST(Frontmatter, DuplicateKeysKeepTheLastAndAreReported) {
  const std::string text = "---\nsummary: first\nsummary: second\n---\n";
  Frontmatter fm = parse_frontmatter(text);
  EXPECT_EQ(fm.state, FrontmatterState::kOk);
  EXPECT_EQ(fm.find("summary")->value, "second");
  ASSERT_EQ(fm.problems.size(), 1u);
  EXPECT_NE(fm.problems[0].find("duplicate key 'summary'"), std::string::npos);
}

TEST(MemoryMeta, UnreadableValuesDegradeToDefaults) {
  const std::string text =
      "---\naccess_count: -2\nstability: zero\nimportance: 11\ncreated: 2026-02-30\n"
      "last_accessed: yesterday\npin: maybe\nconfidence: sure\nvalid_until: null\n---\n";
  Frontmatter fm = parse_frontmatter(text);
  MemoryMeta m = read_memory_meta(text, fm, 14);
  EXPECT_EQ(m.policy.access_count, 0);
  EXPECT_DOUBLE_EQ(m.policy.stability, 14);
  EXPECT_DOUBLE_EQ(m.importance, 0);
  EXPECT_FALSE(m.created);
  EXPECT_FALSE(m.policy.last_accessed);
  EXPECT_FALSE(m.pin);
  EXPECT_FALSE(m.confidence);
  EXPECT_FALSE(m.valid_until);
  EXPECT_EQ(m.problems.size(), 7u);
}

TEST(MemoryMeta, SummaryFallsBackToDescriptionThenBody) {
  auto summary = [](const std::string& text) {
    return effective_summary(read_memory_meta(text, parse_frontmatter(text), 14));
  };
  EXPECT_EQ(summary("---\nsummary: s\ndescription: d\n---\nb\n"), "s");
  EXPECT_EQ(summary("---\ndescription: d\n---\nb\n"), "d");
  EXPECT_EQ(summary("---\nsummary: \"  \"\n---\n\n  first   line  \nsecond\n"), "first line");
  EXPECT_EQ(summary("---\n---\n"), "(no summary)");
  EXPECT_EQ(summary("plain body\n"), "plain body");
}

TEST(MemoryName, Pattern) {
  for (const char* ok : {"feedback_x.md", "a_b.md", "project_foo bar.md", "user_ünïcode.md", "a__.md"})
    EXPECT_TRUE(is_memory_name(ok)) << ok;
  for (const char* bad : {"Feedback_x.md", "feedback-x.md", "feedback_.md", "_x.md", "feedback_x.txt", "MEMORY.md",
                          "feedback1_x.md", "x.md"})
    EXPECT_FALSE(is_memory_name(bad)) << bad;
}

TEST(FoldWhitespace, FoldsRunsAndRepairsBadUtf8) {
  EXPECT_EQ(fold_whitespace("  a\n\t b  \r\n c "), "a b c");
  EXPECT_EQ(fold_whitespace("caf\xC3\xA9"), "caf\xC3\xA9");
  EXPECT_EQ(fold_whitespace("bad\xFFx"), "bad\xEF\xBF\xBDx");
  EXPECT_EQ(fold_whitespace("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD");  // overlong '/'
}

// A text that is folded already is copied as it is (the common case, checked
// first); a leading tab sends any text the long way, which must agree.
TEST(FoldWhitespace, TheShortCutAgreesWithTheLongWay) {
  const std::string alphabet = std::string("a ~\t\x7f\xff\xc3\xa9\x01", 9);
  std::vector<std::string> texts = {""};
  for (std::size_t from = 0, len = 0; len < 5; ++len) {
    const std::size_t to = texts.size();
    for (std::size_t i = from; i < to; ++i)
      for (char c : alphabet) texts.push_back(texts[i] + c);
    from = to;
  }
  for (const std::string& t : texts) ASSERT_EQ(fold_whitespace(t), fold_whitespace("\t" + t)) << "'" << t << "'";
  EXPECT_EQ(fold_whitespace("use pnpm, not npm"), "use pnpm, not npm");
}

}  // namespace
}  // namespace memsim
