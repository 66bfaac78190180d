#include "harness.h"

#include <nlohmann/json.hpp>

#include "memsim/hooks.h"

namespace memsim::sim {

namespace {

nlohmann::json payload(const std::string& event, const Home& home, const std::string& session,
                       const std::string& transcript) {
  return {{"session_id", session}, {"transcript_path", transcript}, {"cwd", home.root()}, {"hook_event_name", event}};
}

HookCall hook(SimFileSystem& fs, const Clock& clock, const Home& home, std::string_view event, const nlohmann::json& j,
              const Redactor* redactor = nullptr) {
  (void)fs.take_hook_errors();
  hooks::HookContext ctx{fs, clock, home, [](const std::string&) { return std::optional<std::string>(); }, redactor};
  HookCall call;
  call.out = hooks::run_hook(ctx, event, j.dump());
  std::string logged;
  for (const std::string& line : fs.take_hook_errors()) logged += line;
  if (!logged.empty()) {
    if (logged.back() == '\n') logged.pop_back();
    call.status = Error{logged};
  }
  return call;
}

}  // namespace

HookCall pre_tool_use(SimFileSystem& fs, const Clock& clock, const Home& home, const std::string& tool,
                      const std::string& path, const std::string& session) {
  nlohmann::json j = payload("PreToolUse", home, session, "");
  j["tool_name"] = tool;
  j["tool_input"] = tool == "Grep" || tool == "Glob" ? nlohmann::json{{"pattern", "x"}, {"path", path}}
                                                     : nlohmann::json{{"file_path", path}};
  return hook(fs, clock, home, "pre-tool-use", j);
}

HookCall session_start(SimFileSystem& fs, const Clock& clock, const Home& home, const std::string& session,
                       const std::string& transcript) {
  nlohmann::json j = payload("SessionStart", home, session, transcript);
  j["source"] = "startup";
  return hook(fs, clock, home, "session-start", j);
}

HookCall session_end(SimFileSystem& fs, const Clock& clock, const Home& home, const std::string& session,
                     const std::string& transcript, const Redactor& redactor) {
  nlohmann::json j = payload("SessionEnd", home, session, transcript);
  j["reason"] = "other";
  return hook(fs, clock, home, "session-end", j, &redactor);
}

}  // namespace memsim::sim
