// The meditation rotation (seed 000 sections 07 and 08). Objects are markdown
// files in meditations/ with frontmatter `shelf: awareness|instrumental`,
// `cadence_weight` (default 1.0) and `last_used` (a date or a time; absent when
// never used). Sits are also logged in runtime/state/sits.log, one line
// `<time> <name> <shelf>`, because the awareness floor needs the last three sits
// and an object's last_used alone forgets earlier uses.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"

namespace memsim {

enum class Shelf { kAwareness, kInstrumental };

struct MeditationObject {
  std::string name;  // the file stem
  Shelf shelf = Shelf::kInstrumental;
  double cadence_weight = 1.0;
  std::optional<Seconds> last_used;
};

struct Sit {
  Seconds time = 0;
  std::string name;
  Shelf shelf = Shelf::kInstrumental;
};

// Objects sorted by name. A file with an unknown shelf or a bad weight is an
// error naming it: the rotation should not guess.
Result<std::vector<MeditationObject>> load_meditations(FileSystem& fs, const Home& home);

// Sits oldest first; a missing log is empty, bad lines are skipped.
Result<std::vector<Sit>> read_sits(FileSystem& fs, const Home& home);
// The objects' names, in the sits' order.
std::vector<std::string> sit_names(const std::vector<Sit>& sits);

struct MeditationPick {
  std::size_t index = 0;       // into the objects
  bool floor_applied = false;  // the candidates were restricted to the awareness shelf
  double score = 0;
};

// The rule: exclude the most recently used object (no immediate repeat); if none
// of the last three sits was on the awareness shelf, keep only awareness objects;
// then the highest score wins, score = cadence_weight * (1 - exp(-days since
// last use / 7)), a never-used object scoring its full weight; ties go to the
// smaller name. `sits` oldest first; when empty, history comes from last_used.
// nullopt when no object is eligible.
std::optional<MeditationPick> pick_meditation(const std::vector<MeditationObject>& objects,
                                              const std::vector<Sit>& sits, Seconds now);

// Marks an object used at now: its last_used line (only that line changes) and
// one line in sits.log. Takes the home's lock.
Status record_sit(FileSystem& fs, const Home& home, const MeditationObject& object, Seconds now, int lock_timeout_ms);

}  // namespace memsim
