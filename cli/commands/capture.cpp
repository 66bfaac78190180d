// memsim capture TRANSCRIPT: L0 -> L1 into this home's candidates/ and into the
// user-level home's, which sees every project.
#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "commands/user_home.h"
#include "memsim/atoms.h"
#include "memsim/debrief.h"
#include "memsim/hooks.h"
#include "memsim/json_io.h"

namespace memsim::cli {

Command register_capture(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("capture", "read a Claude Code transcript and record L1 atoms in candidates/");
  add_common_options(sub, common);
  struct Args {
    std::string transcript, project, user_home, debrief;
    bool no_user_home = false;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("TRANSCRIPT", args->transcript, "the session's .jsonl transcript")->required();
  sub->add_option("--project", args->project, "project name (default: the last part of the session's cwd)");
  add_user_home_option(sub, args->user_home);
  sub->add_flag("--no-user-home", args->no_user_home, "capture into this home only");
  sub->add_option("--debrief", args->debrief,
                  "then write the debrief note of session SESSION into memory/short-term/ (what session end does)");
  return {
      sub, [args](Context& ctx) -> int {
        if (Status s = check_home(ctx.fs, ctx.home); !s.ok()) return ctx.fail(s.message());
        CaptureStats st;
        if (Status s = capture_transcript(ctx.fs, ctx.home, *ctx.clock, args->transcript, args->project, &st); !s.ok())
          return ctx.fail(s.message());
        const std::string user = args->no_user_home ? "" : resolve_user_home(args->user_home);
        if (!user.empty()) {
          CaptureStats ignored;
          if (Status s = capture_transcript(ctx.fs, Home(user), *ctx.clock, args->transcript, args->project, &ignored);
              !s.ok())
            return ctx.fail(s.message());
        }
        std::string debrief_path;
        if (!args->debrief.empty()) {
          auto policy = ctx.policy();
          if (!policy.ok()) return ctx.fail(policy.message());
          auto d =
              write_debrief(ctx.fs, ctx.home, *ctx.clock, nullptr,
                            {hooks::sanitize_session(args->debrief), std::move(st.claims)}, policy->lock_timeout_ms);
          if (!d.ok()) return ctx.fail(d.message());
          debrief_path = d->rel_path;
        }
        if (ctx.json) {
          ctx.out << dump_json(nlohmann::json{{"transcript", args->transcript},
                                              {"lines", st.lines},
                                              {"markers", st.markers},
                                              {"new_observations", st.new_observations},
                                              {"new_atoms", st.new_atoms},
                                              {"quarantined", st.quarantined},
                                              {"malformed", st.malformed},
                                              {"unknown", st.unknown},
                                              {"injected", st.injected},
                                              {"ignored", st.ignored},
                                              {"debrief", debrief_path}})
                  << "\n";
        } else {
          ctx.out << "captured " << args->transcript << ": " << st.lines << " lines, " << st.markers << " markers, "
                  << st.new_observations << " new observations (" << st.new_atoms << " new atoms, " << st.quarantined
                  << " quarantined); skipped " << st.malformed << " malformed, " << st.unknown << " unknown, "
                  << st.injected << " injected\n";
          if (!debrief_path.empty()) ctx.out << "debrief: " << debrief_path << "\n";
        }
        return 0;
      }};
}

}  // namespace memsim::cli
