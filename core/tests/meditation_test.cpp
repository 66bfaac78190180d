// The meditation rotation over long generated sequences.
#include <gtest/gtest.h>

#include <filesystem>

#include "memsim/meditation.h"
#include "memsim/rng.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::at;

MeditationObject obj(std::string name, Shelf shelf, double weight = 1.0) {
  return {std::move(name), shelf, weight, std::nullopt};
}

// Runs n sits, applying each pick; returns the picks in order.
std::vector<Sit> rotate(std::vector<MeditationObject> objects, int n, Seconds start) {
  std::vector<Sit> sits;
  for (int i = 0; i < n; ++i) {
    const Seconds now = start + i * kSecondsPerDay;
    auto pick = pick_meditation(objects, sits, now);
    EXPECT_TRUE(pick);
    if (!pick) break;
    objects[pick->index].last_used = now;
    sits.push_back({now, objects[pick->index].name, objects[pick->index].shelf});
  }
  return sits;
}

TEST(Meditation, NeverRepeatsAndTheAwarenessFloorAlwaysHolds) {
  Rng rng(20261130);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<MeditationObject> objects;
    const int n = static_cast<int>(rng.between(2, 9));
    for (int i = 0; i < n; ++i)
      objects.push_back(obj("m" + std::to_string(i), rng.chance(0.25) ? Shelf::kAwareness : Shelf::kInstrumental,
                            0.9 + 0.1 * rng.unit()));
    const bool has_awareness =
        std::any_of(objects.begin(), objects.end(), [](const auto& o) { return o.shelf == Shelf::kAwareness; });
    std::vector<Sit> sits = rotate(objects, 120, at("2026-01-01T03:05:00Z"));
    for (std::size_t i = 1; i < sits.size(); ++i) ASSERT_NE(sits[i].name, sits[i - 1].name) << "trial " << trial;
    if (!has_awareness) continue;
    // Any four consecutive sits hold at least one awareness sit.
    for (std::size_t i = 3; i < sits.size(); ++i) {
      bool any = false;
      for (std::size_t k = i - 3; k <= i; ++k) any |= sits[k].shelf == Shelf::kAwareness;
      ASSERT_TRUE(any) << "trial " << trial << " sit " << i;
    }
  }
}

TEST(Meditation, NeverUsedScoresFullWeightAndTheHeavierWins) {
  std::vector<MeditationObject> objects = {obj("a", Shelf::kInstrumental, 0.9), obj("b", Shelf::kInstrumental, 1.0)};
  auto pick = pick_meditation(objects, {}, at("2026-01-01T00:00:00Z"));
  ASSERT_TRUE(pick);
  EXPECT_EQ(objects[pick->index].name, "b");
  EXPECT_DOUBLE_EQ(pick->score, 1.0);
}

TEST(Meditation, FloorComesFromLastUsedWhenThereIsNoLog) {
  const Seconds now = at("2026-01-10T00:00:00Z");
  std::vector<MeditationObject> objects = {obj("aware", Shelf::kAwareness), obj("i1", Shelf::kInstrumental),
                                           obj("i2", Shelf::kInstrumental), obj("i3", Shelf::kInstrumental),
                                           obj("i4", Shelf::kInstrumental)};
  objects[0].last_used = now - 9 * kSecondsPerDay;
  objects[1].last_used = now - 3 * kSecondsPerDay;
  objects[2].last_used = now - 2 * kSecondsPerDay;
  objects[3].last_used = now - 1 * kSecondsPerDay;
  auto pick = pick_meditation(objects, {}, now);
  ASSERT_TRUE(pick);
  EXPECT_TRUE(pick->floor_applied);
  EXPECT_EQ(objects[pick->index].name, "aware");
}

TEST(Meditation, RecordWritesLastUsedAndTheLog) {
  testing::TempDir dir;
  Home home(dir.path());
  testing::write(dir / "meditations/stillness.md", "---\nshelf: awareness\ncadence_weight: 0.95\n---\nSit.\n");
  PosixFileSystem fs;
  auto objects = load_meditations(fs, home);
  ASSERT_TRUE(objects.ok()) << objects.message();
  ASSERT_EQ(objects->size(), 1u);
  ASSERT_TRUE(record_sit(fs, home, (*objects)[0], at("2026-02-01T03:05:00Z"), 1000).ok());
  EXPECT_EQ(testing::read(dir / "meditations/stillness.md"),
            "---\nshelf: awareness\ncadence_weight: 0.95\nlast_used: 2026-02-01T03:05:00Z\n---\nSit.\n");
  auto sits = read_sits(fs, home);
  ASSERT_TRUE(sits.ok());
  ASSERT_EQ(sits->size(), 1u);
  EXPECT_EQ((*sits)[0].name, "stillness");
}

TEST(Meditation, ABadShelfIsAnErrorNamingTheFile) {
  testing::TempDir dir;
  testing::write(dir / "meditations/odd.md", "---\nshelf: snacks\n---\n");
  PosixFileSystem fs;
  auto objects = load_meditations(fs, Home(dir.path()));
  ASSERT_FALSE(objects.ok());
  EXPECT_NE(objects.message().find("odd.md: shelf must be awareness or instrumental"), std::string::npos);
}

}  // namespace
}  // namespace memsim
