#include "memsim/live.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

namespace memsim::live {

Result<LiveResult> run_live(const LiveSession& session, const std::string& prompt, std::vector<ScriptedTurn> script) {
  auto server = ModelServer::start(std::move(script));
  if (!server.ok()) return Error{server.message()};
  std::vector<std::string> argv{session.claude};
  if (!session.prompt_last) argv.insert(argv.end(), {"-p", prompt});
  argv.insert(argv.end(), session.extra_args.begin(), session.extra_args.end());
  if (session.prompt_last) argv.push_back(prompt);
  // Whatever the caller's environment says about Claude Code or the API must not
  // leak in: an empty value removes the variable.
  std::vector<std::pair<std::string, std::string>> env{
      {"HOME", session.user_home},
      {"ANTHROPIC_BASE_URL", (*server)->base_url()},
      {"ANTHROPIC_API_KEY", "sk-memsim-scripted-model"},
      {"ANTHROPIC_AUTH_TOKEN", ""},
      {"ANTHROPIC_MODEL", ""},
      {"CLAUDE_CONFIG_DIR", ""},
      {"CLAUDECODE", ""},
      {"CLAUDE_CODE_ENTRYPOINT", ""},
      {"CLAUDE_CODE_USE_BEDROCK", ""},
      {"CLAUDE_CODE_USE_VERTEX", ""},
      {"HTTPS_PROXY", ""},
      {"https_proxy", ""},
      {"HTTP_PROXY", ""},
      {"http_proxy", ""},
      {"NO_PROXY", "127.0.0.1"},
      {"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC", "1"},
      {"DISABLE_AUTOUPDATER", "1"},
  };
  env.insert(env.end(), session.env.begin(), session.env.end());
  return run_client(**server, argv, env, session.project, session.timeout_seconds);
}

Result<LiveResult> run_client(const ModelServer& server, const std::vector<std::string>& argv,
                              const std::vector<std::pair<std::string, std::string>>& env, const std::string& project,
                              int timeout_seconds) {
  std::string tmpl = (std::filesystem::temp_directory_path() / "memsim-live-XXXXXX").string();
  if (!::mkdtemp(tmpl.data())) return Error{"cannot create a scratch directory in " + tmpl};
  auto run = run_process(argv, "", env, tmpl, {project, timeout_seconds});
  std::error_code ec;
  std::filesystem::remove_all(tmpl, ec);
  if (!run.ok()) return Error{run.message()};
  LiveResult out;
  out.process = std::move(*run);
  out.requests = server.requests();
  out.conversation = server.conversation();
  return out;
}

std::string find_claude() {
  if (const char* c = std::getenv("MEMSIM_CLAUDE"); c && *c) return c;
  const char* path = std::getenv("PATH");
  // Absolute: the session runs in another directory.
  return find_program("claude", path ? path : "/usr/local/bin:/usr/bin:/bin");
}

}  // namespace memsim::live
