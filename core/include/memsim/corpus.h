// Loading the T2 files of a home. A T2 file is a regular file directly in
// memory/ whose name matches [a-z]+_.+\.md (SPEC section 5); links are never
// followed. Entries that look like memories but are not ranked are returned as
// strays so lint can name them.
#pragma once

#include <string>
#include <vector>

#include "memsim/frontmatter.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/limits.h"
#include "memsim/memory_file.h"
#include "memsim/policy.h"

namespace memsim {

struct Memory {
  std::string filename;
  FileInfo info;
  std::string text;  // the whole file; empty when not read
  Frontmatter fm;
  MemoryMeta meta;
  std::vector<std::string> problems;  // file-level: unreadable, binary, too large, frontmatter
};

struct Stray {
  std::string name;
  std::string problem;
};

struct Corpus {
  std::vector<Memory> memories;  // sorted by filename, bytewise
  std::vector<Stray> strays;     // sorted by name
  double initial_stability = 0;  // of the policy it was loaded under (a memory's default)
};

// `reuse` is a corpus an earlier load of this home returned, as its caller left
// it (the index's write-back updates the memories it rewrote, and the files' new
// versions say so): a memory whose file has the same known version
// (FileInfo::version), size and mtime is moved from it instead of being read and
// parsed again, and is not taken twice. A caller that indexes the same home day
// after day (the simulator) keeps its last corpus for this; with no versions
// nothing is reused.
Result<Corpus> load_corpus(FileSystem& fs, const Home& home, const Policy& policy, Corpus* reuse = nullptr);

// Reads one memory file as load_corpus would (exposed for hooks and tests).
Memory load_memory(FileSystem& fs, const Home& home, const std::string& filename, const FileInfo& info,
                   const Policy& policy);

// The day a memory's validity window opens: valid_from, else created, else the
// day the file was last modified (SPEC section 6).
Days window_opens(const Memory& m);

// The names in memory/ that are derived by memsim, never ranked or reported.
bool is_derived_name(const std::string& name);

}  // namespace memsim
