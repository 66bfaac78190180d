// Gemini CLI's adapter (docs/gemini.md). Gemini's payloads carry Claude Code's
// fields; what differs is measured against Gemini CLI 0.61.0:
//   - its tools are read_file {file_path}, read_many_files {include: [...]},
//     write_file and replace {file_path}, run_shell_command {command}; they are
//     mapped to the touch tools (Read, Write, Edit; a shell command as for Codex);
//   - the tool event is AfterTool (the context of BeforeTool never reaches the
//     model), so a touch is journaled and a lens served once the tool ran;
//   - Gemini puts the session start's context in front of the first prompt as a
//     <hook_context> block, which the prompt's recall must not search;
//   - context reaches the model from a hookSpecificOutput object.
#include "internal.h"
#include "memsim/shell_files.h"
#include "memsim/transcript.h"

namespace memsim::hooks {

namespace {

std::string string_of(const nlohmann::json& obj, const char* key) {
  auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string();
}

// The files a tool call reads or writes, as touch tools.
std::vector<FileAccess> files_of(const std::string& tool, const nlohmann::json& input) {
  if (!input.is_object()) return {};
  if (tool == "read_file") return {{"Read", string_of(input, "file_path")}};
  if (tool == "write_file") return {{"Write", string_of(input, "file_path")}};
  if (tool == "replace") return {{"Edit", string_of(input, "file_path")}};
  if (tool == "run_shell_command") return files_of_shell_command(string_of(input, "command"));
  std::vector<FileAccess> out;
  if (tool == "read_many_files")
    for (const char* key : {"include", "paths"}) {
      auto it = input.find(key);
      if (it == input.end() || !it->is_array()) continue;
      for (const auto& p : *it) {
        // A glob names what only Gemini's expansion knows.
        if (!p.is_string() || p.get<std::string>().find_first_of("*?[{") != std::string::npos) continue;
        if (out.size() < kMaxFileAccesses) out.push_back({"Read", p.get<std::string>()});
      }
    }
  return out;
}

std::vector<HookInput> gemini_inputs(HookEvent event, const nlohmann::json& payload) {
  HookInput call = detail::claude_code_input(event, payload);
  if (event == HookEvent::kSessionStart) call.slash_commands = false;
  if (event == HookEvent::kUserPromptSubmit) call.prompt = without_hook_context(call.prompt);
  if (event != HookEvent::kPreToolUse) return {call};
  auto it = payload.find("tool_input");
  std::vector<FileAccess> files = files_of(call.tool, it == payload.end() ? nlohmann::json() : *it);
  std::erase_if(files, [](const FileAccess& f) { return f.path.empty(); });
  call.file_path.clear();
  return detail::with_file_calls(std::move(call), files);  // a lens on run_shell_command fires on the call itself
}

std::string_view gemini_event_name(HookEvent event) {
  switch (event) {
    case HookEvent::kSessionStart: return "SessionStart";
    case HookEvent::kUserPromptSubmit: return "BeforeAgent";
    case HookEvent::kPreToolUse: return "AfterTool";
    default: return {};
  }
}

std::string gemini_reply(HookEvent event, std::string context) {
  return detail::hook_specific_output(gemini_event_name(event), context);
}

}  // namespace

std::string run_gemini_hook(HookContext& ctx, std::string_view event, std::string_view payload) {
  static const detail::Adapter kGemini{gemini_inputs, gemini_reply};
  return detail::run_adapter(ctx, event, payload, kGemini);
}

}  // namespace memsim::hooks
