#include "memsim/install_codex.h"

#include "hooks_json.h"
#include "memsim/fs.h"

namespace memsim::install {

namespace codex {

using detail::Json;

constexpr detail::ShellHarness kCodex{"codex", kCodexProjectRoot};

Json handler(const HookSpec& spec, const char* event, int timeout) {
  return Json{{"type", "command"}, {"command", codex_hook_command(spec, event)}, {"timeout", timeout}};
}

std::vector<detail::Group> desired(const HookSpec& spec) {
  Json start = handler(spec, "session-start", 10);
  // The index arrives here (AGENTS.md has no import), bounded by the policy's
  // budgets; Codex would otherwise cut a context past 2,500 tokens to a preview.
  start["additionalContextLimit"] = 0;
  return {
      {"SessionStart", Json{{"hooks", {start}}}},
      {"UserPromptSubmit", Json{{"hooks", {handler(spec, "user-prompt-submit", 10)}}}},
      // Every tool: a read arrives as a shell command, and lenses match any tool.
      {"PreToolUse", Json{{"hooks", {handler(spec, "pre-tool-use", 5)}}}},
      // Codex clamps a SessionEnd timeout to 3 seconds.
      {"SessionEnd", Json{{"hooks", {handler(spec, "session-end", 3)}}}},
  };
}

}  // namespace codex

std::string codex_hook_command(const HookSpec& spec, std::string_view event) {
  return detail::shell_hook_command(codex::kCodex, spec, event);
}

Result<std::string> merge_codex_hooks(std::string_view text, const HookSpec& spec, const std::string& origin) {
  return detail::merge_hooks(text, codex::desired(spec), detail::shell_handler_ours(codex::kCodex, spec), origin);
}

Result<std::string> remove_codex_hooks(std::string_view text, const HookSpec& spec, const std::string& origin) {
  return detail::remove_hooks(text, detail::shell_handler_ours(codex::kCodex, spec), origin);
}

Result<std::vector<InstalledHook>> find_codex_installed(std::string_view text, const HookSpec& spec,
                                                        const std::string& origin) {
  return detail::shell_installed(codex::kCodex, text, spec, origin);
}

std::string codex_hooks_path(const std::string& scope, const std::string& project_dir, const std::string& user_home,
                             const std::string& codex_home) {
  if (scope != "user") return join_path(join_path(project_dir, ".codex"), "hooks.json");
  if (!codex_home.empty()) return join_path(codex_home, "hooks.json");
  return join_path(join_path(user_home, ".codex"), "hooks.json");
}

}  // namespace memsim::install
