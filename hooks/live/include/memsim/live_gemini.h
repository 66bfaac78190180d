// One `gemini -p` session of the real Gemini CLI, run offline against the
// scripted model (model_server.h, its Gemini API route): HOME is redirected (its
// .gemini/settings.json selects API-key auth when it has none), the API address
// and a dummy key are set, and the workspace is trusted for the run, so nothing
// of the user's own Gemini setup or account is read or touched. For the live test
// suite.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "memsim/live.h"
#include "memsim/result.h"

namespace memsim::live {

struct GeminiSession {
  std::string gemini;                                    // the gemini executable (a path)
  std::string project;                                   // the session's working directory
  std::string user_home;                                 // HOME: its .gemini/ and the chats
  std::vector<std::string> extra_args;                   // e.g. {"--approval-mode", "yolo"}
  std::vector<std::pair<std::string, std::string>> env;  // added last; "" removes one
  int timeout_seconds = 120;
};

// Runs `gemini -p <prompt> -m gemini-2.5-flash` in session.project with the model
// answering from `script`. A model named on the command line spares the routing
// request Gemini would make first. Fails when the model server or gemini cannot
// be started, or gemini outlives the timeout; a non-zero exit is a result.
Result<LiveResult> run_gemini_live(const GeminiSession& session, const std::string& prompt,
                                   std::vector<ScriptedTurn> script);

// The gemini to run: $MEMSIM_GEMINI when set, else `gemini` found on PATH; "" when none.
std::string find_gemini();

}  // namespace memsim::live
