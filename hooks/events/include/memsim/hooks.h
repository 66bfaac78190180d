// The event hooks, as a library. Two layers:
//
//   handle_event()  what memsim does at each session event, in terms of no harness:
//                   journal a touch and serve lenses (pre-tool-use), load the
//                   memory (session-start), recall for a prompt
//                   (user-prompt-submit), capture the transcript (session-end).
//   run_hook()      Claude Code's adapter: its JSON payload in, its reply out.
//   run_codex_hook()  Codex CLI's adapter (docs/codex.md).
//   run_gemini_hook() Gemini CLI's adapter (docs/gemini.md).
//                   Another harness gets an adapter of its own over handle_event().
//
// `memsim hook <event>` and the simulator both call run_hook(), so the simulator
// exercises the very code a live session runs; `memsim hook --harness codex
// <event>` calls run_codex_hook(), which differs only in what it reads and writes.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/redact.h"
#include "memsim/result.h"

namespace memsim::hooks {

struct HookContext {
  FileSystem& fs;
  const Clock& clock;
  Home home;
  // Environment lookup (MEMSIM_<EVENT>=0 disables an event); the CLI passes getenv.
  std::function<std::optional<std::string>(const std::string&)> env;
  // A redactor kept across many hook calls in one process (the simulator); null
  // builds one per capture, as a hook process does anyway.
  const Redactor* redactor = nullptr;
  // Starts `memsim <args>` detached from the session and returns at once: the
  // CLI starts its own binary. Null where no process may be started (the
  // simulator, which runs the index on its own schedule, and in-process tests):
  // the index is then left to whoever runs it, and a capture too big to run
  // inline is reported in the outcome's problems.
  std::function<Status(const std::vector<std::string>& args)> detach = nullptr;
  // The user-level home of the promotion ladder (SPEC section 7), when there is
  // one: session start loads its identity.md (the L3 persona) and session end
  // captures into its candidates/ too, as `memsim capture` does. The CLI sets it
  // from $MEMSIM_USER_HOME, else ~/.memsim-user; the simulator leaves it empty.
  std::optional<Home> user_home = std::nullopt;
};

enum class HookEvent { kPreToolUse, kSessionStart, kUserPromptSubmit, kSessionEnd, kStop };

// "pre-tool-use", "session-start", "user-prompt-submit", "session-end", "stop":
// the names `memsim hook` takes. nullopt for any other.
std::optional<HookEvent> parse_event_name(std::string_view name);
std::string_view event_name(HookEvent event);

// Whether MEMSIM_HOOKS=0 or MEMSIM_<EVENT>=0 (MEMSIM_PRETOOLUSE, ...) turns the
// event off: a disabled hook does nothing and logs nothing.
bool event_disabled(const HookContext& ctx, HookEvent event);

// One harness call, in memsim's terms; an adapter fills it from the payload.
struct HookInput {
  HookEvent event = HookEvent::kStop;
  std::string session;     // [A-Za-z0-9_-], at most 128 bytes, "-" when none
  std::string transcript;  // the session's transcript file, as the harness named it
  std::string cwd;         // the session's working directory
  std::string source;      // session-start: what started it (startup, resume...), "-" when none
  std::string prompt;      // user-prompt-submit: what the person typed
  std::string tool;        // pre-tool-use: the harness's name of the tool
  std::string file_path;   // pre-tool-use: the file the tool reads or writes, if any
  std::string lens_path;   // pre-tool-use: the path lenses match on (a file, a notebook or a search root)
  bool subagent = false;   // the harness says a sub-agent runs this session
  // session-start: the harness loads no MEMORY.md of its own (Codex's AGENTS.md has
  // no import), so a main session's start delivers the index too.
  bool deliver_index = false;
  // session-start: the harness has memsim's /remember command (install-hooks puts
  // it beside Claude Code's settings), so the model may point the person to it.
  bool slash_commands = true;
};

// A session id reduced to [A-Za-z0-9_-], at most 128 bytes, "-" when empty, so it
// can name a file under runtime/sessions/ and sit in a journal line.
std::string sanitize_session(std::string_view id);

// What an event produced: text for the model's context (often empty), and problems
// that did not stop it (each becomes one line of runtime/hook-errors.log).
struct HookOutcome {
  std::string context;
  std::vector<std::string> problems;
};

// Runs one event. Fails only when the event could not do its work at all (no
// home, a broken policy.yaml for recall); never throws for bad input.
Result<HookOutcome> handle_event(HookContext& ctx, const HookInput& input);

// Claude Code's hook for `event` (a name parse_event_name knows) over its JSON
// payload. Never throws and never fails: it returns the text to print on standard
// output (plain text for session-start and user-prompt-submit, a
// hookSpecificOutput object for pre-tool-use, often empty). Any failure is
// appended to runtime/hook-errors.log, never echoing the payload.
std::string run_hook(HookContext& ctx, std::string_view event, std::string_view payload);

// Codex CLI's hook for `event` over its JSON payload, like run_hook: a shell
// command's reads (shell_files.h) and an apply_patch's edits are journaled as
// touches; session start delivers the index; whatever reaches the model is a
// hookSpecificOutput object. Never throws and never fails.
std::string run_codex_hook(HookContext& ctx, std::string_view event, std::string_view payload);

// Gemini CLI's hook for `event` over its JSON payload, like run_hook: read_file,
// read_many_files, write_file, replace and run_shell_command calls are touches
// (journaled after the tool ran: Gemini installs pre-tool-use on AfterTool); the
// <hook_context> Gemini puts before a prompt is not searched; whatever reaches
// the model is a hookSpecificOutput object. Never throws and never fails.
std::string run_gemini_hook(HookContext& ctx, std::string_view event, std::string_view payload);

// Appends one line "<time> <event> <reason>" to runtime/hook-errors.log, for a
// failure found before run_hook could be called (a payload over the size cap).
// Silent when the home has no room for it (missing, unwritable, log over 1 MB).
void log_hook_failure(HookContext& ctx, std::string_view event, std::string_view reason) noexcept;

}  // namespace memsim::hooks
