// The rankings policy.yaml can name (rankers.h), FSRS-6 (fsrs.h) against figures
// computed with ts-fsrs 5.4.2 (FSRS-6, default parameters, short-term on), and
// the ranking reaching `memsim index` through rank_corpus.
#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "memsim/fold.h"
#include "memsim/fsrs.h"
#include "memsim/policy.h"
#include "memsim/rankers.h"
#include "memsim/ranking.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::at;

Policy with(Ranking r) {
  Policy p;
  p.ranking = r;
  return p;
}

TEST(Rankers, EveryNameParsesBackToItsRanking) {
  for (Ranking r : {Ranking::kSeed, Ranking::kRecency, Ranking::kAccessCount, Ranking::kActr, Ranking::kFsrs}) {
    auto back = parse_ranking(ranking_name(r));
    ASSERT_TRUE(back);
    EXPECT_EQ(*back, r);
    EXPECT_NE(kRankingNames.find(ranking_name(r)), std::string_view::npos);
  }
  EXPECT_FALSE(parse_ranking("Seed"));
  EXPECT_FALSE(parse_ranking(""));
  EXPECT_FALSE(parse_ranking("lru"));
}

TEST(Rankers, PolicyYamlSelectsARankingAndRefusesAnUnknownOneByName) {
  Policy p;
  ASSERT_TRUE(apply_policy_yaml(p, "ranking: actr\nactr_decay: 0.4\n", "policy.yaml").ok());
  EXPECT_EQ(p.ranking, Ranking::kActr);
  EXPECT_DOUBLE_EQ(p.actr_decay, 0.4);
  Status bad = apply_policy_yaml(p, "ranking: lru\n", "home/policy.yaml");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.message(),
            "home/policy.yaml: line 1: bad value for 'ranking' (one of seed, recency, access_count, actr, fsrs)");
  EXPECT_EQ(p.ranking, Ranking::kActr) << "a refused value changes nothing";
  EXPECT_FALSE(apply_policy_yaml(p, "actr_decay: 1.0\n", "policy.yaml").ok()) << "d must stay below 1";
}

TEST(Rankers, TheSeedRankingIsTheSpecScore) {
  PolicyValues v;
  v.access_count = 7;
  v.stability = 365;
  const Seconds last = at("2026-01-07T09:00:00Z");
  const Seconds now = last + 60 * kSecondsPerDay;
  const Policy p;
  EXPECT_DOUBLE_EQ(rank_score({v, last, day_of(last) - 30, 2}, now, p), score(7, last, 365, 2, now, p));
  EXPECT_NEAR(rank_score({v, last, day_of(last), 0}, now, p), 6.79, 0.005);
}

TEST(Rankers, RecencyIgnoresHowOftenAFileWasUsed) {
  const Seconds now = at("2026-08-01T00:00:00Z");
  PolicyValues often, once;
  often.access_count = 9;
  often.stability = 365;
  once.access_count = 1;
  const Policy p = with(Ranking::kRecency);
  const double old = rank_score({often, now - 3 * kSecondsPerDay, 0, 0}, now, p);
  const double fresh = rank_score({once, now - 2 * kSecondsPerDay, 0, 0}, now, p);
  EXPECT_GT(fresh, old);
  EXPECT_NEAR(fresh, std::exp(-2.0 / 14.0), 1e-12);
  EXPECT_NEAR(rank_score({once, now, 0, 5}, now, p), 1 + 0.6 * 5, 1e-12) << "importance stays a floor";
}

TEST(Rankers, AccessCountIgnoresWhenAFileWasUsed) {
  const Seconds now = at("2026-08-01T00:00:00Z");
  PolicyValues a, b;
  a.access_count = 4;
  b.access_count = 3;
  const Policy p = with(Ranking::kAccessCount);
  EXPECT_DOUBLE_EQ(rank_score({a, now - 300 * kSecondsPerDay, 0, 0}, now, p), 4.0);
  EXPECT_GT(rank_score({a, now - 300 * kSecondsPerDay, 0, 0}, now, p), rank_score({b, now, 0, 0}, now, p));
}

TEST(Rankers, ActrIsPetrovsHybridOfTheBaseLevelSum) {
  const Seconds now = at("2026-08-01T00:00:00Z");
  const Days created = day_of(now) - 100;
  // One exact term a day ago; three more spread over the 100 days:
  // 1 + 3 (100^0.5 - 1^0.5) / (0.5 * 99)
  EXPECT_NEAR(actr_need_odds(3, now - kSecondsPerDay, created, now, 0.5), 1 + 3 * 9 / 49.5, 1e-12);
  // Never reinforced: the last access alone.
  EXPECT_NEAR(actr_need_odds(0, now - 4 * kSecondsPerDay, created, now, 0.5), 0.5, 1e-12);
  // Created at its last access: every presentation at t1.
  EXPECT_NEAR(actr_need_odds(2, now - 4 * kSecondsPerDay, day_of(now) - 4, now, 0.5), 1.5, 1e-9);
  // A touch this second counts as an hour old, never infinite.
  EXPECT_NEAR(actr_need_odds(0, now, created, now, 0.5), std::sqrt(24.0), 1e-9);
}

TEST(Rankers, ActrRisesWithUseAndFallsWithTime) {
  const Seconds now = at("2026-08-01T00:00:00Z");
  const Days created = day_of(now) - 200;
  for (std::int64_t n = 0; n < 20; ++n)
    EXPECT_LT(actr_need_odds(n, now - 5 * kSecondsPerDay, created, now, 0.5),
              actr_need_odds(n + 1, now - 5 * kSecondsPerDay, created, now, 0.5));
  for (int d = 0; d < 150; ++d)
    EXPECT_GT(actr_need_odds(4, now - d * kSecondsPerDay, created, now, 0.5),
              actr_need_odds(4, now - (d + 1) * kSecondsPerDay, created, now, 0.5));
}

// Figures from ts-fsrs 5.4.2 (generatorParameters defaults: the FSRS-6 weights), which
// rounds intermediate values to 8 decimals: hence the tolerances.
TEST(Fsrs, TheModelMatchesTheReferenceImplementation) {
  EXPECT_NEAR(fsrs::retrievability(10, 10), 0.9, 1e-12);
  EXPECT_NEAR(fsrs::retrievability(3, 2.3), 0.88073299, 1e-8);
  EXPECT_NEAR(fsrs::difficulty_after(1), 2.11810397, 1e-8);
  EXPECT_NEAR(fsrs::difficulty_after(2), 2.11121424, 1e-8);
  EXPECT_NEAR(fsrs::stability_after_review(2.3065, 2.11810397, 3), 13.82690327, 1e-5);
  EXPECT_NEAR(fsrs::stability_after_review(50, 2.0, 30), 135.9045518, 1e-5);
  EXPECT_DOUBLE_EQ(fsrs::stability_after_same_day_review(2.3065), 2.3065);
  EXPECT_DOUBLE_EQ(fsrs::stability_after_same_day_review(50), 50);
}

TEST(Fsrs, GrowthDependsOnRetrievabilityAndSaturates) {
  // The longer the wait (the less likely recall), the larger the gain...
  double last = 0;
  for (double days : {1.0, 3.0, 10.0, 30.0, 90.0}) {
    const double s = fsrs::stability_after_review(20, 3, days);
    EXPECT_GT(s, last) << days;
    last = s;
  }
  // ...and at the same retrievability a larger stability grows by a smaller factor.
  const double small = fsrs::stability_after_review(5, 3, 5) / 5;
  const double large = fsrs::stability_after_review(200, 3, 200) / 200;
  EXPECT_GT(small, large);
  EXPECT_GT(large, 1);
}

TEST(Fsrs, TheFoldCountsDaySeparatedReviewsAndKeepsOneDecimal) {
  const Seconds t0 = at("2026-03-01T09:00:00Z");
  std::vector<Seconds> t = {t0, t0 + 600, t0 + 1200, t0 + 3 * kSecondsPerDay};
  PolicyValues v = fold({}, t, with(Ranking::kFsrs));
  EXPECT_EQ(v.access_count, 2);
  EXPECT_EQ(v.last_accessed, t0 + 3 * kSecondsPerDay);
  EXPECT_EQ(v.last_reinforced, t0 + 3 * kSecondsPerDay);
  // 2.3 after the first review (same-day reviews add nothing at that stability),
  // then a review two whole days after the last one (20 minutes short of three),
  // rounded to one decimal.
  EXPECT_DOUBLE_EQ(v.stability, round1(fsrs::stability_after_review(2.3, fsrs::difficulty_after(1), 2)));
  EXPECT_EQ(fold(v, t, with(Ranking::kFsrs)), v) << "folding twice changes nothing";
  // The seed's fold of the same touches differs: it is not the same rule.
  EXPECT_NE(fold({}, t, Policy{}).stability, v.stability);
}

TEST(Fsrs, TheFoldNeverWritesAStabilityOfZero) {
  PolicyValues v;
  v.stability = 0.1;
  v.access_count = 1;
  v.last_accessed = v.last_reinforced = at("2026-03-01T09:00:00Z");
  const Seconds later[] = {*v.last_accessed + 10};
  EXPECT_GE(fold(v, later, with(Ranking::kFsrs)).stability, 0.1);
}

TEST(Fsrs, TheScoreIsRetrievabilityAtNow) {
  PolicyValues v;
  v.stability = 30;
  const Seconds last = at("2026-03-01T09:00:00Z");
  EXPECT_NEAR(rank_score({v, last, 0, 0}, last + 30 * kSecondsPerDay, with(Ranking::kFsrs)), 0.9, 1e-12);
}

// rank_corpus scores with the home's ranking: the same corpus orders differently.
TEST(Rankers, RankCorpusUsesThePolicysRanking) {
  Corpus c;
  auto add = [&](const std::string& name, const std::string& fields) {
    Memory m;
    m.filename = name;
    m.text = "---\nname: " + name.substr(0, name.size() - 3) + "\nsummary: s\ncreated: 2026-01-01\n" + fields + "---\n";
    m.fm = parse_frontmatter(m.text);
    m.meta = read_memory_meta(m.text, m.fm, 14.0);
    m.info.kind = FileKind::kRegular;
    m.info.mtime = at("2026-01-01T09:00:00Z");
    c.memories.push_back(std::move(m));
  };
  add("feedback_often.md",
      "access_count: 9\nlast_accessed: 2026-07-01T09:00:00Z\nlast_reinforced: 2026-07-01T09:00:00Z\n"
      "stability: 365.0\n");
  add("feedback_recent.md",
      "access_count: 1\nlast_accessed: 2026-07-31T09:00:00Z\nlast_reinforced: 2026-07-31T09:00:00Z\nstability: 22.4\n");
  const Seconds now = at("2026-08-01T09:00:00Z");
  const Ranked seed = rank_corpus(c, {}, now, Policy{});
  const Ranked recency = rank_corpus(c, {}, now, with(Ranking::kRecency));
  EXPECT_GT(seed.entries[0].score, seed.entries[1].score);
  EXPECT_LT(recency.entries[0].score, recency.entries[1].score);
}

}  // namespace
}  // namespace memsim
