// Properties of the ladder over generated evidence histories (seeded, so a
// failure names its seed and reproduces): the gates hold exactly at their
// boundaries, quarantine holds, an incumbent is never silently replaced,
// capture is idempotent, and nothing committed names a path under a home dir.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <filesystem>
#include <random>
#include <set>
#include <string>

#include "generators.h"
#include "memsim/atoms.h"
#include "memsim/corpus.h"
#include "memsim/promote.h"
#include "memsim/search.h"
#include "memsim/supersede.h"
#include "memsim/testing/ladder.h"
#include "memsim/testing/testing.h"
#include "memsim/timefmt.h"

namespace memsim {
namespace {

const Seconds kStart = testing::at("2026-03-01T08:00:00Z");
constexpr int kRuns = 300;

struct History {
  std::vector<Observation> obs;
};

Observation make_obs(int session, int day, const std::string& confidence, int project) {
  Observation o;
  o.session = "s" + std::to_string(session);
  o.time = kStart + day * kSecondsPerDay + session * 60;
  o.day = format_date(day_of(o.time));
  o.project = "p" + std::to_string(project);
  o.transcript = "/home/u/t" + std::to_string(session) + ".jsonl";
  o.line = session + 1;
  o.confidence = confidence;
  return o;
}

// The SPEC's rule, written independently of promote.cpp.
bool reference_l2(const std::vector<Observation>& obs) {
  std::set<std::string> s, d, ss, sd;
  bool verified = false;
  for (const auto& o : obs) {
    s.insert(o.session);
    d.insert(o.day);
    if (o.confidence != "observed") {
      ss.insert(o.session);
      sd.insert(o.day);
    }
    verified = verified || o.confidence == "verified";
  }
  return verified || (s.size() >= 3 && d.size() >= 2) || (ss.size() >= 2 && sd.size() >= 2);
}

Slot slot_of(std::vector<Observation> observations, const std::string& claim = "Keep the build green") {
  return testing::slot_of(std::move(observations), claim);
}

TEST(LadderProps, GatesMatchTheSpecOverRandomHistories) {
  for (int run = 0; run < kRuns * 3; ++run) {
    std::minstd_rand rng(static_cast<std::uint_fast32_t>(run + 1));
    std::vector<Observation> obs;
    const int n = 1 + static_cast<int>(rng() % 6);
    for (int i = 0; i < n; ++i) {
      const auto c = rng() % 10;
      obs.push_back(make_obs(static_cast<int>(rng() % 4), static_cast<int>(rng() % 3),
                             c == 0  ? "verified"
                             : c < 4 ? "stated"
                                     : "observed",
                             1));
    }
    Slot s = slot_of(obs);
    EXPECT_EQ(judge(s, s.atoms[0], GateRules{}, kStart, false).to_l2, reference_l2(obs)) << "seed " << run;
  }
}

TEST(LadderProps, OneSessionShortOrOneDayShortNeverPromotes) {
  for (int run = 0; run < kRuns; ++run) {
    std::minstd_rand rng(static_cast<std::uint_fast32_t>(run + 1));
    const bool stated = rng() % 2;
    const std::uint_fast32_t sessions = stated ? 2 : 3;
    const char* conf = stated ? "stated" : "observed";
    // Exactly at the boundary: `sessions` sessions over exactly 2 days, repeats allowed.
    std::vector<Observation> at_gate;
    for (std::uint_fast32_t i = 0; i < sessions; ++i)
      at_gate.push_back(make_obs(static_cast<int>(i), i == 0 ? 0 : 1, conf, 1));
    for (int extra = static_cast<int>(rng() % 3); extra > 0; --extra)
      at_gate.push_back(make_obs(static_cast<int>(rng() % sessions), static_cast<int>(rng() % 2), conf, 1));
    Slot ok = slot_of(at_gate);
    ASSERT_TRUE(judge(ok, ok.atoms[0], GateRules{}, kStart, false).to_l2) << "seed " << run;
    // One session short: drop every observation of one session.
    const std::string gone = "s" + std::to_string(rng() % sessions);
    std::vector<Observation> short_session;
    for (const auto& o : at_gate)
      if (o.session != gone) short_session.push_back(o);
    Slot a = slot_of(short_session);
    EXPECT_FALSE(judge(a, a.atoms[0], GateRules{}, kStart, false).to_l2) << "seed " << run;
    // One day short: every observation on the first day.
    std::vector<Observation> one_day;
    for (const auto& o : at_gate) one_day.push_back(make_obs(std::stoi(o.session.substr(1)), 0, conf, 1));
    Slot b = slot_of(one_day);
    EXPECT_FALSE(judge(b, b.atoms[0], GateRules{}, kStart, false).to_l2) << "seed " << run;
  }
}

TEST(LadderProps, L3BoundariesOfProjectsAndAge) {
  for (int run = 0; run < kRuns; ++run) {
    std::minstd_rand rng(static_cast<std::uint_fast32_t>(run + 1));
    const int projects = 1 + static_cast<int>(rng() % 3);
    std::vector<Observation> obs;
    for (int i = 0; i < 3; ++i) obs.push_back(make_obs(i, i, "observed", i % projects));
    Slot s = slot_of(obs);
    Seconds first = obs[0].time;
    const Seconds age = static_cast<Seconds>(rng() % 60) * kSecondsPerDay + (rng() % 2 ? 0 : -1);
    const bool expect = projects >= 2 && age >= 30 * kSecondsPerDay;
    EXPECT_EQ(judge(s, s.atoms[0], GateRules{}, first + age, true).to_l3, expect) << "seed " << run;
  }
}

std::string user_line(const std::string& session, int day, const std::string& text) {
  return R"({"type":"user","sessionId":")" + session + R"(","timestamp":")" +
         format_instant(kStart + day * kSecondsPerDay) + R"(","cwd":"/w/proj","message":{"content":")" + text +
         "\"}}\n";
}

const char* kSecrets[] = {"ghp_16C7e42F292c6912E7710c838347Ae178B4a", "AKIAWDIAEQ3KDFYSPSC5",
                          "sk_live_4eC39HqLyjWDarjtT1zdp7dc", "xoxb-2048151234-2048159876543-AbCdEfGhIjKl",
                          "postgres://app:s3cr3tPa55@db/app"};

TEST(LadderProps, AnIncumbentIsNeverSilentlyReplacedAndCaptureIsIdempotent) {
  const char* values[] = {"dev", "main", "trunk", "release"};
  for (int run = 0; run < 8; ++run) {
    std::minstd_rand rng(static_cast<std::uint_fast32_t>(run + 1));
    testing::TempDir dir;
    PosixFileSystem fs;
    FixedClock clock(kStart);
    Home home(dir / "home");
    std::set<std::string> said;
    std::vector<std::string> paths;
    const int n = 1 + static_cast<int>(rng() % 6);
    for (int i = 0; i < n; ++i) {
      const std::string v = values[rng() % 4];
      said.insert(atom_id_for("The PR base branch is " + v));
      const std::string t = dir / ("t" + std::to_string(i) + ".jsonl");
      testing::write(t, user_line("s" + std::to_string(i), i, "No, the PR base branch is " + v + "."));
      paths.push_back(t);
      ASSERT_TRUE(capture_transcript(fs, home, clock, t, "p", nullptr).ok());
    }
    auto before = load_slots(fs, home);
    ASSERT_TRUE(before.ok());
    ASSERT_EQ(before->size(), 1u);
    std::set<std::string> kept;
    for (const Atom& a : (*before)[0].atoms) kept.insert(a.id);
    EXPECT_EQ(kept, said) << "seed " << run;  // every claim made is still there
    EXPECT_EQ((*before)[0].contested(), said.size() > 1) << "seed " << run;
    const std::string file = home.candidates_dir() + "/" + slot_file_for((*before)[0].key);
    const std::string bytes = testing::read(file);
    for (const std::string& t : paths) {
      CaptureStats st;
      ASSERT_TRUE(capture_transcript(fs, home, clock, t, "p", &st).ok());
      EXPECT_EQ(st.new_observations, 0);
    }
    EXPECT_EQ(testing::read(file), bytes) << "seed " << run;
  }
}

TEST(LadderProps, NothingCommittedNamesAPathUnderAHomeDirectory) {
  const char* names[] = {"dev", "builder", "ci.runner", "x_y"};  // account names, not people
  for (int run = 0; run < 8; ++run) {
    std::minstd_rand rng(static_cast<std::uint_fast32_t>(run + 1));
    testing::TempDir dir;
    PosixFileSystem fs;
    std::filesystem::create_directories(dir / "home/memory");
    FixedClock clock(kStart + 60 * kSecondsPerDay);
    Home home(dir / "home"), user(dir / "user");
    const std::string name = names[rng() % 4];
    const std::string where = rng() % 2 ? "/home/" + name + "/src/app" : "/Users/" + name + "/code/app";
    const std::string claim = "Always build from " + where + " with ninja";
    for (int i = 0; i < 2; ++i) {
      const std::string t = dir / ("t" + std::to_string(i) + ".jsonl");
      testing::write(t, R"({"type":"user","sessionId":"s)" + std::to_string(i) + R"(","timestamp":")" +
                            format_instant(kStart + i * kSecondsPerDay) + R"(","cwd":")" + where +
                            R"(","message":{"content":")" + claim + "\"}}\n");
      ASSERT_TRUE(capture_transcript(fs, home, clock, t, rng() % 2 ? "" : "p" + std::to_string(i), nullptr).ok());
      ASSERT_TRUE(capture_transcript(fs, user, clock, t, "p" + std::to_string(i), nullptr).ok());
    }
    auto plan = plan_promotions(fs, home, &user, GateRules{}, clock.now());
    ASSERT_TRUE(plan.ok());
    ASSERT_TRUE(stage_promotions(fs, home, &user, *plan, clock.now()).ok());
    auto ids = staged_ids(fs, home, &user);
    ASSERT_TRUE(ids.ok());
    ASSERT_FALSE(ids->empty()) << "seed " << run;
    for (const Home* h : {&home, &user})
      for (const auto& e : std::filesystem::directory_iterator(h->staged_dir())) {
        const std::string text = testing::read(e.path());
        EXPECT_EQ(text.find(name + "/"), std::string::npos) << e.path() << "\n" << text;
      }
    // A proposal edited by hand after staging is scrubbed again when adopted.
    for (const auto& e : std::filesystem::directory_iterator(home.staged_dir()))
      if (e.path().extension() == ".md") {
        testing::write(e.path(), testing::read(e.path()) + "See " + where + "/notes first.\n");
        break;
      }
    ids = staged_ids(fs, home, &user);
    ASSERT_TRUE(ids.ok());
    for (const std::string& id : *ids) {
      auto adopted = adopt(fs, home, &user, id, Policy{}, clock.now());
      ASSERT_TRUE(adopted.ok()) << id << ": " << adopted.message();
    }
    for (const std::string& f : {std::string(user.identity_path())}) {
      const std::string text = testing::read(f);
      EXPECT_EQ(text.find(name + "/"), std::string::npos) << text;
    }
    for (const auto& e : std::filesystem::directory_iterator(home.memory_dir())) {
      const std::string text = testing::read(e.path());
      EXPECT_EQ(text.find("/home/"), std::string::npos) << text;
      EXPECT_EQ(text.find("/Users/"), std::string::npos) << text;
      EXPECT_EQ(text.find(name + "/"), std::string::npos) << text;
      EXPECT_EQ(text.find(".jsonl"), std::string::npos) << text;
    }
  }
}

// The whole ladder, generated: sessions on days in projects say claims, some
// holding a secret; capture feeds the project home and the user-level home;
// everything that moves is staged and adopted, so the ladder ends in T2 files
// and persona lines. Returns the homes' committed text for the properties below.
struct Ladder {
  testing::TempDir dir;
  PosixFileSystem fs;
  Home home{dir / "home"}, user{dir / "user"};
  Seconds now = kStart + 60 * kSecondsPerDay;
  const Redactor* redactor;  // compiled once: most of a capture's cost otherwise

  explicit Ladder(const Redactor& r) : redactor(&r) {
    std::filesystem::create_directories(home.memory_dir());
    std::filesystem::create_directories(user.memory_dir());
  }
  // One session: a transcript of `lines`, captured into both homes.
  void session(int index, int day, int project, const std::vector<std::string>& lines) {
    const std::string t = dir / ("t" + std::to_string(index) + ".jsonl");
    std::string text;
    for (const std::string& l : lines) text += user_line("s" + std::to_string(index), day, l);
    testing::write(t, text);
    FixedClock clock(now);
    const std::string p = "p" + std::to_string(project);
    RC_ASSERT(capture_transcript(fs, home, clock, t, p, nullptr, -1, redactor).ok());
    RC_ASSERT(capture_transcript(fs, user, clock, t, p, nullptr, -1, redactor).ok());
  }
  // promote --apply, then adopt --all. The names of the files adopt wrote.
  std::vector<std::string> climb() {
    auto plan = plan_promotions(fs, home, &user, GateRules{}, now);
    RC_ASSERT(plan.ok());
    RC_ASSERT(stage_promotions(fs, home, &user, *plan, now).ok());
    auto ids = staged_ids(fs, home, &user);
    RC_ASSERT(ids.ok());
    std::vector<std::string> written;
    for (const std::string& id : *ids) {
      auto a = adopt(fs, home, &user, id, Policy{}, now);
      RC_ASSERT(a.ok());
      written.push_back(a->path);
    }
    return written;
  }
  // Every committed file of both homes: memory/ and identity.md.
  std::string committed() const {
    std::string all;
    for (const Home* h : {&home, &user}) {
      for (const auto& e : std::filesystem::recursive_directory_iterator(h->memory_dir()))
        if (e.is_regular_file()) all += testing::read(e.path()) + "\n";
      if (std::filesystem::exists(h->identity_path())) all += testing::read(h->identity_path());
    }
    return all;
  }
};

// Seed 004's quarantine, to the top of the ladder: a claim whose text held a
// secret reaches no T2 file and no persona line, redacted or not, whatever its
// evidence; a clean claim with the same evidence climbs (so the ladder really
// ends in T2 and L3 files).
RC_GTEST_PROP(LadderProps, AQuarantinedClaimReachesNoTierTwoFileAndNoPersonaLine, ()) {
  const std::string secret =
      *rc::gen::element<std::string>(kSecrets[0], kSecrets[1], kSecrets[2], kSecrets[3], kSecrets[4]);
  const int sessions = *rc::gen::inRange(1, 7);
  const int projects = *rc::gen::inRange(1, 4);
  const bool verified = *rc::gen::arbitrary<bool>();
  const auto days = *rc::gen::container<std::vector<int>>(static_cast<std::size_t>(sessions), rc::gen::inRange(0, 4));
  static const Redactor redactor;
  Ladder l(redactor);
  const std::string dirty = "Always deploy with " + secret + " loaded";
  const std::string clean = "Always run the payments suite before merging";
  for (int i = 0; i < sessions; ++i)
    l.session(i, days[static_cast<std::size_t>(i)], i % projects,
              {(i == 0 && verified ? "Verified: " : "") + dirty, clean});
  l.climb();
  const std::string all = l.committed();
  RC_ASSERT(all.find(secret) == std::string::npos);
  RC_ASSERT(all.find("deploy with") == std::string::npos);
  RC_ASSERT(all.find("[REDACTED") == std::string::npos);
  std::set<int> distinct(days.begin(), days.end());
  const bool clean_l2 = sessions >= 2 && distinct.size() >= 2;
  RC_TAG(clean_l2 ? "clean claim at T2" : "clean claim stays L1", projects >= 2 && clean_l2 ? "and L3" : "");
  RC_ASSERT((all.find("payments suite") != std::string::npos) == clean_l2);
}

// Seed 001's "a contradiction closes a window instead of overwriting", to the
// top of the ladder: whatever sessions say about a key an authored fact holds,
// and whoever resolves it, after everything that moves is adopted the
// incumbent's bytes are all still there (at most valid_until added), its window
// still answers an --as-of before today, the key has at most one open fact, a
// person's file that had adopt's name is untouched, every earlier line of the
// persona is kept, and every claim said is still a candidate.
RC_GTEST_PROP(LadderProps, NoAdoptionSilentlyOverwritesAnIncumbentAtTierTwoOrThree, ()) {
  const char* values[] = {"dev", "main", "trunk", "release"};
  const int sessions = *rc::gen::inRange(1, 7);
  const auto said = *rc::gen::container<std::vector<int>>(static_cast<std::size_t>(sessions), rc::gen::inRange(0, 4));
  const auto projects =
      *rc::gen::container<std::vector<int>>(static_cast<std::size_t>(sessions), rc::gen::inRange(0, 3));
  const int incumbent_value = *rc::gen::inRange(0, 4);
  // Hostile bytes in the body, NUL aside: a file holding one is not a memory
  // file at all (corpus.h), so there would be no incumbent to protect.
  std::string body = *props::gen_hostile_text();
  std::erase(body, '\0');
  const bool person_has_the_name = *rc::gen::arbitrary<bool>();
  const auto persona = *rc::gen::container<std::vector<std::string>>(
      rc::gen::element<std::string>("- Writes C++", "- Answers in short sentences", "- Reviews before merging"));
  const int resolve_to = *rc::gen::inRange(-1, sessions);

  static const Redactor redactor;
  Ladder l(redactor);
  for (int i = 0; i < sessions; ++i)
    l.session(i, i, projects[static_cast<std::size_t>(i)],
              {std::string("No, the PR base branch is ") + values[said[static_cast<std::size_t>(i)]] + "."});
  auto slots = load_slots(l.fs, l.home);
  RC_ASSERT(slots.ok());
  RC_ASSERT(slots->size() == 1u);
  const std::string key = (*slots)[0].key;
  std::set<std::string> claims;
  for (const Atom& a : (*slots)[0].atoms) claims.insert(a.id);
  if (resolve_to >= 0)
    RC_ASSERT(
        resolve(l.fs, l.home, (*slots)[0].atoms[static_cast<std::size_t>(resolve_to) % (*slots)[0].atoms.size()].id)
            .ok());

  const std::string incumbent = l.home.memory_path("project_pr-base-branch.md");
  const std::string before = "---\nname: project_pr-base-branch\ntype: project\nsummary: \"PR base branch is " +
                             std::string(values[incumbent_value]) + "\"\ncreated: 2026-01-10\nkey: \"" + key +
                             "\"\n---\n" + body + "\n";
  testing::write(incumbent, before);
  const std::string taken = l.home.memory_path("feedback_pr-base-branch.md");  // a correction's target name
  if (person_has_the_name) testing::write(taken, "a person's own words\n");
  std::string identity = "# Identity\n\n## Persona\n\n";
  for (const std::string& line : persona) identity += line + "\n";
  testing::write(l.user.identity_path(), identity);

  const std::vector<std::string> written = l.climb();
  RC_TAG(written.empty() ? "nothing adopted" : "adopted");

  // The incumbent: every byte kept; at most its window closed today.
  const std::string after = testing::read(incumbent);
  const std::string closing = "valid_until: " + format_date(day_of(l.now)) + "\n";
  const std::size_t at = before.find("---\n", 4);
  RC_ASSERT(after == before || after == before.substr(0, at) + closing + before.substr(at));
  RC_TAG(after == before ? "incumbent open" : "incumbent superseded");
  if (person_has_the_name) RC_ASSERT(testing::read(taken) == std::string("a person's own words\n"));

  // One open fact for the key; the incumbent answers for the day before.
  auto corpus = load_corpus(l.fs, l.home, Policy{});
  RC_ASSERT(corpus.ok());
  RC_ASSERT(open_facts_with_key(*corpus, key, l.now).size() <= 1u);
  FixedClock clock(l.now);
  RecallOptions yesterday;
  yesterday.as_of = day_of(l.now) - 1;
  yesterday.k = 50;
  auto then = recall(l.fs, l.home, clock, Policy{}, "PR base branch", yesterday);
  RC_ASSERT(then.ok());
  RC_ASSERT(
      std::any_of(then->begin(), then->end(), [](const Hit& h) { return h.file == "project_pr-base-branch.md"; }));

  // The persona only grows; every claim said is still a candidate somewhere.
  const std::string id_after = testing::read(l.user.identity_path());
  std::size_t from = 0;
  for (const std::string& line : persona) {
    from = id_after.find(line + "\n", from);
    RC_ASSERT(from != std::string::npos);
  }
  auto again = load_slots(l.fs, l.home);
  RC_ASSERT(again.ok());
  std::set<std::string> kept;
  for (const Atom& a : (*again)[0].atoms) kept.insert(a.id);
  RC_ASSERT(kept == claims);
}

}  // namespace
}  // namespace memsim
