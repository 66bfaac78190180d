// verify-install's checks (verify.h). A failed check carries its reason and its
// fix; none of them changes the user's home, project or settings.
#include "memsim/verify.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <set>
#include <sstream>
#include <tuple>

#include <nlohmann/json.hpp>

#include "matchers.h"
#include "memsim/index.h"
#include "memsim/install_codex.h"
#include "memsim/install_gemini.h"
#include "memsim/journal.h"
#include "memsim/json_io.h"
#include "memsim/memory_file.h"
#include "memsim/process.h"
#include "memsim/reindex.h"
#include "memsim/render.h"
#include "memsim/timefmt.h"

namespace memsim::install {

namespace {

// MEMORY.md older than this is stale even when no memory changed: the nightly
// tick regenerates it every day.
constexpr Seconds kIndexMaxAge = 2 * kSecondsPerDay;
const std::string kFixInstall = "run `memsim install-hooks --apply` (same --scope/--settings/--project)";

// Whether an installed matcher covers an expected one (a word list covers the
// words it lists; a regex only itself).
bool covers(const std::string& installed, const std::string& expected) {
  if (installed == expected) return true;
  if (!detail::is_word_list(installed) || !detail::is_word_list(expected)) return false;
  const auto have = detail::matcher_words(installed);
  for (const std::string& w : detail::matcher_words(expected))
    if (std::find(have.begin(), have.end(), w) == have.end()) return false;
  return true;
}

// Copies the T2 files (mtimes kept) and policy.yaml into a scratch home.
Status copy_memories(FileSystem& fs, const Home& from, const Home& to) {
  for (const std::string& d : {to.root(), to.memory_dir(), to.runtime_dir()}) MEMSIM_TRY(fs.make_dir(d));
  auto entries = fs.list_dir(from.memory_dir());
  if (!entries.ok()) return entries.status();
  for (const DirEntry& e : *entries) {
    if (e.kind != FileKind::kRegular || !is_memory_name(e.name)) continue;
    auto text = fs.read_file(from.memory_path(e.name));
    auto info = fs.stat(from.memory_path(e.name));
    if (!text.ok() || !info.ok()) continue;
    MEMSIM_TRY(fs.write_file(to.memory_path(e.name), *text));
    MEMSIM_TRY(fs.set_mtime(to.memory_path(e.name), info->mtime));
  }
  if (auto p = fs.read_file(from.policy_path()); p.ok()) return fs.write_file(to.policy_path(), *p);
  return {};
}

Result<PolicyValues> folded_values(FileSystem& fs, const Home& home, Seconds now, const Policy& policy,
                                   const std::string& name) {
  FixedClock clock(now);
  auto r = reindex(fs, home, clock, policy, ReindexOptions{.write = false});
  if (!r.ok()) return r.error();
  const auto& mems = r->ranked.corpus.memories;
  for (std::size_t i = 0; i < mems.size(); ++i)
    if (mems[i].filename == name) return r->ranked.folded[i];
  return Error{name + ": not ranked in the scratch home"};
}

// A failed check, with its reason.
VerifyCheck failed(VerifyCheck c, std::string reason) {
  c.ok = false;
  c.reason = std::move(reason);
  return c;
}

}  // namespace

VerifyCheck check_settings(FileSystem& fs, const HookSpec& spec, const Targets& t,
                           std::vector<InstalledHook>& installed) {
  VerifyCheck c{"settings", false, {}, {}};
  c.fix = kFixInstall;
  auto info = fs.stat(t.settings);
  if (!info.ok() || info->kind != FileKind::kRegular) {
    c.reason = t.settings + ": no such settings file";
    return c;
  }
  auto text = fs.read_file(t.settings);
  if (!text.ok()) return failed(std::move(c), text.message());
  auto found = find_installed(*text, spec.home, t.settings);
  if (!found.ok()) return failed(std::move(c), found.message());
  installed = *found;
  struct Want {
    std::string event, matcher, arg;
  };
  std::vector<Want> wants;
  for (const std::string& m : pre_tool_use_matchers(spec)) wants.push_back({"PreToolUse", m, "pre-tool-use"});
  wants.push_back({"SessionStart", "", "session-start"});
  wants.push_back({"UserPromptSubmit", "", "user-prompt-submit"});
  wants.push_back({"SessionEnd", "", "session-end"});
  std::string missing;
  for (const Want& w : wants) {
    bool ok = std::any_of(installed.begin(), installed.end(), [&](const InstalledHook& h) {
      return h.event == w.event && h.args.size() >= 2 && h.args[1] == w.arg &&
             (w.matcher.empty() ? (h.matcher.empty() || h.matcher == "*") : covers(h.matcher, w.matcher));
    });
    if (!ok) missing += (missing.empty() ? "" : ", ") + w.event + (w.matcher.empty() ? "" : " [" + w.matcher + "]");
  }
  if (!missing.empty()) {
    c.reason = t.settings + ": no memsim entry for " + missing + " (home " + spec.home + ")";
    return c;
  }
  c.ok = true;
  c.reason = t.settings + ": memsim entries for PreToolUse [" + pre_tool_use_matchers(spec).front() +
             "], SessionStart, UserPromptSubmit, SessionEnd";
  return c;
}

namespace {

// A harness's hooks file holds a memsim handler, on every tool, for each
// (harness event, memsim event) of `wants`.
VerifyCheck check_hook_file(FileSystem& fs, VerifyCheck c, const std::string& path,
                            const std::function<Result<std::vector<InstalledHook>>(const std::string&)>& find,
                            const std::vector<std::pair<std::string, std::string>>& wants,
                            std::vector<InstalledHook>& installed) {
  auto info = fs.stat(path);
  if (!info.ok() || info->kind != FileKind::kRegular) return failed(std::move(c), path + ": no such file");
  auto text = fs.read_file(path);
  if (!text.ok()) return failed(std::move(c), text.message());
  auto found = find(*text);
  if (!found.ok()) return failed(std::move(c), found.message());
  installed = *found;
  std::string missing, present;
  for (const auto& want : wants) {
    const bool ok = std::any_of(installed.begin(), installed.end(), [&](const InstalledHook& h) {
      return h.event == want.first && h.args.size() >= 2 && h.args[1] == want.second &&
             (h.matcher.empty() || h.matcher == "*");
    });
    (ok ? present : missing) += std::string((ok ? present : missing).empty() ? "" : ", ") + want.first;
  }
  if (!missing.empty()) return failed(std::move(c), path + ": no memsim handler for " + missing);
  c.ok = true;
  c.reason = path + ": memsim handlers for " + present + " (every tool)";
  return c;
}

}  // namespace

VerifyCheck check_codex_hooks(FileSystem& fs, const HookSpec& spec, const std::string& path,
                              std::vector<InstalledHook>& installed) {
  return check_hook_file(
      fs, {"codex-hooks", false, {}, "run memsim install-hooks --harness codex --apply in the project"}, path,
      [&](const std::string& text) { return find_codex_installed(text, spec, path); },
      {{"SessionStart", "session-start"},
       {"UserPromptSubmit", "user-prompt-submit"},
       {"PreToolUse", "pre-tool-use"},
       {"SessionEnd", "session-end"}},
      installed);
}

VerifyCheck check_gemini_hooks(FileSystem& fs, const HookSpec& spec, const std::string& path,
                               std::vector<InstalledHook>& installed) {
  return check_hook_file(
      fs, {"gemini-hooks", false, {}, "run memsim install-hooks --harness gemini --apply in the project"}, path,
      [&](const std::string& text) { return find_gemini_installed(text, spec, path); },
      {{"SessionStart", "session-start"},
       {"BeforeAgent", "user-prompt-submit"},
       {"AfterTool", "pre-tool-use"},
       {"SessionEnd", "session-end"}},
      installed);
}

VerifyCheck check_command(const std::vector<InstalledHook>& installed, const std::string& path,
                          const std::string& scratch) {
  VerifyCheck c{"command", false, {}, {}};
  c.fix = "put memsim on PATH (the README's first command does), or " + kFixInstall +
          " with --command pointing at a built memsim";
  std::set<std::string> commands;
  for (const auto& h : installed) commands.insert(h.command);
  if (commands.empty()) return failed(std::move(c), "no memsim command in the settings");
  std::string found;
  for (const std::string& cmd : commands) {
    // Claude Code looks a bare name up on PATH, as a shell would.
    const std::string program = find_program(cmd, path);
    if (program.empty())
      return failed(std::move(c),
                    cmd + (cmd.find('/') == std::string::npos ? ": not found on PATH" : ": not an executable file") +
                        " (the hooks would fail with exit 127, silently)");
    auto r = run_process({program, "--version"}, "", {}, scratch);
    if (!r.ok()) return failed(std::move(c), r.message());
    if (r->exit_code != 0 || !r->out.starts_with("memsim"))
      return failed(std::move(c), cmd + " --version: exit " + std::to_string(r->exit_code) + ", not memsim");
    if (found.empty()) found = program == cmd ? cmd : cmd + " (" + program + ")";
  }
  c.ok = true;
  c.reason = found + " runs (" + std::to_string(commands.size()) + " distinct command)";
  return c;
}

VerifyCheck check_home_layout(FileSystem& fs, const Home& home) {
  VerifyCheck c{"home", false, {}, {}};
  c.fix = "run `memsim init --apply --home " + home.root() + "`";
  if (Status s = check_home(fs, home); !s.ok()) return failed(std::move(c), s.message());
  for (const std::string& dir :
       {home.memory_dir(), home.short_term_dir(), home.dream_journal_dir(), home.lenses_dir(), home.runtime_dir()}) {
    auto info = fs.stat(dir);
    if (!info.ok() || info->kind != FileKind::kDirectory) return failed(std::move(c), dir + ": missing directory");
  }
  if (::access(home.runtime_dir().c_str(), W_OK) != 0)
    return failed(std::move(c), home.runtime_dir() + ": not writable (touches would be lost)");
  auto id = fs.stat(home.identity_path());
  if (!id.ok() || id->kind != FileKind::kRegular) return failed(std::move(c), home.identity_path() + ": missing");
  c.ok = true;
  c.reason = home.root() + ": memory/, short-term/, dream-journal/, lenses/, runtime/ (writable), identity.md";
  return c;
}

// What transcripts said before review, and what the harness sent, are the owner's
// alone (is_private_dir); a directory another user can enter exposes all of it.
VerifyCheck check_private(FileSystem& fs, const Home& home) {
  VerifyCheck c{"private", false, {}, {}};
  std::vector<std::string> open;
  for (const std::string& dir : {home.candidates_dir(), home.staged_dir(), home.runtime_dir()}) {
    auto info = fs.stat(dir);
    if (info.ok() && info->kind == FileKind::kDirectory && (info->mode & 077) != 0) open.push_back(dir);
  }
  if (open.empty()) {
    c.ok = true;
    c.reason = "candidates/, staged/ and runtime/ are the owner's alone (or not made yet)";
    return c;
  }
  std::string dirs;
  for (const std::string& d : open) dirs += (dirs.empty() ? "" : " ") + d;
  c.reason = dirs + ": readable by other users (captured text and hook payloads live here)";
  c.fix = "chmod -R go= " + dirs;
  return c;
}

VerifyCheck check_index(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy) {
  VerifyCheck c{"index", false, {}, {}};
  c.fix = "run `memsim index --home " + home.root() + "`";
  const std::string path = home.index_path();
  auto info = fs.stat(path);
  if (!info.ok() || info->kind != FileKind::kRegular) return failed(std::move(c), path + ": missing");
  auto entries = fs.list_dir(home.memory_dir());
  if (!entries.ok()) return failed(std::move(c), entries.message());
  for (const DirEntry& e : *entries) {
    if (e.kind != FileKind::kRegular || !is_memory_name(e.name)) continue;
    auto fi = fs.stat(home.memory_path(e.name));
    if (fi.ok() && fi->mtime > info->mtime)
      return failed(std::move(c), path + ": stale (memory/" + e.name + " changed after it was written)");
  }
  if (clock.now() - info->mtime > kIndexMaxAge)
    return failed(std::move(c), path + ": stale (written " + format_instant(info->mtime) + ", over 2 days ago)");
  auto text = fs.read_file(path);
  if (!text.ok()) return failed(std::move(c), text.message());
  // Each band within its budget, pins included (a pin has its place only inside
  // the budget), and no New row over its cap: SPEC section 5.
  const ParsedIndex ix = parse_index(*text);
  for (const std::string& row : ix.fresh.rows)
    if (static_cast<int>(row.size()) > policy.new_row_cap)
      return failed(std::move(c), path + ": a New row is over " + std::to_string(policy.new_row_cap) + " bytes");
  for (const auto& [name, band, budget] :
       {std::tuple{"Hot", &ix.hot, policy.hot_budget}, std::tuple{"New", &ix.fresh, policy.new_budget},
        std::tuple{"Cold", &ix.cold, policy.cold_budget}})
    if (band->bytes > budget)
      return failed(std::move(c), path + ": " + name + " is over its " + std::to_string(budget) + "-byte budget");
  auto rep = reindex(fs, home, clock, policy, {.write = false});
  if (!rep.ok()) return failed(std::move(c), rep.message());
  if (!rep->index.unfit_pins.empty()) {
    c.fix = "unpin a memory or shorten a pinned summary, then run `memsim index --home " + home.root() + "`";
    c.reason =
        "memory/" + render_name(rep->index.unfit_pins[0], 300) + " is pinned but does not fit in the " +
        std::to_string(policy.hot_budget) + "-byte Hot band" +
        (rep->index.unfit_pins.size() > 1 ? " (and " + std::to_string(rep->index.unfit_pins.size() - 1) + " more pins)"
                                          : "");
    return c;
  }
  c.ok = true;
  c.reason = path + ": fresh; Hot " + std::to_string(ix.hot.bytes) + "/" + std::to_string(policy.hot_budget) +
             ", New " + std::to_string(ix.fresh.bytes) + "/" + std::to_string(policy.new_budget) + ", Cold " +
             std::to_string(ix.cold.bytes) + "/" + std::to_string(policy.cold_budget) + " bytes";
  return c;
}

VerifyCheck check_auto_memory(FileSystem& fs, const Targets& t) {
  VerifyCheck c{"auto-memory", false, {}, kFixInstall};
  auto text = fs.read_file(t.settings);
  if (!text.ok()) return failed(std::move(c), t.settings + ": no such settings file");
  const nlohmann::json j = nlohmann::json::parse(*text, nullptr, false);
  const bool env_off = j.is_object() && j.contains("env") && j["env"].is_object() &&
                       j["env"].contains("CLAUDE_CODE_DISABLE_AUTO_MEMORY") &&
                       j["env"]["CLAUDE_CODE_DISABLE_AUTO_MEMORY"] == "1";
  if (auto_memory_setting(*text) != false && !env_off)
    return failed(std::move(c), t.settings +
                                    ": Claude Code's own auto memory is on, so \"remember X\" lands in "
                                    "~/.claude/projects/.../memory/, which memsim never ranks or indexes");
  c.ok = true;
  c.reason = t.settings + (env_off ? ": CLAUDE_CODE_DISABLE_AUTO_MEMORY=1" : ": autoMemoryEnabled is false") +
             "; memsim is the only memory";
  return c;
}

VerifyCheck check_claude_md(FileSystem& fs, const Home& home, const Targets& t) {
  VerifyCheck c{"claude-md", false, {}, {}};
  c.fix = kFixInstall;
  auto text = fs.read_file(t.claude_md);
  if (!text.ok()) return failed(std::move(c), t.claude_md + ": missing");
  const std::string import = claude_md_import(*text);
  // A shared install (--profile shared) keeps the index out of CLAUDE.md on purpose.
  auto settings = fs.read_file(t.settings);
  if (settings.ok() && settings_shared(*settings)) {
    if (!import.empty() || text->find(kSharedBlockLine) == std::string::npos)
      return failed(std::move(c), t.claude_md + ": the settings say shared, but the block is not the shared one");
    c.ok = true;
    c.reason = t.claude_md + ": shared profile, MEMORY.md deliberately not imported";
    return c;
  }
  if (import.empty()) return failed(std::move(c), t.claude_md + ": no memsim import block");
  std::string target = import;
  if (target.starts_with("~/") && std::getenv("HOME")) target = std::string(std::getenv("HOME")) + target.substr(1);
  else if (target.front() != '/') target = t.claude_md.substr(0, t.claude_md.rfind('/') + 1) + target;
  auto real = fs.real_path(target);
  auto index = fs.real_path(home.index_path());
  if (!real.ok()) return failed(std::move(c), t.claude_md + ": @" + import + " leads nowhere");
  if (!index.ok() || *real != *index)
    return failed(std::move(c), t.claude_md + ": @" + import + " is not this home's MEMORY.md");
  c.ok = true;
  c.reason = t.claude_md + ": @" + import + " -> " + *index;
  return c;
}

VerifyCheck check_synthetic_touch(FileSystem& fs, const Home& user_home, const Clock& clock,
                                  const std::vector<InstalledHook>& installed, const Policy& policy,
                                  const std::string& scratch) {
  VerifyCheck c{"synthetic-touch", false, {}, {}};
  c.fix = kFixInstall + "; then see " + user_home.runtime_dir() + "/hook-errors.log";
  auto hook = std::find_if(installed.begin(), installed.end(), [](const InstalledHook& h) {
    // The memsim event, whichever harness event runs it (Gemini's is AfterTool).
    return h.args.size() >= 2 && h.args[1] == "pre-tool-use" &&
           (h.matcher.empty() || h.matcher == "*" || std::ranges::count(detail::matcher_words(h.matcher), "Read") > 0);
  });
  if (hook == installed.end()) return failed(std::move(c), "no pre-tool-use entry for Read in the settings");
  Home home(join_path(scratch, "home"));
  if (Status s = copy_memories(fs, user_home, home); !s.ok()) return failed(std::move(c), s.message());
  std::string name;
  auto entries = fs.list_dir(home.memory_dir());
  if (entries.ok())
    for (const DirEntry& e : *entries)
      if (is_memory_name(e.name) && (name.empty() || e.name < name)) name = e.name;
  if (name.empty()) {  // a new home: touch a memory of our own
    name = "reference_memsim-verify-install.md";
    if (Status s = fs.write_file(home.memory_path(name),
                                 "---\nname: reference_memsim-verify-install\n"
                                 "type: reference\nsummary: verify-install probe\n"
                                 "created: 2020-01-01\n---\nprobe\n");
        !s.ok())
      return failed(std::move(c), s.message());
    (void)fs.set_mtime(home.memory_path(name), clock.now() - kSecondsPerDay);
  }
  auto before = folded_values(fs, home, clock.now(), policy, name);
  if (!before.ok()) return failed(std::move(c), before.message());
  // A touch inside the spacing gate would not reinforce: touch just past it.
  Seconds t = clock.now();
  if (before->last_reinforced) t = std::max(t, *before->last_reinforced + policy.spacing_gate + 1);
  if (before->last_accessed) t = std::max(t, *before->last_accessed + 1);

  std::vector<std::string> argv{hook->command};
  for (std::size_t i = 0; i < hook->args.size(); ++i) {
    argv.push_back(hook->args[i]);
    if (hook->args[i] == "--home" && i + 1 < hook->args.size()) argv.push_back(home.root()), ++i;
  }
  nlohmann::json payload = {{"session_id", "memsim-verify-install"},
                            {"transcript_path", join_path(scratch, "transcript.jsonl")},
                            {"cwd", scratch},
                            {"permission_mode", "default"},
                            {"hook_event_name", "PreToolUse"},
                            {"tool_name", "Read"},
                            {"tool_input", {{"file_path", home.memory_path(name)}}},
                            {"tool_use_id", "toolu_memsim_verify"}};
  // Codex's agent reads a file through its shell; Gemini's read tool has a name of its own.
  if (std::ranges::count(hook->args, "codex") > 0) {
    payload["tool_name"] = "Bash";
    payload["tool_input"] = {{"command", "cat '" + home.memory_path(name) + "'"}};
  }
  if (std::ranges::count(hook->args, "gemini") > 0) {
    payload["hook_event_name"] = "AfterTool";
    payload["tool_name"] = "read_file";
  }
  auto run =
      run_process(argv, dump_json(payload),
                  {{"MEMSIM_NOW", format_instant(t)}, {"MEMSIM_HOOKS", "1"}, {"MEMSIM_PRETOOLUSE", "1"}}, scratch);
  if (!run.ok()) return failed(std::move(c), run.message());
  auto errors = fs.read_file(home.hook_errors_path());
  if (run->exit_code != 0)
    return failed(std::move(c), "the hook exited " + std::to_string(run->exit_code) + " (hooks must exit 0)");
  auto journal = read_journal(fs, home);
  const bool journaled = journal.ok() && journal->touches.size() == 1 && journal->touches[0].filename == name;
  if (!journaled)
    return failed(std::move(c), "a Read of memory/" + name + " did not reach the journal" +
                                    (errors.ok() ? "; hook-errors.log: " + errors->substr(0, 200) : ""));
  auto after = folded_values(fs, home, t + 1, policy, name);
  if (!after.ok()) return failed(std::move(c), after.message());
  if (after->access_count != before->access_count + 1)
    return failed(std::move(c), "memory/" + name + ": access_count " + std::to_string(before->access_count) + " -> " +
                                    std::to_string(after->access_count) + " after the fold (expected +1)");
  c.ok = true;
  c.reason = "Read of memory/" + name + " through `" + hook->command + " " + hook->args[0] + " " + hook->args[1] +
             "` reached the journal; folded: access_count " + std::to_string(before->access_count) + " -> " +
             std::to_string(after->access_count) + ", stability " + format_stability(before->stability) + " -> " +
             format_stability(after->stability) + " (on a scratch copy)";
  return c;
}

// The nightly crontab block, when installed (or when --cron asks for it): the
// tick line runs an executable memsim on this home, and the wake, when installed,
// runs five minutes after it. An absent block is no failure unless asked for:
// cron is optional.
std::optional<VerifyCheck> check_cron(const std::string& home, const Result<std::string>& tab, bool required) {
  VerifyCheck c{"cron", false, "", "run `memsim install-hooks --cron --apply`"};
  if (!tab.ok()) {
    if (!required) return std::nullopt;
    c.fix = "install cron (Debian: apt install cron), then run `memsim install-hooks --cron --apply`";
    return failed(std::move(c), tab.message());
  }
  const std::string block = find_cron_block(*tab, home);
  if (block.empty()) {
    if (!required) return std::nullopt;
    return failed(std::move(c), "the crontab has no memsim block for " + home);
  }
  std::vector<std::string> lines;
  std::istringstream in(block);
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  auto minute_of_day = [](const std::string& line) {
    int m = -1, h = -1;
    return std::sscanf(line.c_str(), "%d %d", &m, &h) == 2 ? h * 60 + m : -1;
  };
  if (lines.empty() || lines.size() > 2 || lines[0].find("' tick ") == std::string::npos ||
      lines[0].find(" --home ") == std::string::npos)
    return failed(std::move(c), "the memsim block in the crontab is not a tick line and at most a wake line");
  const int tick = minute_of_day(lines[0]);
  if (tick < 0) return failed(std::move(c), "the tick line has no time of day");
  if (lines.size() == 2 && minute_of_day(lines[1]) != (tick + 5) % (24 * 60))
    return failed(std::move(c), "the wake must run five minutes after the tick (the tick writes the cue it reads)");
  const std::size_t start = lines[0].find("&& '"), stop = lines[0].find("' tick ");
  const std::string program = start == std::string::npos || stop == std::string::npos
                                  ? std::string()
                                  : lines[0].substr(start + 4, stop - start - 4);
  if (program.empty() || ::access(program.c_str(), X_OK) != 0)
    return failed(std::move(c), "the tick runs '" + program + "', which is not an executable file");
  c.ok = true;
  c.reason = "the tick runs " + program + " at " + lines[0].substr(0, lines[0].find(" * ")) + " (minute hour)" +
             (lines.size() == 2 ? " and the wake five minutes later" : ", without the wake");
  return c;
}

}  // namespace memsim::install
