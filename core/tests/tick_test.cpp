// The nightly tick: the live-session guard, notes leaving their window, the cue.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "memsim/journal.h"
#include "memsim/meditation.h"
#include "memsim/testing/testing.h"
#include "memsim/tick.h"
#include "memsim/timefmt.h"

namespace memsim {
namespace {

using testing::at;
using testing::read;
using testing::TempDir;
using testing::write;

class Tick : public ::testing::Test {
 protected:
  Tick() : home(dir.path()) { std::filesystem::create_directories(home.memory_dir()); }
  void put(const std::string& rel, const std::string& text, Seconds mtime) {
    write(dir / rel, text);
    ASSERT_TRUE(fs.set_mtime(dir / rel, mtime).ok());
  }
  TickReport tick(Seconds now) {
    FixedClock clock(now);
    auto t = run_tick(fs, home, clock, Policy{});
    EXPECT_TRUE(t.ok()) << (t.ok() ? "" : t.message());
    return std::move(*t);
  }
  TempDir dir;
  Home home;
  PosixFileSystem fs;
};

const Seconds kNow = at("2026-08-01T03:00:00Z");

TEST_F(Tick, AFileTouchedNineMinutesAgoStopsMutationElevenDoesNot) {
  put("memory/feedback_a.md", "---\nsummary: a rule that matters a lot\n---\n", kNow - 9 * 60);
  put("memory/feedback_b.md", "---\nsummary: another rule that matters\n---\n", at("2026-01-01T00:00:00Z"));
  ASSERT_TRUE(append_touch(fs, home, {at("2026-07-31T10:00:00Z"), "Read", "feedback_b.md", "s"}).ok());
  const std::string before = read(dir / "memory/feedback_b.md");
  TickReport guarded = tick(kNow);
  EXPECT_TRUE(guarded.guarded);
  EXPECT_EQ(guarded.recent, std::vector<std::string>{"memory/feedback_a.md"});
  EXPECT_TRUE(guarded.changed.empty());
  EXPECT_EQ(read(dir / "memory/feedback_b.md"), before);
  EXPECT_FALSE(std::filesystem::exists(home.index_path()));
  EXPECT_TRUE(std::filesystem::exists(home.cue_path()));  // still scans and cues

  ASSERT_TRUE(fs.set_mtime(dir / "memory/feedback_a.md", kNow - 11 * 60).ok());
  TickReport free = tick(kNow);
  EXPECT_FALSE(free.guarded);
  EXPECT_EQ(free.written_back, 1);
  EXPECT_EQ(free.changed, (std::vector<std::string>{"memory/MEMORY-archive.md", "memory/MEMORY.md",
                                                    "memory/current-state.md", "memory/feedback_b.md"}));
  EXPECT_NE(read(dir / "memory/feedback_b.md"), before);
}

TEST_F(Tick, ADatedNoteEditedRecentlyAlsoGuards) {
  put("memory/short-term/260731-deploy.md", "deploy went out\n", kNow - 60);
  EXPECT_TRUE(tick(kNow).guarded);
}

TEST_F(Tick, ReportsNotesLeavingTheirWindowOnceAndKeepsThem) {
  const Seconds old = at("2026-07-20T00:00:00Z");
  put("memory/short-term/260725-leaving.md", "x\n", old);  // window closes 2026-08-01T00:00
  put("memory/dream-journal/260724-gone.md", "y\n", old);  // closed a day earlier
  put("memory/short-term/260726-staying.md", "z\n", old);
  TickReport first = tick(kNow);
  ASSERT_EQ(first.notes_leaving.size(), 1u);
  EXPECT_EQ(first.notes_leaving[0].rel_path, "memory/short-term/260725-leaving.md");
  EXPECT_TRUE(tick(kNow + 3600).notes_leaving.empty());  // reported by the previous tick
  EXPECT_EQ(tick(kNow + kSecondsPerDay).notes_leaving[0].rel_path, "memory/short-term/260726-staying.md");
  EXPECT_TRUE(std::filesystem::exists(dir / "memory/short-term/260725-leaving.md"));
}

TEST_F(Tick, TheCueListsConflictsAndOldUnverifiedFactsDeterministically) {
  const Seconds old = at("2025-01-01T00:00:00Z");
  put("memory/decision_db-a.md",
      "---\nsummary: We use Postgres for the ledger\nkey: ledger-db\n"
      "confidence: stated\ncreated: 2026-07-01\n---\n",
      old);
  put("memory/decision_db-b.md",
      "---\nsummary: We use SQLite for the ledger\nkey: ledger-db\n"
      "confidence: inferred\ncreated: 2026-07-20\n---\n",
      old);
  put("memory/reference_old.md",
      "---\nsummary: The vendor API rate limit is 10 per second\n"
      "created: 2025-06-01\n---\n",
      old);
  put("memory/reference_checked.md",
      "---\nsummary: The build uses cmake and ninja\nconfidence: verified\n"
      "created: 2025-06-01\n---\n",
      old);
  TickReport t = tick(kNow);
  ASSERT_EQ(t.cue.size(), 3u);
  EXPECT_EQ(t.cue[0].kind, "conflict");
  EXPECT_EQ(t.cue[0].files, (std::vector<std::string>{"memory/decision_db-a.md", "memory/decision_db-b.md"}));
  EXPECT_NE(t.cue[0].detail.find("picks decision_db-a.md"), std::string::npos);  // stated beats inferred
  EXPECT_EQ(t.cue[1].kind, "dream-journal");  // the wake runs tonight: it writes one entry
  EXPECT_EQ(t.cue[1].files, std::vector<std::string>{"memory/dream-journal/260801-dream.md"});
  EXPECT_EQ(t.cue[2].kind, "old-unverified");
  EXPECT_EQ(t.cue[2].files, std::vector<std::string>{"memory/reference_old.md"});
  const std::string cue = read(home.cue_path());
  EXPECT_EQ(cue, t.cue_json);
  tick(kNow);
  EXPECT_EQ(read(home.cue_path()), cue);  // same inputs, same bytes
}

// Seed 000: one dream, one meditation a day. The tick names tonight's sit and
// the dream entry to write, and the next tick records what the wake left.
TEST_F(Tick, TheCueNamesTonightsSitAndDreamAndTheNextTickRecordsBoth) {
  EXPECT_TRUE(tick(kNow).cue.empty()) << "nothing to judge and no object to sit with: no wake";
  put("meditations/breath.md", "---\nshelf: awareness\n---\nFollow the breath.\n", kNow - kSecondsPerDay);
  put("meditations/inversion.md", "---\nshelf: instrumental\n---\nInvert the problem.\n", kNow - kSecondsPerDay);
  TickReport night = tick(kNow);
  ASSERT_EQ(night.cue.size(), 2u);
  EXPECT_EQ(night.cue[0].kind, "dream-journal");
  EXPECT_EQ(night.cue[0].files, std::vector<std::string>{"memory/dream-journal/260801-dream.md"});
  EXPECT_EQ(night.cue[1].kind, "meditation");
  EXPECT_EQ(night.cue[1].files, std::vector<std::string>{"meditations/breath.md"});  // never used; the smaller name
  EXPECT_NE(night.cue[1].detail.find("meditation next --record"), std::string::npos);
  EXPECT_TRUE(night.dream_entries.empty());
  EXPECT_TRUE(night.sits.empty());

  // The wake, five minutes later: it records the sit and writes the entry.
  auto objects = load_meditations(fs, home);
  ASSERT_TRUE(objects.ok());
  ASSERT_TRUE(record_sit(fs, home, (*objects)[0], kNow + 300, 1000).ok());
  put("memory/dream-journal/260801-dream.md", "The breath, and the ledger conflict.\n", kNow + 400);
  TickReport next = tick(kNow + kSecondsPerDay);
  EXPECT_EQ(next.dream_entries, std::vector<std::string>{"memory/dream-journal/260801-dream.md"});
  ASSERT_EQ(next.sits.size(), 1u);
  EXPECT_EQ(next.sits[0].name, "breath");
  const std::string last = read(home.last_tick_path());
  EXPECT_NE(last.find("\"dream_entries\": [\n    \"memory/dream-journal/260801-dream.md\""), std::string::npos) << last;
  EXPECT_NE(last.find("\"sits\": [\n    \"breath\""), std::string::npos) << last;
  // No repeat: tonight's object is the other one. Today's entry exists, so the
  // dream item names the new day's.
  ASSERT_EQ(next.cue.size(), 2u);
  EXPECT_EQ(next.cue[1].files, std::vector<std::string>{"meditations/inversion.md"});
  EXPECT_EQ(next.cue[0].files, std::vector<std::string>{"memory/dream-journal/260802-dream.md"});
  // Each is recorded once: the tick after has nothing new from the wake.
  TickReport after = tick(kNow + kSecondsPerDay + 3600);
  EXPECT_TRUE(after.dream_entries.empty());
  EXPECT_TRUE(after.sits.empty());
}

TEST_F(Tick, ADreamEntryAlreadyWrittenTodayIsNotAskedForAgain) {
  put("meditations/breath.md", "---\nshelf: awareness\n---\nx\n", kNow - kSecondsPerDay);
  put("memory/dream-journal/260801-early.md", "written before the tick\n", kNow - 3600);
  TickReport t = tick(kNow);
  ASSERT_EQ(t.cue.size(), 1u);
  EXPECT_EQ(t.cue[0].kind, "meditation");
}

}  // namespace
}  // namespace memsim

namespace memsim {
namespace {

// The cue is printed without a tree (json_writer.h): byte for byte what an
// ordered_json's dump printed, for any text, escapes and broken UTF-8 included.
TEST(RenderCue, PrintsWhatTheJsonTreePrinted) {
  const std::vector<std::string> texts = {"",
                                          "plain",
                                          "a \"quoted\" \\ path",
                                          "tab\there\nline",
                                          "\x01\x1f\x7f",
                                          "ünïcödé ✓ 記憶",
                                          "bad \xff\xfe utf-8",
                                          "{\"json\": [1]}"};
  auto reference = [](const TickReport& t) {
    nlohmann::ordered_json items = nlohmann::ordered_json::array();
    for (const CueItem& c : t.cue) items.push_back({{"kind", c.kind}, {"files", c.files}, {"detail", c.detail}});
    nlohmann::ordered_json j{{"generated", format_instant(t.now)}, {"guarded", t.guarded}, {"items", items}};
    return j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  };
  TickReport t;
  t.now = 1782864000;
  EXPECT_EQ(render_cue(t), reference(t)) << "no items";
  for (std::size_t i = 0; i < texts.size(); ++i) {
    t.guarded = i % 2 == 1;
    std::vector<std::string> files;
    for (std::size_t k = 0; k < i % 3; ++k) files.push_back(texts[(i + k) % texts.size()]);
    t.cue.push_back({texts[i], files, texts[texts.size() - 1 - i]});
    EXPECT_EQ(render_cue(t), reference(t)) << "with " << t.cue.size() << " items";
  }
}

}  // namespace
}  // namespace memsim
