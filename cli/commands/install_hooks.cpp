// memsim install-hooks [--apply] [--uninstall]: wire the hooks into Claude Code's
// settings and the index into CLAUDE.md. Without --apply, print the exact change.
#include <unistd.h>

#include <cctype>
#include <cstdlib>

#include <nlohmann/json.hpp>

#include "commands/install_plan.h"
#include "commands/repository.h"
#include "commands/user_home.h"
#include "memsim/install_codex.h"
#include "memsim/install_gemini.h"
#include "memsim/journal.h"
#include "memsim/json_io.h"
#include "memsim/lens.h"
#include "memsim/limits.h"
#include "memsim/process.h"
#include "memsim/timefmt.h"

namespace memsim::cli {

namespace {

struct Options {
  bool apply = false, uninstall = false, cron = false, mcp = false, cron_commit = false, cron_wake = false;
  bool no_user_home = false;
  std::string settings, claude_md, command, project, scope = "project", profile = "main", user_home;
  std::string cron_at = "03:00", wake_command;
  std::string harness = "claude-code";
};

struct Change {
  std::string path;
  bool existed = false;
  std::string before, after;
  std::string note;       // said instead of a diff when the file is left as it is
  bool backed_up = true;  // false for our own slash commands: their bytes are ours
};

Result<std::string> read_optional(FileSystem& fs, const std::string& path, bool& existed) {
  auto info = fs.stat(path);
  if (!info.ok()) return info.error();
  existed = info->kind != FileKind::kMissing;
  if (!existed) return std::string();
  if (info->kind != FileKind::kRegular) return Error{path + ": not a regular file"};
  return fs.read_file(path);
}

// A copy of `data`, the file at `path` before install-hooks changed it, kept in
// the home's runtime/backups/ (private, never committed: a project's git add -A
// must not pick backups up) as <file name>.memsim-backup-<YYYYMMDDTHHMMSSZ>,
// numbered when one of that second exists.
Result<std::string> backup(FileSystem& fs, const Home& home, const std::string& path, const std::string& data,
                           Seconds now) {
  MEMSIM_TRY(make_home_dir(fs, home, home.runtime_dir()));
  MEMSIM_TRY(make_home_dir(fs, home, home.backups_dir()));
  std::string stamp;
  for (char c : format_instant(now))
    if (c != '-' && c != ':') stamp += c;
  const std::string base = join_path(home.backups_dir(), base_name(path)) + ".memsim-backup-" + stamp;
  std::string target = base;
  for (int n = 2;; ++n) {
    auto info = fs.stat(target);
    if (!info.ok()) return info.error();
    if (info->kind == FileKind::kMissing) break;
    target = base + "-" + std::to_string(n);
  }
  MEMSIM_TRY(fs.write_file(target, data));
  return target;
}

}  // namespace

// Shared with verify-install: the spec and targets for this home and options.
Result<std::pair<install::HookSpec, install::Targets>> install_plan(Context& ctx, const std::string& scope,
                                                                    const std::string& settings,
                                                                    const std::string& claude_md,
                                                                    const std::string& command,
                                                                    const std::string& project) {
  MEMSIM_TRY(check_home(ctx.fs, ctx.home));
  auto home = ctx.fs.real_path(ctx.home.root());
  if (!home.ok()) return home.error();
  auto project_dir = ctx.fs.real_path(project.empty() ? current_dir() : project);
  if (!project_dir.ok()) return project_dir.error();
  install::HookSpec spec;
  // What a project's files name must hold on every clone and machine: the home
  // below the project through the placeholder, and memsim by name when it is on
  // PATH. User scope writes into the user's own files: absolute paths.
  const bool project_files = scope == "project";
  spec.home = spec.home_path = *home;
  if (project_files && home->starts_with(*project_dir + "/"))
    spec.home = std::string(install::kProjectDirPlaceholder) + home->substr(project_dir->size());
  const char* path = std::getenv("PATH");
  if (!command.empty()) {
    auto c = ctx.fs.real_path(command);
    if (!c.ok()) return Error{command + ": no such program"};
    spec.command = *c;
  } else if (project_files && !find_program("memsim", path ? path : "").empty()) {
    spec.command = "memsim";
  } else {
    auto self = ctx.fs.real_path("/proc/self/exe");
    if (!self.ok()) return Error{"cannot find the memsim binary (give --command PATH)"};
    spec.command = *self;
  }
  for (const Lens& l : load_lenses(ctx.fs, ctx.home).lenses) spec.lens_tool_matches.push_back(l.tool_match);
  const char* user_home = std::getenv("HOME");
  auto targets = install::resolve_targets(scope, settings, claude_md, *project_dir, user_home ? user_home : "",
                                          Home(*home).index_path());
  if (!targets.ok()) return targets.error();
  return std::make_pair(spec, *targets);
}

Result<install::CronSpec> cron_plan(Context& ctx, const install::HookSpec& spec, const std::string& project,
                                    const std::string& wake_command, const std::string& at) {
  // cron runs with neither the project's directory nor the user's PATH: absolute paths.
  install::CronSpec c;
  const char* path = std::getenv("PATH");
  c.command = spec.command.find('/') == std::string::npos ? find_program(spec.command, path ? path : "") : spec.command;
  if (c.command.empty()) return Error{spec.command + ": not found on PATH (give --command PATH)"};
  auto home = ctx.fs.real_path(ctx.home.root());
  if (!home.ok()) return home.error();
  c.home = *home;
  c.wake_command = wake_command;
  auto dir = ctx.fs.real_path(project.empty() ? current_dir() : project);
  if (!dir.ok()) return dir.error();
  c.project = *dir;
  if (at.size() != 5 || at[2] != ':' || !std::isdigit(static_cast<unsigned char>(at[0])) ||
      !std::isdigit(static_cast<unsigned char>(at[1])) || !std::isdigit(static_cast<unsigned char>(at[3])) ||
      !std::isdigit(static_cast<unsigned char>(at[4])))
    return Error{"--cron-at: '" + at + "' is not HH:MM"};
  c.hour = (at[0] - '0') * 10 + (at[1] - '0');
  c.minute = (at[3] - '0') * 10 + (at[4] - '0');
  if (c.hour > 23 || c.minute > 59) return Error{"--cron-at: '" + at + "' is not a time of day"};
  MEMSIM_TRY(install::check_cron_spec(c));
  return c;
}

namespace {

// What install-hooks changed in the user's files that the files themselves cannot
// tell (runtime/state/install.json): for each settings file, what its
// "autoMemoryEnabled" was before (absent: null).
Result<nlohmann::json> read_install_record(FileSystem& fs, const Home& home) {
  const std::string path = home.install_record_path();
  auto info = fs.stat(path);
  if (!info.ok()) return info.error();
  if (info->kind == FileKind::kMissing) return nlohmann::json::object();
  auto text = read_file_capped(fs, path, kMaxConfigBytes);
  if (!text.ok()) return text.error();
  auto j = parse_json_input(*text);
  if (!j.ok() || !j->is_object()) return Error{path + ": not a JSON object (move it away and run again)"};
  return *j;
}

Status write_install_record(FileSystem& fs, const Home& home, const nlohmann::json& record) {
  MEMSIM_TRY(make_home_dir(fs, home, home.runtime_dir()));
  MEMSIM_TRY(make_home_dir(fs, home, home.state_dir()));
  return replace_file(fs, home.install_record_path(), dump_json(record, 2) + "\n");
}

// One memory, not two: while memsim is installed, Claude Code's own auto memory
// (which would take "remember X" into a store memsim never ranks) is off in the
// settings. Install turns it off when it is absent or true and records what was
// there; uninstall puts that back when the key is still as install left it. A
// setting the user made false themselves is theirs, and stays. Returns whether
// the record changed.
bool auto_memory_off(const Options& o, Change& settings, nlohmann::json& record) {
  const std::string key = settings.path;
  if (!o.uninstall) {
    const bool has = install::has_auto_memory_key(settings.after);
    const auto value = install::auto_memory_setting(settings.after);
    if (has && value != true) return false;  // already off, or a value that is not ours to read
    auto off = install::set_auto_memory(settings.after, false, settings.path);
    if (!off.ok()) return false;
    settings.after = *off;
    if (record.contains(key)) return false;
    record[key] = {{"autoMemoryEnabled", has ? nlohmann::json(true) : nlohmann::json(nullptr)}};
    return true;
  }
  if (!record.contains(key)) return false;
  if (install::auto_memory_setting(settings.after) == false) {
    const nlohmann::json& before = record[key]["autoMemoryEnabled"];
    auto restored = install::set_auto_memory(
        settings.after, before.is_boolean() ? std::optional<bool>(before.get<bool>()) : std::nullopt, settings.path);
    if (restored.ok()) settings.after = *restored;
  }
  record.erase(key);
  return true;
}

// A file whose bytes the record keeps is at most this big before and after, so
// the record of three files stays well under the cap it is read with.
constexpr std::size_t kMaxRecordedBytes = kMaxConfigBytes / 8;

// Uninstall gives back the very bytes a user's file had before install when
// nobody edited it since (it still holds exactly what install wrote). Edited, it
// loses only memsim's entries, which may reformat a JSON file. Install records
// each file's bytes before it first changed them (null: it did not exist; an edit
// made since the last install replaces them) and the bytes it last wrote.
// Returns whether the record changed.
bool restore_exact(const Options& o, const std::vector<Change*>& files, nlohmann::json& record) {
  bool changed = false;
  if (!record.contains("files") || !record["files"].is_object()) record["files"] = nlohmann::json::object();
  nlohmann::json& kept = record["files"];
  for (Change* c : files) {
    if (!o.uninstall) {
      if (c->before == c->after) continue;
      if (c->before.size() > kMaxRecordedBytes || c->after.size() > kMaxRecordedBytes) {
        changed = kept.erase(c->path) > 0 || changed;
        continue;
      }
      // A record whose bytes are no longer on disk predates the user's own edit: the
      // file as it is now is what uninstall must give back.
      const bool stale = kept.contains(c->path) && kept[c->path]["installed"] != nlohmann::json(c->before);
      if (!kept.contains(c->path) || stale)
        kept[c->path]["original"] = c->existed ? nlohmann::json(c->before) : nlohmann::json(nullptr);
      kept[c->path]["installed"] = c->after;
      changed = true;
      continue;
    }
    if (!kept.contains(c->path)) continue;
    const nlohmann::json& k = kept[c->path];
    if (k["installed"].is_string() && k["installed"].get<std::string>() == c->before)
      c->after = k["original"].is_string() ? k["original"].get<std::string>() : std::string();
    kept.erase(c->path);
    changed = true;
  }
  if (kept.empty()) record.erase("files");
  return changed;
}

// The ladder's top (promotion.md): the hooks read the user-level home's persona
// and capture every project's atoms into it only when it exists, and a session
// never makes one, so install does, private (candidates hold what sessions
// said). Uninstall leaves it: it holds what every project taught.
struct UserHomePlan {
  std::string dir;    // "" with --no-user-home or --uninstall
  bool make = false;  // missing: install makes it
  nlohmann::json json(bool applied) const {
    return dir.empty() ? nlohmann::json(nullptr) : nlohmann::json{{"path", dir}, {"created", make && applied}};
  }
};

Result<UserHomePlan> plan_user_home(Context& ctx, const Options& o) {
  UserHomePlan plan;
  if (o.no_user_home || o.uninstall) return plan;
  plan.dir = resolve_user_home(o.user_home);
  if (plan.dir.empty()) return plan;
  auto info = ctx.fs.stat(plan.dir);
  if (!info.ok()) return info.error();
  plan.make = info->kind == FileKind::kMissing;
  if (!plan.make && info->kind != FileKind::kDirectory)
    return Error{plan.dir + ": the user-level home is not a directory (move it away, or give --no-user-home)"};
  return plan;
}

// Shows each change (a diff, or why a file is left alone) and, with --apply,
// writes it after backing up the file. Non-zero when a write failed.
int write_changes(Context& ctx, const Options& o, const std::vector<Change*>& all, nlohmann::json& report,
                  bool& any_change) {
  for (Change* c : all) {
    const bool changed = c->before != c->after;
    any_change = any_change || changed;
    // Uninstall leaves no file that held only what install added.
    const bool remove = o.uninstall && changed && c->after.find_first_not_of(" \t\r\n{}") == std::string::npos;
    nlohmann::json entry = {{"file", c->path}, {"changed", changed}};
    if (!c->note.empty()) entry["note"] = c->note;
    if (!ctx.json) {
      if (!c->note.empty()) ctx.out << c->path << ": " << c->note << "\n";
      else if (!changed) ctx.out << c->path << ": no change\n";
      else if (remove) ctx.out << c->path << ": remove (it holds only what install-hooks added)\n";
      else ctx.out << install::unified_diff(c->before, c->after, c->path);
    }
    if (changed && o.apply) {
      if (c->existed && c->backed_up) {
        auto b = backup(ctx.fs, ctx.home, c->path, c->before, ctx.clock->now());
        if (!b.ok()) return ctx.fail(b.message());
        entry["backup"] = *b;
        if (!ctx.json) ctx.out << "backup: " << *b << "\n";
      }
      const std::string dir = c->path.substr(0, c->path.rfind('/') + 1);
      if (!dir.empty())
        if (Status s = ctx.fs.make_dir(dir); !s.ok()) return ctx.fail(s.message());
      Status s = remove ? ctx.fs.remove(c->path) : replace_file(ctx.fs, c->path, c->after);
      if (!s.ok()) return ctx.fail(s.message());
      if (!ctx.json) ctx.out << (remove ? "removed: " : "wrote: ") << c->path << "\n";
    }
    if (changed) entry["after"] = remove ? nlohmann::json(nullptr) : nlohmann::json(c->after);
    report.push_back(entry);
  }
  return 0;
}

// The changes written (write_changes), the user-level home made, the install
// record kept, and the summary printed.
int write_all(Context& ctx, const Options& o, const std::vector<Change*>& all, const nlohmann::json& record,
              bool record_changed) {
  auto user_home = plan_user_home(ctx, o);
  if (!user_home.ok()) return ctx.fail(user_home.message());
  nlohmann::json report = nlohmann::json::array();
  bool any_change = false;
  if (int rc = write_changes(ctx, o, all, report, any_change); rc != 0) return rc;
  if (user_home->make && o.apply)
    if (Status made = ctx.fs.make_private_dir(user_home->dir); !made.ok()) return ctx.fail(made.message());
  if (!ctx.json && user_home->make)
    ctx.out << user_home->dir << ": " << (o.apply ? "made" : "make") << " the user-level home\n";
  if (o.apply && record_changed)
    if (Status s = write_install_record(ctx.fs, ctx.home, record); !s.ok()) return ctx.fail(s.message());
  const nlohmann::json summary = {{"applied", o.apply},
                                  {"harness", o.harness},
                                  {"files", report},
                                  {"user_home", user_home->json(o.apply)}};
  if (ctx.json) ctx.out << dump_json(summary, 2) << "\n";
  else if (!o.apply && (any_change || user_home->make)) ctx.out << "(dry run: add --apply to write this)\n";
  return 0;
}

// What only Claude Code's install takes, refused for another harness before
// anything is written: "" when the options ask for none of it.
std::string claude_code_only(const Options& o) {
  const std::string page = " (docs/" + o.harness + ".md)";
  if (o.mcp) return "--mcp: not yet for --harness " + o.harness + page;
  if (o.profile != "main") return "--profile shared: not yet for --harness " + o.harness + page;
  if (!o.claude_md.empty()) return "--claude-md: Claude Code's CLAUDE.md, not " + o.harness + "'s" + page;
  return {};
}

// install-hooks --harness codex: our handlers in Codex CLI's hooks.json
// (docs/codex.md). The index reaches the model from the session-start hook, so
// no AGENTS.md changes.
int install_codex(Context& ctx, const Options& o, const install::HookSpec& spec) {
  if (const std::string no = claude_code_only(o); !no.empty()) return ctx.fail(no);
  auto project_dir = ctx.fs.real_path(o.project.empty() ? current_dir() : o.project);
  if (!project_dir.ok()) return ctx.fail(project_dir.message());
  const char* home = std::getenv("HOME");
  const char* codex_home = std::getenv("CODEX_HOME");
  Change hooks{o.settings.empty()
                   ? install::codex_hooks_path(o.scope, *project_dir, home ? home : "", codex_home ? codex_home : "")
                   : o.settings,
               false, "", "", ""};
  auto text = read_optional(ctx.fs, hooks.path, hooks.existed);
  if (!text.ok()) return ctx.fail(text.message());
  hooks.before = *text;
  auto after = o.uninstall ? install::remove_codex_hooks(hooks.before, spec, hooks.path)
                           : install::merge_codex_hooks(hooks.before, spec, hooks.path);
  if (!after.ok()) return ctx.fail(after.message());
  hooks.after = *after;
  auto record = read_install_record(ctx.fs, ctx.home);
  if (!record.ok()) return ctx.fail(record.message());
  std::vector<Change*> all{&hooks};
  const bool recorded = restore_exact(o, all, *record);
  const int rc = write_all(ctx, o, all, *record, recorded);
  if (rc == 0 && o.apply && !o.uninstall && hooks.before != hooks.after)
    ctx.err << "memsim: note: Codex runs these hooks only in a project you trusted and once you have reviewed them: "
               "start `codex` in "
            << *project_dir
            << " and open /hooks (docs/codex.md); `memsim verify-install --harness codex` says whether they are\n";
  return rc;
}

// install-hooks --harness gemini: our handlers in Gemini CLI's settings and the
// import of the index in GEMINI.md's managed block (docs/gemini.md).
int install_gemini(Context& ctx, const Options& o, const install::HookSpec& spec) {
  if (const std::string no = claude_code_only(o); !no.empty()) return ctx.fail(no);
  auto project_dir = ctx.fs.real_path(o.project.empty() ? current_dir() : o.project);
  if (!project_dir.ok()) return ctx.fail(project_dir.message());
  const char* home = std::getenv("HOME");
  auto targets = install::gemini_targets(o.scope, o.settings, "", *project_dir, home ? home : "",
                                         Home(spec.home_path).index_path());
  if (!targets.ok()) return ctx.fail(targets.message());
  // Gemini's file tools refuse a path outside the workspace.
  if (!spec.home_path.starts_with(*project_dir + "/"))
    ctx.err << "memsim: note: the home " << spec.home_path << " is outside " << *project_dir
            << ": Gemini's read_file refuses paths outside the workspace, so its reads of memories will fail; "
               "put the home inside the project\n";
  Change settings{targets->settings, false, "", "", ""}, md{targets->claude_md, false, "", "", ""};
  for (Change* c : {&settings, &md}) {
    auto text = read_optional(ctx.fs, c->path, c->existed);
    if (!text.ok()) return ctx.fail(text.message());
    c->before = *text;
  }
  auto after = o.uninstall ? install::remove_gemini_settings(settings.before, spec, settings.path)
                           : install::merge_gemini_settings(settings.before, spec, settings.path);
  if (!after.ok()) return ctx.fail(after.message());
  settings.after = *after;
  md.after =
      o.uninstall ? install::remove_claude_md(md.before) : install::merge_claude_md(md.before, targets->import_path);
  auto record = read_install_record(ctx.fs, ctx.home);
  if (!record.ok()) return ctx.fail(record.message());
  std::vector<Change*> all{&settings, &md};
  const bool recorded = restore_exact(o, all, *record);
  return write_all(ctx, o, all, *record, recorded);
}

// install-hooks --cron: the crontab block instead of the settings and CLAUDE.md.
int install_cron(Context& ctx, const Options& o, const install::HookSpec& spec) {
  auto cron = cron_plan(ctx, spec, o.project, o.wake_command, o.cron_at);
  if (!cron.ok()) return ctx.fail(cron.message());
  cron->commit = o.cron_commit;
  cron->wake = o.cron_wake;
  const std::string scratch = ctx.home.runtime_dir();
  if (Status s = ctx.fs.make_dir(scratch); !s.ok()) return ctx.fail(s.message());
  auto before = install::read_crontab(scratch);
  if (!before.ok() && o.apply) return ctx.fail(before.message());
  const std::string current = before.ok() ? *before : "";
  const std::string after =
      o.uninstall ? install::remove_crontab(current, cron->home) : install::merge_crontab(current, *cron);
  const bool changed = current != after;
  if (ctx.json) {
    ctx.out << dump_json(nlohmann::json{{"applied", o.apply}, {"crontab", {{"changed", changed}, {"after", after}}}}, 2)
            << "\n";
  } else if (!changed) {
    ctx.out << "crontab: no change\n";
  } else {
    if (!before.ok()) ctx.out << "(" << before.message() << "; showing the change against an empty crontab)\n";
    ctx.out << install::unified_diff(current, after, "crontab");
  }
  if (!changed) return 0;
  if (!o.apply) {
    if (!ctx.json) ctx.out << "(dry run: add --apply to write this)\n";
    return 0;
  }
  if (!current.empty()) {
    auto b = backup(ctx.fs, ctx.home, "crontab", current, ctx.clock->now());
    if (!b.ok()) return ctx.fail(b.message());
    if (!ctx.json) ctx.out << "backup: " << *b << "\n";
  }
  if (Status s = install::write_crontab(after, scratch); !s.ok()) return ctx.fail(s.message());
  if (!ctx.json) ctx.out << "wrote: crontab\n";
  return 0;
}

// The hooks of one harness (or the crontab line), as the options ask.
int install_for_harness(Context& ctx, const Options& o) {
  auto plan = install_plan(ctx, o.scope, o.settings, o.claude_md, o.command, o.project);
  if (!plan.ok()) return ctx.fail(plan.message());
  const auto& [spec, targets] = *plan;
  if (o.cron) return install_cron(ctx, o, spec);
  if (o.scope == "project" && !o.uninstall && spec.command.front() == '/')
    ctx.err << "memsim: note: the project's settings will name " << spec.command
            << ", a path only this machine has; with memsim on PATH (the README's first command puts it "
               "there) they name `memsim` and work on every clone\n";
  if (o.harness == "codex") return install_codex(ctx, o, spec);
  if (o.harness == "gemini") return install_gemini(ctx, o, spec);

  if (o.mcp && !o.uninstall && targets.mcp_json.empty())
    return ctx.fail("--mcp: Claude Code reads MCP servers from a project's .mcp.json; use --scope project");
  // .mcp.json first: whether our server was there decides the settings' approval.
  Change mcp{targets.mcp_json, false, "", "", ""};
  if (!mcp.path.empty() && (o.mcp || o.uninstall)) {
    auto text = read_optional(ctx.fs, mcp.path, mcp.existed);
    if (!text.ok()) return ctx.fail(text.message());
    mcp.before = *text;
    auto after = o.uninstall ? install::remove_mcp_json(mcp.before, spec, mcp.path)
                             : install::merge_mcp_json(mcp.before, spec, mcp.path);
    if (!after.ok()) return ctx.fail(after.message());
    mcp.after = *after;
  }
  Change settings{targets.settings, false, "", "", ""}, claude{targets.claude_md, false, "", "", ""};
  auto st = read_optional(ctx.fs, settings.path, settings.existed);
  if (!st.ok()) return ctx.fail(st.message());
  settings.before = *st;
  auto merged = o.uninstall ? install::remove_settings(settings.before, spec, settings.path)
                            : install::merge_settings(settings.before, spec, settings.path);
  if (merged.ok() && o.mcp && !o.uninstall) merged = install::approve_mcp_server(*merged, settings.path);
  if (merged.ok()) merged = install::set_profile_env(*merged, !o.uninstall && o.profile == "shared", settings.path);
  if (merged.ok() && o.uninstall && mcp.before != mcp.after)
    merged = install::unapprove_mcp_server(*merged, settings.path);
  if (!merged.ok()) return ctx.fail(merged.message());
  settings.after = *merged;
  auto record = read_install_record(ctx.fs, ctx.home);
  if (!record.ok()) return ctx.fail(record.message());
  const bool record_changed = auto_memory_off(o, settings, *record);
  auto cm = read_optional(ctx.fs, claude.path, claude.existed);
  if (!cm.ok()) return ctx.fail(cm.message());
  claude.before = *cm;
  claude.after = o.uninstall             ? install::remove_claude_md(claude.before)
                 : o.profile == "shared" ? install::merge_claude_md_shared(claude.before)
                                         : install::merge_claude_md(claude.before, targets.import_path);

  // The slash commands: written when absent, removed only when unchanged.
  std::vector<Change> commands;
  for (const install::CommandFile& f : install::slash_commands(spec)) {
    Change c{join_path(targets.commands_dir, f.name), false, "", "", "", false};
    auto text = read_optional(ctx.fs, c.path, c.existed);
    if (!text.ok()) return ctx.fail(text.message());
    c.before = c.after = *text;
    if (o.uninstall && c.existed && c.before == f.text) c.after.clear();
    else if (o.uninstall && c.existed) c.note = "kept: it differs from what install-hooks wrote (changed since?)";
    else if (!o.uninstall && !c.existed) c.after = f.text;
    else if (!o.uninstall && c.before != f.text)
      c.note = "left alone: it differs from memsim's (move it away to install memsim's)";
    commands.push_back(std::move(c));
  }
  std::vector<Change*> all{&settings, &claude};
  if (!mcp.path.empty() && (o.mcp || o.uninstall)) all.push_back(&mcp);
  const bool files_recorded = restore_exact(o, all, *record);
  for (Change& c : commands) all.push_back(&c);

  return write_all(ctx, o, all, *record, record_changed || files_recorded);
}

// In a shared home (docs/sharing.md) a clone also needs the merge driver and
// the post-merge step; install --apply registers them as `memsim share` does.
int register_sharing(Context& ctx, const Options& o) {
  if (o.cron || o.uninstall || !is_shared(ctx.fs, ctx.home)) return 0;
  if (!o.apply) {
    if (!ctx.json) ctx.out << "a shared home: --apply also registers the git merge driver in this clone\n";
    return 0;
  }
  std::vector<std::string> notes;
  Status s = register_sharing_in_clone(ctx.fs, ctx.home, notes);
  if (!ctx.json)
    for (const std::string& n : notes) ctx.out << n << "\n";
  return s.ok() ? 0 : ctx.fail(s.message());
}

}  // namespace

void add_target_options(CLI::App* sub, std::string& settings, std::string& claude_md, std::string& command,
                        std::string& project, std::string& scope) {
  sub->add_option("--settings", settings, "the Claude Code settings JSON (default from --scope)");
  sub->add_option("--scope", scope, "project (.claude/settings.json, CLAUDE.md) or user (~/.claude/...)");
  sub->add_option("--project", project, "the project directory (default: the current directory)");
  sub->add_option("--claude-md", claude_md, "the CLAUDE.md to hold the index import (default from --scope)");
  sub->add_option("--command", command, "the memsim binary the hooks run (default: this one)");
}

Command register_install_hooks(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("install-hooks",
                                 "register the hooks in Claude Code settings and import MEMORY.md in CLAUDE.md; "
                                 "without --apply, print the change");
  add_common_options(sub, common);
  auto o = std::make_shared<Options>();
  sub->add_flag("--apply", o->apply, "write the change (after backing up each file)");
  sub->add_flag("--uninstall", o->uninstall, "remove exactly what install-hooks added");
  sub->add_flag("--mcp", o->mcp,
                "also register the MCP server (memsim mcp) in the project's .mcp.json and approve it in the settings");
  sub->add_option("--profile", o->profile,
                  "main (default) or shared: a shared project's sessions load no persona and no long-term "
                  "memories, and CLAUDE.md does not import MEMORY.md")
      ->check(CLI::IsMember({"main", "shared"}));
  auto* cron = sub->add_flag("--cron", o->cron, "the nightly crontab line (the tick) instead of the hooks");
  sub->add_flag("--cron-commit", o->cron_commit,
                "with --cron: the tick commits the files it wrote to the project's git repository")
      ->needs(cron);
  sub->add_flag("--cron-wake", o->cron_wake,
                "with --cron: the reflective wake 5 minutes after the tick, a paid agent session whenever the cue "
                "holds an item")
      ->needs(cron);
  sub->add_option("--cron-at", o->cron_at, "HH:MM of the nightly tick (default 03:00)");
  sub->add_option("--wake-command", o->wake_command,
                  "the agent the wake runs, given the wake prompt as its last argument (default: claude in print mode, "
                  "allowed to edit the home and run memsim on it)");
  add_target_options(sub, o->settings, o->claude_md, o->command, o->project, o->scope);
  sub->add_option("--harness", o->harness,
                  "claude-code (default: .claude/settings.json and CLAUDE.md), codex (.codex/hooks.json; "
                  "docs/codex.md) or gemini (.gemini/settings.json and GEMINI.md; docs/gemini.md)")
      ->check(CLI::IsMember({"claude-code", "codex", "gemini"}));
  add_user_home_option(sub, o->user_home);
  sub->add_flag("--no-user-home", o->no_user_home, "do not make the user-level home when it is missing");
  return {sub, [o](Context& ctx) -> int {
            const int rc = install_for_harness(ctx, *o);
            return rc == 0 ? register_sharing(ctx, *o) : rc;
          }};
}

}  // namespace memsim::cli
