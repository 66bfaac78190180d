// The access journal, runtime/access.log (SPEC section 4): one line per touch,
//   <YYYY-MM-DDTHH:MM:SSZ> <tool> <filename> <session>
// Appending needs no lock: each line goes out in one O_APPEND write. Reading is
// forgiving: a torn or garbage line is skipped and counted, never fatal.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "memsim/clock.h"
#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/result.h"

namespace memsim {

struct Touch {
  Seconds time = 0;
  std::string tool;      // Read, Edit, Write, MultiEdit, or Touch for `memsim touch`
  std::string filename;  // the memory file's name, e.g. feedback_x.md (may hold spaces)
  std::string session;   // "-" when unknown
};

// The line for a touch, newline included. Fails when a field would break the
// line format (a newline anywhere, a space in tool or session, an empty field).
Result<std::string> format_touch(const Touch& t);

struct JournalRead {
  std::vector<Touch> touches;  // in file order
  std::size_t bad_lines = 0;   // torn, garbage, or unparseable lines skipped
};

JournalRead parse_journal(std::string_view text);

// Reads the home's journal; a missing journal is empty.
Result<JournalRead> read_journal(FileSystem& fs, const Home& home);

// Appends one touch (creating runtime/ if needed).
Status append_touch(FileSystem& fs, const Home& home, const Touch& t);

// Touch times per filename, each list sorted ascending.
std::unordered_map<std::string, std::vector<Seconds>> touches_by_file(const std::vector<Touch>& touches);

}  // namespace memsim
