#include "memsim/hooks.h"

#include <cctype>
#include <exception>

#include "internal.h"
#include "profile.h"
#include "memsim/json_io.h"
#include "memsim/search.h"
#include "memsim/timefmt.h"

namespace memsim::hooks {

namespace {

// The log stops growing past this size: a hook failing on every tool call must
// not fill the disk.
constexpr std::int64_t kMaxErrorLogBytes = 1 << 20;
constexpr std::size_t kMaxReasonBytes = 300;


// One line: time, event, reason. The reason is ours (never a prompt or a body);
// newlines are folded so one failure is one line.
void log_failure(HookContext& ctx, std::string_view event, std::string_view reason) noexcept {
  try {
    auto root = ctx.fs.stat(ctx.home.root());
    if (!root.ok() || root->kind != FileKind::kDirectory) return;  // nowhere to log
    const std::string path = ctx.home.hook_errors_path();
    auto info = ctx.fs.stat(path);
    if (info.ok() && info->size > kMaxErrorLogBytes) return;
    if (!make_home_dir(ctx.fs, ctx.home, ctx.home.runtime_dir()).ok()) return;
    std::string r(reason.substr(0, kMaxReasonBytes));
    for (char& c : r)
      if (c == '\n' || c == '\r') c = ' ';
    std::string line = format_instant(ctx.clock.now());
    line += ' ';
    line += event.empty() ? std::string_view("-") : event;
    line += ' ';
    line += r;
    line += '\n';
    (void)ctx.fs.append_file(path, line);
  } catch (...) {
  }
}

// "pre-tool-use" -> "MEMSIM_PRETOOLUSE".
std::string disable_variable(std::string_view event) {
  std::string v = "MEMSIM_";
  for (char c : event)
    if (c != '-') v += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return v;
}

bool disabled(HookContext& ctx, std::string_view event) {
  if (!ctx.env) return false;
  for (const std::string& var : {std::string("MEMSIM_HOOKS"), disable_variable(event)}) {
    auto v = ctx.env(var);
    if (v && *v == "0") return true;
  }
  return false;
}

bool known_event(std::string_view e) {
  return e == "pre-tool-use" || e == "session-start" || e == "user-prompt-submit" || e == "session-end" ||
         e == "stop";
}

std::string run(HookContext& ctx, std::string_view event, std::string_view payload) {
  if (!known_event(event)) {
    log_failure(ctx, event.substr(0, 40), "unknown hook event");
    return {};
  }
  if (disabled(ctx, event)) return {};
  if (payload.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    log_failure(ctx, event, "empty payload");
    return {};
  }
  auto parsed = parse_json_input(payload);
  if (!parsed.ok() || !parsed->is_object()) {
    log_failure(ctx, event, parsed.ok() ? "payload is not a JSON object" : "payload is not a JSON object: " + parsed.message());
    return {};
  }
  const nlohmann::json& j = *parsed;
  if (Status s = check_home(ctx.fs, ctx.home); !s.ok()) {
    log_failure(ctx, event, s.message());
    return {};
  }
  Result<detail::Outcome> outcome = detail::Outcome{};
  if (event == "pre-tool-use") outcome = detail::pre_tool_use(ctx, j);
  else if (event == "session-start") outcome = detail::session_start(ctx, j);
  else if (event == "user-prompt-submit" && detail::session_profile(ctx, j) == detail::Profile::kMain) {
    // Only a main session gets T2 text; the others read nothing for it. The
    // home's policy, as the index was built with it; a broken policy.yaml is
    // logged and nothing is printed.
    auto policy = load_policy(ctx.fs, ctx.home.root());
    if (policy.ok())
      outcome = detail::Outcome{prompt_context(ctx.fs, ctx.home, ctx.clock, *policy, j.value("prompt", std::string())), {}};
    else
      outcome = policy.error();
  }
  else if (event == "session-end") outcome = detail::session_end(ctx, j);
  // stop: capture runs once, at session end, over the whole transcript.
  if (!outcome.ok()) {
    log_failure(ctx, event, outcome.message());
    return {};
  }
  for (const std::string& p : outcome->problems) log_failure(ctx, event, p);
  return std::move(outcome->out);
}

}  // namespace

void log_hook_failure(HookContext& ctx, std::string_view event, std::string_view reason) noexcept {
  log_failure(ctx, event, reason);
}

std::string run_hook(HookContext& ctx, std::string_view event, std::string_view payload) {
  try {
    return run(ctx, event, payload);
  } catch (const std::exception& e) {
    log_failure(ctx, event, std::string("internal error: ") + e.what());
  } catch (...) {
    log_failure(ctx, event, "internal error");
  }
  return {};
}

}  // namespace memsim::hooks
