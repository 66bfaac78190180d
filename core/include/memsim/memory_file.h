// A T2 memory file (SPEC section 3): its typed metadata, read leniently. A value
// that cannot be read is treated as absent and named in `problems`; the file is
// never refused. Defaults that depend on the file system (created, last_accessed)
// are filled in by the caller from the file's modification time.
#pragma once

#include <array>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "memsim/clock.h"
#include "memsim/frontmatter.h"
#include "memsim/timefmt.h"

namespace memsim {

// The vocabulary of a memory file (SPEC section 3), owned here and nowhere else.

// The memory types, in the order SPEC lists them.
inline constexpr std::array<std::string_view, 9> kMemoryTypes = {
    "feedback", "project", "reference", "user", "process", "handoff", "preference", "decision", "person"};
bool is_known_type(std::string_view type);
// "feedback, project, ...": the types as an error message lists them.
std::string known_types_list();

enum class Confidence { kInferred = 0, kObserved = 1, kStated = 2, kVerified = 3 };
// The confidence names, weakest first.
inline constexpr std::array<std::string_view, 4> kConfidenceNames = {"inferred", "observed", "stated", "verified"};
std::string_view confidence_name(Confidence c);
// The confidence a name names, if any: the inverse of confidence_name.
std::optional<Confidence> parse_confidence(std::string_view name);

// Whether a `status:` value archives its file: one that starts with "superseded".
bool is_superseded_status(std::string_view status);

// The four policy values the fold maintains.
struct PolicyValues {
  std::int64_t access_count = 0;
  std::optional<Seconds> last_accessed;    // absent: the file's mtime stands in for ranking
  std::optional<Seconds> last_reinforced;  // absent: the next touch passes the gate
  double stability = 14.0;

  bool operator==(const PolicyValues&) const = default;
};

struct MemoryMeta {
  std::optional<std::string> name, type, summary, description, status, state, key, supersedes;
  std::optional<Days> created, last_updated, valid_from, valid_until;
  std::optional<Confidence> confidence;
  double importance = 0;
  bool pin = false;
  bool in_flight = false;
  PolicyValues policy;
  std::string first_body_line;        // first non-empty line of the body, as written
  std::vector<std::string> problems;  // unreadable values, syntax, duplicates
};

// Reads meta from a file's whole text. `initial_stability` is the default for an
// absent or unreadable stability.
MemoryMeta read_memory_meta(std::string_view text, const Frontmatter& fm, double initial_stability);

// Whether a directory entry name is a T2 memory file name: [a-z]+_.+\.md
bool is_memory_name(std::string_view name);

// The index row text of a summary: newlines and runs of white space folded to one
// space, ends trimmed, and invalid UTF-8 replaced by U+FFFD.
std::string fold_whitespace(std::string_view s);

// summary, then description, then the first non-empty body line, then "(no summary)".
std::string effective_summary(const MemoryMeta& meta);

// One decimal, as stability is written and ranked: round1(57.28) == 57.3.
double round1(double x);
std::string format_stability(double s);

// The keys of the four policy lines, in the order they are written.
inline constexpr std::array<std::string_view, 4> kPolicyKeys = {"access_count", "last_accessed", "last_reinforced",
                                                                "stability"};

// The frontmatter lines for the policy values, in the order they are written.
std::vector<std::pair<std::string, std::string>> policy_lines(const PolicyValues& v);

}  // namespace memsim
