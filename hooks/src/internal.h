// Shared by the hook event handlers; not part of the library's interface.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "memsim/hooks.h"

namespace memsim::hooks::detail {

// What a handler produced: text for standard output, and problems that did not
// stop it (each becomes one line of runtime/hook-errors.log).
struct Outcome {
  std::string out;
  std::vector<std::string> problems;
};

Result<Outcome> pre_tool_use(HookContext& ctx, const nlohmann::json& payload);
Result<Outcome> session_start(HookContext& ctx, const nlohmann::json& payload);
Result<Outcome> session_end(HookContext& ctx, const nlohmann::json& payload);

// A session id reduced to [A-Za-z0-9_-], at most 128 bytes, "-" when empty, so
// it can name a file under runtime/sessions/ and sit in a journal line.
std::string sanitize_session(const nlohmann::json& payload);

}  // namespace memsim::hooks::detail
