// memsim tick [--commit]: the nightly deterministic pass (core/tick.h); with
// --commit, commits exactly the files the tick changed and nothing else in the tree.
#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "memsim/cue_sources.h"
#include "memsim/json_io.h"
#include "memsim/process.h"
#include "memsim/render.h"
#include "memsim/tick.h"

namespace memsim::cli {

namespace {

// Stages and commits `files` (relative to the home) in the repository holding
// the home. Other changes in the tree, staged or not, are left alone: --only
// commits just the named paths.
Result<std::string> commit_files(const Home& home, const std::vector<std::string>& files, Seconds now) {
  auto git = [&](const std::vector<std::string>& argv) {
    auto r = run_process(argv, "", {}, home.runtime_dir());
    return r.ok() ? *r : ProcessResult{-1, "", r.message()};
  };
  if (git({"git", "-C", home.root(), "rev-parse", "--show-toplevel"}).exit_code != 0)
    return Error{home.root() + ": not inside a git repository; nothing committed"};
  if (files.empty()) return std::string("nothing to commit");
  // git runs in the home (-C), so the paths are the home-relative names as they
  // are: prefixed with a relative home they would point below it.
  const std::vector<std::string>& paths = files;
  std::vector<std::string> add = {"git", "-C", home.root(), "add", "--"};
  add.insert(add.end(), paths.begin(), paths.end());
  if (auto r = git(add); r.exit_code != 0) return Error{"git add failed: " + r.out + r.err};
  std::string message = "memsim tick " + format_instant(now) + "\n\n";
  for (const auto& f : files) message += "- " + f + "\n";
  std::vector<std::string> commit = {"git",         "-C", home.root(), "commit", "--quiet",
                                     "--no-verify", "-m", message,     "--only", "--"};
  commit.insert(commit.end(), paths.begin(), paths.end());
  if (auto r = git(commit); r.exit_code != 0) return Error{"git commit failed: " + r.out + r.err};
  return "committed " + std::to_string(files.size()) + " file(s)";
}

}  // namespace

Command register_tick(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("tick", "nightly pass: fold, lint, regenerate the index, write the cue");
  add_common_options(sub, common);
  auto commit = std::make_shared<bool>(false);
  sub->add_flag("--commit", *commit, "commit exactly the files the tick changed");
  return {sub, [commit](Context& ctx) -> int {
            auto policy = ctx.policy();
            if (!policy.ok()) return ctx.fail(policy.message());
            auto t = run_tick(ctx.fs, ctx.home, *ctx.clock, *policy);
            if (!t.ok()) return ctx.fail(t.message());
            std::string committed;
            if (*commit && !t->guarded) {
              auto c = commit_files(ctx.home, t->changed, t->now);
              if (!c.ok()) return ctx.fail(c.message());
              committed = *c;
            }
            if (ctx.json) {
              nlohmann::json notes = nlohmann::json::array();
              for (const auto& n : t->notes_leaving) notes.push_back(n.rel_path);
              ctx.out << dump_json(nlohmann::json{{"time", format_instant(t->now)},
                                                  {"guarded", t->guarded},
                                                  {"recent", t->recent},
                                                  {"memories", t->memories},
                                                  {"written_back", t->written_back},
                                                  {"changed", t->changed},
                                                  {"findings", t->findings.size()},
                                                  {"notes_leaving", notes},
                                                  {"dream_entries", t->dream_entries},
                                                  {"sits", sit_names(t->sits)},
                                                  {"cue_items", t->cue.size()},
                                                  {"commit", committed}},
                                   2)
                      << "\n";
              return 0;
            }
            if (t->guarded) {
              ctx.out << "guarded: " << t->recent.size() << " memory file(s) changed in the last "
                      << policy->live_guard / 60 << " minutes (" << t->recent.front()
                      << (t->recent.size() > 1 ? ", ..." : "")
                      << "); skipped write-back and index regeneration, scanned and cued only\n";
            } else {
              ctx.out << "folded and wrote back " << t->written_back << " file(s); " << t->changed.size()
                      << " file(s) changed\n";
            }
            ctx.out << "lint: " << t->findings.size() << " finding(s)\n";
            ctx.out << "notes leaving their " << policy->short_term_days << "-day window: " << t->notes_leaving.size()
                    << "\n";
            for (const auto& n : t->notes_leaving) ctx.out << "  " << n.rel_path << "\n";
            ctx.out << "since the last tick, the wake left " << t->dream_entries.size() << " dream entr"
                    << (t->dream_entries.size() == 1 ? "y" : "ies") << " and " << t->sits.size() << " sit(s)";
            for (const auto& d : t->dream_entries) ctx.out << "; " << d;
            for (const auto& sit : t->sits) ctx.out << "; sat with " << render_name(sit.name, 200);
            ctx.out << "\n";
            ctx.out << "cue: " << t->cue.size() << " item(s) in " << ctx.home.cue_path() << "\n";
            if (!committed.empty()) ctx.out << committed << "\n";
            if (*commit && t->guarded) ctx.out << "nothing committed: the tick was guarded\n";
            return 0;
          }};
}

}  // namespace memsim::cli
