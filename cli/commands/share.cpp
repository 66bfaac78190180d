// memsim share: make the home a shared one and register, in this clone, the git
// merge driver and the post-merge step (docs/sharing.md); memsim merge-file: the
// driver git runs for the home's files.
#include <stdlib.h>

#include <filesystem>

#include "commands/context.h"
#include "commands/repository.h"
#include "memsim/process.h"
#include "memsim/share.h"

namespace memsim::cli {

namespace {

// A directory of its own for run_process's files, removed with it: the driver
// runs inside the repository, where nothing of ours may be left.
struct ScratchDir {
  std::string path;
  ScratchDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "memsim-merge-XXXXXX").string();
    if (::mkdtemp(pattern.data())) path = pattern;
  }
  ~ScratchDir() {
    std::error_code ec;
    if (!path.empty()) std::filesystem::remove_all(path, ec);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
};

// The authored-lines merge of a memory file: git merges the texts without their
// policy lines, and ours go back in (the post-merge index recomputes them).
int merge_memory_file(Context& ctx, const std::string& base, const std::string& ours, const std::string& theirs) {
  ScratchDir scratch;
  if (scratch.path.empty()) return ctx.fail("cannot make a temporary directory");
  std::string texts[3];  // base, ours, theirs
  const std::string* paths[3] = {&base, &ours, &theirs};
  for (int i = 0; i < 3; ++i) {
    auto text = ctx.fs.read_file(*paths[i]);
    if (!text.ok()) return ctx.fail(*paths[i] + ": " + text.message());
    texts[i] = std::move(*text);
  }
  // A window both closed is closed on the earlier day on both sides (share.h).
  const std::string sides[3] = {texts[0], with_earliest_close(texts[1], texts[0], texts[2]),
                                with_earliest_close(texts[2], texts[0], texts[1])};
  const char* const names[3] = {"base.md", "ours.md", "theirs.md"};
  std::vector<std::string> stripped;
  for (int i = 0; i < 3; ++i) {
    const std::string tmp = join_path(scratch.path, names[i]);
    if (Status s = ctx.fs.write_file(tmp, without_policy_lines(sides[i])); !s.ok()) return ctx.fail(s.message());
    stripped.push_back(tmp);
  }
  const std::string& ours_text = texts[1];
  auto r = run_process({"git", "merge-file", "-p", "-L", "ours", "-L", "base", "-L", "theirs", stripped[1], stripped[0],
                        stripped[2]},
                       "", {}, scratch.path);
  if (!r.ok()) return ctx.fail("git merge-file: " + r.message());
  if (r->exit_code < 0 || r->exit_code > 127) return ctx.fail("git merge-file failed: " + first_line(r->err));
  const std::string merged = r->exit_code == 0 ? with_policy_lines_of(r->out, ours_text) : r->out;
  if (Status s = replace_file(ctx.fs, ours, merged); !s.ok()) return ctx.fail(s.message());
  return r->exit_code == 0 ? 0 : 1;
}

}  // namespace

Command register_share(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("share", "share the home through git: replica journals and the merge driver");
  add_common_options(sub, common);
  return {sub, [](Context& ctx) -> int {
            auto policy = ctx.policy();
            if (!policy.ok()) return ctx.fail(policy.message());
            auto started = start_sharing(ctx.fs, ctx.home, *ctx.clock, *policy);
            if (!started.ok()) return ctx.fail(started.message());
            if (started->already)
              ctx.out << ctx.home.root() << " is shared already"
                      << (started->wrote_gitattributes ? ": .gitattributes gained journal/*/*.log merge=union" : "")
                      << "\n";
            else
              ctx.out << "shared " << ctx.home.root() << ": journal/ made, " << started->baselined
                      << " file(s) in journal/baseline.log"
                      << (started->wrote_gitattributes ? ", .gitattributes written" : "") << "\n";
            std::vector<std::string> notes;
            Status s = register_sharing_in_clone(ctx.fs, ctx.home, notes);
            for (const std::string& n : notes) ctx.out << "  " << n << "\n";
            if (!s.ok()) return ctx.fail(s.message());
            return 0;
          }};
}

Command register_merge_file(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("merge-file", "the git merge driver for a shared home's files (docs/sharing.md)");
  auto args = std::make_shared<std::vector<std::string>>();
  sub->add_option("files", *args, "BASE OURS THEIRS PATH, as git passes %O %A %B %P")->expected(4)->required();
  add_common_options(sub, common);  // accepted for uniformity; the driver needs neither
  return {sub, [args](Context& ctx) -> int {
            const std::string &base = (*args)[0], &ours = (*args)[1], &theirs = (*args)[2], &path = (*args)[3];
            switch (merge_kind(path)) {
              case MergeKind::kDerived: return 0;  // ours stays; the post-merge index regenerates it
              case MergeKind::kMemory: return merge_memory_file(ctx, base, ours, theirs);
              case MergeKind::kText: break;
            }
            ScratchDir scratch;
            if (scratch.path.empty()) return ctx.fail("cannot make a temporary directory");
            auto r = run_process({"git", "merge-file", ours, base, theirs}, "", {}, scratch.path);
            if (!r.ok()) return ctx.fail("git merge-file: " + r.message());
            return r->exit_code == 0 ? 0 : 1;
          }};
}

}  // namespace memsim::cli
