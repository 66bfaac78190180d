// memsim sync: for a person who does not want to think about git (docs/sharing.md):
// commit the home's changes (only the home's), pull with the merge driver,
// recompute the policy lines and the index from the merged journals, commit
// that, push. It refuses while the working tree has unmerged files.
#include <nlohmann/json.hpp>

#include "commands/context.h"
#include "commands/repository.h"
#include "memsim/journal.h"
#include "memsim/json_io.h"
#include "memsim/reindex.h"
#include "memsim/timefmt.h"

namespace memsim::cli {

namespace {

struct SyncOptions {
  std::string remote;
  bool no_push = false;
};

// Lines of a git command's output.
std::vector<std::string> lines_of(const std::string& out) {
  std::vector<std::string> v;
  std::size_t p = 0;
  while (p < out.size()) {
    const std::size_t nl = out.find('\n', p);
    const std::size_t end = nl == std::string::npos ? out.size() : nl;
    if (end > p) v.push_back(out.substr(p, end - p));
    p = end + 1;
  }
  return v;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : ", ") + x;
  return s;
}

// Unmerged paths anywhere in the working tree, relative to the repository.
std::vector<std::string> unmerged(const Home& home) {
  return lines_of(git_in(home, {"diff", "--name-only", "--diff-filter=U"}).out);
}

// Stages every change under the home (.gitignore keeps runtime/ and the
// candidates out) and commits those paths only; the home-relative names of
// what it committed.
Result<std::vector<std::string>> commit_home(const Home& home, const std::string& message) {
  if (auto r = git_in(home, {"add", "-A", "--", "."}); r.exit_code != 0)
    return Error{"git add failed: " + first_line(r.err)};
  std::vector<std::string> paths =
      lines_of(git_in(home, {"diff", "--cached", "--name-only", "--relative", "--", "."}).out);
  if (paths.empty()) return paths;
  std::string text = message + "\n\n";
  for (const std::string& p : paths) text += "- " + p + "\n";
  MEMSIM_TRY(commit_paths(home, {"."}, text));
  return paths;
}

// Where this branch pulls from and pushes to: --remote, else the branch's
// upstream remote, else origin, else the only remote; empty when there is none.
std::string remote_of(const Home& home, const std::string& branch, const std::string& given) {
  if (!given.empty()) return given;
  std::string configured = first_line(git_in(home, {"config", "branch." + branch + ".remote"}).out);
  if (!configured.empty()) return configured;
  const std::vector<std::string> remotes = lines_of(git_in(home, {"remote"}).out);
  for (const std::string& r : remotes)
    if (r == "origin") return r;
  return remotes.size() == 1 ? remotes.front() : "";
}

int run_sync(Context& ctx, const SyncOptions& o) {
  auto policy = ctx.policy();
  if (!policy.ok()) return ctx.fail(policy.message());
  if (Status s = check_home(ctx.fs, ctx.home); !s.ok()) return ctx.fail(s.message());
  if (git_in(ctx.home, {"rev-parse", "--show-toplevel"}).exit_code != 0)
    return ctx.fail(ctx.home.root() + ": not inside a git repository; nothing to sync");
  if (!is_shared(ctx.fs, ctx.home))
    return ctx.fail(ctx.home.root() + ": not a shared home; run `memsim share` first (docs/sharing.md)");
  const std::vector<std::string> before = unmerged(ctx.home);
  if (!before.empty() || git_in(ctx.home, {"rev-parse", "-q", "--verify", "MERGE_HEAD"}).exit_code == 0)
    return ctx.fail("a merge is in progress" + (before.empty() ? "" : " with unmerged files (" + joined(before) + ")") +
                    "; nothing changed. Resolve each file (edit it, then `git add` it), run `git commit`, then "
                    "`memsim sync` again; a memory file's policy lines may take either side: the index recomputes "
                    "them");
  const std::string branch = first_line(git_in(ctx.home, {"symbolic-ref", "--short", "-q", "HEAD"}).out);
  if (branch.empty()) return ctx.fail("HEAD is not on a branch; check out a branch, then run `memsim sync` again");

  std::vector<std::string> notes;
  if (Status s = register_sharing_in_clone(ctx.fs, ctx.home, notes); !s.ok()) return ctx.fail(s.message());
  const std::string when = format_instant(ctx.clock->now());
  auto mine = commit_home(ctx.home, "memsim sync " + when + ": this clone's changes");
  if (!mine.ok()) return ctx.fail(mine.message());

  const std::string remote = remote_of(ctx.home, branch, o.remote);
  std::string merge_ref = first_line(git_in(ctx.home, {"config", "branch." + branch + ".merge"}).out);
  if (merge_ref.empty()) merge_ref = "refs/heads/" + branch;
  bool pulled = false, pushed = false;
  if (remote.empty()) {
    notes.push_back("no remote: committed only (add one with `git remote add origin URL`)");
  } else if (git_in(ctx.home, {"ls-remote", "--exit-code", remote, merge_ref}).exit_code == 0) {
    auto pull = git_in(ctx.home, {"pull", "--quiet", "--no-rebase", "--no-edit", remote, merge_ref});
    if (pull.exit_code != 0) {
      const std::vector<std::string> conflicts = unmerged(ctx.home);
      if (conflicts.empty()) return ctx.fail("git pull " + remote + " failed; nothing pushed: " + first_line(pull.err));
      ctx.err << "memsim: the merge left conflicts in " << joined(conflicts)
              << "; nothing pushed. Resolve each file (edit it, then `git add` it), run `git commit`, then `memsim "
                 "sync` again\n";
      return 1;
    }
    pulled = true;
  } else {
    notes.push_back(remote + " has no " + merge_ref + " yet: nothing to pull");
  }

  // The driver leaves our side's policy lines and derived files; the journals,
  // merged now, decide them.
  auto rep = reindex(ctx.fs, ctx.home, *ctx.clock, *policy, {.after_merge = true});
  if (!rep.ok()) return ctx.fail("the index was not recomputed after the merge: " + rep.message());
  auto recomputed = commit_home(ctx.home, "memsim sync " + when + ": recomputed from the merged journals");
  if (!recomputed.ok()) return ctx.fail(recomputed.message());

  if (!remote.empty() && !o.no_push) {
    auto push = git_in(ctx.home, {"push", "--quiet", remote, "HEAD:" + merge_ref});
    if (push.exit_code != 0)
      return ctx.fail("git push " + remote +
                      " failed (someone pushed meanwhile? run `memsim sync` again): " + first_line(push.err));
    pushed = true;
  }
  if (ctx.json) {
    ctx.out << dump_json(nlohmann::json{{"committed", *mine},
                                        {"remote", remote},
                                        {"pulled", pulled},
                                        {"recomputed", *recomputed},
                                        {"pushed", pushed},
                                        {"notes", notes}},
                         2)
            << "\n";
    return 0;
  }
  for (const std::string& n : notes) ctx.out << n << "\n";
  ctx.out << "committed " << mine->size() << " file(s) of this clone's";
  if (pulled) ctx.out << "; pulled from " << remote;
  if (!recomputed->empty()) ctx.out << "; recomputed and committed " << recomputed->size() << " file(s)";
  if (pushed) ctx.out << "; pushed to " << remote;
  ctx.out << "\n";
  return 0;
}

}  // namespace

Command register_sync(CLI::App& app, CommonOptions& common) {
  auto* sub = app.add_subcommand("sync", "commit the home's changes, pull with the merge driver, push (a shared home)");
  add_common_options(sub, common);
  auto o = std::make_shared<SyncOptions>();
  sub->add_option("--remote", o->remote, "the remote to pull from and push to (default: the branch's, else origin)");
  sub->add_flag("--no-push", o->no_push, "commit and pull only");
  return {sub, [o](Context& ctx) -> int { return run_sync(ctx, *o); }};
}

}  // namespace memsim::cli
