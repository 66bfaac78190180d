// Why lint calls a summary vague: each reason, in the order they are tried.
#include <gtest/gtest.h>

#include "memsim/lint.h"

namespace memsim {
namespace {

TEST(VagueSummary, EachReasonIsGivenAndAGoodSummaryHasNone) {
  EXPECT_EQ(vague_summary_reason("too short", "x"), "shorter than 20 characters");
  EXPECT_EQ(vague_summary_reason("notes", "x"), "shorter than 20 characters") << "length is tried first";
  EXPECT_EQ(vague_summary_reason("deployment-configuration", "x"), "fewer than 4 words");
  EXPECT_EQ(vague_summary_reason("kubernetes, deployment; configuration", "x"), "fewer than 4 words");
  EXPECT_EQ(vague_summary_reason("Misc NOTES about: some Stuff", "x"), "only filler words");
  EXPECT_EQ(vague_summary_reason("misc notes about the deploy", "x"), "");
  EXPECT_EQ(vague_summary_reason("deploy branch is main now", "deploy-branch-is-main-now"), "repeats the file name");
  EXPECT_EQ(vague_summary_reason("deploy branch is main now", "deploy-branch-is-main-no"), "");
  EXPECT_EQ(vague_summary_reason("Deploy branch is main now", "deploy-branch-is-main-now"), "") << "case counts";
  EXPECT_EQ(vague_summary_reason("the release branch is cut on Fridays", "project_release"), "");
}

}  // namespace
}  // namespace memsim
