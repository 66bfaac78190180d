// memsim hook [--harness NAME] EVENT: the entry point Claude Code (SPEC section 8),
// Codex CLI (docs/codex.md) and Gemini CLI (docs/gemini.md) run. Reads the payload from standard input and
// always exits 0; failures go to runtime/hook-errors.log, never to the session.
#include <cstdlib>

#include "commands/context.h"
#include "commands/user_home.h"
#include "memsim/hooks.h"
#include "memsim/process.h"

namespace memsim::cli {

namespace {

// Payloads carry a Write's whole content; past this, reading on would only cost
// the tool call time and memory.
constexpr std::size_t kMaxPayloadBytes = 8u << 20;

// Reads at most kMaxPayloadBytes + 1 bytes; false when the input is longer.
bool read_payload(std::istream& in, std::string& payload) {
  char buf[1 << 16];
  while (in.read(buf, sizeof buf) || in.gcount() > 0) {
    payload.append(buf, static_cast<std::size_t>(in.gcount()));
    if (payload.size() > kMaxPayloadBytes) return false;
  }
  return true;
}

std::optional<std::string> getenv_of(const std::string& name) {
  const char* v = std::getenv(name.c_str());
  return v ? std::optional<std::string>(v) : std::nullopt;
}

// A log past this is left alone: the detached process's errors go nowhere rather
// than fill the disk.
constexpr std::int64_t kMaxDetachedLogBytes = 1 << 20;

// `memsim <args>` from this very binary, detached; the hook's --now goes with it,
// so a replayed session indexes at the time it ended.
Status detach_memsim(Context& ctx, const std::string& now, std::vector<std::string> args) {
  args.insert(args.begin(), "/proc/self/exe");
  if (!now.empty()) args.insert(args.end(), {"--now", now});
  std::string log = ctx.home.detached_log_path();
  auto runtime = ctx.fs.stat(ctx.home.runtime_dir());
  auto existing = ctx.fs.stat(log);
  if (!runtime.ok() || (existing.ok() && existing->size > kMaxDetachedLogBytes)) log.clear();
  return start_detached(args, log);
}

}  // namespace

int hook_usage_failure(const std::string& home, const std::string& event, const std::string& reason) {
  try {
    PosixFileSystem fs;
    SystemClock clock;
    hooks::HookContext hc{fs, clock, Home(resolve_home(home)), getenv_of};
    hooks::log_hook_failure(hc, event.substr(0, 40), "usage: " + reason);
  } catch (...) {
  }
  return 0;
}

Command register_hook(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand(
      "hook", "the hook entry point: pre-tool-use, session-start, user-prompt-submit, session-end or stop");
  add_common_options(sub, common);
  auto event = std::make_shared<std::string>();
  auto harness = std::make_shared<std::string>("claude-code");
  sub->add_option("EVENT", *event, "the hook event");
  // Not checked by the parser: a hook never fails, so a bad name is logged.
  sub->add_option("--harness", *harness, "whose payload and reply: claude-code (default), codex or gemini");
  // Flags a newer memsim may write into the settings are ignored (and logged), so
  // an older binary still serves the session.
  sub->allow_extras();
  return {sub, [event, harness, sub, &common](Context& ctx) -> int {
            try {
              hooks::HookContext hc{ctx.fs, *ctx.clock, ctx.home, getenv_of};
              hc.detach = [&ctx, now = common.now](const std::vector<std::string>& args) {
                return detach_memsim(ctx, now, args);
              };
              // Only the session's start and end read the user-level home, and only one
              // that exists (a session never creates one); a tool call pays nothing for it.
              if (*event == "session-start" || *event == "session-end")
                if (const std::string user = resolve_user_home("");
                    !user.empty() && check_user_home(ctx.fs, Home(user)).ok())
                  hc.user_home = Home(user);
              if (const auto extra = sub->remaining(); !extra.empty()) {
                std::string list;
                for (const std::string& a : extra) list += (list.empty() ? "" : " ") + a.substr(0, 40);
                hooks::log_hook_failure(hc, *event, "usage: ignored unknown arguments: " + list);
              }
              if (*harness != "claude-code" && *harness != "codex" && *harness != "gemini") {
                hooks::log_hook_failure(hc, *event, "usage: unknown --harness " + harness->substr(0, 40));
                return 0;
              }
              std::string payload;
              if (!read_payload(ctx.in, payload)) {
                hooks::log_hook_failure(hc, *event, "payload over 8 MB");
                return 0;
              }
              const std::string out = *harness == "codex"    ? hooks::run_codex_hook(hc, *event, payload)
                                      : *harness == "gemini" ? hooks::run_gemini_hook(hc, *event, payload)
                                                             : hooks::run_hook(hc, *event, payload);
              if (!out.empty()) ctx.out << out << std::flush;
            } catch (...) {
              // Nothing may escape a hook; run_hook already logged what it could.
            }
            return 0;
          }};
}

}  // namespace memsim::cli
