// memsim recall "<query>": ranked memories for a query (SPEC section 6). Open
// windows only unless --as-of (or the query itself: "by June", query_time.h)
// names another day, or --include-archived asks for history too. It never reinforces: nothing is journaled, no memory
// file changes.
#include <cstdio>

#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "memsim/policy.h"
#include "memsim/query_time.h"
#include "memsim/render.h"
#include "memsim/search.h"

namespace memsim::cli {

Command register_recall(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("recall", "ranked memories for a query (BM25); never reinforces");
  add_common_options(sub, common);
  struct Args {
    std::string query, as_of;
    int k = 10;
    bool archived = false;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("QUERY", args->query, "what to look for, in plain words")->required();
  sub->add_option("--as-of", args->as_of, "facts whose window holds this day (YYYY-MM-DD)");
  sub->add_option("--k", args->k, "how many results (default 10)")->check(CLI::Range(1, 1000));
  sub->add_flag("--include-archived", args->archived, "closed facts too, shown as history");
  return {
      sub, [args](Context& ctx) -> int {
        auto policy = ctx.policy();
        if (!policy.ok()) return ctx.fail(policy.message());
        RecallOptions o;
        o.k = args->k;
        o.include_archived = args->archived;
        if (!args->as_of.empty()) {
          o.as_of = parse_date(args->as_of);
          if (!o.as_of) return ctx.fail("--as-of: '" + args->as_of + "' is not a date (use YYYY-MM-DD)");
        } else if (auto asked = asked_day(ctx.fs, ctx.home, *ctx.clock, *policy, args->query)) {
          // "had it changed by June?": the query's own day, which --as-of overrides.
          o.as_of = asked->day;
          if (!ctx.json)
            ctx.err << "memsim: as of " << format_date(asked->day) << " (\"" << render_line(asked->phrase, 80)
                    << "\" in the query"
                    << (asked->source.empty() ? "" : ", dated by memory/" + render_name(asked->source, 200))
                    << "; --as-of overrides)\n";
        }
        auto hits = recall(ctx.fs, ctx.home, *ctx.clock, *policy, args->query, o);
        if (!hits.ok()) return ctx.fail(hits.message());
        if (ctx.json) {
          nlohmann::json arr = nlohmann::json::array();
          for (const Hit& h : *hits)
            arr.push_back(
                {{"file", h.file},
                 {"score", h.score},
                 {"summary", render_line(h.summary, static_cast<std::size_t>(policy->row_cap))},
                 {"valid_from", format_date(h.valid_from)},
                 {"valid_until", h.valid_until ? nlohmann::json(format_date(*h.valid_until)) : nlohmann::json(nullptr)},
                 {"replaced_by", h.replaced_by.empty() ? nlohmann::json(nullptr) : nlohmann::json(h.replaced_by)},
                 {"replaced_on",
                  h.replaced_on ? nlohmann::json(format_date(*h.replaced_on)) : nlohmann::json(nullptr)}});
          ctx.out << arr.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
          return 0;
        }
        for (const Hit& h : *hits) {
          char score[32];
          std::snprintf(score, sizeof score, "%7.3f", h.score);
          ctx.out << score << "  " << hit_line(h, static_cast<std::size_t>(policy->row_cap)) << "\n";
        }
        if (hits->empty()) ctx.err << "memsim: nothing found for '" << render_line(args->query, 200) << "'\n";
        return 0;
      }};
}

}  // namespace memsim::cli
