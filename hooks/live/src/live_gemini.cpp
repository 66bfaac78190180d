#include "memsim/live_gemini.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>

namespace memsim::live {

Result<LiveResult> run_gemini_live(const GeminiSession& session, const std::string& prompt,
                                   std::vector<ScriptedTurn> script) {
  auto server = ModelServer::start(std::move(script));
  if (!server.ok()) return Error{server.message()};
  const std::string dir = session.user_home + "/.gemini", settings = dir + "/settings.json";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return Error{"cannot create " + dir + ": " + ec.message()};
  // Headless Gemini needs an auth method chosen in the user's settings.
  if (!std::filesystem::exists(settings, ec)) {
    FILE* f = std::fopen(settings.c_str(), "wb");
    if (!f) return Error{"cannot write " + settings};
    std::fputs("{\"security\": {\"auth\": {\"selectedType\": \"gemini-api-key\"}}}\n", f);
    std::fclose(f);
  }
  std::vector<std::string> argv{session.gemini, "-p", prompt, "-m", "gemini-2.5-flash"};
  argv.insert(argv.end(), session.extra_args.begin(), session.extra_args.end());
  std::vector<std::pair<std::string, std::string>> env{{"HOME", session.user_home},
                                                       {"GEMINI_API_KEY", "memsim-scripted-model"},
                                                       {"GOOGLE_API_KEY", ""},
                                                       {"GOOGLE_GEMINI_BASE_URL", (*server)->base_url()},
                                                       {"GOOGLE_CLOUD_PROJECT", ""},
                                                       {"GOOGLE_GENAI_USE_VERTEXAI", ""},
                                                       {"GEMINI_CLI_TRUST_WORKSPACE", "true"},
                                                       {"GEMINI_CLI_SYSTEM_SETTINGS_PATH", ""},
                                                       {"HTTPS_PROXY", ""},
                                                       {"https_proxy", ""},
                                                       {"HTTP_PROXY", ""},
                                                       {"http_proxy", ""},
                                                       {"NO_PROXY", "127.0.0.1"}};
  env.insert(env.end(), session.env.begin(), session.env.end());
  return run_client(**server, argv, env, session.project, session.timeout_seconds);
}

std::string find_gemini() {
  if (const char* g = std::getenv("MEMSIM_GEMINI"); g && *g) return g;
  const char* path = std::getenv("PATH");
  return find_program("gemini", path ? path : "/usr/local/bin:/usr/bin:/bin");
}

}  // namespace memsim::live
