// PreToolUse: journal a touch of a memory file, then serve the lenses whose
// trigger matches, each at most once per session. This runs on every tool call,
// so it reads no memory file and parses no YAML beyond the lenses'.
#include <algorithm>
#include <string_view>

#include "internal.h"
#include "memsim/journal.h"
#include "memsim/lens.h"
#include "memsim/limits.h"
#include "memsim/memory_file.h"
#include "memsim/render.h"
#include "memsim/touch.h"

namespace memsim::hooks::detail {

namespace {

constexpr std::size_t kMaxContextBytes = kHookContextBytes;
// Parallel tool calls of one session race for its lens state; waiting longer
// would slow the tool call, so a held lock costs the lens, not the call.
constexpr int kSessionLockMs = 50;

std::string string_field(const nlohmann::json& obj, const char* key) {
  if (!obj.is_object()) return {};
  auto it = obj.find(key);
  return it != obj.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::vector<std::string> read_lines(FileSystem& fs, const std::string& path) {
  std::vector<std::string> lines;
  auto text = fs.read_file(path);
  if (!text.ok()) return lines;
  std::string_view t = *text;
  for (std::size_t p = 0; p < t.size();) {
    std::size_t nl = t.find('\n', p);
    if (nl == std::string_view::npos) break;  // a torn last line is ignored
    if (nl > p) lines.emplace_back(t.substr(p, nl - p));
    p = nl + 1;
  }
  return lines;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

// Lens bodies to print for this call, marking them fired for the session.
Result<std::string> serve_lenses(HookContext& ctx, const std::string& tool, const std::string& path,
                                 const std::string& session, std::vector<std::string>& problems) {
  LensSet set = load_lenses(ctx.fs, ctx.home);
  for (std::string& p : set.problems) problems.push_back(std::move(p));
  std::vector<const Lens*> matching;
  for (const Lens& l : set.lenses)
    if (l.matches(tool, path)) matching.push_back(&l);
  if (matching.empty()) return std::string();

  const std::string sessions = ctx.home.sessions_dir();
  const std::string fired_path = join_path(sessions, session + ".lenses");
  std::vector<std::string> fired = read_lines(ctx.fs, fired_path);
  if (std::all_of(matching.begin(), matching.end(), [&](const Lens* l) { return contains(fired, l->name); }))
    return std::string();

  MEMSIM_TRY(make_home_dir(ctx.fs, ctx.home, ctx.home.runtime_dir()));
  MEMSIM_TRY(make_home_dir(ctx.fs, ctx.home, sessions));
  auto lock = ctx.fs.lock(join_path(sessions, session + ".lock"), kSessionLockMs);
  if (!lock.ok()) return lock.error();
  fired = read_lines(ctx.fs, fired_path);  // again, now that no other call of the session can fire
  std::string context, newly;
  for (const Lens* l : matching) {
    if (contains(fired, l->name)) continue;
    // Framed as what it is: a rule a person placed for this kind of call.
    std::string body = "Lens " + render_name(l->name, 200) +
                       " (a situational rule written for this project, shown once a session):\n" + l->capped_body();
    const std::size_t sep = context.empty() ? 0 : 2;
    if (context.size() + sep + body.size() > kMaxContextBytes) continue;  // fires in a later call
    if (sep) context += "\n\n";
    context += body;
    newly += l->name + "\n";
  }
  if (newly.empty()) return std::string();
  MEMSIM_TRY(ctx.fs.append_file(fired_path, newly));
  nlohmann::json out = {{"hookSpecificOutput", {{"hookEventName", "PreToolUse"}, {"additionalContext", context}}}};
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace

std::string sanitize_session(const nlohmann::json& payload) {
  std::string id = string_field(payload, "session_id").substr(0, 128);
  for (char& c : id)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) c = '_';
  return id.empty() ? "-" : id;
}

Result<Outcome> pre_tool_use(HookContext& ctx, const nlohmann::json& payload) {
  const std::string tool = string_field(payload, "tool_name");
  if (tool.empty()) return Error{"payload has no tool_name"};
  const std::string session = sanitize_session(payload);
  const nlohmann::json empty = nlohmann::json::object();
  auto it = payload.find("tool_input");
  const nlohmann::json& input = it != payload.end() && it->is_object() ? *it : empty;
  std::string path = string_field(input, "file_path");
  if (path.empty()) path = string_field(input, "notebook_path");
  if (path.empty()) path = string_field(input, "path");

  Outcome outcome;
  if (is_touch_tool(tool)) {
    auto name = memory_file_of(ctx.fs, ctx.home, string_field(input, "file_path"), string_field(payload, "cwd"),
                               tool == "Write");
    if (!name.ok()) outcome.problems.push_back(name.message());
    else if (!name->empty()) {
      // A tool name with a space would break the journal line; the four above have none.
      if (Status s = append_touch(ctx.fs, ctx.home, Touch{ctx.clock.now(), tool, *name, session}); !s.ok())
        outcome.problems.push_back(s.message());
    }
  }
  auto lenses = serve_lenses(ctx, tool, path, session, outcome.problems);
  if (lenses.ok()) outcome.out = std::move(*lenses);
  else outcome.problems.push_back(lenses.message());
  return outcome;
}

}  // namespace memsim::hooks::detail
