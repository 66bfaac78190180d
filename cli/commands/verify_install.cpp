// memsim verify-install: prove the policy is wired, check by check. Each check
// prints PASS or FAIL with the reason, and the fix when it fails; the exit code
// is 0 only when every check passes (1 otherwise, 2 when it could not run).
// The checks are install's (verify.h) and live's (live_checks.h); this file runs
// them in order and prints them.
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "commands/install_plan.h"
#include "memsim/install_codex.h"
#include "memsim/install_gemini.h"
#include "memsim/json_io.h"
#include "memsim/live_checks.h"
#include "memsim/live_codex.h"
#include "memsim/verify.h"

namespace memsim::cli {

Command register_verify_install(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("verify-install", "prove the hooks are wired: each check PASS or FAIL, with the fix");
  add_common_options(sub, common);
  struct Args {
    std::string settings, claude_md, command, project, scope = "project";
    std::string claude, codex, gemini, harness = "claude-code";
    bool cron = false, live = false;
  };
  auto a = std::make_shared<Args>();
  sub->add_flag("--cron", a->cron, "require the nightly crontab block (checked whenever it is installed)");
  sub->add_flag("--live", a->live,
                "also run the harness's client (claude, or codex or gemini with --harness) against a scripted model "
                "in a scratch copy of the project (no network, no login) and report what the model receives");
  sub->add_option("--claude", a->claude, "the claude executable for --live (default: $MEMSIM_CLAUDE, else PATH)");
  sub->add_option("--harness", a->harness, "claude-code (default), codex (docs/codex.md) or gemini (docs/gemini.md)")
      ->check(CLI::IsMember({"claude-code", "codex", "gemini"}));
  sub->add_option("--codex", a->codex,
                  "with --harness codex: the codex asked which hooks it trusts and run by --live (default: "
                  "$MEMSIM_CODEX, else PATH)");
  sub->add_option("--gemini", a->gemini,
                  "with --harness gemini --live: the gemini to run (default: $MEMSIM_GEMINI, else PATH)");
  add_target_options(sub, a->settings, a->claude_md, a->command, a->project, a->scope);
  return {
      sub, [a](Context& ctx) -> int {
        using install::VerifyCheck;
        std::vector<VerifyCheck> checks;
        checks.push_back(install::check_home_layout(ctx.fs, ctx.home));
        checks.push_back(install::check_private(ctx.fs, ctx.home));
        if (!checks.back().ok) {
          // Nothing else can be checked without a home.
        } else {
          auto plan = install_plan(ctx, a->scope, a->settings, a->claude_md, a->command, a->project);
          if (!plan.ok()) return ctx.fail(plan.message());
          const auto& [spec, targets] = *plan;
          auto policy = ctx.policy();
          if (!policy.ok()) return ctx.fail(policy.message());
          const bool codex = a->harness == "codex", gemini = a->harness == "gemini";
          auto project_dir = ctx.fs.real_path(a->project.empty() ? current_dir() : a->project);
          if (!project_dir.ok()) return ctx.fail(project_dir.message());
          const char* user = std::getenv("HOME");
          const char* codex_home = std::getenv("CODEX_HOME");
          const std::string codex_hooks =
              !a->settings.empty()
                  ? a->settings
                  : install::codex_hooks_path(a->scope, *project_dir, user ? user : "", codex_home ? codex_home : "");
          auto gemini_targets = install::gemini_targets(a->scope, a->settings, "", *project_dir, user ? user : "",
                                                        Home(spec.home_path).index_path());
          if (gemini && !gemini_targets.ok()) return ctx.fail(gemini_targets.message());
          std::string tmpl = (std::filesystem::temp_directory_path() / "memsim-verify-XXXXXX").string();
          if (!::mkdtemp(tmpl.data())) return ctx.fail("cannot create a scratch directory");
          const std::string scratch = tmpl;
          std::vector<install::InstalledHook> installed;
          checks.push_back(codex    ? install::check_codex_hooks(ctx.fs, spec, codex_hooks, installed)
                           : gemini ? install::check_gemini_hooks(ctx.fs, spec, gemini_targets->settings, installed)
                                    : install::check_settings(ctx.fs, spec, targets, installed));
          const char* path = std::getenv("PATH");
          checks.push_back(install::check_command(installed, path ? path : "", scratch));
          checks.push_back(install::check_index(ctx.fs, ctx.home, *ctx.clock, *policy));
          if (!codex && !gemini) {
            checks.push_back(install::check_auto_memory(ctx.fs, targets));
            checks.push_back(install::check_claude_md(ctx.fs, ctx.home, targets));
          }
          if (gemini) {  // GEMINI.md's block is CLAUDE.md's
            checks.push_back(install::check_claude_md(ctx.fs, ctx.home, *gemini_targets));
            checks.back().name = "gemini-md";
            checks.back().fix = "run memsim install-hooks --harness gemini --apply in the project";
          }
          checks.push_back(install::check_synthetic_touch(ctx.fs, ctx.home, *ctx.clock, installed, *policy, scratch));
          if (codex)
            checks.push_back(
                live::check_codex_trust(a->codex.empty() ? live::find_codex() : a->codex, *project_dir, installed));
          auto home = ctx.fs.real_path(ctx.home.root());
          if (auto cron =
                  install::check_cron(home.ok() ? *home : ctx.home.root(), install::read_crontab(scratch), a->cron))
            checks.push_back(*cron);
          if (a->live && (codex || gemini)) {
            for (VerifyCheck& c : live::harness_live_checks(ctx.fs, ctx.home, a->harness, spec.command,
                                                            codex ? a->codex : a->gemini, scratch))
              checks.push_back(std::move(c));
          } else if (a->live) {
            auto settings = ctx.fs.read_file(targets.settings);
            const bool shared = settings.ok() && install::settings_shared(*settings);
            for (VerifyCheck& c : live::live_checks(ctx.fs, ctx.home, installed, shared, a->claude, scratch))
              checks.push_back(std::move(c));
          }
          std::error_code ec;
          std::filesystem::remove_all(scratch, ec);
        }
        const bool all = std::all_of(checks.begin(), checks.end(), [](const VerifyCheck& c) { return c.ok; });
        if (ctx.json) {
          nlohmann::json j = nlohmann::json::array();
          for (const VerifyCheck& c : checks)
            j.push_back({{"check", c.name}, {"ok", c.ok}, {"reason", c.reason}, {"fix", c.ok ? "" : c.fix}});
          ctx.out << dump_json(nlohmann::json{{"ok", all}, {"checks", j}}, 2) << "\n";
        } else {
          for (const VerifyCheck& c : checks) {
            ctx.out << (c.ok ? "PASS " : "FAIL ") << c.name << ": " << c.reason << "\n";
            if (!c.ok) ctx.out << "     fix: " << c.fix << "\n";
          }
          ctx.out << (all ? "verify-install: all checks passed\n" : "verify-install: some checks failed\n");
        }
        return all ? 0 : 1;
      }};
}

}  // namespace memsim::cli
