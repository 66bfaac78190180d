// memsim init [--apply]: create a home. Without --apply it only prints the plan.
// Existing files are never overwritten.
#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "memsim/json_io.h"
#include "memsim/reindex.h"

namespace memsim::cli {

namespace {

constexpr const char* kIdentityTemplate =
    "# Identity\n\n"
    "Who this agent is and the few rules that must arrive before any plan is made.\n"
    "Keep it short: it is loaded at every session start.\n";

constexpr const char* kGitignoreLines[] = {"candidates/", "runtime/"};

struct Step {
  std::string action;  // create-dir, create-file, append
  std::string path;
  std::string data;
};

Result<std::vector<Step>> plan(FileSystem& fs, const Home& home) {
  std::vector<Step> steps;
  for (const std::string& dir :
       {home.root(), home.memory_dir(), home.short_term_dir(), home.dream_journal_dir(), home.lenses_dir(),
        home.meditations_dir(), home.candidates_dir(), home.staged_dir(), home.runtime_dir(), home.state_dir()}) {
    auto info = fs.stat(dir);
    if (!info.ok()) return info.error();
    if (info->kind == FileKind::kMissing) steps.push_back({"create-dir", dir, ""});
    else if (info->kind != FileKind::kDirectory) return Error{dir + ": exists and is not a directory"};
  }
  auto identity = fs.stat(home.identity_path());
  if (!identity.ok()) return identity.error();
  if (identity->kind == FileKind::kMissing) steps.push_back({"create-file", home.identity_path(), kIdentityTemplate});

  const std::string gi = home.gitignore_path();
  auto gi_info = fs.stat(gi);
  if (!gi_info.ok()) return gi_info.error();
  std::string existing;
  if (gi_info->kind == FileKind::kRegular) {
    auto text = fs.read_file(gi);
    if (!text.ok()) return text.error();
    existing = *text;
  }
  std::string missing;
  for (const char* line : kGitignoreLines)
    if (("\n" + existing).find("\n" + std::string(line) + "\n") == std::string::npos &&
        !(existing.size() >= std::char_traits<char>::length(line) && existing.ends_with("\n" + std::string(line))))
      missing += std::string(line) + "\n";
  if (!missing.empty()) {
    if (gi_info->kind == FileKind::kMissing) {
      steps.push_back({"create-file", gi, missing});
    } else {
      if (!existing.empty() && existing.back() != '\n') missing = "\n" + missing;
      steps.push_back({"append", gi, missing});
    }
  }
  return steps;
}

}  // namespace

Command register_init(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("init", "create a home; without --apply, print what would be created");
  add_common_options(sub, common);
  auto apply = std::make_shared<bool>(false);
  sub->add_flag("--apply", *apply, "create the directories and files");
  return {sub, [apply](Context& ctx) -> int {
            auto steps = plan(ctx.fs, ctx.home);
            if (!steps.ok()) return ctx.fail(steps.message());
            nlohmann::json actions = nlohmann::json::array();
            for (const Step& s : *steps) {
              if (*apply) {
                Status st = s.action == "create-dir" ? make_home_dir(ctx.fs, ctx.home, s.path)
                            : s.action == "append"   ? ctx.fs.append_file(s.path, s.data)
                                                     : replace_file(ctx.fs, s.path, s.data);
                if (!st.ok()) return ctx.fail(st.message());
              }
              actions.push_back({{"action", s.action}, {"path", s.path}});
              if (!ctx.json) ctx.out << (*apply ? "" : "would ") << s.action << " " << s.path << "\n";
            }
            int derived = 0;
            if (*apply) {
              auto policy = ctx.policy();
              if (!policy.ok()) return ctx.fail(policy.message());
              auto rep = reindex(ctx.fs, ctx.home, *ctx.clock, *policy);
              if (!rep.ok()) return ctx.fail(rep.message());
              derived = rep->derived_written;
              if (!ctx.json && derived > 0) ctx.out << "wrote the index in " << ctx.home.memory_dir() << "\n";
            }
            if (ctx.json) {
              ctx.out << dump_json(nlohmann::json{{"home", ctx.home.root()},
                                                  {"apply", *apply},
                                                  {"actions", actions},
                                                  {"derived_written", derived}},
                                   2)
                      << "\n";
            } else if (steps->empty()) {
              ctx.out << ctx.home.root() << " is already a complete home\n";
            } else if (!*apply) {
              ctx.out << "nothing was changed; run again with --apply\n";
            }
            return 0;
          }};
}

}  // namespace memsim::cli
