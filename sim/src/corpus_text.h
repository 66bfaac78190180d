// The text of simulated memory files: summaries and bodies from a word list, and
// the frontmatter a person (or the debrief) writes. Authored text only: the
// policy fields are never written here, the production fold writes them.
#pragma once

#include <optional>
#include <string>

#include "memsim/rng.h"
#include "memsim/sim/world.h"
#include "memsim/timefmt.h"

namespace memsim::sim {

// Words from a small vocabulary, at least min_bytes long, ending in a period.
std::string sim_words(Rng& rng, int min_bytes, int max_bytes);

// A memory type for the class: rules are feedback, preference, process or user;
// project facts project or decision; one-offs reference or decision.
std::string type_for(FactClass c, Rng& rng);

// A file stem unique by `serial`: <type>_<word>-<word>-<serial>.
std::string stem_for(const std::string& type, int serial, Rng& rng);

// What a file says besides its fact's own fields (world.h).
struct Authored {
  bool stated = false;  // confidence: stated (taught directly)
  bool in_flight = false;
  std::string state;                // the in-flight status line
  std::optional<Days> valid_until;  // closed by a supersede during the history
  std::string supersedes;           // the stem it supersedes
  std::string body;
};

// The whole file for fact f under `stem`.
std::string memory_text(const Fact& f, const std::string& stem, const Authored& a);

}  // namespace memsim::sim
