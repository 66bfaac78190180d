// The hook entry points Claude Code runs (SPEC section 8), as a library: the
// `memsim hook <event>` command and the simulator both call run_hook(), so the
// simulator exercises the very code a live session runs.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/redact.h"

namespace memsim::hooks {

struct HookContext {
  FileSystem& fs;
  const Clock& clock;
  Home home;
  // Environment lookup (MEMSIM_<EVENT>=0 disables an event); the CLI passes getenv.
  std::function<std::optional<std::string>(const std::string&)> env;
  // A redactor kept across many hook calls in one process (the simulator); null
  // builds one per capture, as a hook process does anyway.
  const Redactor* redactor = nullptr;
};

// Runs one event ("pre-tool-use", "session-start", "user-prompt-submit",
// "session-end", "stop") over the harness's JSON payload. Never throws and never
// fails: it returns the text to print on standard output (often empty). Any
// failure is appended to runtime/hook-errors.log, never echoing the payload.
std::string run_hook(HookContext& ctx, std::string_view event, std::string_view payload);

// Appends one line "<time> <event> <reason>" to runtime/hook-errors.log, for a
// failure found before run_hook could be called (a payload over the size cap).
// Silent when the home has no room for it (missing, unwritable, log over 1 MB).
void log_hook_failure(HookContext& ctx, std::string_view event, std::string_view reason) noexcept;

}  // namespace memsim::hooks
