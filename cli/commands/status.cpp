// memsim status: health at a glance. Index bytes and rows against each band's
// budget, whether MEMORY.md is current, how many memories were never reinforced,
// and what lint found.
#include <map>

#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "commands/report.h"
#include "memsim/lint.h"
#include "memsim/reindex.h"

namespace memsim::cli {

namespace {

// Every conflict with its winner (SPEC section 6): each means a missed supersession.
nlohmann::json conflicts_json(const std::vector<Conflict>& conflicts) {
  nlohmann::json arr = nlohmann::json::array();
  for (const Conflict& c : conflicts) arr.push_back({{"key", c.key}, {"files", c.files}, {"winner", c.winner}});
  return arr;
}

}  // namespace

Command register_status(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("status", "health: index sizes against budgets, reinforcement, lint counts");
  add_common_options(sub, common);
  return {sub, [](Context& ctx) -> int {
            auto policy = ctx.policy();
            if (!policy.ok()) return ctx.fail(policy.message());
            auto rep = reindex(ctx.fs, ctx.home, *ctx.clock, *policy, {.write = false});
            if (!rep.ok()) return ctx.fail(rep.message());
            const Ranked& r = rep->ranked;
            int base = 0, pinned = 0;
            for (std::size_t i = 0; i < r.folded.size(); ++i) {
              if (r.folded[i].access_count == 0 && r.folded[i].stability == policy->initial_stability) ++base;
              if (r.entries[i].pinned) ++pinned;
            }
            auto current = ctx.fs.read_file(ctx.home.index_path());
            const char* index_state = !current.ok() ? "missing"
                                      : *current == rep->index.memory_md ? "current"
                                                                         : "stale (run memsim index)";
            auto findings = lint(r, rep->bad_journal_lines);
            std::map<std::string, int> by_severity, by_code;
            for (const Finding& f : findings) {
              by_severity[std::string(severity_name(f.severity))]++;
              if (f.severity != Severity::kInfo) by_code[f.code]++;
            }
            if (ctx.json) {
              nlohmann::json j{{"home", ctx.home.root()},
                               {"memories", r.corpus.memories.size()},
                               {"base_stability", base},
                               {"pinned", pinned},
                               {"conflicts", r.conflicts.size()},
                               {"conflict_list", conflicts_json(r.conflicts)},
                               {"index", index_state},
                               {"bands", bands_json(rep->index, *policy)},
                               {"lint", {{"by_severity", by_severity}, {"by_code", by_code}}},
                               {"journal_bad_lines", rep->bad_journal_lines}};
              ctx.out << j.dump(2) << "\n";
              return 0;
            }
            ctx.out << "home " << ctx.home.root() << ": " << r.corpus.memories.size() << " memories, "
                    << base << " at base stability (never reinforced), " << pinned << " pinned\n"
                    << "MEMORY.md is " << index_state << "\n"
                    << bands_text(rep->index, *policy);
            ctx.out << "conflicts: " << r.conflicts.size() << "\n";
            for (const Conflict& c : r.conflicts) {
              ctx.out << "  key '" << c.key << "':";
              for (const auto& f : c.files) ctx.out << " " << f;
              ctx.out << "; winner " << c.winner << " (a supersession was missed)\n";
            }
            ctx.out << "lint: " << by_severity["error"] << " error(s), " << by_severity["warning"]
                    << " warning(s)";
            for (const auto& [code, n] : by_code) ctx.out << (code == by_code.begin()->first ? " (" : ", ") << code << " " << n;
            ctx.out << (by_code.empty() ? "" : ")") << "\n";
            return 0;
          }};
}

}  // namespace memsim::cli
