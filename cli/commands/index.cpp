// memsim index: fold the journal, write back policy values, regenerate the index.
#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "commands/report.h"
#include "memsim/json_io.h"
#include "memsim/reindex.h"
#include "memsim/timefmt.h"

namespace memsim::cli {

Command register_index(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("index", "regenerate MEMORY.md, MEMORY-archive.md and current-state.md");
  add_common_options(sub, common);
  auto after_merge = std::make_shared<bool>(false);
  sub->add_flag("--after-merge", *after_merge,
                "right after a git merge or checkout: write back even files git just changed (docs/sharing.md)");
  return {sub, [after_merge](Context& ctx) -> int {
            auto policy = ctx.policy();
            if (!policy.ok()) return ctx.fail(policy.message());
            auto rep = reindex(ctx.fs, ctx.home, *ctx.clock, *policy, {.after_merge = *after_merge});
            if (!rep.ok()) return ctx.fail(rep.message());
            for (const auto& w : rep->warnings) ctx.err << "memsim: " << w << "\n";
            if (ctx.json) {
              nlohmann::json j = bands_json(rep->index, *policy);
              j["files"] = rep->ranked.corpus.memories.size();
              j["written_back"] = rep->written_back;
              j["deferred_live"] = rep->deferred_live;
              j["derived_written"] = rep->derived_written;
              j["warnings"] = rep->warnings.size();
              if (rep->shared)
                j["fold"] = {{"checkpoint", rep->fold_checkpoint ? nlohmann::json(format_instant(*rep->fold_checkpoint))
                                                                 : nlohmann::json()},
                             {"checkpoint_unused", rep->fold_checkpoint_unused},
                             {"touches_read", rep->fold_touches}};
              ctx.out << dump_json(j, 2) << "\n";
            } else {
              ctx.out << "indexed " << rep->ranked.corpus.memories.size() << " memories in " << ctx.home.memory_dir()
                      << "\n"
                      << bands_text(rep->index, *policy) << "policy values written back to " << rep->written_back
                      << " file(s)";
              if (rep->deferred_live > 0)
                ctx.out << ", " << rep->deferred_live << " deferred (changed in the last " << policy->live_guard / 60
                        << " minutes)";
              ctx.out << "\n";
              if (rep->shared) {
                ctx.out << "fold: " << rep->fold_touches << " touch(es) read";
                if (rep->fold_checkpoint)
                  ctx.out << " from the checkpoint of " << format_instant(*rep->fold_checkpoint);
                else
                  ctx.out << " from every segment"
                          << (rep->fold_checkpoint_unused.empty()
                                  ? std::string()
                                  : " (checkpoint unused: " + rep->fold_checkpoint_unused + ")");
                ctx.out << "\n";
              }
            }
            return 0;
          }};
}

}  // namespace memsim::cli
