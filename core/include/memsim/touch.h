// Which path names a memory file, and which tool calls use one (SPEC sections 4
// and 8): the one rule the hooks of every harness, `memsim touch`, the MCP
// server's memory_get and the simulator apply before they journal a touch
// (journal.h, append_touch).
#pragma once

#include <string>
#include <string_view>

#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/result.h"

namespace memsim {

// Whether a call of this Claude Code tool on a memory file is a use of it: Read,
// Edit, Write, MultiEdit. A search (Grep, Glob) never is; nor is a listing in the
// index. Harness adapters translate their own tools to these names.
bool is_touch_tool(std::string_view tool);

// The memory file a path names, or "" when it names none. A relative path is
// taken from `cwd` (itself absolute, else nothing is named). The path's directory,
// resolved, must be the home's memory/ (resolved), its name a memory name
// (memory_file.h), and the entry a regular file, or missing when `may_create`
// (a Write that creates the memory). A link is never followed, so a path that
// leads out of the home by one names nothing. Fails only when the home's memory/
// cannot be resolved or the entry cannot be examined.
Result<std::string> memory_file_of(FileSystem& fs, const Home& home, std::string path, std::string_view cwd,
                                   bool may_create);

}  // namespace memsim
