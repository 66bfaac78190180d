// memsim why "<claim>": where a remembered claim came from. When more than one
// atom could be meant it prints nothing and exits 1: a wrong citation is worse
// than a missing one.
#include <set>

#include "commands/context.h"
#include "commands/user_home.h"
#include "memsim/promote.h"

namespace memsim::cli {

Command register_why(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("why", "print the sessions, days, transcript lines and quoted source of a claim");
  add_common_options(sub, common);
  struct Args {
    std::string claim, user_home;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("CLAIM", args->claim, "the claim's text (or part of it), or its id")->required();
  add_user_home_option(sub, args->user_home);
  return {sub, [args](Context& ctx) -> int {
            auto found = find_atoms(ctx.fs, ctx.home, args->claim);
            if (!found.ok()) return ctx.fail(found.message());
            const std::string user_dir = resolve_user_home(args->user_home);
            if (found->empty() && !user_dir.empty()) {
              auto more = find_atoms(ctx.fs, Home(user_dir), args->claim);
              if (more.ok()) found = std::move(more);
            }
            if (found->size() != 1) {
              ctx.err << "memsim: why: " << (found->empty() ? "no atom matches" : "ambiguous: several atoms match")
                      << " \"" << args->claim << "\"\n";
              return 1;
            }
            const Slot& slot = (*found)[0].slot;
            const Atom& a = (*found)[0].atom;
            const Evidence e = evidence_of(a);
            ctx.out << a.id << " \"" << a.claim << "\"\n  kind " << a.kind << ", tier " << a.tier << ", " << a.status
                    << "; " << e.sessions << " sessions, " << e.days << " days, " << e.projects << " projects"
                    << (slot.contested() ? " [contested]" : "") << (a.quarantined ? " [quarantined]" : "") << "\n";
            for (const Observation& o : a.observations)
              ctx.out << "  " << o.day << " session " << o.session << " project " << o.project << " (" << o.confidence
                      << ")\n    " << o.transcript << ":" << o.line << "\n    > " << o.quote << "\n";
            return 0;
          }};
}

}  // namespace memsim::cli
