// memsim share: make the home a shared one and register, in this clone, the git
// merge driver and the post-merge step (docs/sharing.md); memsim merge-file: the
// driver git runs for the home's files.
#include <stdlib.h>

#include <filesystem>

#include "commands/context.h"
#include "memsim/process.h"
#include "memsim/share.h"

namespace memsim::cli {

namespace {

constexpr std::string_view kHookMarker = "# memsim share:";

ProcessResult git_in(const Home& home, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"git", "-C", home.root()};
  argv.insert(argv.end(), args.begin(), args.end());
  auto r = run_process(argv, "", {}, home.runtime_dir());
  return r.ok() ? *r : ProcessResult{-1, "", r.message()};
}

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

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

// The hook that refreshes the policy lines and the index once git has merged or
// checked out: it names the home by its place in the repository, never by a
// path of this machine, so it works in every worktree.
std::string refresh_hook(const std::string& prefix) {
  std::string rel = prefix;
  if (!rel.empty() && rel.back() == '/') rel.pop_back();
  return "#!/bin/sh\n" + std::string(kHookMarker) +
         " recompute the home's policy lines and index from the merged journals (docs/sharing.md)\n"
         "top=$(git rev-parse --show-toplevel) || exit 0\n"
         "memsim index --home \"$top/" +
         rel + "\" --after-merge >/dev/null 2>&1 || true\n";
}

// Registers the driver and the hooks in the clone that holds the home; the
// lines of `notes` say what was done or what the person has to do.
Status register_in_clone(FileSystem& fs, const Home& home, std::vector<std::string>& notes) {
  MEMSIM_TRY(make_home_dir(fs, home, home.runtime_dir()));
  if (git_in(home, {"rev-parse", "--show-toplevel"}).exit_code != 0) {
    notes.push_back("not inside a git repository: nothing registered; run `memsim share` again once it is");
    return {};
  }
  for (const auto& [key, value] : {std::pair<std::string, std::string>{
                                       "merge.memsim.name", "memsim: authored lines merged, policy lines recomputed"},
                                   {"merge.memsim.driver", "memsim merge-file %O %A %B %P"}}) {
    if (auto r = git_in(home, {"config", key, value}); r.exit_code != 0)
      return Error{"git config " + key + " failed: " + first_line(r.err)};
  }
  notes.push_back("registered the merge driver in this clone's git config (merge.memsim)");
  auto prefix = git_in(home, {"rev-parse", "--show-prefix"});
  if (prefix.exit_code != 0) return Error{"git rev-parse --show-prefix failed: " + first_line(prefix.err)};
  const std::string script = refresh_hook(first_line(prefix.out));
  for (const char* name : {"post-merge", "post-checkout"}) {
    auto where = git_in(home, {"rev-parse", "--path-format=absolute", "--git-path", std::string("hooks/") + name});
    if (where.exit_code != 0) return Error{"git rev-parse --git-path failed: " + first_line(where.err)};
    const std::string path = first_line(where.out);
    auto existing = fs.read_file(path);
    if (existing.ok() && existing->find(kHookMarker) == std::string::npos) {
      notes.push_back(path + " exists and is not memsim's: left alone; add to it: memsim index --home <home> " +
                      "--after-merge");
      continue;
    }
    MEMSIM_TRY(fs.make_dir(std::filesystem::path(path).parent_path().string()));
    MEMSIM_TRY(replace_file(fs, path, script));
    std::error_code ec;
    std::filesystem::permissions(path,
                                 std::filesystem::perms::owner_all | std::filesystem::perms::group_read |
                                     std::filesystem::perms::group_exec | std::filesystem::perms::others_read |
                                     std::filesystem::perms::others_exec,
                                 ec);
    if (ec) return Error{path + ": cannot make it executable: " + ec.message()};
    notes.push_back("wrote " + path);
  }
  return {};
}

// The authored-lines merge of a memory file: git merges the texts without their
// policy lines, and ours go back in (the post-merge index recomputes them).
int merge_memory_file(Context& ctx, const std::string& base, const std::string& ours, const std::string& theirs) {
  ScratchDir scratch;
  if (scratch.path.empty()) return ctx.fail("cannot make a temporary directory");
  const std::pair<std::string, std::string> sides[] = {{base, "base"}, {ours, "ours"}, {theirs, "theirs"}};
  std::vector<std::string> stripped;
  std::string ours_text;
  for (const auto& [p, name] : sides) {
    auto text = ctx.fs.read_file(p);
    if (!text.ok()) return ctx.fail(p + ": " + text.message());
    if (p == ours) ours_text = *text;
    const std::string tmp = join_path(scratch.path, name + ".md");
    if (Status s = ctx.fs.write_file(tmp, without_policy_lines(*text)); !s.ok()) return ctx.fail(s.message());
    stripped.push_back(tmp);
  }
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
            if (started->already) ctx.out << ctx.home.root() << " is shared already\n";
            else
              ctx.out << "shared " << ctx.home.root() << ": journal/ made, " << started->baselined
                      << " file(s) in journal/baseline.log"
                      << (started->wrote_gitattributes ? ", .gitattributes written" : "") << "\n";
            std::vector<std::string> notes;
            Status s = register_in_clone(ctx.fs, ctx.home, notes);
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
