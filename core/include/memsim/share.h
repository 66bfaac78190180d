// Sharing a home through git (docs/sharing.md): what turns a home of one machine
// into a shared one, and the rules the merge driver applies to the home's files.
// Running git is the caller's (the CLI's); nothing here starts a process.
#pragma once

#include <string>
#include <string_view>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/policy.h"
#include "memsim/result.h"

namespace memsim {

struct SharingStart {
  bool already = false;  // the home was shared before: only .gitattributes may have changed
  int baselined = 0;     // files whose values went into journal/baseline.log
  bool wrote_gitattributes = false;
};

// Under the home's lock: folds the home's own journal into every file (the
// index), records the folded values in journal/baseline.log (journal.h), makes
// journal/, and writes .gitattributes when it is missing. From then on, touches
// go to this clone's replica journal and the fold reads every replica's. On a
// home shared already, adds the month segments' line to a .gitattributes that
// lists journal/*.log without it (a home shared by an older memsim).
Result<SharingStart> start_sharing(FileSystem& fs, const Home& home, const Clock& clock, const Policy& policy);

// The home's .gitattributes: memory files through the memsim driver, each
// journal merged as the union of its lines.
std::string_view shared_gitattributes();

// How the merge driver treats a path (the %P git passes, relative to the
// repository): a derived file (MEMORY.md, MEMORY-archive.md, current-state.md)
// keeps our side and is regenerated after the merge; a memory file merges its
// authored lines; anything else merges as text.
enum class MergeKind { kDerived, kMemory, kText };
MergeKind merge_kind(std::string_view path);

// The text without its policy lines (access_count, last_accessed,
// last_reinforced, stability) in the frontmatter; unchanged when it has no
// readable frontmatter.
std::string without_policy_lines(std::string_view text);

// Two people who supersede one fact on two machines close its window on the
// days they did it: `side` with its valid_until set to the earlier of its own
// and `other`'s when the base had the window open and both closed it, so both
// sides carry the same line and the merge is clean; the fact stopped being the
// one in force at the first supersession. Otherwise `side` unchanged.
std::string with_earliest_close(std::string_view side, std::string_view base, std::string_view other);

// `merged` with the policy lines `ours` holds put back; `merged` unchanged when
// either has no readable frontmatter (a conflict inside it, say).
std::string with_policy_lines_of(std::string_view merged, std::string_view ours);

}  // namespace memsim
