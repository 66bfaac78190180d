// The gates at their boundaries, staging, adopt, resolve and why.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "memsim/corpus.h"
#include "memsim/gate.h"
#include "memsim/promote.h"
#include "memsim/reindex.h"
#include "memsim/search.h"
#include "memsim/supersede.h"
#include "memsim/testing/ladder.h"
#include "memsim/testing/testing.h"
#include "memsim/timefmt.h"

namespace memsim {
namespace {

using testing::at;

const Seconds kDay0 = at("2026-07-01T10:00:00Z");

Observation obs(const std::string& session, int day, const std::string& confidence = "observed",
                const std::string& project = "p1") {
  Observation o;
  o.session = session;
  o.time = kDay0 + day * kSecondsPerDay;
  o.day = format_date(day_of(o.time));
  o.project = project;
  o.transcript = "/home/dev/.claude/projects/p1/" + session + ".jsonl";
  o.line = 7;
  o.quote = "Lesson: run ninja with -j2.";
  o.confidence = confidence;
  return o;
}

Slot slot_with(std::vector<Observation> observations, const std::string& claim = "Run ninja with -j2") {
  return testing::slot_of(std::move(observations), claim);
}

bool to_l2(const Slot& s) { return judge(s, s.atoms[0], GateRules{}, kDay0 + 90 * kSecondsPerDay, false).to_l2; }

TEST(Gates, ThreeSessionsOnTwoDaysPromotesAndOneShortDoesNot) {
  EXPECT_TRUE(to_l2(slot_with({obs("a", 0), obs("b", 0), obs("c", 1)})));
  EXPECT_FALSE(to_l2(slot_with({obs("a", 0), obs("b", 1)})));               // one session short
  EXPECT_FALSE(to_l2(slot_with({obs("a", 0), obs("b", 0), obs("c", 0)})));  // one day short
  EXPECT_FALSE(to_l2(slot_with({obs("a", 0), obs("a", 1), obs("a", 2)})));  // one session, three days
}

TEST(Gates, StatedNeedsTwoSessionsAndStillTwoDays) {
  EXPECT_TRUE(to_l2(slot_with({obs("a", 0, "stated"), obs("b", 1, "stated")})));
  EXPECT_FALSE(to_l2(slot_with({obs("a", 0, "stated"), obs("b", 0, "stated")})));
  EXPECT_FALSE(to_l2(slot_with({obs("a", 0, "stated"), obs("a", 1, "stated")})));
  EXPECT_FALSE(to_l2(slot_with({obs("a", 0, "stated")})));
}

TEST(Gates, OneVerifiedObservationPromotesAndIsDayExempt) {
  EXPECT_TRUE(to_l2(slot_with({obs("a", 0, "verified")})));
  EXPECT_FALSE(to_l2(slot_with({obs("a", 0, "observed")})));
}

TEST(Gates, QuarantineAndContestBlockWhateverTheEvidence) {
  Slot q = slot_with({obs("a", 0, "verified"), obs("b", 1), obs("c", 2)});
  q.atoms[0].quarantined = true;
  Verdict v = judge(q, q.atoms[0], GateRules{}, kDay0, false);
  EXPECT_FALSE(v.to_l2);
  ASSERT_EQ(v.blocks.size(), 1u);
  EXPECT_NE(v.blocks[0].find("quarantined"), std::string::npos);

  Slot c = slot_with({obs("a", 0, "verified")}, "PR base branch is dev");
  Slot other = slot_with({obs("b", 1)}, "PR base branch is main");
  ASSERT_EQ(c.key, other.key);
  c.atoms.push_back(other.atoms[0]);
  EXPECT_TRUE(c.contested());
  EXPECT_FALSE(judge(c, c.atoms[0], GateRules{}, kDay0, false).to_l2);
}

TEST(Gates, NearMissSaysWhatBlocks) {
  Slot s = slot_with({obs("a", 0), obs("b", 0)});
  Verdict v = judge(s, s.atoms[0], GateRules{}, kDay0, false);
  ASSERT_EQ(v.blocks.size(), 2u);
  EXPECT_EQ(v.blocks[0], "needs 3 sessions, has 2");
  EXPECT_EQ(v.blocks[1], "needs 2 days, has 1");
}

TEST(Gates, L3NeedsTwoProjectsThirtyDaysAndNoContestEver) {
  const GateRules r;
  Slot s = slot_with({obs("a", 0, "stated", "p1"), obs("b", 1, "stated", "p2")});
  const Seconds first = s.atoms[0].observations[0].time;
  EXPECT_TRUE(judge(s, s.atoms[0], r, first + 30 * kSecondsPerDay, true).to_l3);
  EXPECT_FALSE(judge(s, s.atoms[0], r, first + 30 * kSecondsPerDay - 1, true).to_l3);  // a second short
  Slot one = slot_with({obs("a", 0, "stated", "p1"), obs("b", 1, "stated", "p1")});
  EXPECT_FALSE(judge(one, one.atoms[0], r, first + 60 * kSecondsPerDay, true).to_l3);
  s.ever_contested = true;
  EXPECT_FALSE(judge(s, s.atoms[0], r, first + 60 * kSecondsPerDay, true).to_l3);
}

class LadderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::filesystem::create_directories(dir_ / "home/memory");
    std::filesystem::create_directories(dir_ / "home/runtime");
    std::filesystem::create_directories(dir_ / "user/runtime");
  }
  void put(const Home& h, const Slot& s) {
    std::filesystem::create_directories(h.candidates_dir());
    ASSERT_TRUE(save_slot(fs_, h, s).ok());
  }
  testing::TempDir dir_;
  PosixFileSystem fs_;
  Home home_{dir_ / "home"}, user_{dir_ / "user"};
  Seconds now_ = kDay0 + 40 * kSecondsPerDay;
};

TEST_F(LadderTest, DryRunWritesNothingApplyStagesAdoptWritesATierTwoFileWithoutPaths) {
  Slot s = slot_with({obs("a", 0, "stated"), obs("b", 1, "stated")}, "Run ninja from /home/dev/src/memsim");
  put(home_, s);
  auto plan = plan_promotions(fs_, home_, nullptr, GateRules{}, now_);
  ASSERT_TRUE(plan.ok());
  ASSERT_EQ(plan->size(), 1u);
  EXPECT_TRUE((*plan)[0].moves);
  EXPECT_FALSE(std::filesystem::exists(home_.staged_dir()));
  auto n = stage_promotions(fs_, home_, nullptr, *plan, now_);
  ASSERT_TRUE(n.ok());
  EXPECT_EQ(*n, 1);
  auto again = plan_promotions(fs_, home_, nullptr, GateRules{}, now_);
  EXPECT_TRUE(again->empty());  // staged atoms are not proposed twice
  const std::string id = s.atoms[0].id;
  auto adopted = adopt(fs_, home_, nullptr, id, Policy{}, now_);
  ASSERT_TRUE(adopted.ok()) << adopted.message();
  const std::string text = testing::read(adopted->path);
  EXPECT_NE(text.find("type: process"), std::string::npos);  // a lesson
  EXPECT_NE(text.find("Run ninja from ~/src/memsim"), std::string::npos);
  EXPECT_EQ(text.find("/home/"), std::string::npos);
  EXPECT_EQ(text.find(".jsonl"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(home_.staged_dir() + "/" + id + ".md"));
  auto found = find_atoms(fs_, home_, id);
  ASSERT_EQ(found->size(), 1u);
  EXPECT_EQ((*found)[0].atom.status, "adopted");
  EXPECT_EQ((*found)[0].atom.tier, "L2");
}

// A file with the claim's name may be a person's: adopt never overwrites it.
TEST_F(LadderTest, AdoptNeverOverwritesAFileWithTheClaimsName) {
  Slot s = slot_with({obs("a", 0, "verified")});
  put(home_, s);
  auto plan = plan_promotions(fs_, home_, nullptr, GateRules{}, now_);
  ASSERT_TRUE(stage_promotions(fs_, home_, nullptr, *plan, now_).ok());
  const std::string target = home_.memory_path("process_run-ninja-with-j2.md");
  const std::string taken2 = home_.memory_path("process_run-ninja-with-j2-2.md");
  testing::write(target, "a person's own words\n");
  testing::write(taken2, "another person's words\n");
  auto adopted = adopt(fs_, home_, nullptr, s.atoms[0].id, Policy{}, now_);
  ASSERT_TRUE(adopted.ok()) << adopted.message();
  EXPECT_EQ(adopted->path, home_.memory_path("process_run-ninja-with-j2-3.md"));
  EXPECT_EQ(adopted->kept, target);
  EXPECT_EQ(testing::read(target), "a person's own words\n");
  EXPECT_EQ(testing::read(taken2), "another person's words\n");
  const std::string text = testing::read(adopted->path);
  EXPECT_NE(text.find("name: process_run-ninja-with-j2-3\n"), std::string::npos) << text;
  EXPECT_NE(text.find("Run ninja with -j2"), std::string::npos) << text;
}

// seed 001: a contradiction closes a window instead of overwriting. A claim
// adopted for a key an open fact holds supersedes it: the incumbent keeps its
// body, its window closes today, and recall as of an earlier day still finds it.
TEST_F(LadderTest, AnAdoptedClaimSupersedesTheOpenFactWithItsKeyAndKeepsItsHistory) {
  Slot s = slot_with({obs("a", 0, "verified")}, "Run ninja with -j2");
  put(home_, s);
  const std::string incumbent = home_.memory_path("process_build-jobs.md");
  const std::string before =
      "---\nname: process_build-jobs\ntype: process\nsummary: run ninja with -j8\n"
      "created: 2026-06-01\nkey: " +
      s.key + "\n---\nThe old rule: ninja -j8.\n";
  testing::write(incumbent, before);
  auto plan = plan_promotions(fs_, home_, nullptr, GateRules{}, now_);
  ASSERT_TRUE(stage_promotions(fs_, home_, nullptr, *plan, now_).ok());
  auto adopted = adopt(fs_, home_, nullptr, s.atoms[0].id, Policy{}, now_);
  ASSERT_TRUE(adopted.ok()) << adopted.message();
  EXPECT_EQ(adopted->superseded, std::vector<std::string>{"process_build-jobs.md"});
  const std::string today = format_date(day_of(now_));
  const std::string after = testing::read(incumbent);
  EXPECT_EQ(after, before.substr(0, before.find("---\nThe old")) + "valid_until: " + today + "\n" +
                       before.substr(before.find("---\nThe old")))
      << "only valid_until is added:\n"
      << after;
  const std::string fresh = testing::read(adopted->path);
  EXPECT_NE(fresh.find("supersedes: process_build-jobs\n"), std::string::npos) << fresh;
  EXPECT_NE(fresh.find("valid_from: " + today + "\n"), std::string::npos) << fresh;

  auto corpus = load_corpus(fs_, home_, Policy{});
  ASSERT_TRUE(corpus.ok());
  EXPECT_EQ(open_facts_with_key(*corpus, s.key, now_).size(), 1u) << "one open fact for the key, no conflict";
  FixedClock clock(now_);
  RecallOptions past;
  past.as_of = day_of(now_) - 1;
  auto then = recall(fs_, home_, clock, Policy{}, "ninja", past);
  ASSERT_TRUE(then.ok()) << then.message();
  ASSERT_FALSE(then->empty());
  EXPECT_EQ((*then)[0].file, "process_build-jobs.md");
  auto now_hits = recall(fs_, home_, clock, Policy{}, "ninja", RecallOptions{});
  ASSERT_TRUE(now_hits.ok());
  ASSERT_FALSE(now_hits->empty());
  EXPECT_EQ((*now_hits)[0].file, base_name(adopted->path));
}

// An adopted fact whose slot gets a new, different claim is contested from
// below: tagged in MEMORY.md and in recall, counted by reindex (status), until
// resolve settles the slot.
TEST_F(LadderTest, AFactIsContestedWhileItsSlotHoldsADifferentLiveClaim) {
  Slot slot = slot_with({obs("a", 0, "verified")}, "PR base branch is dev");
  Slot other = slot_with({obs("b", 1)}, "PR base branch is main");
  slot.atoms[0].status = "adopted";
  slot.atoms.push_back(other.atoms[0]);
  put(home_, slot);
  std::filesystem::create_directories(home_.memory_dir());
  testing::write(home_.memory_path("project_pr-base-branch.md"),
                 "---\nname: project_pr-base-branch\ntype: project\nsummary: \"PR base branch is dev\"\ncreated: "
                 "2026-07-01\nkey: \"" +
                     slot.key + "\"\n---\nPR base branch is dev\n");
  testing::write(home_.memory_path("project_unrelated.md"),
                 "---\nname: project_unrelated\ntype: project\nsummary: the branch of the docs site\n"
                 "created: 2026-07-01\nkey: docs site branch\n---\nx\n");
  FixedClock clock(now_);
  auto rep = reindex(fs_, home_, clock, Policy{});
  ASSERT_TRUE(rep.ok()) << rep.message();
  EXPECT_EQ(rep->contested_by_candidates, std::vector<std::string>{"project_pr-base-branch.md"});
  EXPECT_NE(rep->index.memory_md.find("project_pr-base-branch.md: PR base branch is dev [contested]"),
            std::string::npos)
      << rep->index.memory_md;
  auto hits = recall(fs_, home_, clock, Policy{}, "branch", RecallOptions{});
  ASSERT_TRUE(hits.ok()) << hits.message();
  for (const Hit& h : *hits) EXPECT_EQ(h.contested, h.file == "project_pr-base-branch.md") << h.file;

  ASSERT_TRUE(resolve(fs_, home_, slot.atoms[0].id).ok());
  auto after = reindex(fs_, home_, clock, Policy{});
  ASSERT_TRUE(after.ok());
  EXPECT_TRUE(after->contested_by_candidates.empty());
  EXPECT_EQ(after->index.memory_md.find("dev [contested]"), std::string::npos) << after->index.memory_md;
}

TEST_F(LadderTest, L3GoesToThePersonaOfTheUserIdentity) {
  Slot s = slot_with({obs("a", 0, "stated", "p1"), obs("b", 1, "stated", "p2")}, "Prefer small commits");
  put(user_, s);
  testing::write(user_.identity_path(), "# Identity\n\n## Persona\n\n- Writes C++\n\n## Other\n\nx\n");
  auto plan = plan_promotions(fs_, home_, &user_, GateRules{}, now_);
  ASSERT_TRUE(plan.ok());
  ASSERT_EQ(plan->size(), 1u);
  EXPECT_EQ((*plan)[0].to, "L3");
  ASSERT_TRUE(stage_promotions(fs_, home_, &user_, *plan, now_).ok());
  auto adopted = adopt(fs_, home_, &user_, s.atoms[0].id, Policy{}, now_);
  ASSERT_TRUE(adopted.ok()) << adopted.message();
  EXPECT_EQ(testing::read(user_.identity_path()),
            "# Identity\n\n## Persona\n\n- Writes C++\n- Prefer small commits\n\n## Other\n\nx\n");
}

TEST_F(LadderTest, ResolvePicksOneAndTheOtherIsKeptRejected) {
  Slot c = slot_with({obs("a", 0, "stated"), obs("b", 1, "stated")}, "PR base branch is dev");
  Slot other = slot_with({obs("c", 2, "stated"), obs("d", 3, "stated")}, "PR base branch is main");
  c.atoms.push_back(other.atoms[0]);
  c.ever_contested = true;
  put(home_, c);
  auto plan = plan_promotions(fs_, home_, nullptr, GateRules{}, now_);
  ASSERT_EQ(plan->size(), 2u);
  EXPECT_FALSE((*plan)[0].moves);
  EXPECT_FALSE((*plan)[1].moves);
  ASSERT_TRUE(resolve(fs_, home_, c.atoms[0].id).ok());
  plan = plan_promotions(fs_, home_, nullptr, GateRules{}, now_);
  ASSERT_EQ(plan->size(), 1u);
  EXPECT_EQ((*plan)[0].id, c.atoms[0].id);
  EXPECT_TRUE((*plan)[0].moves);
  auto loser = find_atoms(fs_, home_, other.atoms[0].id);
  ASSERT_EQ(loser->size(), 1u);
  EXPECT_EQ((*loser)[0].atom.status, "rejected");
}

// The passes parse only the slots whose text can qualify (promote.cpp): a slot
// written by hand, with no status (read as a candidate) or with its strings
// escaped, is still proposed, and one with no candidate left is not.
TEST_F(LadderTest, HandWrittenSlotsAreProposedWhateverTheirSpelling) {
  const std::string obs =
      R"({"session":"a","day":"2026-06-01","time":1780300800,"project":"p","transcript":"t",)"
      R"("line":1,"quote":"q","confidence":"stated"},{"session":"b","day":"2026-06-02",)"
      R"("time":1780387200,"project":"p","transcript":"t","line":2,"quote":"q","confidence":"stated"})";
  std::filesystem::create_directories(home_.candidates_dir());
  testing::write(home_.candidates_dir() + "/1.json",
                 R"({"key":"one","atoms":[{"id":"aaaaaaaaaaaa","claim":"Ship from main","observations":[)" + obs +
                     "]}]}");
  testing::write(home_.candidates_dir() + "/2.json",
                 R"({"key":"two","atoms":[{"id":"bbbbbbbbbbbb","claim":"Tag releases","status":"c\u0061ndidate",)"
                 R"("observations":[)" +
                     obs + "]}]}");
  testing::write(home_.candidates_dir() + "/3.json",
                 R"({"key":"three","atoms":[{"id":"cccccccccccc","claim":"Say \"candidate\"","status":"rejected",)"
                 R"("observations":[)" +
                     obs + "]}]}");
  auto plan = plan_promotions(fs_, home_, nullptr, GateRules{}, now_);
  ASSERT_TRUE(plan.ok()) << plan.message();
  ASSERT_EQ(plan->size(), 2u);
  EXPECT_EQ((*plan)[0].id, "aaaaaaaaaaaa");  // slots in key order: one, two
  EXPECT_EQ((*plan)[1].id, "bbbbbbbbbbbb");
  std::vector<std::string> problems;
  auto all = load_slots(fs_, home_, &problems);
  EXPECT_EQ(all->size(), 3u) << "every hand-written slot reads: " << (problems.empty() ? "" : problems[0]);
  EXPECT_TRUE(resolve(fs_, home_, "bbbbbbbbbbbb").ok()) << "found by its id however it is spelled";
}

TEST(SlotFilter, PassesEverySlotThatMayHoldTheStatus) {
  const std::string rejected = R"({"key":"k","atoms":[{"id":"a","claim":"x","status":"rejected"}]})";
  EXPECT_FALSE(may_hold_status(rejected, {"candidate", "staged"}));
  EXPECT_TRUE(may_hold_status(rejected, {"rejected"}));
  EXPECT_TRUE(may_hold_status(R"({"atoms":[{"id":"a","claim":"x"}]})", {"candidate"})) << "no status: a candidate";
  EXPECT_FALSE(may_hold_status(R"({"atoms":[{"id":"a","claim":"x"}]})", {"staged"}));
  EXPECT_TRUE(may_hold_status(R"({"atoms":[{"id":"a","claim":"x","status":"st\u0061ged"}]})", {"staged"}));
  EXPECT_FALSE(may_hold_status(R"({"atoms":[{"id":"a","claim":"say \"staged\"","status":"adopted"}]})", {"staged"}))
      << "a quoted word in a claim is escaped";
}

TEST_F(LadderTest, WhyFindsOneAtomOrNothing) {
  put(home_, slot_with({obs("a", 0)}, "PR base branch is dev"));
  put(home_, slot_with({obs("b", 0)}, "Run ninja with -j2"));
  put(home_, slot_with({obs("c", 0)}, "Run ninja before pushing"));
  EXPECT_EQ(find_atoms(fs_, home_, "pr base branch is DEV.")->size(), 1u);
  EXPECT_EQ(find_atoms(fs_, home_, "base branch")->size(), 1u);
  EXPECT_EQ(find_atoms(fs_, home_, "run ninja")->size(), 2u);  // ambiguous
  EXPECT_EQ(find_atoms(fs_, home_, "nothing like it")->size(), 0u);
}

TEST(Scrub, HomePathsLoseTheUserName) {
  EXPECT_EQ(scrub_home_paths("see /home/dev/x and /Users/builder/y"), "see ~/x and ~/y");
  EXPECT_EQ(scrub_home_paths("C:\\Users\\ci\\k"), "~\\k");
  EXPECT_EQ(scrub_home_paths("/opt/home/x stays"), "/opt/home/x stays");
}

}  // namespace
}  // namespace memsim
