#include "commands/repository.h"

#include <filesystem>

namespace memsim::cli {

namespace {

constexpr std::string_view kHookMarker = "# memsim share:";

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

}  // namespace

ProcessResult git_in(const Home& home, const std::vector<std::string>& args) {
  std::vector<std::string> argv = {"git", "-C", home.root()};
  argv.insert(argv.end(), args.begin(), args.end());
  auto r = run_process(argv, "", {}, home.runtime_dir());
  return r.ok() ? *r : ProcessResult{-1, "", r.message()};
}

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

Result<std::string> commit_paths(const Home& home, const std::vector<std::string>& paths, const std::string& message) {
  if (git_in(home, {"rev-parse", "--show-toplevel"}).exit_code != 0)
    return Error{home.root() + ": not inside a git repository; nothing committed"};
  if (paths.empty()) return std::string("nothing to commit");
  // git runs in the home (-C), so the paths are the home-relative names as they
  // are: prefixed with a relative home they would point below it.
  std::vector<std::string> add = {"add", "--"};
  add.insert(add.end(), paths.begin(), paths.end());
  if (auto r = git_in(home, add); r.exit_code != 0) return Error{"git add failed: " + r.out + r.err};
  std::vector<std::string> commit = {"commit", "--quiet", "--no-verify", "-m", message, "--only", "--"};
  commit.insert(commit.end(), paths.begin(), paths.end());
  if (auto r = git_in(home, commit); r.exit_code != 0) return Error{"git commit failed: " + r.out + r.err};
  return "committed " + std::to_string(paths.size()) + " file(s)";
}

Status register_sharing_in_clone(FileSystem& fs, const Home& home, std::vector<std::string>& notes) {
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

}  // namespace memsim::cli
