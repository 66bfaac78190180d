// One `claude -p` session of the real Claude Code, run offline against the
// scripted model (model_server.h): HOME, the API address and the key are
// redirected, so nothing of the user's own Claude Code setup or account is
// read or touched. For the live test suite and `verify-install --live`.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "memsim/model_server.h"
#include "memsim/process.h"
#include "memsim/result.h"

namespace memsim::live {

struct LiveSession {
  std::string claude;                                    // the claude executable (a path, or a name on PATH)
  std::string project;                                   // the session's working directory
  std::string user_home;                                 // HOME for the session: its ~/.claude and transcripts
  std::vector<std::string> extra_args;                   // e.g. {"--permission-mode", "acceptEdits"}
  std::vector<std::pair<std::string, std::string>> env;  // added last; "" removes one
  int timeout_seconds = 120;
  // false: `claude -p <prompt> <extra_args>`. true: `claude <extra_args>
  // <prompt>`, the shape of a command given the prompt as its last argument
  // (the nightly wake's); extra_args then carry the -p.
  bool prompt_last = false;
};

struct LiveResult {
  ProcessResult process;
  std::vector<ModelRequest> requests;        // everything the model received
  std::vector<nlohmann::json> conversation;  // the request bodies that took a scripted turn
};

// Runs claude with the prompt in session.project with the model answering from
// `script`. Fails when the model server or claude cannot be started, or claude
// outlives the timeout; a non-zero exit of claude is a result, not a failure.
Result<LiveResult> run_live(const LiveSession& session, const std::string& prompt, std::vector<ScriptedTurn> script);

// Runs a client (argv) in `project` with `env` added, in a scratch directory,
// and returns what it did and what `server` received. Shared by the runners.
Result<LiveResult> run_client(const ModelServer& server, const std::vector<std::string>& argv,
                              const std::vector<std::pair<std::string, std::string>>& env, const std::string& project,
                              int timeout_seconds);

// The claude to run: $MEMSIM_CLAUDE when set, else `claude` found on PATH; ""
// when there is none.
std::string find_claude();

}  // namespace memsim::live
