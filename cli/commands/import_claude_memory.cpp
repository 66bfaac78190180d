// memsim import-claude-memory [--from DIR] [--project DIR] [--apply]: bring what
// Claude Code's own auto memory learned into the home (hooks/install
// import_claude.h). Without --apply it prints what it would write.
#include <cstdlib>

#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "memsim/import_claude.h"
#include "memsim/json_io.h"

namespace memsim::cli {

namespace {

std::string_view outcome_name(install::ImportedFile::Outcome o) {
  switch (o) {
    case install::ImportedFile::Outcome::kImported: return "imported";
    case install::ImportedFile::Outcome::kWouldImport: return "would import";
    case install::ImportedFile::Outcome::kExists: return "exists";
    case install::ImportedFile::Outcome::kSkipped: return "skipped";
  }
  return "skipped";
}

}  // namespace

Command register_import_claude_memory(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("import-claude-memory",
                                 "bring Claude Code's auto memory into the home, one memory per topic file; "
                                 "without --apply, print what would be written");
  add_common_options(sub, common);
  struct Args {
    std::string from, project;
    bool apply = false;
  };
  auto args = std::make_shared<Args>();
  sub->add_option("--from", args->from,
                  "the auto memory directory (default: ~/.claude/projects/<project>/memory, as Claude Code names it)");
  sub->add_option("--project", args->project, "the project whose auto memory to read (default: the current directory)");
  sub->add_flag("--apply", args->apply, "write the memories");
  return {
      sub, [args](Context& ctx) -> int {
        auto policy = ctx.policy();
        if (!policy.ok()) return ctx.fail(policy.message());
        std::string dir = args->from;
        if (dir.empty()) {
          const char* user_home = std::getenv("HOME");
          if (!user_home || !*user_home) return ctx.fail("HOME is not set; name the directory with --from");
          auto project = ctx.fs.real_path(args->project.empty() ? current_dir() : args->project);
          if (!project.ok()) return ctx.fail(project.message());
          dir = install::auto_memory_dir(ctx.fs, *project, user_home);
        }
        Redactor redactor;
        auto report = install::import_auto_memory(ctx.fs, ctx.home, *ctx.clock, *policy, redactor, dir, args->apply);
        if (!report.ok()) return ctx.fail(report.message());
        if (!report->warning.empty()) ctx.err << "memsim: " << report->warning << "\n";
        if (ctx.json) {
          nlohmann::json files = nlohmann::json::array();
          for (const auto& f : report->files)
            files.push_back(
                {{"source", f.source}, {"file", f.file}, {"outcome", outcome_name(f.outcome)}, {"reason", f.reason}});
          ctx.out << dump_json(nlohmann::json{{"from", dir}, {"applied", args->apply}, {"files", files}}, 2) << "\n";
          return 0;
        }
        ctx.out << "from " << dir << ":\n";
        if (report->files.empty()) ctx.out << "  no topic files\n";
        for (const auto& f : report->files) {
          ctx.out << "  " << f.source << " -> " << (f.file.empty() ? "-" : "memory/" + f.file) << ": "
                  << outcome_name(f.outcome) << (f.reason.empty() ? "" : " (" + f.reason + ")") << "\n";
        }
        if (!args->apply) ctx.out << "(dry run: add --apply to write these; the originals are only read)\n";
        return 0;
      }};
}

}  // namespace memsim::cli
