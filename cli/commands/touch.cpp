// memsim touch FILE: append one touch to the journal, as the pre-tool-use hook
// would for a Read. For scripts and tests; it never rewrites the memory file.
#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "memsim/journal.h"
#include "memsim/json_io.h"
#include "memsim/memory_file.h"
#include "memsim/touch.h"

namespace memsim::cli {

Command register_touch(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("touch", "append a touch of a memory file to the access journal");
  add_common_options(sub, common);
  struct Args {
    std::string file, tool = "Touch", session = "cli";
  };
  auto args = std::make_shared<Args>();
  sub->add_option("FILE", args->file, "the memory file: its name, or a path inside the home's memory/")->required();
  sub->add_option("--tool", args->tool, "tool name recorded in the journal (default Touch)");
  sub->add_option("--session", args->session, "session id recorded in the journal (default cli)");
  return {sub, [args](Context& ctx) -> int {
            if (Status s = check_home(ctx.fs, ctx.home); !s.ok()) return ctx.fail(s.message());
            // A bare name is a file of this home's memory/; a path must lead into it.
            const bool bare = args->file.find('/') == std::string::npos;
            if (bare && !is_memory_name(args->file))
              return ctx.fail(args->file + ": not a memory file name (<type>_<topic>.md)");
            auto name = memory_file_of(ctx.fs, ctx.home, bare ? ctx.home.memory_path(args->file) : args->file,
                                       current_dir(), false);
            if (!name.ok()) return ctx.fail(name.message());
            if (name->empty() && bare) return ctx.fail(ctx.home.memory_path(args->file) + ": no such memory file");
            if (name->empty())
              return ctx.fail(args->file + ": not inside " + ctx.home.memory_dir() +
                              " as a <type>_<topic>.md file (or reached through a link, or missing)");
            Touch t{ctx.clock->now(), args->tool, *name, args->session};
            if (Status s = append_touch(ctx.fs, ctx.home, t); !s.ok()) return ctx.fail(s.message());
            if (ctx.json)
              ctx.out << dump_json(nlohmann::json{{"file", *name},
                                                  {"time", format_instant(t.time)},
                                                  {"tool", t.tool},
                                                  {"session", t.session}})
                      << "\n";
            return 0;
          }};
}

}  // namespace memsim::cli
