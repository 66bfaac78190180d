// memsim status: health at a glance. Index bytes and rows against each band's
// budget, whether MEMORY.md is current and how old, how many memories were never
// reinforced, seed 003's file budgets, what lint found, the last tick and the cue.
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "commands/report.h"
#include "memsim/budgets.h"
#include "memsim/json_io.h"
#include "memsim/lint.h"
#include "memsim/reindex.h"
#include "memsim/render.h"
#include "memsim/tick.h"

namespace memsim::cli {

namespace {

// Every conflict with its winner (SPEC section 6): each means a missed supersession.
nlohmann::json conflicts_json(const std::vector<Conflict>& conflicts) {
  nlohmann::json arr = nlohmann::json::array();
  for (const Conflict& c : conflicts) arr.push_back({{"key", c.key}, {"files", c.files}, {"winner", c.winner}});
  return arr;
}

nlohmann::json size_json(const FileSize& f) { return {{"file", f.rel_path}, {"lines", f.lines}, {"bytes", f.bytes}}; }

nlohmann::json budgets_json(const std::vector<FileBudget>& budgets) {
  nlohmann::json arr = nlohmann::json::array();
  for (const FileBudget& b : budgets) {
    nlohmann::json over = nlohmann::json::array();
    for (const FileSize& f : b.over) over.push_back(size_json(f));
    arr.push_back({{"name", b.name},
                   {"max_lines", b.max_lines},
                   {"max_bytes", b.max_bytes},
                   {"files", b.files},
                   {"largest", b.files ? size_json(b.largest) : nlohmann::json(nullptr)},
                   {"over", over}});
  }
  return arr;
}

std::string budgets_text(const std::vector<FileBudget>& budgets) {
  std::string out = "file budgets (seed 003):\n";
  for (const FileBudget& b : budgets) {
    std::string line = "  " + b.name + " (" + std::to_string(b.max_lines) + " lines, " +
                       std::to_string(b.max_bytes / 1024) + " KB each): ";
    if (b.files == 0) {
      line += "none";
    } else {
      line += std::to_string(b.files) + " file(s), largest " + b.largest.rel_path + " " +
              std::to_string(b.largest.lines) + " lines " + std::to_string(b.largest.bytes) + " B; ";
      line += b.over.empty() ? "all within" : std::to_string(b.over.size()) + " over:";
      for (std::size_t i = 0; i < b.over.size() && i < 5; ++i)
        line += " " + b.over[i].rel_path + " (" + std::to_string(b.over[i].lines) + " lines, " +
                std::to_string(b.over[i].bytes) + " B)";
      if (b.over.size() > 5) line += " ...";
    }
    out += line + "\n";
  }
  return out;
}

// runtime/state/<file> as JSON, or null when absent or unreadable (status only reports).
nlohmann::json state_json(FileSystem& fs, const std::string& path) {
  auto text = fs.read_file(path);
  if (!text.ok()) return nullptr;
  auto j = nlohmann::json::parse(*text, nullptr, false);
  return j.is_discarded() ? nlohmann::json(nullptr) : j;
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
            const char* index_state = !current.ok()                      ? "missing"
                                      : *current == rep->index.memory_md ? "current"
                                                                         : "stale (run memsim index)";
            auto findings = lint(r, rep->bad_journal_lines, rep->index.unfit_pins);
            std::map<std::string, int> by_severity, by_code;
            for (const Finding& f : findings) {
              by_severity[std::string(severity_name(f.severity))]++;
              if (f.severity != Severity::kInfo) by_code[f.code]++;
            }
            auto budgets = file_budgets(ctx.fs, ctx.home, &r.corpus);
            if (!budgets.ok()) return ctx.fail(budgets.message());
            const nlohmann::json last_tick = state_json(ctx.fs, ctx.home.last_tick_path());
            const nlohmann::json cue_file = state_json(ctx.fs, ctx.home.cue_path());
            nlohmann::json cue = nullptr;
            if (cue_file.is_object() && cue_file.contains("items") && cue_file["items"].is_array()) {
              std::map<std::string, int> kinds;
              for (const auto& item : cue_file["items"])
                if (item.is_object() && item.contains("kind") && item["kind"].is_string()) kinds[item["kind"]]++;
              cue = {{"items", cue_file["items"].size()}, {"by_kind", kinds}};
            }
            std::optional<double> index_age_hours;
            if (auto info = ctx.fs.stat(ctx.home.index_path()); info.ok() && info->kind == FileKind::kRegular)
              index_age_hours = static_cast<double>(ctx.clock->now() - info->mtime) / 3600.0;
            if (ctx.json) {
              nlohmann::json j{{"home", ctx.home.root()},
                               {"memories", r.corpus.memories.size()},
                               {"base_stability", base},
                               {"pinned", pinned},
                               {"unfit_pins", rep->index.unfit_pins},
                               {"conflicts", r.conflicts.size()},
                               {"conflict_list", conflicts_json(r.conflicts)},
                               {"contested_by_candidates", rep->contested_by_candidates},
                               {"index", index_state},
                               {"bands", bands_json(rep->index, *policy)},
                               {"lint", {{"by_severity", by_severity}, {"by_code", by_code}}},
                               {"journal_bad_lines", rep->bad_journal_lines},
                               {"index_age_hours",
                                index_age_hours ? nlohmann::json(*index_age_hours) : nlohmann::json(nullptr)},
                               {"budgets", budgets_json(*budgets)},
                               {"last_tick", last_tick},
                               {"cue", cue}};
              ctx.out << dump_json(j, 2) << "\n";
              return 0;
            }
            ctx.out << "home " << ctx.home.root() << ": " << r.corpus.memories.size() << " memories, " << base
                    << " at base stability (never reinforced), " << pinned << " pinned\n"
                    << "MEMORY.md is " << index_state;
            if (index_age_hours && *index_age_hours >= 0)
              ctx.out << ", written " << static_cast<long>(*index_age_hours) << " h ago";
            ctx.out << "\n" << bands_text(rep->index, *policy) << budgets_text(*budgets);
            for (const std::string& f : rep->index.unfit_pins)
              ctx.out << "pin over budget: memory/" << render_name(f, 300)
                      << " is pinned but does not fit in Hot (unpin a memory or shorten a pinned summary)\n";
            ctx.out << "conflicts: " << r.conflicts.size() << "\n";
            for (const Conflict& c : r.conflicts) {
              ctx.out << "  key '" << c.key << "':";
              for (const auto& f : c.files) ctx.out << " " << f;
              ctx.out << "; winner " << c.winner
                      << " (a supersession was missed or two were made at once: memsim resolve <key> --keep <file>)\n";
            }
            ctx.out << "contested by candidates: " << rep->contested_by_candidates.size() << "\n";
            for (const std::string& f : rep->contested_by_candidates)
              ctx.out << "  memory/" << render_name(f, 300)
                      << ": a captured claim disagrees (memsim inspect --contested; memsim resolve ID)\n";
            ctx.out << "lint: " << by_severity["error"] << " error(s), " << by_severity["warning"] << " warning(s)";
            for (const auto& [code, n] : by_code)
              ctx.out << (code == by_code.begin()->first ? " (" : ", ") << code << " " << n;
            ctx.out << (by_code.empty() ? "" : ")") << "\n";
            if (last_tick.is_object()) {
              ctx.out << "last tick: " << last_tick.value("time", std::string("?"))
                      << (last_tick.value("guarded", false) ? " (guarded: a memory file was being edited)" : "")
                      << ", wrote back " << last_tick.value("written_back", 0) << ", changed "
                      << (last_tick.contains("changed") ? last_tick["changed"].size() : 0) << " file(s)\n";
              // What the wake before that tick left (tick.h), as the tick recorded it.
              auto count = [&](const char* k) {
                return last_tick.contains(k) && last_tick[k].is_array() ? last_tick[k].size() : 0;
              };
              ctx.out << "last wake, as that tick found it: " << count("dream_entries") << " dream entr"
                      << (count("dream_entries") == 1 ? "y" : "ies") << ", " << count("sits") << " sit(s)\n";
            } else {
              ctx.out << "last tick: never (run memsim tick, or install-hooks --cron)\n";
            }
            if (cue.is_object()) {
              ctx.out << "cue: " << cue["items"].get<std::size_t>() << " item(s) for the reflective wake";
              std::string sep = " (";
              for (const auto& [kind, n] : cue["by_kind"].items()) {
                ctx.out << sep << kind << " " << n.get<int>();
                sep = ", ";
              }
              ctx.out << (sep == " (" ? "" : ")") << "\n";
            }
            return 0;
          }};
}

}  // namespace memsim::cli
