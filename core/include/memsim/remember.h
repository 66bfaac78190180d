// Direct teaching (SPEC section 1, T2): the user says "remember this", and one
// memory file is written at once with `confidence: stated`. Used by the MCP tool
// memory_remember, the `remember` command and import-claude-memory.
//
// It refuses (an Error, nothing written) a name that exists (supersede it
// instead), a type that SPEC section 3 does not list, an empty or over-long
// summary or body, and any text that redaction would change: a secret is never
// written, and the message names the kind found, never the text.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/memory_file.h"
#include "memsim/policy.h"
#include "memsim/redact.h"
#include "memsim/result.h"

namespace memsim {

constexpr std::size_t kRememberMaxNameBytes = 120;
constexpr std::size_t kRememberMaxSummaryBytes = 300;
// Seed 003's budget for a topic file.
constexpr std::size_t kRememberMaxBodyBytes = 15 * 1024;

struct RememberRequest {
  // "<type>_<kebab-topic>" (".md" optional), or just the kebab topic, which the
  // type then prefixes.
  std::string name;
  std::string type;                // one of SPEC section 3's types
  std::string summary;             // the index row: one line
  std::string body;                // empty: the summary
  std::optional<std::string> key;  // the slot two conflicting facts share
  // What an import knows that a person teaching does not: a fact the agent
  // wrote is inferred, and it was learned on the day its file was written.
  Confidence confidence = Confidence::kStated;
  std::optional<Days> created;  // created and valid_from; nullopt: today
  bool reindex = true;          // false: the caller indexes once after many
};

struct RememberResult {
  std::string file;     // e.g. preference_tabs.md
  std::string text;     // what was written
  std::string warning;  // non-empty when the index could not be regenerated
};

// Writes memory/<file> under the home's lock (replace_file), then regenerates
// the index as supersede does; a failed regeneration is a warning, not a failure.
Result<RememberResult> remember(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                                const Redactor& redactor, const RememberRequest& request);

}  // namespace memsim
