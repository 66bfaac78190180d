// verify-install --live: the installed claude run against the scripted model
// (live.h) in a scratch copy of the project, so the report says what the model
// would receive, with no network and no login.
#pragma once

#include <string>
#include <vector>

#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/install.h"
#include "memsim/verify.h"

namespace memsim::live {

// Runs `claude` (a path; "" means $MEMSIM_CLAUDE, else claude on PATH) twice in
// scratch/live: a copy of `home` (without runtime/ and candidates/), the
// `installed` hooks pointed at that copy, and a CLAUDE.md importing its index
// (for a `shared` install: the shared block and profile, and the checks expect
// the index and recall to stay out). Nothing of the user's home, project or
// ~/.claude is read by claude or changed.
std::vector<install::VerifyCheck> live_checks(FileSystem& fs, const Home& home,
                                              const std::vector<install::InstalledHook>& installed, bool shared,
                                              const std::string& claude, const std::string& scratch);

// verify-install --live --harness codex|gemini: `client` (a path; "" means
// $MEMSIM_CODEX or $MEMSIM_GEMINI, else codex or gemini on PATH) run once in
// scratch/live: a git project holding a copy of `home` (without runtime/ and
// candidates/) and memsim's hooks for the harness, running `command`, pointed at
// that copy; for Codex trusted in a scratch CODEX_HOME as /hooks would record it,
// for Gemini with GEMINI.md's import. The checks: live-<harness> (it runs),
// live-session, live-index (every row of MEMORY.md reached the model), live-touch
// (the model's read of the top row's memory was journaled), live-hook-errors.
// Nothing of the user's home, project, ~/.codex or ~/.gemini is read or changed.
std::vector<install::VerifyCheck> harness_live_checks(FileSystem& fs, const Home& home, const std::string& harness,
                                                      const std::string& command, const std::string& client,
                                                      const std::string& scratch);

// "codex-trust": Codex itself (`codex`, a path) lists every handler of
// `installed` for a session in `project` and says each is trusted: Codex skips an
// unreviewed hook without a word (docs/codex.md).
install::VerifyCheck check_codex_trust(const std::string& codex, const std::string& project,
                                       const std::vector<install::InstalledHook>& installed);

}  // namespace memsim::live
