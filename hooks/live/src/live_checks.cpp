#include "memsim/live_checks.h"

#include <algorithm>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "memsim/index.h"
#include "memsim/install_codex.h"
#include "memsim/install_gemini.h"
#include "memsim/json_io.h"
#include "memsim/limits.h"
#include "memsim/live.h"
#include "memsim/live_codex.h"
#include "memsim/live_gemini.h"
#include "memsim/process.h"

namespace memsim::live {

namespace {

namespace fs = std::filesystem;
using install::VerifyCheck;

const std::string kFinal = "memsim live check: done";

// Every row of MEMORY.md, Hot first, each without its newline.
std::vector<std::string> rows_of(const std::string& text) {
  const ParsedIndex ix = parse_index(text);
  std::vector<std::string> rows;
  for (const IndexBandRows* band : {&ix.hot, &ix.fresh, &ix.cold})
    for (const std::string& row : band->rows) rows.push_back(row.substr(0, row.size() - 1));
  return rows;
}

VerifyCheck failed(VerifyCheck c, std::string reason) {
  c.ok = false;
  c.reason = std::move(reason);
  return c;
}

// The home without its runtime state and candidates: those are per machine.
Status copy_home(const std::string& from, const std::string& to) {
  std::error_code ec;
  fs::create_directories(to, ec);
  for (const auto& e : fs::directory_iterator(from, ec)) {
    const std::string name = e.path().filename().string();
    if (name == "runtime" || name == "candidates") continue;
    fs::copy(e.path(), to + "/" + name, fs::copy_options::recursive, ec);
    if (ec) return Error{e.path().string() + ": cannot copy into the scratch project: " + ec.message()};
  }
  fs::create_directories(to + "/runtime", ec);
  if (ec) return Error{to + "/runtime: " + ec.message()};
  return {};
}

// The user's hook entries, with --home pointing at the scratch copy, and the
// shared profile's environment when the user's settings set it.
nlohmann::json scratch_settings(const std::vector<install::InstalledHook>& installed, const std::string& home,
                                bool shared) {
  nlohmann::json hooks = nlohmann::json::object();
  for (const install::InstalledHook& h : installed) {
    std::vector<std::string> args = h.args;
    for (std::size_t i = 0; i + 1 < args.size(); ++i)
      if (args[i] == "--home") args[i + 1] = home;
    nlohmann::json group = {{"hooks", {{{"type", "command"}, {"command", h.command}, {"args", args}}}}};
    if (!h.matcher.empty()) group["matcher"] = h.matcher;
    hooks[h.event].push_back(group);
  }
  nlohmann::json settings = {{"hooks", hooks}};
  if (shared) settings["env"] = {{"MEMSIM_PROFILE", "shared"}};
  return settings;
}

std::string head(const std::string& s, std::size_t n = 300) { return s.size() <= n ? s : s.substr(0, n) + "..."; }

// What the installed session-start command prints for the scratch home, run
// before the session. It consumes a pending handoff, so the handoff is put back
// from the real home for the session to see; Claude Code joins the text with
// system text of its own, so the check looks for it whole at the message's head.
Result<std::string> session_start_text(const std::vector<install::InstalledHook>& installed, const Home& real,
                                       const Home& home, bool shared, const std::string& scratch) {
  auto hook = std::find_if(installed.begin(), installed.end(), [](const install::InstalledHook& h) {
    return h.event == "SessionStart" && h.args.size() >= 2 && h.args[1] == "session-start";
  });
  if (hook == installed.end()) return Error{"no SessionStart entry in the settings"};
  std::vector<std::string> argv{hook->command};
  for (std::size_t i = 0; i < hook->args.size(); ++i)
    argv.push_back(i > 0 && hook->args[i - 1] == "--home" ? home.root() : hook->args[i]);
  auto printed = run_process(argv, R"({"hook_event_name":"SessionStart","source":"startup"})",
                             {{"MEMSIM_PROFILE", shared ? "shared" : ""}}, scratch);
  if (!printed.ok()) return printed.error();
  std::error_code ec;
  const std::string handoff = real.memory_path("HANDOFF.md");
  if (fs::exists(handoff, ec))
    fs::copy_file(handoff, home.memory_path("HANDOFF.md"), fs::copy_options::overwrite_existing, ec);
  std::string text = printed->out;
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

VerifyCheck check_session_start(const Result<std::string>& text, const nlohmann::json& request,
                                const std::string& fix) {
  VerifyCheck c{"live-session-start", false, {}, fix};
  if (!text.ok()) return failed(std::move(c), text.message());
  const auto sys = system_messages(request);
  const auto it =
      std::find_if(sys.begin(), sys.end(), [](const std::string& m) { return m.starts_with("SessionStart:"); });
  if (text->empty()) {
    c.ok = true;
    c.reason = "the home has nothing for session start to print";
    return c;
  }
  if (it == sys.end()) return failed(std::move(c), "no SessionStart text reached the model");
  if (it->find(": " + *text) == std::string::npos)
    return failed(std::move(c), "the model did not receive session start's whole text (" +
                                    std::to_string(text->size()) + " characters); it got: " + head(*it, 120));
  if (text->size() >= kClaudeCodeHookTextCap)
    return failed(std::move(c), std::to_string(text->size()) + " characters: over Claude Code's 10,000 cap");
  c.ok = true;
  c.reason = "all " + std::to_string(text->size()) +
             " characters of identity, current state and recent notes reached the model (cap 10,000)";
  return c;
}

// The scratch home's index rows, and the top row's memory, which the scripted
// model reads as an agent that recognised it would.
struct Probe {
  std::vector<std::string> rows;
  std::string memory;
};
Probe probe_of(FileSystem& files, const Home& home) {
  auto index = files.read_file(home.index_path());
  Probe p{index.ok() ? rows_of(*index) : std::vector<std::string>{}, {}};
  if (!p.rows.empty()) p.memory = row_filename(p.rows.front());
  return p;
}

// The live-touch check: the model's read of memory/<probe> reached the journal.
VerifyCheck check_live_touch(FileSystem& files, const Home& home, const std::string& probe, const std::string& how,
                             const std::string& fix) {
  VerifyCheck touch{"live-touch", false, {}, fix};
  auto journal = files.read_file(home.journal_path());
  if (probe.empty()) touch.reason = "no memory to read: the index has no rows";
  else if (!journal.ok() || journal->find(" Read " + probe + " ") == std::string::npos)
    touch.reason = "the model's read of memory/" + probe + " did not reach the journal";
  else {
    touch.ok = true;
    touch.reason = "the model's read of memory/" + probe + " was journaled " + how;
  }
  return touch;
}

// The live-hook-errors check: no hook logged a failure in the scratch home.
VerifyCheck check_live_errors(FileSystem& files, const Home& home, const std::string& fix) {
  VerifyCheck errors{"live-hook-errors", true, "no hook logged an error in the scratch home", fix};
  if (auto log = files.read_file(home.hook_errors_path()); log.ok() && !log->empty()) {
    errors.ok = false;
    errors.reason = "runtime/hook-errors.log: " + head(*log, 200);
  }
  return errors;
}

}  // namespace

std::vector<VerifyCheck> live_checks(FileSystem& files, const Home& user_home,
                                     const std::vector<install::InstalledHook>& installed, bool shared,
                                     const std::string& claude_arg, const std::string& scratch) {
  std::vector<VerifyCheck> out;
  const std::string fix_install = "run `memsim install-hooks --apply`, then `memsim verify-install --live` again";
  std::string claude = claude_arg.empty() ? find_claude() : claude_arg;
  // claude runs in the scratch project: a relative path must not change meaning.
  if (claude.find('/') != std::string::npos) claude = fs::absolute(claude).lexically_normal().string();
  VerifyCheck found{"live-claude", false, {}, "install Claude Code, or pass --claude PATH (or set MEMSIM_CLAUDE)"};
  if (claude.empty()) {
    found.reason = "claude is not installed: no `claude` on PATH and MEMSIM_CLAUDE is unset; nothing was run";
    return {found};
  }
  auto version = run_process({claude, "--version"}, "", {{"HOME", scratch}}, scratch, {{}, 30});
  if (!version.ok() || version->exit_code != 0) {
    found.reason = claude + " --version failed: " + (version.ok() ? head(version->err) : version.message());
    return {found};
  }
  found.ok = true;
  found.reason = claude + ": " + version->out.substr(0, version->out.find('\n'));
  out.push_back(found);

  const std::string project = scratch + "/live/project", user = scratch + "/live/user";
  const Home home(project + "/.memsim");
  std::error_code ec;
  fs::create_directories(project + "/.claude", ec);
  fs::create_directories(user, ec);
  VerifyCheck session{"live-session", false, {}, fix_install};
  Status made = copy_home(user_home.root(), home.root());
  if (made.ok())
    made = files.write_file(project + "/.claude/settings.json",
                            dump_json(scratch_settings(installed, home.root(), shared), 2) + "\n");
  if (made.ok())
    made = files.write_file(project + "/CLAUDE.md", shared ? install::merge_claude_md_shared("")
                                                           : install::merge_claude_md("", ".memsim/memory/MEMORY.md"));
  if (!made.ok()) {
    session.reason = made.message();
    out.push_back(session);
    return out;
  }

  auto index = files.read_file(home.index_path());
  const auto [rows, probe] = probe_of(files, home);
  std::vector<ScriptedTurn> script;
  if (!probe.empty()) script.push_back(ScriptedTurn::call("Read", {{"file_path", home.memory_path(probe)}}));
  script.push_back(ScriptedTurn::say(kFinal));
  const LiveSession run{claude, project, user, {}, {}, 120};
  const auto expected_start = session_start_text(installed, user_home, home, shared, scratch);
  auto first = run_live(run, "memsim verify-install --live: a scripted session", script);
  if (!first.ok()) {
    session.reason = first.message();
    out.push_back(session);
    return out;
  }
  if (first->process.exit_code != 0 || first->process.out.find(kFinal) == std::string::npos ||
      first->conversation.empty()) {
    session.reason = "claude -p exited " + std::to_string(first->process.exit_code) + " after " +
                     std::to_string(first->conversation.size()) + " model requests: " + head(first->process.err);
    out.push_back(session);
    return out;
  }
  session.ok = true;
  session.reason = "claude -p ran a scripted session of " + std::to_string(first->conversation.size()) +
                   " model requests against 127.0.0.1, offline";
  out.push_back(session);

  const std::string seen = request_text(first->conversation.front());
  VerifyCheck idx{"live-index", false, {}, fix_install};
  const auto missing =
      std::find_if(rows.begin(), rows.end(), [&](const std::string& r) { return seen.find(r) == std::string::npos; });
  const bool any_seen =
      std::any_of(rows.begin(), rows.end(), [&](const std::string& r) { return seen.find(r) != std::string::npos; });
  if (rows.empty()) {
    idx.reason = "MEMORY.md has no rows; run `memsim index`";
  } else if (shared) {
    idx.ok = !any_seen;
    idx.reason = any_seen ? "a shared install, yet rows of MEMORY.md reached the model"
                          : "a shared install: none of the " + std::to_string(rows.size()) +
                                " rows of MEMORY.md reached the model, as intended";
  } else if (missing != rows.end()) {
    idx.reason = "the model did not receive the index row `" + head(*missing, 120) + "`";
  } else {
    idx.ok = true;
    idx.reason = "all " + std::to_string(rows.size()) + " rows of MEMORY.md (" + std::to_string(index->size()) +
                 " bytes) reached the model through the CLAUDE.md import";
  }
  out.push_back(idx);

  out.push_back(check_session_start(expected_start, first->conversation.front(), fix_install));

  out.push_back(check_live_touch(files, home, probe, "by the PreToolUse hook", fix_install));

  // Recall: ask about a memory only the archive lists, when there is one.
  auto archive = files.read_file(home.archive_path());
  if (archive.ok()) {
    const auto archived = parse_index(*archive).rolled_off.rows;
    if (!archived.empty()) {
      const std::string row = archived.front().substr(0, archived.front().size() - 1);
      const std::string summary = row.substr(row.find(": ") + 2);
      auto second = run_live(run, summary.substr(0, 200), {ScriptedTurn::say(kFinal)});
      VerifyCheck recall{"live-recall", false, {}, "check that UserPromptSubmit is installed: " + fix_install};
      if (!second.ok()) {
        recall.reason = second.message();
      } else if (second->conversation.empty()) {
        recall.reason = "the second session never reached the model";
      } else if (shared) {
        const bool brought = request_text(second->conversation.front()).find(row_filename(row)) != std::string::npos;
        recall.ok = !brought;
        recall.reason = brought ? "a shared session, yet recall brought memory/" + row_filename(row) + " to the model"
                                : "a shared session: recall at prompt time stayed silent, as intended";
      } else if (request_text(second->conversation.front()).find(row_filename(row)) == std::string::npos) {
        recall.reason = "a prompt quoting the archived memory/" + row_filename(row) + " did not bring it to the model";
      } else {
        recall.ok = true;
        recall.reason =
            "a prompt about the archived memory/" + row_filename(row) + " brought it to the model (UserPromptSubmit)";
      }
      out.push_back(recall);
    }
  }

  out.push_back(check_live_errors(files, home, fix_install));
  return out;
}

std::vector<VerifyCheck> harness_live_checks(FileSystem& files, const Home& user_home, const std::string& harness,
                                             const std::string& command, const std::string& client_arg,
                                             const std::string& scratch) {
  const bool codex = harness == "codex";
  const std::string fix_install = "run `memsim install-hooks --harness " + harness +
                                  " --apply`, then `memsim verify-install --live --harness " + harness + "` again";
  std::string client = !client_arg.empty() ? client_arg : codex ? find_codex() : find_gemini();
  if (client.find('/') != std::string::npos) client = fs::absolute(client).lexically_normal().string();
  VerifyCheck found{"live-" + harness, false, {}, "install it, or pass --" + harness + " PATH"};
  if (client.empty()) {
    found.reason = harness + " is not installed: none on PATH and MEMSIM_" + (codex ? "CODEX" : "GEMINI") +
                   " is unset; nothing was run";
    return {found};
  }
  auto version = run_process({client, "--version"}, "", {{"HOME", scratch}}, scratch, {{}, 30});
  if (!version.ok() || version->exit_code != 0) {
    found.reason = client + " --version failed: " + (version.ok() ? head(version->err) : version.message());
    return {found};
  }
  found.ok = true;
  found.reason = client + ": " + version->out.substr(0, version->out.find('\n'));
  std::vector<VerifyCheck> out{found};

  const std::string project = scratch + "/live/project", user = scratch + "/live/user";
  const Home home(project + "/.memsim");
  std::error_code ec;
  fs::create_directories(user, ec);
  VerifyCheck session{"live-session", false, {}, fix_install};
  // The scratch project's hooks, as install-hooks writes them for a home inside it.
  const install::HookSpec spec{command, std::string(install::kProjectDirPlaceholder) + "/.memsim", {}, home.root()};
  Status made = copy_home(user_home.root(), home.root());
  if (made.ok()) {
    auto git = run_process({"git", "init", "-q", project}, "", {}, scratch, {{}, 30});
    if (!git.ok() || git->exit_code != 0) fs::create_directories(project, ec);  // no git: the hooks use pwd
  }
  if (made.ok() && codex) {
    fs::create_directories(project + "/.codex", ec);
    auto hooks = install::merge_codex_hooks("", spec, "hooks.json");
    made = hooks.ok() ? files.write_file(project + "/.codex/hooks.json", *hooks) : Status(hooks.error());
    fs::create_directories(user + "/.codex", ec);
    const std::string config = user + "/.codex/config.toml";
    if (made.ok())
      made = files.write_file(config, "[projects." + nlohmann::json(project).dump() + "]\ntrust_level = \"trusted\"\n");
    if (made.ok()) {
      auto listed = list_codex_hooks(client, project, user, user + "/.codex");
      made = listed.ok() ? files.append_file(config, codex_trust_toml(*listed)) : Status(listed.error());
    }
  } else if (made.ok()) {
    fs::create_directories(project + "/.gemini", ec);
    auto settings = install::merge_gemini_settings("", spec, "settings.json");
    made = settings.ok() ? files.write_file(project + "/.gemini/settings.json", *settings) : Status(settings.error());
    if (made.ok())
      made = files.write_file(project + "/GEMINI.md", install::merge_claude_md("", ".memsim/memory/MEMORY.md"));
  }
  if (!made.ok()) {
    session.reason = made.message();
    out.push_back(session);
    return out;
  }

  const auto [rows, probe] = probe_of(files, home);
  std::vector<ScriptedTurn> script;
  if (!probe.empty())
    script.push_back(codex ? ScriptedTurn::call("exec_command", {{"cmd", "cat .memsim/memory/" + probe}})
                           : ScriptedTurn::call("read_file", {{"file_path", ".memsim/memory/" + probe}}));
  script.push_back(ScriptedTurn::say(kFinal));
  const std::string prompt = "memsim verify-install --live: a scripted session";
  auto run = codex ? run_codex_live({client, project, user, {}, {}, 120}, prompt, script)
                   : run_gemini_live({client, project, user, {}, {}, 120}, prompt, script);
  if (!run.ok() || run->process.exit_code != 0 || run->conversation.empty()) {
    session.reason = !run.ok()
                         ? run.message()
                         : harness + " exited " + std::to_string(run->process.exit_code) + " after " +
                               std::to_string(run->conversation.size()) + " model requests: " + head(run->process.err);
    out.push_back(session);
    return out;
  }
  session.ok = true;
  session.reason = harness + " ran a scripted session of " + std::to_string(run->conversation.size()) +
                   " model requests against 127.0.0.1, offline";
  out.push_back(session);

  const std::string seen = request_text(run->conversation.front());
  VerifyCheck idx{"live-index", false, {}, fix_install};
  const auto missing =
      std::find_if(rows.begin(), rows.end(), [&](const std::string& r) { return seen.find(r) == std::string::npos; });
  if (rows.empty()) idx.reason = "MEMORY.md has no rows; run `memsim index`";
  else if (missing != rows.end()) idx.reason = "the model did not receive the index row `" + head(*missing, 120) + "`";
  else {
    idx.ok = true;
    idx.reason = "all " + std::to_string(rows.size()) + " rows of MEMORY.md reached the model (" +
                 (codex ? "from the session-start hook" : "through the GEMINI.md import") + ")";
  }
  out.push_back(idx);

  out.push_back(check_live_touch(files, home, probe, "by the " + harness + " hooks", fix_install));

  out.push_back(check_live_errors(files, home, fix_install));
  return out;
}

install::VerifyCheck check_codex_trust(const std::string& codex, const std::string& project,
                                       const std::vector<install::InstalledHook>& installed) {
  install::VerifyCheck c{"codex-trust", false, {}, {}};
  c.fix = "start `codex` in " + project +
          ", trust the project when it asks, and open /hooks to review and trust memsim's hooks (docs/codex.md)";
  if (codex.empty()) {
    c.reason = "codex is not on PATH, so Codex cannot be asked whether it trusts the hooks";
    c.fix = "put codex on PATH, or give --codex PATH";
    return c;
  }
  auto hooks = list_codex_hooks(codex, project, "", "");
  if (!hooks.ok()) {
    c.reason = hooks.message();
    return c;
  }
  std::size_t ours = 0, trusted = 0;
  std::string untrusted;
  for (const CodexHook& h : *hooks) {
    const bool mine = std::any_of(installed.begin(), installed.end(), [&](const install::InstalledHook& i) {
      return i.args.size() >= 2 && h.command.find(" hook --harness codex " + i.args[1] + " ") != std::string::npos;
    });
    if (!mine) continue;
    ++ours;
    if (h.trust == "trusted") ++trusted;
    else untrusted += (untrusted.empty() ? "" : ", ") + h.event + " (" + h.trust + ")";
  }
  if (ours == 0) {
    c.reason = "Codex finds no memsim hook for " + project + ": the project is not trusted, or hooks are off";
    return c;
  }
  if (!untrusted.empty()) {
    c.reason = "Codex will skip, without a word, the hooks it does not trust: " + untrusted;
    return c;
  }
  c.ok = true;
  c.reason = "Codex trusts the " + std::to_string(trusted) + " memsim hooks it runs for " + project;
  return c;
}

}  // namespace memsim::live
