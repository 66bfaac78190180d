// The git repository that holds the home, as the commands that commit (tick
// --commit, sync) and share (share, install-hooks, sync) run it. Every git
// command runs with -C <home>, so paths are the home's own names.
#pragma once

#include <string>
#include <vector>

#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/process.h"
#include "memsim/result.h"

namespace memsim::cli {

// `git -C <home> args...`; a process that could not start is exit code -1 with
// the reason in err. run_process's files go under the home's runtime/.
ProcessResult git_in(const Home& home, const std::vector<std::string>& args);

// The first line of s, without its newline.
std::string first_line(const std::string& s);

// Stages and commits exactly `paths` (relative to the home) with `message`;
// other changes in the tree, staged or not, are left alone (--only). Returns
// "committed N file(s)", or "nothing to commit" when paths is empty.
Result<std::string> commit_paths(const Home& home, const std::vector<std::string>& paths, const std::string& message);

// Registers, in the clone that holds a shared home, the merge driver
// (git config merge.memsim.*) and the post-merge and post-checkout hooks that
// run `memsim index --after-merge` (docs/sharing.md). Idempotent; a hook that
// is not memsim's is left alone. The lines of `notes` say what was done or what
// the person has to do.
Status register_sharing_in_clone(FileSystem& fs, const Home& home, std::vector<std::string>& notes);

}  // namespace memsim::cli
