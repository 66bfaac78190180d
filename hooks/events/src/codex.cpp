// Codex CLI's adapter (docs/codex.md). Codex's payloads carry Claude Code's
// fields; what differs is measured against Codex 0.171.0:
//   - its agent has no Read or Edit tool: a file is read by a shell command
//     (tool_name "Bash", tool_input.command "cat memory/x.md") and edited by an
//     apply_patch patch, so one call may stand for several touches;
//   - AGENTS.md has no import, so session start delivers the index itself;
//   - context reaches the model from a hookSpecificOutput object.
#include "internal.h"
#include "memsim/shell_files.h"

namespace memsim::hooks {

namespace {

std::string command_of(const nlohmann::json& payload) {
  auto in = payload.find("tool_input");
  if (in == payload.end()) return {};
  if (in->is_string()) return in->get<std::string>();
  if (!in->is_object()) return {};
  for (const char* key : {"command", "patch", "input", "cmd"}) {
    auto it = in->find(key);
    if (it == in->end()) continue;
    if (it->is_string()) return it->get<std::string>();
    if (it->is_array()) {  // an argv: its words joined
      std::string joined;
      for (const auto& w : *it)
        if (w.is_string()) joined += (joined.empty() ? "" : " ") + w.get<std::string>();
      return joined;
    }
  }
  return {};
}

std::vector<HookInput> codex_inputs(HookEvent event, const nlohmann::json& payload) {
  HookInput call = detail::claude_code_input(event, payload);
  if (event == HookEvent::kSessionStart) {
    call.deliver_index = true;
    call.slash_commands = false;
  }
  if (event != HookEvent::kPreToolUse) return {call};
  std::vector<FileAccess> files;
  if (call.tool == "Bash" || call.tool == "shell" || call.tool == "exec_command")
    files = files_of_shell_command(command_of(payload));
  else if (call.tool == "apply_patch") files = files_of_patch(command_of(payload));
  return detail::with_file_calls(std::move(call), files);  // a lens on Bash fires on the call itself
}

std::string_view codex_event_name(HookEvent event) {
  switch (event) {
    case HookEvent::kSessionStart: return "SessionStart";
    case HookEvent::kUserPromptSubmit: return "UserPromptSubmit";
    case HookEvent::kPreToolUse: return "PreToolUse";
    default: return {};
  }
}

std::string codex_reply(HookEvent event, std::string context) {
  return detail::hook_specific_output(codex_event_name(event), context);
}

}  // namespace

std::string run_codex_hook(HookContext& ctx, std::string_view event, std::string_view payload) {
  static const detail::Adapter kCodex{codex_inputs, codex_reply};
  return detail::run_adapter(ctx, event, payload, kCodex);
}

}  // namespace memsim::hooks
