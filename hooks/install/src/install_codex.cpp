#include "memsim/install_codex.h"

#include "hooks_json.h"
#include "memsim/fs.h"

namespace memsim::install {

namespace codex {

using detail::Json;

// The --home word for a home: below the project's root, or absolute.
std::string home_argument(const std::string& home) {
  const std::string placeholder(kProjectDirPlaceholder);
  if (home.starts_with(placeholder + "/"))
    return std::string(kCodexProjectRoot) + detail::shell_word(home.substr(placeholder.size()));
  return detail::shell_word(home);
}

// The program word of a command: what comes before " hook --harness codex ",
// single quotes removed as sh would.
std::string program_of(const std::string& command) {
  const std::size_t end = command.find(" hook --harness codex ");
  if (end == std::string::npos) return {};
  std::string word = command.substr(0, end), out;
  bool quoted = false;
  for (std::size_t i = 0; i < word.size(); ++i) {
    if (word[i] == '\'') quoted = !quoted;
    else if (word[i] == '\\' && !quoted && i + 1 < word.size()) out += word[++i];
    else out += word[i];
  }
  return out;
}

bool is_ours(const Json& h, const std::vector<std::string>& home_args) {
  if (!h.is_object() || h.value("type", "") != "command") return false;
  auto cmd = h.find("command");
  if (cmd == h.end() || !cmd->is_string()) return false;
  const std::string c = cmd->get<std::string>();
  if (!base_name(program_of(c)).starts_with("memsim")) return false;
  for (const std::string& home : home_args)
    if (c.ends_with(" --home " + home)) return true;
  return false;
}

std::vector<std::string> home_args_of(const HookSpec& spec) {
  std::vector<std::string> args{home_argument(spec.home)};
  if (!spec.home_path.empty() && spec.home_path != spec.home) args.push_back(home_argument(spec.home_path));
  return args;
}

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
  return detail::shell_word(spec.command) + " hook --harness codex " + std::string(event) + " --home " +
         codex::home_argument(spec.home);
}

Result<std::string> merge_codex_hooks(std::string_view text, const HookSpec& spec, const std::string& origin) {
  const auto homes = codex::home_args_of(spec);
  return detail::merge_hooks(
      text, codex::desired(spec), [&](const detail::Json& h) { return codex::is_ours(h, homes); }, origin);
}

Result<std::string> remove_codex_hooks(std::string_view text, const HookSpec& spec, const std::string& origin) {
  const auto homes = codex::home_args_of(spec);
  return detail::remove_hooks(
      text, [&](const detail::Json& h) { return codex::is_ours(h, homes); }, origin);
}

Result<std::vector<InstalledHook>> find_codex_installed(std::string_view text, const HookSpec& spec,
                                                        const std::string& origin) {
  const std::string home = codex::home_argument(spec.home);
  auto found = detail::installed_hooks(
      text, [&](const detail::Json& h) { return codex::is_ours(h, {home}); }, origin);
  if (!found.ok()) return found;
  // In the shape Claude Code's entries have, so verify-install checks both alike.
  for (InstalledHook& h : *found) {
    const std::string& c = h.command;
    const std::size_t at = c.find(" hook --harness codex ") + std::string_view(" hook --harness codex ").size();
    const std::string event = c.substr(at, c.find(' ', at) - at);
    h.command = codex::program_of(c);
    h.args = {"hook", event, "--home", home, "--harness", "codex"};
  }
  return found;
}

std::string codex_hooks_path(const std::string& scope, const std::string& project_dir, const std::string& user_home,
                             const std::string& codex_home) {
  if (scope != "user") return join_path(join_path(project_dir, ".codex"), "hooks.json");
  if (!codex_home.empty()) return join_path(codex_home, "hooks.json");
  return join_path(join_path(user_home, ".codex"), "hooks.json");
}

}  // namespace memsim::install
