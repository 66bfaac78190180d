// The harness-neutral half of the hooks: event names, the switches that turn an
// event off, the dispatch to each event's handler, and the failure log.
#include "memsim/hooks.h"

#include <cctype>

#include "internal.h"
#include "memsim/policy.h"
#include "memsim/search.h"
#include "memsim/timefmt.h"
#include "profile.h"

namespace memsim::hooks {

namespace {

// The log stops growing past this size: a hook failing on every tool call must
// not fill the disk.
constexpr std::int64_t kMaxErrorLogBytes = 1 << 20;
constexpr std::size_t kMaxReasonBytes = 300;

constexpr std::pair<HookEvent, std::string_view> kEventNames[] = {
    {HookEvent::kPreToolUse, "pre-tool-use"},
    {HookEvent::kSessionStart, "session-start"},
    {HookEvent::kUserPromptSubmit, "user-prompt-submit"},
    {HookEvent::kSessionEnd, "session-end"},
    {HookEvent::kStop, "stop"},
};

// "pre-tool-use" -> "MEMSIM_PRETOOLUSE".
std::string disable_variable(std::string_view event) {
  std::string v = "MEMSIM_";
  for (char c : event)
    if (c != '-') v += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return v;
}

}  // namespace

std::optional<HookEvent> parse_event_name(std::string_view name) {
  for (const auto& [event, n] : kEventNames)
    if (n == name) return event;
  return std::nullopt;
}

std::string_view event_name(HookEvent event) {
  for (const auto& [e, n] : kEventNames)
    if (e == event) return n;
  return "-";
}

bool event_disabled(const HookContext& ctx, HookEvent event) {
  if (!ctx.env) return false;
  for (const std::string& var : {std::string("MEMSIM_HOOKS"), disable_variable(event_name(event))}) {
    auto v = ctx.env(var);
    if (v && *v == "0") return true;
  }
  return false;
}

std::string sanitize_session(std::string_view id) {
  std::string out(id.substr(0, 128));
  for (char& c : out)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) c = '_';
  return out.empty() ? "-" : out;
}

Result<HookOutcome> handle_event(HookContext& ctx, const HookInput& in) {
  MEMSIM_TRY(check_home(ctx.fs, ctx.home));
  switch (in.event) {
    case HookEvent::kPreToolUse: return detail::pre_tool_use(ctx, in);
    case HookEvent::kSessionStart: return detail::session_start(ctx, in);
    case HookEvent::kUserPromptSubmit: {
      // Only a main session gets T2 text; the others read nothing for it. The
      // home's policy, as the index was built with it; a broken policy.yaml is
      // logged and nothing is printed.
      if (detail::session_profile(ctx, in) != detail::Profile::kMain) return HookOutcome{};
      MEMSIM_ASSIGN_OR_RETURN(Policy policy, load_policy(ctx.fs, ctx.home.root()));
      return HookOutcome{prompt_context(ctx.fs, ctx.home, ctx.clock, policy, in.prompt), {}};
    }
    case HookEvent::kSessionEnd: return detail::session_end(ctx, in);
    case HookEvent::kStop: return HookOutcome{};  // capture runs once, at session end, over the whole transcript
  }
  return HookOutcome{};
}

// One line: time, event, reason. The reason is ours (never a prompt or a body);
// newlines are folded so one failure is one line.
void log_hook_failure(HookContext& ctx, std::string_view event, std::string_view reason) noexcept {
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

}  // namespace memsim::hooks
