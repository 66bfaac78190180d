#include "memsim/install_gemini.h"

#include "hooks_json.h"
#include "memsim/fs.h"

namespace memsim::install {

namespace gemini {

using detail::Json;

constexpr detail::ShellHarness kGemini{"gemini", kGeminiProjectRoot};

Json handler(const HookSpec& spec, const char* event, int timeout_ms) {
  return Json{{"type", "command"},
              {"name", "memsim-" + std::string(event)},
              {"command", gemini_hook_command(spec, event)},
              {"timeout", timeout_ms}};
}

std::vector<detail::Group> desired(const HookSpec& spec) {
  return {
      {"SessionStart", Json{{"hooks", {handler(spec, "session-start", 10000)}}}},
      {"BeforeAgent", Json{{"hooks", {handler(spec, "user-prompt-submit", 10000)}}}},
      {"AfterTool", Json{{"hooks", {handler(spec, "pre-tool-use", 5000)}}}},
      {"SessionEnd", Json{{"hooks", {handler(spec, "session-end", 5000)}}}},
  };
}

}  // namespace gemini

std::string gemini_hook_command(const HookSpec& spec, std::string_view event) {
  return detail::shell_hook_command(gemini::kGemini, spec, event);
}

Result<std::string> merge_gemini_settings(std::string_view text, const HookSpec& spec, const std::string& origin) {
  return detail::merge_hooks(text, gemini::desired(spec), detail::shell_handler_ours(gemini::kGemini, spec), origin);
}

Result<std::string> remove_gemini_settings(std::string_view text, const HookSpec& spec, const std::string& origin) {
  return detail::remove_hooks(text, detail::shell_handler_ours(gemini::kGemini, spec), origin);
}

Result<std::vector<InstalledHook>> find_gemini_installed(std::string_view text, const HookSpec& spec,
                                                         const std::string& origin) {
  return detail::shell_installed(gemini::kGemini, text, spec, origin);
}

Result<Targets> gemini_targets(const std::string& scope, const std::string& settings, const std::string& gemini_md,
                               const std::string& project_dir, const std::string& user_home,
                               const std::string& index_path) {
  const std::string dir = scope == "user" ? join_path(user_home, ".gemini") : project_dir;
  const std::string s = !settings.empty() ? settings
                        : scope == "user" ? join_path(dir, "settings.json")
                                          : join_path(join_path(project_dir, ".gemini"), "settings.json");
  const std::string md = !gemini_md.empty() ? gemini_md : join_path(dir, "GEMINI.md");
  auto t = resolve_targets(scope, s, md, project_dir, user_home, index_path);
  if (!t.ok()) return t.error();
  t->commands_dir.clear();  // no slash commands, no .mcp.json
  t->mcp_json.clear();
  return t;
}

}  // namespace memsim::install
