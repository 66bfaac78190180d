// The one place where simulated harness events reach the production code: each
// goes through hooks::run_hook with a payload shaped like Claude Code's.
#pragma once

#include <string>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/redact.h"

namespace memsim::sim {

Status pre_tool_use(FileSystem& fs, const Clock& clock, const Home& home, const std::string& tool,
                    const std::string& path, const std::string& session);
// Return what the hook printed.
std::string session_start(FileSystem& fs, const Clock& clock, const Home& home, const std::string& session,
                          const std::string& transcript);
// `redactor` is the engine's, kept for the whole run (building one compiles every rule).
std::string session_end(FileSystem& fs, const Clock& clock, const Home& home, const std::string& session,
                        const std::string& transcript, const Redactor& redactor);

}  // namespace memsim::sim
