// Claude Code's adapter (docs/claude-code.md): its hook payload, one JSON object
// on standard input, becomes a HookInput; the outcome's context becomes its reply.
// SessionStart and UserPromptSubmit add plain standard output to the context;
// PreToolUse needs a hookSpecificOutput object for that.
#include <exception>

#include <nlohmann/json.hpp>

#include "memsim/hooks.h"
#include "memsim/json_io.h"

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

HookInput input_of(HookEvent event, const nlohmann::json& j) {
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

std::string reply(HookEvent event, std::string context) {
  if (context.empty() || event != HookEvent::kPreToolUse) return context;
  nlohmann::json out = {{"hookSpecificOutput", {{"hookEventName", "PreToolUse"}, {"additionalContext", context}}}};
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string run(HookContext& ctx, std::string_view name, std::string_view payload) {
  const auto event = parse_event_name(name);
  if (!event) {
    log_hook_failure(ctx, name.substr(0, 40), "unknown hook event");
    return {};
  }
  if (event_disabled(ctx, *event)) return {};
  if (payload.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    log_hook_failure(ctx, name, "empty payload");
    return {};
  }
  auto parsed = parse_json_input(payload);
  if (!parsed.ok() || !parsed->is_object()) {
    log_hook_failure(
        ctx, name, parsed.ok() ? "payload is not a JSON object" : "payload is not a JSON object: " + parsed.message());
    return {};
  }
  auto outcome = handle_event(ctx, input_of(*event, *parsed));
  if (!outcome.ok()) {
    log_hook_failure(ctx, name, outcome.message());
    return {};
  }
  for (const std::string& p : outcome->problems) log_hook_failure(ctx, name, p);
  return reply(*event, std::move(outcome->context));
}

}  // namespace

std::string run_hook(HookContext& ctx, std::string_view event, std::string_view payload) {
  try {
    return run(ctx, event, payload);
  } catch (const std::exception& e) {
    log_hook_failure(ctx, event, std::string("internal error: ") + e.what());
  } catch (...) {
    log_hook_failure(ctx, event, "internal error");
  }
  return {};
}

}  // namespace memsim::hooks
