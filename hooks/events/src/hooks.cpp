// The harness-neutral half of the hooks: event names, the switches that turn an
// event off, the dispatch to each event's handler, the pipeline every adapter
// runs, and the failure log.
#include "memsim/hooks.h"

#include <cctype>
#include <exception>

#include "internal.h"
#include "memsim/json_io.h"
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

std::string run_once(HookContext& ctx, std::string_view name, std::string_view payload,
                     const detail::Adapter& adapter) {
  const auto event = parse_event_name(name);
  if (!event) {
    log_hook_failure(ctx, name.substr(0, 40), "unknown hook event");
    return {};
  }
  if (event_disabled(ctx, *event)) return {};
  if (payload.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    log_hook_failure(ctx, name, "empty payload");
    return {};
  }
  auto parsed = parse_json_input(payload);
  if (!parsed.ok() || !parsed->is_object()) {
    log_hook_failure(
        ctx, name, parsed.ok() ? "payload is not a JSON object" : "payload is not a JSON object: " + parsed.message());
    return {};
  }
  std::string context;
  for (const HookInput& in : adapter.inputs(*event, *parsed)) {
    auto outcome = handle_event(ctx, in);
    if (!outcome.ok()) {
      log_hook_failure(ctx, name, outcome.message());
      return {};
    }
    for (const std::string& p : outcome->problems) log_hook_failure(ctx, name, p);
    if (!outcome->context.empty()) context += (context.empty() ? "" : "\n\n") + outcome->context;
  }
  return adapter.reply(*event, std::move(context));
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

namespace detail {

std::vector<HookInput> with_file_calls(HookInput call, const std::vector<FileAccess>& files) {
  if (call.lens_path.empty() && !files.empty()) call.lens_path = files.front().path;
  std::vector<HookInput> out{call};
  for (const FileAccess& f : files) {
    HookInput touch = call;
    touch.tool = f.tool;
    touch.file_path = touch.lens_path = f.path;
    out.push_back(std::move(touch));
  }
  return out;
}

std::string hook_specific_output(std::string_view event, const std::string& context) {
  if (context.empty() || event.empty()) return {};
  nlohmann::json out = {{"hookSpecificOutput", {{"hookEventName", event}, {"additionalContext", context}}}};
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string run_adapter(HookContext& ctx, std::string_view event, std::string_view payload, const Adapter& adapter) {
  try {
    return run_once(ctx, event, payload, adapter);
  } catch (const std::exception& e) {
    log_hook_failure(ctx, event, std::string("internal error: ") + e.what());
  } catch (...) {
    log_hook_failure(ctx, event, "internal error");
  }
  return {};
}

}  // namespace detail

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
