// memsim tick [--commit]: the nightly deterministic pass (core/tick.h); with
// --commit, commits exactly the files the tick changed and nothing else in the tree.
#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "commands/repository.h"
#include "memsim/cue_sources.h"
#include "memsim/json_io.h"
#include "memsim/render.h"
#include "memsim/tick.h"

namespace memsim::cli {

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
              std::string message = "memsim tick " + format_instant(t->now) + "\n\n";
              for (const auto& f : t->changed) message += "- " + f + "\n";
              auto c = commit_paths(ctx.home, t->changed, message);
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
