// The tick's cue sources (cue_sources.h) over a hand-built ranking.
#include <gtest/gtest.h>

#include "memsim/cue_sources.h"
#include "memsim/lint.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

TEST(CueSources, NearDuplicatesAreListedUpToTheCapAndTheRestCounted) {
  Ranked r;
  for (int i = 0; i < 30; ++i) {  // 30 templated summaries: one group
    Memory m;
    m.filename = "feedback_rule-" + std::to_string(100 + i) + ".md";
    r.corpus.memories.push_back(m);
    Entry e;
    e.filename = m.filename;
    e.summary = "run the whole suite before every release tag";
    r.entries.push_back(e);
  }
  Memory cm;
  cm.filename = "feedback_closed.md";
  r.corpus.memories.push_back(cm);
  Entry closed = r.entries[0];
  closed.filename = cm.filename;
  closed.closed = true;  // a closed fact is history, never a duplicate to merge
  r.entries.push_back(closed);
  std::vector<CueItem> out;
  add_near_duplicate_items(lint(r, 0), out);
  ASSERT_EQ(out.size(), 1u);
  ASSERT_EQ(out[0].files.size(), kMaxNearDuplicateFiles);
  EXPECT_EQ(out[0].files[0], "memory/feedback_rule-100.md");
  EXPECT_EQ(out[0].files[1], "memory/feedback_rule-101.md");
  EXPECT_NE(out[0].detail.find("(10 more files in this group)"), std::string::npos) << out[0].detail;
  for (const CueItem& c : out)
    for (const std::string& f : c.files) EXPECT_NE(f, "memory/feedback_closed.md");
}

}  // namespace
}  // namespace memsim
