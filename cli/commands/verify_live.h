// verify-install's checks, and the live ones (--live): the installed claude run
// against a scripted model in a scratch copy of the project, so the report says
// what the model would receive, with no network and no login.
#pragma once

#include <string>
#include <vector>

#include "commands/context.h"
#include "memsim/install.h"

namespace memsim::cli {

struct VerifyCheck {
  std::string name;
  bool ok = false;
  std::string reason, fix;
};

// Runs `claude` (a path; "" means $MEMSIM_CLAUDE, else claude on PATH) twice in
// scratch/live: a copy of the home (without runtime/ and candidates/), the
// `installed` hooks pointed at that copy, and a CLAUDE.md importing its index
// (for a `shared` install: the shared block and profile, and the checks expect
// the index and recall to stay out). Nothing of the user's home, project or
// ~/.claude is read by claude or changed.
std::vector<VerifyCheck> live_checks(Context& ctx, const std::vector<hooks::InstalledHook>& installed, bool shared,
                                     const std::string& claude, const std::string& scratch);

}  // namespace memsim::cli
