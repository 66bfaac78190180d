// Recall over a real home: query processing, BM25 weights, windows, the
// disposable index, and the prompt hook's text.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iterator>
#include <map>

#include <sqlite3.h>

#include "memsim/journal.h"
#include "memsim/reindex.h"
#include "memsim/rng.h"
#include "memsim/search.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::at;
using testing::read;
using testing::TempDir;
using testing::write;

TEST(QueryTerms, DropsStopwordsAndPunctuationAndQuotesEveryTerm) {
  EXPECT_EQ(query_terms("When did Caroline go to the LGBTQ support group?"),
            (std::vector<std::string>{"caroline", "go", "lgbtq", "support", "group"}));
  EXPECT_EQ(fts_match_expression("Caroline's \"support\": (group) OR NOT x* AND near"),
            "\"caroline\" OR \"support\" OR \"group\" OR \"near\"");
  EXPECT_EQ(fts_match_expression("the of and ? * : ()"), "");
  EXPECT_EQ(query_terms("7 May 2023"), (std::vector<std::string>{"7", "may", "2023"}));
}

class Search : public ::testing::Test {
 protected:
  Search() : home(dir.path()) { std::filesystem::create_directories(home.memory_dir()); }

  void put(const std::string& name, const std::string& text, Seconds mtime = 0) {
    const std::string path = home.memory_path(name);
    write(path, text);
    if (mtime) {
      EXPECT_TRUE(fs.set_mtime(path, mtime).ok());
    }
  }
  std::vector<Hit> find(const std::string& q, RecallOptions o = {}, Seconds now = at("2026-07-30T00:00:00Z")) {
    FixedClock clock(now);
    auto r = recall(fs, home, clock, Policy{}, q, o);
    EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.message());
    return r.ok() ? *r : std::vector<Hit>{};
  }
  static std::vector<std::string> files(const std::vector<Hit>& hits) {
    std::vector<std::string> out;
    for (const Hit& h : hits) out.push_back(h.file);
    return out;
  }
  static std::vector<std::string> sorted(std::vector<std::string> v) {
    std::sort(v.begin(), v.end());
    return v;
  }

  TempDir dir;
  Home home;
  PosixFileSystem fs;
};

TEST_F(Search, OrsTheTermsAndFindsFilesWithoutASummaryByTheirBody) {
  put("turn_d1-1.md", "Caroline: I went to an LGBTQ support group yesterday and it was powerful.\n");
  put("turn_d1-2.md", "---\nname: turn_d1-2\n---\nMelanie: I painted a sunrise over the lake last week.\n");
  put("turn_d1-3.md", "Melanie: My kids love pottery class.\n");
  auto hits = find("When did Caroline go to the LGBTQ support group?");
  ASSERT_FALSE(hits.empty());
  EXPECT_EQ(hits[0].file, "turn_d1-1.md");
  EXPECT_EQ(files(find("What did Melanie paint recently?")).at(0), "turn_d1-2.md");  // porter: paint ~ painted
  for (const Hit& h : hits) EXPECT_GT(h.score, 0);
}

TEST_F(Search, TheSummaryOutweighsTheBody) {
  put("project_a.md", "---\nsummary: deployment pipeline uses blue green releases\n---\nnothing else here\n");
  put("project_b.md", "---\nsummary: the coffee machine on floor three\n---\nmentions deployment once\n");
  put("project_c.md", "---\nsummary: unrelated filler about lunch menus\n---\nlunch\n");
  EXPECT_EQ(files(find("deployment")), (std::vector<std::string>{"project_a.md", "project_b.md"}));
}

TEST_F(Search, HostileQueriesNeverError) {
  put("project_a.md", "---\nsummary: parser handles colons: quotes \" and stars *\n---\n");
  for (const char* q : {"\"", "a:b", "(parser", "parser*", "NEAR(parser, colons)", "\"\"\"", "-parser", "^parser",
                        "colons: \"quotes", "{summary}: parser", "", "   "}) {
    FixedClock clock(at("2026-07-30T00:00:00Z"));
    auto r = recall(fs, home, clock, Policy{}, q);
    EXPECT_TRUE(r.ok()) << q << ": " << (r.ok() ? "" : r.message());
  }
  EXPECT_EQ(files(find("{summary}: parser*")), (std::vector<std::string>{"project_a.md"}));
}

TEST_F(Search, OpenWindowsOnlyUnlessAsOfOrArchivedIsAsked) {
  put("decision_db.md", "---\nsummary: database is postgres\nvalid_from: 2026-01-01\nvalid_until: 2026-05-01\n---\n");
  put("decision_db-2.md",
      "---\nsummary: database is sqlite now\nvalid_from: 2026-05-01\nsupersedes: decision_db\n---\n");
  put("decision_old.md",
      "---\nsummary: database was mysql\nstatus: superseded by decision_db\n"
      "valid_from: 2025-01-01\n---\n");
  EXPECT_EQ(files(find("database")), (std::vector<std::string>{"decision_db-2.md"}));
  RecallOptions past;
  past.as_of = *parse_date("2026-03-01");
  // As of a day, only the window counts (SPEC section 6): a status without a
  // valid_until leaves the window open.
  EXPECT_EQ(sorted(files(find("database", past))), (std::vector<std::string>{"decision_db.md", "decision_old.md"}));
  past.as_of = *parse_date("2026-05-01");  // valid_until is exclusive
  EXPECT_EQ(sorted(files(find("database", past))), (std::vector<std::string>{"decision_db-2.md", "decision_old.md"}));
  past.as_of = *parse_date("2024-12-31");
  EXPECT_TRUE(find("database", past).empty());
  RecallOptions all;
  all.include_archived = true;
  auto hits = find("database", all);
  ASSERT_EQ(hits.size(), 3u);
  int closed = 0;
  for (const Hit& h : hits) closed += h.closed ? 1 : 0;
  EXPECT_EQ(closed, 2);
  // The window closes by the calendar, without a change to any file.
  EXPECT_EQ(find("postgres", {}, at("2026-04-30T23:00:00Z")).size(), 1u);
  EXPECT_EQ(find("postgres", {}, at("2026-05-01T00:00:00Z")).size(), 0u);
}

// "Before the migration" is the day before the one the memory about the
// migration gives: a date in its summary, else the day its window opens. The
// calendar's words win, and an event no memory names is no day.
TEST_F(Search, ADayOnlyAMemoryNamesIsReadFromThatMemory) {
  put("decision_db.md", "---\nsummary: database is mysql\nvalid_from: 2026-01-01\nvalid_until: 2026-04-02\n---\n");
  put("decision_db-2.md", "---\nsummary: database is postgres\nvalid_from: 2026-04-02\nsupersedes: decision_db\n---\n");
  put("project_db-migration.md",
      "---\nsummary: The Postgres migration finished on 2026-04-02\nvalid_from: 2026-04-05\n---\n");
  put("project_rewrite.md", "---\nsummary: The parser rewrite landed\nvalid_from: 2026-06-10\n---\n");
  FixedClock clock(at("2026-07-30T00:00:00Z"));
  auto asked = [&](const std::string& q) {
    auto d = asked_day(fs, home, clock, Policy{}, q);
    return d ? format_date(d->day) + " (" + d->phrase + (d->source.empty() ? "" : ", " + d->source) + ")" : "-";
  };
  EXPECT_EQ(asked("which database did we use before the migration?"),
            "2026-04-01 (before the migration, project_db-migration.md)");
  EXPECT_EQ(asked("the database until the parser rewrite"), "2026-06-09 (until the parser rewrite, project_rewrite.md)")
      << "no date in its summary: the day its window opens";
  EXPECT_EQ(asked("database before the migration, as of 2026-02-01"), "2026-02-01 (as of 2026-02-01)");
  EXPECT_EQ(asked("database before the outage"), "-") << "no memory names it";
  EXPECT_EQ(asked("database before the parser outage"), "-") << "every word of the event, not one of them";
  RecallOptions o;
  o.as_of = asked_day(fs, home, clock, Policy{}, "which database did we use before the migration?")->day;
  EXPECT_EQ(files(find("database", o)), (std::vector<std::string>{"decision_db.md"}));
}

// The ranking runs inside FTS5 on a short candidate list; these cases need it to
// widen: the best-scoring rows are all closed, and then a tie spans the cut.
TEST_F(Search, TopKHoldsWhenTheBestRowsAreClosedOrTied) {
  char name[32];
  for (int i = 0; i < 60; ++i) {
    std::snprintf(name, sizeof name, "project_closed-%02d.md", i);
    put(name, "---\nsummary: quasar quasar quasar\nvalid_until: 2026-01-01\n---\n");
  }
  for (int i = 59; i >= 0; --i) {  // written in reverse, so rowid order is not name order
    std::snprintf(name, sizeof name, "project_open-%02d.md", i);
    put(name, "---\nsummary: quasar and a longer summary\n---\n");
  }
  RecallOptions o;
  o.k = 3;
  EXPECT_EQ(files(find("quasar", o)),
            (std::vector<std::string>{"project_open-00.md", "project_open-01.md", "project_open-02.md"}));
  o.include_archived = true;
  EXPECT_EQ(files(find("quasar", o)),
            (std::vector<std::string>{"project_closed-00.md", "project_closed-01.md", "project_closed-02.md"}));
}

TEST_F(Search, FollowsEditsAndRemovalsByModificationTime) {
  put("project_a.md", "---\nsummary: alpha beta\n---\n", at("2026-07-01T00:00:00Z"));
  // An old directory time, so the scan below may trust the directory afterwards.
  ASSERT_TRUE(fs.set_mtime(home.memory_dir(), at("2026-07-01T00:00:00Z")).ok());
  EXPECT_EQ(find("alpha").size(), 1u);
  // Replaced atomically, as editors and replace_file do: the directory changes.
  ASSERT_TRUE(replace_file(fs, home.memory_path("project_a.md"), "---\nsummary: gamma delta\n---\n").ok());
  EXPECT_EQ(find("alpha").size(), 0u);
  EXPECT_EQ(find("gamma").size(), 1u);
  // Rewritten in place by the agent: its Edit is journaled by the pre-tool-use hook.
  ASSERT_TRUE(fs.set_mtime(home.memory_dir(), at("2026-07-01T00:00:00Z")).ok());
  EXPECT_EQ(find("gamma").size(), 1u);
  ASSERT_TRUE(append_touch(fs, home, {at("2026-07-29T00:00:00Z"), "Edit", "project_a.md", "s1"}).ok());
  put("project_a.md", "---\nsummary: gamma epsilon\n---\n", at("2026-07-02T00:00:00Z"));
  EXPECT_EQ(find("epsilon").size(), 1u);
  EXPECT_EQ(find("gamma").size(), 1u);
  put("project_b.md", "---\nsummary: gamma too\n---\n");
  EXPECT_EQ(find("gamma").size(), 2u);
  std::filesystem::remove(home.memory_path("project_a.md"));
  EXPECT_EQ(files(find("gamma")), (std::vector<std::string>{"project_b.md"}));
}

TEST_F(Search, RebuildsACorruptOrMissingIndex) {
  put("project_a.md", "---\nsummary: alpha beta\n---\n");
  EXPECT_EQ(find("alpha").size(), 1u);
  const std::string db = home.search_db_path();
  ASSERT_TRUE(std::filesystem::exists(db));
  std::filesystem::remove(db + "-wal");
  std::filesystem::remove(db + "-shm");
  write(db, std::string(8192, 'x'));
  EXPECT_EQ(find("alpha").size(), 1u);
  std::filesystem::remove(db);
  EXPECT_EQ(find("alpha").size(), 1u);
}

TEST_F(Search, NeverReinforces) {
  put("project_a.md", "---\nsummary: alpha beta\n---\n", at("2026-07-01T00:00:00Z"));
  // The recall found the file, and still wrote nothing.
  EXPECT_EQ(files(find("alpha")), (std::vector<std::string>{"project_a.md"}));
  EXPECT_FALSE(std::filesystem::exists(home.journal_path()));
  EXPECT_EQ(read(home.memory_path("project_a.md")), "---\nsummary: alpha beta\n---\n");
}

TEST_F(Search, ContestedOpenFactsAreTagged) {
  put("preference_a.md", "---\nsummary: editor is vim\nkey: editor\n---\n");
  put("preference_b.md", "---\nsummary: editor is emacs\nkey: editor\n---\n");
  auto hits = find("editor");
  ASSERT_EQ(hits.size(), 2u);
  EXPECT_TRUE(hits[0].contested && hits[1].contested);
}

// The prompt hook skips its Hot band and weak hits inside the query, so that
// neither costs it a slot of k nor a lookup.
TEST_F(Search, SkippedFilesAndWeakHitsDoNotCountTowardK) {
  for (const char* name : {"project_a.md", "project_b.md", "project_c.md", "project_d.md"})
    put(name, "---\nsummary: quasar quasar " + std::string(name) + "\n---\n");
  put("project_e.md", "---\nsummary: a quasar among many other words in a long summary line\n---\n");
  RecallOptions o;
  o.k = 2;
  o.skip = {"project_a.md", "project_b.md"};
  EXPECT_EQ(files(find("quasar", o)), (std::vector<std::string>{"project_c.md", "project_d.md"}));
  o.k = 10;
  const std::vector<Hit> all = find("quasar", o);
  ASSERT_EQ(all.size(), 3u);
  o.min_score = (all[1].score + all[2].score) / 2;
  EXPECT_EQ(files(find("quasar", o)), (std::vector<std::string>{"project_c.md", "project_d.md"}));
}

// Recall ranks with a BM25 of its own (column sizes from one array per query,
// not a lookup per row); its scores must be FTS5's bm25() with the same weights,
// on every row, through edits, removals and additions that leave holes in the rowids.
TEST_F(Search, ScoresAreFts5Bm25OnEveryRow) {
  const std::vector<std::string> vocab = {"alpha", "beta",   "gamma", "delta",     "deploy", "staging", "café",
                                          "naïve", "日本語", "x1",    "migration", "schema", "quasar",  "e-mail"};
  Rng rng(20261130);
  // Half the words from a small common vocabulary (terms in most rows: idf at
  // its floor), half rare ones (terms in a tenth of the rows: idf near 2).
  auto words = [&](int lo, int hi) {
    std::string out;
    for (std::int64_t n = rng.between(lo, hi); n > 0; --n)
      out += (rng.below(2) ? vocab[rng.below(vocab.size())] : "rare" + std::to_string(rng.below(300))) + " ";
    return out;
  };
  auto write_file = [&](int i) {
    const std::string name = "project_f" + std::to_string(i) + ".md";
    if (rng.below(4) == 0) {
      put(name, words(0, 30));  // no frontmatter: the body is everything
    } else {
      const std::string description = rng.below(3) == 0 ? "description: " + words(1, 5) + "\n" : "";
      put(name, "---\nsummary: " + words(1, 8) + "\n" + description + "---\n" + words(0, 200));
    }
  };
  for (int i = 0; i < 150; ++i) write_file(i);
  RecallOptions all;
  all.include_archived = true;
  all.k = 1000;
  for (int round = 0; round < 3; ++round) {
    for (const std::string q : {"alpha", "deploy staging migration", "café naïve 日本語", "e-mail x1 quasar",
                                "rare7 rare150", "alpha rare12 quasar rare299 rare0",
                                "alpha beta gamma delta deploy staging café naïve 日本語 x1 migration schema"}) {
      auto hits = find(q, all);
      ASSERT_FALSE(hits.empty()) << q;
      sqlite3* db = nullptr;
      ASSERT_EQ(sqlite3_open_v2(home.search_db_path().c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
      sqlite3_stmt* st = nullptr;
      ASSERT_EQ(sqlite3_prepare_v2(db,
                                   "SELECT d.name, -bm25(fts, 3, 2, 1) FROM fts JOIN docs d ON d.id = fts.rowid"
                                   " WHERE fts MATCH ?1",
                                   -1, &st, nullptr),
                SQLITE_OK)
          << sqlite3_errmsg(db);
      const std::string match = fts_match_expression(q);
      sqlite3_bind_text(st, 1, match.c_str(), -1, SQLITE_TRANSIENT);
      std::map<std::string, double> expected;
      while (sqlite3_step(st) == SQLITE_ROW)
        expected[reinterpret_cast<const char*>(sqlite3_column_text(st, 0))] = sqlite3_column_double(st, 1);
      sqlite3_finalize(st);
      sqlite3_close(db);
      ASSERT_EQ(hits.size(), expected.size()) << q;
      for (const Hit& h : hits) EXPECT_EQ(h.score, expected.at(h.file)) << q << ": " << h.file;
    }
    // The stored lengths are FTS5's token counts, one per token instance. (Left at
    // 0, ranking would still be right, only slow.)
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open_v2(home.search_db_path().c_str(), &db, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, "CREATE VIRTUAL TABLE temp.inst USING fts5vocab(main, 'fts', 'instance')", nullptr,
                           nullptr, nullptr),
              SQLITE_OK)
        << sqlite3_errmsg(db);
    std::map<std::int64_t, std::uint32_t> tokens, stored;
    sqlite3_stmt* st = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT doc, count(*) FROM temp.inst GROUP BY doc", -1, &st, nullptr), SQLITE_OK);
    while (sqlite3_step(st) == SQLITE_ROW)
      tokens[sqlite3_column_int64(st, 0)] = static_cast<std::uint32_t>(sqlite3_column_int64(st, 1));
    sqlite3_finalize(st);
    ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT chunk, data FROM lengths", -1, &st, nullptr), SQLITE_OK);
    while (sqlite3_step(st) == SQLITE_ROW) {
      const auto* data = static_cast<const unsigned char*>(sqlite3_column_blob(st, 1));
      for (int i = 0; i < sqlite3_column_bytes(st, 1) / 4; ++i) {
        const std::uint32_t n = data[4 * i] | data[4 * i + 1] << 8 | data[4 * i + 2] << 16 | data[4 * i + 3] << 24;
        if (n) stored[sqlite3_column_int64(st, 0) * 512 + i] = n;
      }
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    EXPECT_EQ(stored, tokens);
    for (int i = 0; i < 40; ++i) write_file(static_cast<int>(rng.below(200)));  // edits and additions
    for (int i = 0; i < 10; ++i)
      std::filesystem::remove(home.memory_path("project_f" + std::to_string(rng.below(150)) + ".md"));
  }
}

// The lengths table only saves time: a row it does not cover is looked up in FTS5.
TEST_F(Search, ScoresHoldWithoutTheLengthsTable) {
  put("project_a.md", "---\nsummary: quasar pulsar\n---\nquasar in a body of several more words\n");
  put("project_b.md", "---\nsummary: pulsar\n---\nquasar\n");
  put("project_c.md", "---\nsummary: nebula\n---\nnothing here\n");
  const std::vector<Hit> before = find("quasar pulsar");
  ASSERT_EQ(before.size(), 2u);
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open_v2(home.search_db_path().c_str(), &db, SQLITE_OPEN_READWRITE, nullptr), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(db, "DELETE FROM lengths", nullptr, nullptr, nullptr), SQLITE_OK);
  sqlite3_close(db);
  const std::vector<Hit> after = find("quasar pulsar");
  ASSERT_EQ(files(after), files(before));
  for (std::size_t i = 0; i < after.size(); ++i) EXPECT_EQ(after[i].score, before[i].score);
}

TEST(HotFiles, ReadsOnlyTheHotSection) {
  EXPECT_EQ(hot_files("# Memory index\n\n## Hot\n- a_b.md: x: y\n- c_d.md: z [pinned]\n\n## New\n- e_f.md: n\n"),
            (std::vector<std::string>{"a_b.md", "c_d.md"}));
  EXPECT_TRUE(hot_files("garbage").empty());
}

// The groups are exactly the connected sets of what comparing every pair finds,
// also when a few terms are shared by nearly every summary.
TEST(NearDuplicates, GroupsAreTheComponentsOfEveryPairCompared) {
  std::vector<std::string> vocab;
  for (const char* w :
       {"deploy", "staging", "cache", "lock", "index",  "retry",  "token",  "schema", "budget", "review",
        "parser", "queue",   "shard", "hook", "mirror", "tunnel", "ledger", "canary", "vault",  "pager"})
    vocab.emplace_back(w);
  std::size_t several = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Rng rng(seed);
    std::vector<std::string> summaries;
    for (int i = 0; i < 150; ++i) {
      std::string s = "build test";  // common to all
      const auto len = rng.between(1, 6);
      for (std::int64_t k = 0; k < len; ++k) s += " " + vocab[rng.below(vocab.size())];
      summaries.push_back(s);
    }
    std::vector<std::vector<std::string>> terms;
    for (const auto& s : summaries) {
      auto t = query_terms(s);
      std::sort(t.begin(), t.end());
      terms.push_back(t);
    }
    // Components of the all-pairs graph, by a plain label propagation.
    std::vector<std::size_t> label(terms.size());
    std::vector<bool> paired(terms.size(), false);
    for (std::size_t i = 0; i < label.size(); ++i) label[i] = i;
    for (std::size_t a = 0; a < terms.size(); ++a)
      for (std::size_t b = a + 1; b < terms.size(); ++b) {
        if (terms[a].size() < 3 || terms[b].size() < 3) continue;
        std::vector<std::string> both;
        std::set_intersection(terms[a].begin(), terms[a].end(), terms[b].begin(), terms[b].end(),
                              std::back_inserter(both));
        const double uni = static_cast<double>(terms[a].size() + terms[b].size() - both.size());
        if (static_cast<double>(both.size()) < kNearDuplicate * uni) continue;
        paired[a] = paired[b] = true;
        const std::size_t from = label[b], to = label[a];
        for (std::size_t& l : label)
          if (l == from) l = to;
      }
    std::map<std::size_t, std::vector<std::size_t>> by_label;
    for (std::size_t i = 0; i < label.size(); ++i)
      if (paired[i]) by_label[label[i]].push_back(i);
    std::vector<std::vector<std::size_t>> brute;
    for (auto& [l, members] : by_label) brute.push_back(members);
    std::sort(brute.begin(), brute.end());
    ASSERT_FALSE(brute.empty());
    several += brute.size() > 1;
    EXPECT_EQ(near_duplicate_groups(summaries), brute) << "seed " << seed;
  }
  EXPECT_GT(several, 10u) << "the corpora should make several groups, not one";
}

TEST(NearDuplicates, SimilarSummariesGroupAndShortOnesDoNot) {
  auto groups = near_duplicate_groups({"Prefers tabs over spaces in Python code", "totally different memory here",
                                       "prefers tabs over spaces in python code.", "tabs", "tabs"});
  EXPECT_EQ(groups, (std::vector<std::vector<std::size_t>>{{0, 2}}));
}

// The memo answers for the summaries it holds and for no others.
TEST(NearDuplicates, TheMemoGivesWhatTheJoinGivesForEverySummaries) {
  const std::vector<std::vector<std::string>> runs = {
      {"Prefers tabs over spaces in Python code", "prefers tabs over spaces in python code.", "other"},
      {"Prefers tabs over spaces in Python code", "prefers tabs over spaces in python code.", "other"},
      {"Prefers tabs over spaces in Python code", "deploys go through the staging cluster first", "other"},
      {},
      {"Prefers tabs over spaces in Python code", "prefers tabs over spaces in python code.", "other"}};
  NearDuplicateMemo memo;
  for (const auto& summaries : runs)
    EXPECT_EQ(near_duplicate_groups(summaries, memo), near_duplicate_groups(summaries));
}

// Templated summaries, where every pair is a near-duplicate: one group of all.
TEST(NearDuplicates, TemplatedSummariesMakeOneGroup) {
  std::vector<std::string> summaries;
  for (int i = 0; i < 3000; ++i)
    summaries.push_back("run the whole payments suite before tagging release r" + std::to_string(i));
  auto groups = near_duplicate_groups(summaries);
  ASSERT_EQ(groups.size(), 1u);
  EXPECT_EQ(groups[0].size(), 3000u);
}

class Prompt : public Search {
 protected:
  // A home larger than its Hot band, as the hook only matters then.
  void fill(int n) {
    for (int i = 0; i < n; ++i)
      put("project_filler-" + std::to_string(i) + ".md",
          "---\nsummary: filler note " + std::to_string(i) + " about routine chores and errands\n---\nbody\n");
  }
  std::string context(const std::string& prompt, const Policy& policy) {
    FixedClock clock(at("2026-07-30T00:00:00Z"));
    return prompt_context(fs, home, clock, policy, prompt);
  }
};

TEST_F(Prompt, PrintsRelevantRowsNotInHot) {
  fill(120);
  put("feedback_kafka.md", "---\nsummary: kafka consumer lag alerts page the on-call\nimportance: 9\n---\n");
  put("reference_kafka-docs.md", "---\nsummary: kafka runbook lives in the ops wiki\n---\n");
  Policy policy;
  policy.hot_budget = 70;  // room for the one important row
  FixedClock clock(at("2026-07-30T00:00:00Z"));
  ASSERT_TRUE(reindex(fs, home, clock, policy).ok());
  ASSERT_EQ(hot_files(read(home.index_path())), (std::vector<std::string>{"feedback_kafka.md"}));
  const std::string out = context("Why is the kafka consumer lagging again?", policy);
  EXPECT_NE(out.find("- reference_kafka-docs.md: kafka runbook lives in the ops wiki\n"), std::string::npos) << out;
  EXPECT_EQ(out.find("feedback_kafka.md"), std::string::npos) << out;
  EXPECT_LE(out.size(), kPromptContextBytes);
}

TEST_F(Prompt, SaysNothingWhenNothingScoresAboveTheThreshold) {
  fill(120);
  EXPECT_EQ(context("Refactor the tokenizer module please", Policy{}), "");
  // A term in every memory carries no evidence.
  EXPECT_EQ(context("routine chores", Policy{}), "");
  EXPECT_EQ(context("", Policy{}), "");
}

// The prompt hook reads "before the migration" as recall does (asked_day): its
// rows are the facts valid the day before, a closed one tagged as history.
TEST_F(Prompt, APromptDatedByAnEventGetsTheFactsOfTheDayBefore) {
  fill(120);
  put("decision_pool.md",
      "---\nsummary: connection pool size is 20 on mysql\nvalid_from: 2026-01-01\nvalid_until: 2026-04-02\n---\n");
  put("decision_pool-2.md",
      "---\nsummary: connection pool size is 50 on postgres\nvalid_from: 2026-04-02\nsupersedes: decision_pool\n---\n");
  put("project_db-migration.md", "---\nsummary: The Postgres migration finished on 2026-04-02\n---\n");
  const std::string before = context("What was the connection pool size before the migration?", Policy{});
  EXPECT_NE(before.find("decision_pool.md"), std::string::npos) << before;
  EXPECT_NE(before.find("[history"), std::string::npos) << before;
  EXPECT_EQ(before.find("decision_pool-2.md"), std::string::npos) << before;
  const std::string now = context("What is the connection pool size now?", Policy{});
  EXPECT_NE(now.find("decision_pool-2.md"), std::string::npos) << now;
  EXPECT_EQ(now.find("decision_pool.md"), std::string::npos) << now;
}

TEST_F(Prompt, StaysWithinTheBudgetWithLongRows) {
  fill(120);
  for (int i = 0; i < 8; ++i)
    put("project_zebra-" + std::to_string(i) + ".md",
        "---\nsummary: zebra " + std::string(900, 'z') + " " + std::to_string(i) + "\n---\n");
  const std::string out = context("zebra", Policy{});
  EXPECT_FALSE(out.empty());
  EXPECT_LE(out.size(), kPromptContextBytes);
  int rows = 0;
  for (std::size_t p = 0; (p = out.find("\n- ", p)) != std::string::npos; ++p) ++rows;
  EXPECT_GE(rows, 3);
  EXPECT_LE(rows, kPromptMaxRows);
}

}  // namespace
}  // namespace memsim
