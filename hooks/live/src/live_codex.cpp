#include "memsim/live_codex.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include <nlohmann/json.hpp>

namespace memsim::live {

namespace {

// Whatever the caller's environment says about Codex or the API must not leak in.
std::vector<std::pair<std::string, std::string>> clean_env(const std::string& user_home,
                                                           const std::string& codex_home) {
  return {{"HOME", user_home},   {"CODEX_HOME", codex_home}, {"OPENAI_API_KEY", ""}, {"OPENAI_BASE_URL", ""},
          {"CODEX_API_KEY", ""}, {"HTTPS_PROXY", ""},        {"https_proxy", ""},    {"HTTP_PROXY", ""},
          {"http_proxy", ""},    {"NO_PROXY", "127.0.0.1"}};
}

Result<std::string> scratch_dir() {
  std::string tmpl = (std::filesystem::temp_directory_path() / "memsim-live-XXXXXX").string();
  if (!::mkdtemp(tmpl.data())) return Error{"cannot create a scratch directory in " + tmpl};
  return tmpl;
}

// TOML's basic string: quotes and backslashes escaped, control bytes as \uXXXX.
std::string toml_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      static const char* hex = "0123456789abcdef";
      out += "\\u00";
      out += hex[(c >> 4) & 0xf];
      out += hex[c & 0xf];
      continue;
    }
    out += c;
  }
  return out + "\"";
}

}  // namespace

Result<LiveResult> run_codex_live(const CodexSession& session, const std::string& prompt,
                                  std::vector<ScriptedTurn> script) {
  auto server = ModelServer::start(std::move(script));
  if (!server.ok()) return Error{server.message()};
  const std::string codex_home = session.user_home + "/.codex";
  std::error_code ec;
  std::filesystem::create_directories(codex_home, ec);
  if (ec) return Error{"cannot create " + codex_home + ": " + ec.message()};
  // A provider of its own: Codex then speaks plain HTTP to it, with no WebSocket
  // attempt first, and reads its key from a variable only this run sets.
  std::vector<std::string> argv{session.codex,
                                "exec",
                                "-c",
                                "model_provider=\"memsim\"",
                                "-c",
                                "model_providers.memsim={name=\"memsim\",base_url=\"" + (*server)->base_url() +
                                    "/v1\",wire_api=\"responses\",env_key=\"MEMSIM_SCRIPTED_KEY\"}",
                                "-m",
                                "gpt-5"};
  argv.insert(argv.end(), session.extra_args.begin(), session.extra_args.end());
  argv.push_back(prompt);
  auto env = clean_env(session.user_home, codex_home);
  env.emplace_back("MEMSIM_SCRIPTED_KEY", "sk-memsim-scripted-model");
  env.insert(env.end(), session.env.begin(), session.env.end());
  return run_client(**server, argv, env, session.project, session.timeout_seconds);
}

std::string find_codex() {
  if (const char* c = std::getenv("MEMSIM_CODEX"); c && *c) return c;
  const char* path = std::getenv("PATH");
  return find_program("codex", path ? path : "/usr/local/bin:/usr/bin:/bin");
}

Result<std::vector<CodexHook>> list_codex_hooks(const std::string& codex, const std::string& project,
                                                const std::string& user_home, const std::string& codex_home,
                                                int timeout_seconds) {
  auto tmp = scratch_dir();
  if (!tmp.ok()) return tmp.error();
  const std::string out_path = *tmp + "/answers.jsonl";
  const nlohmann::json init = {{"jsonrpc", "2.0"},
                               {"id", 1},
                               {"method", "initialize"},
                               {"params", {{"clientInfo", {{"name", "memsim"}, {"version", "1"}}}}}};
  const nlohmann::json initialized = {{"jsonrpc", "2.0"}, {"method", "initialized"}};
  const nlohmann::json list = {{"jsonrpc", "2.0"},
                               {"id", 2},
                               {"method", "hooks/list"},
                               {"params", {{"cwds", {project}}}}};
  // The app server answers on standard output and stops at the end of its input,
  // so the input stays open until the answer is there (or the time is up).
  const std::string script =
      "out=$1; shift; { printf '%s\\n' \"$MEMSIM_RPC_1\" \"$MEMSIM_RPC_2\" \"$MEMSIM_RPC_3\"; i=0; "
      "while [ $i -lt $MEMSIM_RPC_TICKS ] && ! grep -q '\"id\":2,' \"$out\" 2>/dev/null; do sleep 0.1; i=$((i+1)); "
      "done; } | \"$@\" app-server > \"$out\" 2>/dev/null";
  std::vector<std::pair<std::string, std::string>> env{{"MEMSIM_RPC_1", init.dump()},
                                                       {"MEMSIM_RPC_2", initialized.dump()},
                                                       {"MEMSIM_RPC_3", list.dump()},
                                                       {"MEMSIM_RPC_TICKS", std::to_string(timeout_seconds * 10)}};
  if (!user_home.empty()) env.emplace_back("HOME", user_home);
  if (!codex_home.empty()) env.emplace_back("CODEX_HOME", codex_home);
  auto run = run_process({"sh", "-c", script, "sh", out_path, codex}, "", env, *tmp, {project, timeout_seconds + 10});
  std::string answers;
  if (FILE* f = std::fopen(out_path.c_str(), "rb")) {
    char buf[65536];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) answers.append(buf, n);
    std::fclose(f);
  }
  std::error_code ec;
  std::filesystem::remove_all(*tmp, ec);
  if (!run.ok()) return Error{codex + " app-server: " + run.message()};
  for (std::size_t p = 0, q; (q = answers.find('\n', p)) != std::string::npos; p = q + 1) {
    const auto j = nlohmann::json::parse(answers.substr(p, q - p), nullptr, false);
    if (!j.is_object() || j.value("id", 0) != 2) continue;
    if (j.contains("error")) return Error{codex + " app-server: hooks/list failed: " + j["error"].dump()};
    std::vector<CodexHook> hooks;
    for (const auto& entry : j["result"].value("data", nlohmann::json::array()))
      for (const auto& h : entry.value("hooks", nlohmann::json::array()))
        hooks.push_back({h.value("key", ""), h.value("eventName", ""), h.value("command", ""),
                         h.value("currentHash", ""), h.value("trustStatus", "")});
    return hooks;
  }
  return Error{codex + " app-server gave no answer to hooks/list within " + std::to_string(timeout_seconds) + " s"};
}

std::string codex_trust_toml(const std::vector<CodexHook>& hooks) {
  std::string out;
  for (const CodexHook& h : hooks)
    out += "\n[hooks.state." + toml_string(h.key) + "]\ntrusted_hash = " + toml_string(h.hash) + "\n";
  return out;
}

}  // namespace memsim::live
