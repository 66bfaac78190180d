// The event handlers behind handle_event(), and the half every harness adapter
// shares; not part of the library's interface.
#pragma once

#include <functional>
#include <vector>

#include <nlohmann/json.hpp>

#include "memsim/hooks.h"
#include "memsim/shell_files.h"

namespace memsim::hooks::detail {

Result<HookOutcome> pre_tool_use(HookContext& ctx, const HookInput& in);
Result<HookOutcome> session_start(HookContext& ctx, const HookInput& in);
Result<HookOutcome> session_end(HookContext& ctx, const HookInput& in);

// The fields of a payload shaped as Claude Code's (Codex CLI's share them):
// session_id, transcript_path, cwd, source, prompt, tool_name, tool_input's
// file_path (or notebook_path, path), agent_id or agent_type.
HookInput claude_code_input(HookEvent event, const nlohmann::json& payload);

// `call` (the tool call as the harness named it, its lens path the first file's
// when it has none) followed by one call per file, each as its touch tool, so a
// call that reads three memories journals three touches.
std::vector<HookInput> with_file_calls(HookInput call, const std::vector<FileAccess>& files);

// {"hookSpecificOutput": {"hookEventName": <event>, "additionalContext": <context>}}
// and a newline; "" when either is empty.
std::string hook_specific_output(std::string_view event, const std::string& context);

// What an adapter supplies: the calls in memsim's terms one payload stands for
// (a shell command reading three files is four), and its reply to the harness.
struct Adapter {
  std::function<std::vector<HookInput>(HookEvent, const nlohmann::json&)> inputs;
  std::function<std::string(HookEvent, std::string context)> reply;
};

// Runs an adapter over one payload: the event's name checked, its switch read,
// the payload parsed as a JSON object, each input handled, every problem and
// failure logged, the contexts joined with a blank line. Never throws.
std::string run_adapter(HookContext& ctx, std::string_view event, std::string_view payload, const Adapter& adapter);

}  // namespace memsim::hooks::detail
