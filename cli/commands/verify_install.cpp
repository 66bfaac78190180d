// memsim verify-install: prove the policy is wired, check by check. Each check
// prints PASS or FAIL with the reason, and the fix when it fails; the exit code
// is 0 only when every check passes (1 otherwise, 2 when it could not run).
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <set>
#include <sstream>
#include <optional>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "commands/install_plan.h"
#include "commands/verify_live.h"
#include "memsim/journal.h"
#include "memsim/json_io.h"
#include "memsim/render.h"
#include "memsim/lens.h"
#include "memsim/memory_file.h"
#include "memsim/process.h"
#include "memsim/reindex.h"
#include "memsim/timefmt.h"

namespace memsim::cli {

namespace {

// MEMORY.md older than this is stale even when no memory changed: the nightly
// tick regenerates it every day.
constexpr Seconds kIndexMaxAge = 2 * kSecondsPerDay;
const std::string kFixInstall = "run `memsim install-hooks --apply` (same --scope/--settings/--project)";

using Check = VerifyCheck;

std::set<std::string> words(const std::string& matcher) {
  std::set<std::string> out;
  std::size_t p = 0;
  for (std::size_t q; (q = matcher.find('|', p)) != std::string::npos; p = q + 1) out.insert(matcher.substr(p, q - p));
  out.insert(matcher.substr(p));
  return out;
}

bool is_word_list(const std::string& m) {
  return !m.empty() && std::all_of(m.begin(), m.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '|';
  });
}

// Whether an installed matcher covers an expected one (a word list covers the
// words it lists; a regex only itself).
bool covers(const std::string& installed, const std::string& expected) {
  if (installed == expected) return true;
  if (!is_word_list(installed) || !is_word_list(expected)) return false;
  const auto have = words(installed);
  for (const std::string& w : words(expected))
    if (!have.contains(w)) return false;
  return true;
}

Check check_settings(Context& ctx, const hooks::HookSpec& spec, const hooks::Targets& t,
                     std::vector<hooks::InstalledHook>& installed) {
  Check c{"settings", false, {}, {}};
  c.fix = kFixInstall;
  auto info = ctx.fs.stat(t.settings);
  if (!info.ok() || info->kind != FileKind::kRegular) {
    c.reason = t.settings + ": no such settings file";
    return c;
  }
  auto text = ctx.fs.read_file(t.settings);
  if (!text.ok()) return c.reason = text.message(), c;
  auto found = hooks::find_installed(*text, spec.home, t.settings);
  if (!found.ok()) return c.reason = found.message(), c;
  installed = *found;
  struct Want {
    std::string event, matcher, arg;
  };
  std::vector<Want> wants;
  for (const std::string& m : hooks::pre_tool_use_matchers(spec)) wants.push_back({"PreToolUse", m, "pre-tool-use"});
  wants.push_back({"SessionStart", "", "session-start"});
  wants.push_back({"UserPromptSubmit", "", "user-prompt-submit"});
  wants.push_back({"SessionEnd", "", "session-end"});
  std::string missing;
  for (const Want& w : wants) {
    bool ok = std::any_of(installed.begin(), installed.end(), [&](const hooks::InstalledHook& h) {
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
  c.reason = t.settings + ": memsim entries for PreToolUse [" + hooks::pre_tool_use_matchers(spec).front() +
             "], SessionStart, UserPromptSubmit, SessionEnd";
  return c;
}

Check check_command(const std::vector<hooks::InstalledHook>& installed, const std::string& scratch) {
  Check c{"command", false, {}, {}};
  c.fix = kFixInstall + " with --command pointing at a built memsim";
  std::set<std::string> commands;
  for (const auto& h : installed) commands.insert(h.command);
  if (commands.empty()) return c.reason = "no memsim command in the settings", c;
  for (const std::string& cmd : commands) {
    if (cmd.empty() || cmd.front() != '/' || ::access(cmd.c_str(), X_OK) != 0)
      return c.reason = cmd + ": not an executable file (the hooks would fail with exit 127, silently)", c;
    auto r = hooks::run_process({cmd, "--version"}, "", {}, scratch);
    if (!r.ok()) return c.reason = r.message(), c;
    if (r->exit_code != 0 || !r->out.starts_with("memsim"))
      return c.reason = cmd + " --version: exit " + std::to_string(r->exit_code) + ", not memsim", c;
  }
  c.ok = true;
  c.reason = *commands.begin() + " runs (" + std::to_string(commands.size()) + " distinct command)";
  return c;
}

Check check_home_layout(Context& ctx) {
  Check c{"home", false, {}, {}};
  c.fix = "run `memsim init --apply --home " + ctx.home.root() + "`";
  if (Status s = check_home(ctx.fs, ctx.home); !s.ok()) return c.reason = s.message(), c;
  for (const std::string& dir : {ctx.home.memory_dir(), ctx.home.short_term_dir(), ctx.home.dream_journal_dir(),
                                 ctx.home.lenses_dir(), ctx.home.runtime_dir()}) {
    auto info = ctx.fs.stat(dir);
    if (!info.ok() || info->kind != FileKind::kDirectory) return c.reason = dir + ": missing directory", c;
  }
  if (::access(ctx.home.runtime_dir().c_str(), W_OK) != 0)
    return c.reason = ctx.home.runtime_dir() + ": not writable (touches would be lost)", c;
  auto id = ctx.fs.stat(ctx.home.identity_path());
  if (!id.ok() || id->kind != FileKind::kRegular) return c.reason = ctx.home.identity_path() + ": missing", c;
  c.ok = true;
  c.reason = ctx.home.root() + ": memory/, short-term/, dream-journal/, lenses/, runtime/ (writable), identity.md";
  return c;
}

// What transcripts said before review, and what the harness sent, are the owner's
// alone (is_private_dir); a directory another user can enter exposes all of it.
Check check_private(Context& ctx) {
  Check c{"private", false, {}, {}};
  std::vector<std::string> open;
  for (const std::string& dir : {ctx.home.candidates_dir(), ctx.home.staged_dir(), ctx.home.runtime_dir()}) {
    auto info = ctx.fs.stat(dir);
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

Check check_index(Context& ctx, const Policy& policy) {
  Check c{"index", false, {}, {}};
  c.fix = "run `memsim index --home " + ctx.home.root() + "`";
  const std::string path = ctx.home.index_path();
  auto info = ctx.fs.stat(path);
  if (!info.ok() || info->kind != FileKind::kRegular) return c.reason = path + ": missing", c;
  auto entries = ctx.fs.list_dir(ctx.home.memory_dir());
  if (!entries.ok()) return c.reason = entries.message(), c;
  for (const DirEntry& e : *entries) {
    if (e.kind != FileKind::kRegular || !is_memory_name(e.name)) continue;
    auto fi = ctx.fs.stat(ctx.home.memory_path(e.name));
    if (fi.ok() && fi->mtime > info->mtime)
      return c.reason = path + ": stale (memory/" + e.name + " changed after it was written)", c;
  }
  if (ctx.clock->now() - info->mtime > kIndexMaxAge)
    return c.reason = path + ": stale (written " + format_instant(info->mtime) + ", over 2 days ago)", c;
  auto text = ctx.fs.read_file(path);
  if (!text.ok()) return c.reason = text.message(), c;
  // Walk the bands: an unpinned row past its band's budget breaks SPEC section 5.
  const std::vector<std::pair<std::string, int>> bands = {
      {"## Hot", policy.hot_budget}, {"## New", policy.new_budget}, {"## Cold", policy.cold_budget}};
  int band = -1;
  long used = 0;
  std::string_view t = *text;
  std::vector<long> totals(3, 0);
  for (std::size_t p = 0; p < t.size();) {
    std::size_t nl = t.find('\n', p);
    std::size_t stop = nl == std::string_view::npos ? t.size() : nl + 1;
    std::string_view line = t.substr(p, stop - p);
    p = stop;
    if (line.starts_with("## ")) {
      band = -1;
      used = 0;
      for (std::size_t b = 0; b < bands.size(); ++b)
        if (line.substr(0, line.find_last_not_of("\r\n") + 1) == bands[b].first) band = static_cast<int>(b);
      continue;
    }
    if (band < 0 || !line.starts_with("- ")) continue;
    used += static_cast<long>(line.size());
    totals[static_cast<std::size_t>(band)] = used;
    if (band == 1 && static_cast<int>(line.size()) > policy.new_row_cap)
      return c.reason = path + ": a New row is over " + std::to_string(policy.new_row_cap) + " bytes", c;
    // Pins included: a pin has its place only inside the budget.
    if (used > bands[static_cast<std::size_t>(band)].second)
      return c.reason = path + ": " + bands[static_cast<std::size_t>(band)].first.substr(3) + " is over its " +
                        std::to_string(bands[static_cast<std::size_t>(band)].second) + "-byte budget",
             c;
  }
  auto rep = reindex(ctx.fs, ctx.home, *ctx.clock, policy, {.write = false});
  if (!rep.ok()) return c.reason = rep.message(), c;
  if (!rep->index.unfit_pins.empty()) {
    c.fix = "unpin a memory or shorten a pinned summary, then run `memsim index --home " + ctx.home.root() + "`";
    c.reason = "memory/" + render_name(rep->index.unfit_pins[0], 300) + " is pinned but does not fit in the " +
               std::to_string(policy.hot_budget) + "-byte Hot band" +
               (rep->index.unfit_pins.size() > 1 ? " (and " + std::to_string(rep->index.unfit_pins.size() - 1) +
                                                       " more pins)"
                                                 : "");
    return c;
  }
  c.ok = true;
  c.reason = path + ": fresh; Hot " + std::to_string(totals[0]) + "/" + std::to_string(policy.hot_budget) +
             ", New " + std::to_string(totals[1]) + "/" + std::to_string(policy.new_budget) + ", Cold " +
             std::to_string(totals[2]) + "/" + std::to_string(policy.cold_budget) + " bytes";
  return c;
}

Check check_claude_md(Context& ctx, const hooks::Targets& t) {
  Check c{"claude-md", false, {}, {}};
  c.fix = kFixInstall;
  auto text = ctx.fs.read_file(t.claude_md);
  if (!text.ok()) return c.reason = t.claude_md + ": missing", c;
  const std::string import = hooks::claude_md_import(*text);
  // A shared install (--profile shared) keeps the index out of CLAUDE.md on purpose.
  auto settings = ctx.fs.read_file(t.settings);
  if (settings.ok() && hooks::settings_shared(*settings)) {
    if (!import.empty() || text->find(hooks::kSharedBlockLine) == std::string::npos)
      return c.reason = t.claude_md + ": the settings say shared, but the block is not the shared one", c;
    c.ok = true;
    c.reason = t.claude_md + ": shared profile, MEMORY.md deliberately not imported";
    return c;
  }
  if (import.empty()) return c.reason = t.claude_md + ": no memsim import block", c;
  std::string target = import;
  if (target.starts_with("~/") && std::getenv("HOME")) target = std::string(std::getenv("HOME")) + target.substr(1);
  else if (target.front() != '/') target = t.claude_md.substr(0, t.claude_md.rfind('/') + 1) + target;
  auto real = ctx.fs.real_path(target);
  auto index = ctx.fs.real_path(ctx.home.index_path());
  if (!real.ok()) return c.reason = t.claude_md + ": @" + import + " leads nowhere", c;
  if (!index.ok() || *real != *index)
    return c.reason = t.claude_md + ": @" + import + " is not this home's MEMORY.md", c;
  c.ok = true;
  c.reason = t.claude_md + ": @" + import + " -> " + *index;
  return c;
}

// Copies the T2 files (mtimes kept) and policy.yaml into a scratch home.
Status copy_memories(FileSystem& fs, const Home& from, const Home& to) {
  for (const std::string& d : {to.root(), to.memory_dir(), to.runtime_dir()})
    MEMSIM_TRY(fs.make_dir(d));
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

Check check_synthetic_touch(Context& ctx, const std::vector<hooks::InstalledHook>& installed, const Policy& policy,
                            const std::string& scratch) {
  Check c{"synthetic-touch", false, {}, {}};
  c.fix = kFixInstall + "; then see " + ctx.home.runtime_dir() + "/hook-errors.log";
  auto hook = std::find_if(installed.begin(), installed.end(), [](const hooks::InstalledHook& h) {
    return h.event == "PreToolUse" && h.args.size() >= 2 && h.args[1] == "pre-tool-use" &&
           words(h.matcher).contains("Read");
  });
  if (hook == installed.end()) return c.reason = "no PreToolUse entry for Read in the settings", c;
  Home home(join_path(scratch, "home"));
  if (Status s = copy_memories(ctx.fs, ctx.home, home); !s.ok()) return c.reason = s.message(), c;
  std::string name;
  auto entries = ctx.fs.list_dir(home.memory_dir());
  if (entries.ok())
    for (const DirEntry& e : *entries)
      if (is_memory_name(e.name) && (name.empty() || e.name < name)) name = e.name;
  if (name.empty()) {  // a new home: touch a memory of our own
    name = "reference_memsim-verify-install.md";
    if (Status s = ctx.fs.write_file(home.memory_path(name), "---\nname: reference_memsim-verify-install\n"
                                                            "type: reference\nsummary: verify-install probe\n"
                                                            "created: 2020-01-01\n---\nprobe\n");
        !s.ok())
      return c.reason = s.message(), c;
    (void)ctx.fs.set_mtime(home.memory_path(name), ctx.clock->now() - kSecondsPerDay);
  }
  auto before = folded_values(ctx.fs, home, ctx.clock->now(), policy, name);
  if (!before.ok()) return c.reason = before.message(), c;
  // A touch inside the spacing gate would not reinforce: touch just past it.
  Seconds t = ctx.clock->now();
  if (before->last_reinforced) t = std::max(t, *before->last_reinforced + policy.spacing_gate + 1);
  if (before->last_accessed) t = std::max(t, *before->last_accessed + 1);

  std::vector<std::string> argv{hook->command};
  for (std::size_t i = 0; i < hook->args.size(); ++i) {
    argv.push_back(hook->args[i]);
    if (hook->args[i] == "--home" && i + 1 < hook->args.size()) argv.push_back(home.root()), ++i;
  }
  const nlohmann::json payload = {{"session_id", "memsim-verify-install"},
                                  {"transcript_path", join_path(scratch, "transcript.jsonl")},
                                  {"cwd", scratch},
                                  {"permission_mode", "default"},
                                  {"hook_event_name", "PreToolUse"},
                                  {"tool_name", "Read"},
                                  {"tool_input", {{"file_path", home.memory_path(name)}}},
                                  {"tool_use_id", "toolu_memsim_verify"}};
  auto run = hooks::run_process(argv, dump_json(payload),
                                {{"MEMSIM_NOW", format_instant(t)}, {"MEMSIM_HOOKS", "1"}, {"MEMSIM_PRETOOLUSE", "1"}},
                                scratch);
  if (!run.ok()) return c.reason = run.message(), c;
  auto errors = ctx.fs.read_file(home.hook_errors_path());
  if (run->exit_code != 0)
    return c.reason = "the hook exited " + std::to_string(run->exit_code) + " (hooks must exit 0)", c;
  auto journal = read_journal(ctx.fs, home);
  const bool journaled = journal.ok() && journal->touches.size() == 1 && journal->touches[0].filename == name;
  if (!journaled)
    return c.reason = "a Read of memory/" + name + " did not reach the journal" +
                      (errors.ok() ? "; hook-errors.log: " + errors->substr(0, 200) : ""),
           c;
  auto after = folded_values(ctx.fs, home, t + 1, policy, name);
  if (!after.ok()) return c.reason = after.message(), c;
  if (after->access_count != before->access_count + 1)
    return c.reason = "memory/" + name + ": access_count " + std::to_string(before->access_count) + " -> " +
                      std::to_string(after->access_count) + " after the fold (expected +1)",
           c;
  c.ok = true;
  c.reason = "Read of memory/" + name + " through `" + hook->command + " " + hook->args[0] + " " + hook->args[1] +
             "` reached the journal; folded: access_count " + std::to_string(before->access_count) + " -> " +
             std::to_string(after->access_count) + ", stability " + format_stability(before->stability) + " -> " +
             format_stability(after->stability) + " (on a scratch copy)";
  return c;
}

// The nightly crontab block, when installed (or when --cron asks for it): the
// tick line runs an executable memsim on this home, and the wake runs five minutes
// after it. An absent block is no failure unless asked for: cron is optional.
std::optional<Check> check_cron(const hooks::HookSpec& spec, bool required, const std::string& scratch) {
  Check c{"cron", false, "", "run `memsim install-hooks --cron --apply`"};
  auto tab = read_crontab(scratch);
  if (!tab.ok()) {
    if (!required) return std::nullopt;
    c.fix = "install cron (Debian: apt install cron), then run `memsim install-hooks --cron --apply`";
    return c.reason = tab.message(), c;
  }
  const std::string block = hooks::find_cron_block(*tab, spec.home);
  if (block.empty()) {
    if (!required) return std::nullopt;
    return c.reason = "the crontab has no memsim block for " + spec.home, c;
  }
  std::vector<std::string> lines;
  std::istringstream in(block);
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  auto minute_of_day = [](const std::string& line) {
    int m = -1, h = -1;
    return std::sscanf(line.c_str(), "%d %d", &m, &h) == 2 ? h * 60 + m : -1;
  };
  if (lines.size() != 2 || lines[0].find(" tick --commit --home ") == std::string::npos)
    return c.reason = "the memsim block in the crontab is not a tick line and a wake line", c;
  const int tick = minute_of_day(lines[0]), wake = minute_of_day(lines[1]);
  if (tick < 0 || wake != (tick + 5) % (24 * 60))
    return c.reason = "the wake must run five minutes after the tick (the tick writes the cue it reads)", c;
  const std::size_t start = lines[0].find("&& '"), stop = lines[0].find("' tick ");
  const std::string program = start == std::string::npos || stop == std::string::npos
                                  ? std::string()
                                  : lines[0].substr(start + 4, stop - start - 4);
  if (program.empty() || ::access(program.c_str(), X_OK) != 0)
    return c.reason = "the tick runs '" + program + "', which is not an executable file", c;
  c.ok = true;
  c.reason = "the tick runs " + program + " at " + lines[0].substr(0, lines[0].find(" * ")) +
             " (minute hour) and the wake five minutes later";
  return c;
}

}  // namespace

Command register_verify_install(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("verify-install", "prove the hooks are wired: each check PASS or FAIL, with the fix");
  add_common_options(sub, common);
  struct Args {
    std::string settings, claude_md, command, project, scope = "project";
    std::string claude;
    bool cron = false, live = false;
  };
  auto a = std::make_shared<Args>();
  sub->add_flag("--cron", a->cron, "require the nightly crontab block (checked whenever it is installed)");
  sub->add_flag("--live", a->live,
                "also run the installed claude against a scripted model in a scratch copy of the project "
                "(no network, no login) and report what the model receives");
  sub->add_option("--claude", a->claude, "the claude executable for --live (default: $MEMSIM_CLAUDE, else PATH)");
  add_target_options(sub, a->settings, a->claude_md, a->command, a->project, a->scope);
  return {sub, [a](Context& ctx) -> int {
            std::vector<Check> checks;
            checks.push_back(check_home_layout(ctx));
            checks.push_back(check_private(ctx));
            if (!checks.back().ok) {
              // Nothing else can be checked without a home.
            } else {
              auto plan = install_plan(ctx, a->scope, a->settings, a->claude_md, a->command, a->project);
              if (!plan.ok()) return ctx.fail(plan.message());
              const auto& [spec, targets] = *plan;
              auto policy = ctx.policy();
              if (!policy.ok()) return ctx.fail(policy.message());
              std::string tmpl = (std::filesystem::temp_directory_path() / "memsim-verify-XXXXXX").string();
              if (!::mkdtemp(tmpl.data())) return ctx.fail("cannot create a scratch directory");
              const std::string scratch = tmpl;
              std::vector<hooks::InstalledHook> installed;
              checks.push_back(check_settings(ctx, spec, targets, installed));
              checks.push_back(check_command(installed, scratch));
              checks.push_back(check_index(ctx, *policy));
              checks.push_back(check_claude_md(ctx, targets));
              checks.push_back(check_synthetic_touch(ctx, installed, *policy, scratch));
              if (auto cron = check_cron(spec, a->cron, scratch)) checks.push_back(*cron);
              if (a->live) {
                auto settings = ctx.fs.read_file(targets.settings);
                const bool shared = settings.ok() && hooks::settings_shared(*settings);
                for (Check& c : live_checks(ctx, installed, shared, a->claude, scratch)) checks.push_back(std::move(c));
              }
              std::error_code ec;
              std::filesystem::remove_all(scratch, ec);
            }
            const bool all = std::all_of(checks.begin(), checks.end(), [](const Check& c) { return c.ok; });
            if (ctx.json) {
              nlohmann::json j = nlohmann::json::array();
              for (const Check& c : checks)
                j.push_back({{"check", c.name}, {"ok", c.ok}, {"reason", c.reason}, {"fix", c.ok ? "" : c.fix}});
              ctx.out << dump_json(nlohmann::json{{"ok", all}, {"checks", j}}, 2) << "\n";
            } else {
              for (const Check& c : checks) {
                ctx.out << (c.ok ? "PASS " : "FAIL ") << c.name << ": " << c.reason << "\n";
                if (!c.ok) ctx.out << "     fix: " << c.fix << "\n";
              }
              ctx.out << (all ? "verify-install: all checks passed\n" : "verify-install: some checks failed\n");
            }
            return all ? 0 : 1;
          }};
}

}  // namespace memsim::cli
