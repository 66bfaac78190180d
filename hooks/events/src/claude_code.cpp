// Claude Code's adapter (docs/claude-code.md): its hook payload, one JSON object
// on standard input, becomes a HookInput; the outcome's context becomes its reply.
// SessionStart and UserPromptSubmit add plain standard output to the context;
// PreToolUse needs a hookSpecificOutput object for that.
#include <cctype>

#include "internal.h"

namespace memsim::hooks {

namespace {

std::string string_field(const nlohmann::json& obj, const char* key) {
  if (!obj.is_object()) return {};
  auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The session's source reduced to [A-Za-z0-9_-], at most 32 bytes, so it can sit
// in a journal line; "-" when the payload has none.
std::string source_of(const nlohmann::json& payload) {
  auto it = payload.find("source");
  if (it == payload.end() || !it->is_string()) return "-";
  std::string source = it->get<std::string>().substr(0, 32);
  for (char& c : source)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') c = '_';
  return source.empty() ? "-" : source;
}

std::string reply(HookEvent event, std::string context) {
  return event == HookEvent::kPreToolUse ? detail::hook_specific_output("PreToolUse", context) : context;
}

}  // namespace

namespace detail {

HookInput claude_code_input(HookEvent event, const nlohmann::json& j) {
  HookInput in;
  in.event = event;
  in.session = sanitize_session(string_field(j, "session_id"));
  in.transcript = string_field(j, "transcript_path");
  in.cwd = string_field(j, "cwd");
  in.source = source_of(j);
  in.prompt = string_field(j, "prompt");
  in.tool = string_field(j, "tool_name");
  // A sub-agent's hooks name the agent (agent_id or agent_type).
  in.subagent = !string_field(j, "agent_id").empty() || !string_field(j, "agent_type").empty();
  const nlohmann::json empty = nlohmann::json::object();
  auto it = j.find("tool_input");
  const nlohmann::json& tool_input = it != j.end() && it->is_object() ? *it : empty;
  in.file_path = string_field(tool_input, "file_path");
  in.lens_path = in.file_path;
  if (in.lens_path.empty()) in.lens_path = string_field(tool_input, "notebook_path");
  if (in.lens_path.empty()) in.lens_path = string_field(tool_input, "path");
  return in;
}

}  // namespace detail

std::string run_hook(HookContext& ctx, std::string_view event, std::string_view payload) {
  static const detail::Adapter kClaudeCode{[](HookEvent e, const nlohmann::json& j) {
                                             return std::vector<HookInput>{detail::claude_code_input(e, j)};
                                           },
                                           reply};
  return detail::run_adapter(ctx, event, payload, kClaudeCode);
}

}  // namespace memsim::hooks
