// Bringing what Claude Code's own auto memory learned into a home, so that
// turning it off (install-hooks) loses nothing. Its directory holds MEMORY.md (an
// index, one line per memory) and one topic file per memory, with frontmatter
// `name`, `description` and `type` (user, feedback, project or reference).
//
// Each topic file becomes one memory through core's remember(): the same gate
// (a secret is refused and the file skipped), `confidence: inferred` (the agent
// wrote it, no person stated it), created on the day the file was last written.
// The originals are only read. A name the home already has is left alone, so a
// second import adds only what is new.
#pragma once

#include <string>
#include <vector>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/policy.h"
#include "memsim/redact.h"
#include "memsim/result.h"

namespace memsim::install {

// Where Claude Code keeps a project's auto memory:
// <user_home>/.claude/projects/<project root with every byte that is not a
// letter or a digit turned into '-'>/memory, where the root is the enclosing git
// repository's (worktrees share it) or else the project directory itself.
std::string auto_memory_dir(FileSystem& fs, const std::string& project_dir, const std::string& user_home);

struct ImportedFile {
  std::string source;  // the topic file's name in the auto memory directory
  std::string file;    // the memory it becomes (or would), e.g. feedback_testing.md; "" when none
  enum class Outcome { kImported, kWouldImport, kExists, kSkipped } outcome = Outcome::kSkipped;
  std::string reason;  // why it was skipped or refused
};

// Every topic file of dir, in name order, and what became of it. With apply
// false nothing is written. The index is rebuilt once at the end when anything
// was imported (a failed rebuild is returned in warning).
struct ImportReport {
  std::vector<ImportedFile> files;
  std::string warning;
};
Result<ImportReport> import_auto_memory(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy,
                                        const Redactor& redactor, const std::string& dir, bool apply);

}  // namespace memsim::install
