#include "touch.h"

#include <nlohmann/json.hpp>


#include "memsim/hooks.h"

namespace memsim::sim {

namespace {

nlohmann::json payload(const std::string& event, const Home& home, const std::string& session,
                       const std::string& transcript) {
  return {{"session_id", session}, {"transcript_path", transcript}, {"cwd", home.root()}, {"hook_event_name", event}};
}

std::string hook(FileSystem& fs, const Clock& clock, const Home& home, std::string_view event, const nlohmann::json& j,
                 const Redactor* redactor = nullptr) {
  hooks::HookContext ctx{fs, clock, home, [](const std::string&) { return std::optional<std::string>(); }, redactor};
  return hooks::run_hook(ctx, event, j.dump());
}

}  // namespace

Status pre_tool_use(FileSystem& fs, const Clock& clock, const Home& home, const std::string& tool,
                    const std::string& path, const std::string& session) {
  nlohmann::json j = payload("PreToolUse", home, session, "");
  j["tool_name"] = tool;
  j["tool_input"] = tool == "Grep" || tool == "Glob" ? nlohmann::json{{"pattern", "x"}, {"path", path}}
                                                      : nlohmann::json{{"file_path", path}};
  (void)hook(fs, clock, home, "pre-tool-use", j);
  return {};
}

std::string session_start(FileSystem& fs, const Clock& clock, const Home& home, const std::string& session,
                          const std::string& transcript) {
  nlohmann::json j = payload("SessionStart", home, session, transcript);
  j["source"] = "startup";
  return hook(fs, clock, home, "session-start", j);
}

std::string session_end(FileSystem& fs, const Clock& clock, const Home& home, const std::string& session,
                        const std::string& transcript, const Redactor& redactor) {
  nlohmann::json j = payload("SessionEnd", home, session, transcript);
  j["reason"] = "other";
  return hook(fs, clock, home, "session-end", j, &redactor);
}


}  // namespace memsim::sim
