// The one place where simulated harness events reach the production code. With
// memsim_hooks linked (MEMSIM_SIM_HOOKS=1) they go through hooks::run_hook with
// Claude Code's payloads; without it, a memory-file touch goes straight to
// core's append_touch, which is what the PreToolUse hook does for it.
#pragma once

#include <string>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"

namespace memsim::sim {

extern const char* const kTouchPath;  // "hooks::run_hook" or "append_touch (hooks not linked)"

Status pre_tool_use(FileSystem& fs, const Clock& clock, const Home& home, const std::string& tool,
                    const std::string& path, const std::string& session);
// Return what the hook printed (empty without hooks).
std::string session_start(FileSystem& fs, const Clock& clock, const Home& home, const std::string& session,
                          const std::string& transcript);
std::string session_end(FileSystem& fs, const Clock& clock, const Home& home, const std::string& session,
                        const std::string& transcript);

}  // namespace memsim::sim
