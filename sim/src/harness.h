// The one place where simulated harness events reach the production code: each
// goes through hooks::run_hook with a payload shaped like Claude Code's. A hook
// never fails its caller, so each call returns what the hook logged to
// runtime/hook-errors.log during it: an error is a hook that failed.
#pragma once

#include <string>

#include "memsim/clock.h"
#include "memsim/home.h"
#include "memsim/redact.h"
#include "memsim/sim/sim_fs.h"

namespace memsim::sim {

struct HookCall {
  std::string out;  // what the hook printed
  Status status;    // an Error holding the lines it logged, if any
};

HookCall pre_tool_use(SimFileSystem& fs, const Clock& clock, const Home& home, const std::string& tool,
                      const std::string& path, const std::string& session);
HookCall session_start(SimFileSystem& fs, const Clock& clock, const Home& home, const std::string& session,
                       const std::string& transcript);
// `redactor` is the engine's, kept for the whole run (building one compiles every rule).
HookCall session_end(SimFileSystem& fs, const Clock& clock, const Home& home, const std::string& session,
                     const std::string& transcript, const Redactor& redactor);

}  // namespace memsim::sim
