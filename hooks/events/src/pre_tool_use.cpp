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
  return context;
}

}  // namespace

Result<HookOutcome> pre_tool_use(HookContext& ctx, const HookInput& in) {
  if (in.tool.empty()) return Error{"payload has no tool_name"};
  HookOutcome outcome;
  if (is_touch_tool(in.tool)) {
    auto name = memory_file_of(ctx.fs, ctx.home, in.file_path, in.cwd, in.tool == "Write");
    if (!name.ok()) outcome.problems.push_back(name.message());
    else if (!name->empty()) {
      // A tool name with a space would break the journal line; the touch tools have none.
      if (Status s = append_touch(ctx.fs, ctx.home, Touch{ctx.clock.now(), in.tool, *name, in.session}); !s.ok())
        outcome.problems.push_back(s.message());
    }
  }
  auto lenses = serve_lenses(ctx, in.tool, in.lens_path, in.session, outcome.problems);
  if (lenses.ok()) outcome.context = std::move(*lenses);
  else outcome.problems.push_back(lenses.message());
  return outcome;
}

}  // namespace memsim::hooks::detail
