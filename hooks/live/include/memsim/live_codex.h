// One `codex exec` session of the real Codex CLI, run offline against the
// scripted model (model_server.h, its Responses API route): HOME and CODEX_HOME
// are redirected and the model provider is memsim's scripted one, so nothing of
// the user's own Codex setup or account is read or touched. And what Codex
// itself says of the hooks it found and whether each is trusted. For the live
// test suite and `verify-install --harness codex`.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "memsim/live.h"
#include "memsim/result.h"

namespace memsim::live {

struct CodexSession {
  std::string codex;                                     // the codex executable (a path)
  std::string project;                                   // the session's working directory
  std::string user_home;                                 // HOME; CODEX_HOME is its .codex/ (made when missing)
  std::vector<std::string> extra_args;                   // after `exec`, e.g. {"--dangerously-bypass-hook-trust"}
  std::vector<std::pair<std::string, std::string>> env;  // added last; "" removes one
  int timeout_seconds = 120;
};

// Runs `codex exec <prompt>` in session.project with the model answering from
// `script`. Fails when the model server or codex cannot be started, or codex
// outlives the timeout; a non-zero exit of codex is a result, not a failure.
Result<LiveResult> run_codex_live(const CodexSession& session, const std::string& prompt,
                                  std::vector<ScriptedTurn> script);

// The codex to run: $MEMSIM_CODEX when set, else `codex` found on PATH; "" when none.
std::string find_codex();

// A hook as Codex lists it for a directory (its app server's hooks/list).
struct CodexHook {
  std::string key;      // "<hooks.json path>:<event>:<group>:<handler>"
  std::string event;    // "sessionStart", "preToolUse", ...
  std::string command;  // the handler's command
  std::string hash;     // "sha256:...": what a person's review records as trusted
  std::string trust;    // "trusted", "untrusted", "modified", ... as Codex says
};

// The hooks Codex would run for a session in `project`, with their trust, as
// the Codex found at `codex` sees them with HOME `user_home` and CODEX_HOME
// `codex_home` ("" keeps the caller's). Fails when codex cannot be run or does
// not answer within the timeout.
Result<std::vector<CodexHook>> list_codex_hooks(const std::string& codex, const std::string& project,
                                                const std::string& user_home, const std::string& codex_home,
                                                int timeout_seconds = 30);

// The config.toml text that records `hooks` as reviewed and trusted, as Codex's
// /hooks does when a person accepts them: one [hooks.state."<key>"] table each.
std::string codex_trust_toml(const std::vector<CodexHook>& hooks);

}  // namespace memsim::live
