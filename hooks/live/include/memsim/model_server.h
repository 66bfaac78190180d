// A scripted stand-in for the Anthropic Messages API on 127.0.0.1, so that the
// real Claude Code can be run offline (ANTHROPIC_BASE_URL pointing here) and
// what it sends to the model can be read back. Used by the live test suite and
// by `verify-install --live`; never by the hooks.
//
// Each POST /v1/messages that offers tools is a turn of the conversation: it
// gets the next scripted turn as server-sent events (a tool call, or text that
// ends the turn), and a plain "done" once the script is spent. Requests without
// tools (a title or a summary Claude Code may ask for on the side) get "ok" and
// do not consume the script. Every request body is kept.
//
// POST /v1/responses is the same for Codex CLI (the OpenAI Responses API over
// server-sent events): a turn's tool is a function call (exec_command with
// {"cmd": ...}), its text an assistant message. POST
// /v1beta/models/<model>:streamGenerateContent (and :generateContent) is the
// same for Gemini CLI (the Gemini API): a turn's tool is a functionCall part
// (read_file with {"file_path": ...}), its text a text part.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "memsim/result.h"

namespace memsim::live {

struct ScriptedTurn {
  std::string tool;  // a tool call when not empty (Read, Edit, Write, Grep, Bash, ...; Codex: exec_command)
  nlohmann::json input = nlohmann::json::object();
  std::string text;  // otherwise the model says this and ends its turn

  static ScriptedTurn call(std::string tool, nlohmann::json input) { return {std::move(tool), std::move(input), {}}; }
  static ScriptedTurn say(std::string text) { return {{}, nlohmann::json::object(), std::move(text)}; }
};

struct ModelRequest {
  std::string path;           // "/v1/messages?beta=true"
  nlohmann::json body;        // the parsed body; null when it was not JSON
  bool conversation = false;  // it offered tools, so it took a scripted turn
};

class ModelServer {
 public:
  // Binds an ephemeral port on 127.0.0.1 and serves on a thread of its own
  // until destroyed. Fails when no socket can be bound.
  static Result<std::unique_ptr<ModelServer>> start(std::vector<ScriptedTurn> script);
  ~ModelServer();
  ModelServer(const ModelServer&) = delete;
  ModelServer& operator=(const ModelServer&) = delete;

  std::string base_url() const;                      // http://127.0.0.1:<port>
  std::vector<ModelRequest> requests() const;        // all of them, in arrival order
  std::vector<nlohmann::json> conversation() const;  // bodies of the scripted turns only

 private:
  struct State;
  explicit ModelServer(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// Every piece of text a request puts before the model: the system prompt,
// message strings and text blocks, tool results (strings or text blocks), and
// tool inputs, joined with newlines; for a Responses request, its instructions
// and every input item's content, arguments and output; for a Gemini request,
// its system instruction and every part's text, call arguments and response. For searching what the
// model was given.
std::string request_text(const nlohmann::json& body);

// The system messages Claude Code inserts (hook output arrives this way), in
// order: "SessionStart:startup hook success: ...", "PreToolUse:Read hook
// additional context: ...".
std::vector<std::string> system_messages(const nlohmann::json& body);

}  // namespace memsim::live
