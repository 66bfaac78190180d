// Seed 003's size limits on the files an agent reads whole, for `memsim status`:
// a file past its limit costs context on every read and drowns its important lines.
//
//   current state (memory/current-state.md)     50 lines, 2 KB
//   the index (memory/MEMORY.md)               500 lines, 25 KB
//   each T1 note (memory/short-term/YYMMDD-*)  200 lines, 10 KB
//   each topic file (a T2 memory file)         300 lines, 15 KB
//
// A KB is 1,024 bytes. Lines are counted as newline characters, plus one for a
// last line without its newline.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "memsim/corpus.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/result.h"

namespace memsim {

struct FileSize {
  std::string rel_path;  // relative to the home
  int lines = 0;
  std::int64_t bytes = 0;
};

struct FileBudget {
  std::string name;  // "current state", "index", "T1 notes", "topic files"
  int max_lines = 0;
  std::int64_t max_bytes = 0;
  int files = 0;               // how many files the limit applies to (0: none exist)
  FileSize largest;            // by bytes, then path; empty when files == 0
  std::vector<FileSize> over;  // past either limit, sorted by path
};

int count_lines(std::string_view text);

// The four budgets, in the order above. Fails only when a directory cannot be
// listed. A caller that has already loaded the corpus (status, through reindex)
// passes it, and the topic files are measured from the texts it holds rather
// than read a second time.
Result<std::vector<FileBudget>> file_budgets(FileSystem& fs, const Home& home, const Corpus* corpus = nullptr);

}  // namespace memsim
