// Properties of the ladder over generated evidence histories (seeded, so a
// failure names its seed and reproduces): the gates hold exactly at their
// boundaries, quarantine holds, an incumbent is never silently replaced,
// capture is idempotent, and nothing committed names a path under a home dir.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>
#include <set>
#include <string>

#include "memsim/atoms.h"
#include "memsim/promote.h"
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

TEST(LadderProps, AQuarantinedAtomNeverPromotesWhateverTheEvidence) {
  for (int run = 0; run < 8; ++run) {
    std::minstd_rand rng(static_cast<std::uint_fast32_t>(run + 1));
    testing::TempDir dir;
    PosixFileSystem fs;
    FixedClock clock(kStart + 90 * kSecondsPerDay);
    Home home(dir / "home");
    const std::string claim = std::string("Always deploy with ") + kSecrets[rng() % 5] + " loaded";
    const int sessions = 2 + static_cast<int>(rng() % 5);
    for (int i = 0; i < sessions; ++i) {
      const std::string t = dir / ("t" + std::to_string(i) + ".jsonl");
      testing::write(t, user_line("s" + std::to_string(i), i, (i == 0 && rng() % 2 ? "Verified: " : "") + claim));
      ASSERT_TRUE(capture_transcript(fs, home, clock, t, "p", nullptr).ok());
    }
    auto plan = plan_promotions(fs, home, nullptr, GateRules{}, clock.now());
    ASSERT_TRUE(plan.ok());
    for (const Proposal& p : *plan) EXPECT_FALSE(p.moves) << "seed " << run << " " << p.claim;
  }
}

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

}  // namespace
}  // namespace memsim
