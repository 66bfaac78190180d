// The files a shell command reads or a patch edits, for a harness whose agent
// reads files through its shell (Codex CLI runs `cat memory/x.md` where Claude
// Code calls Read). The hooks journal a touch for each file that is a memory.
//
// A reader: no shell is run and nothing is expanded. A command is split into
// simple commands at | || && ; & and newlines; quotes and backslashes are read
// as sh reads them; here-documents are skipped. A simple command is a read when
// its program (after VAR=value words and sudo, env, command, time, nice) is one
// of cat, tac, head, tail, sed, less, more, nl, bat, batcat; its operands are the
// words that are not options or option values. `sed -i` edits. A `< file`
// redirection reads the file whatever the program. Words holding $, `, a glob
// character or a leading ~ are left out: only a shell knows what they name.
// Anything else, malformed or hostile, yields fewer files, never an error.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace memsim::hooks {

struct FileAccess {
  std::string tool;  // "Read", "Edit" or "Write": the touch tool it stands for
  std::string path;  // as the command names it, relative to the session's directory or absolute
  bool operator==(const FileAccess&) const = default;
};

// At most this many files per command: a `cat` of a thousand files is journaled
// for the first 64.
constexpr std::size_t kMaxFileAccesses = 64;

// The files of a shell command line, in order. A command holding an apply_patch
// patch ("*** Begin Patch") is read as that patch.
std::vector<FileAccess> files_of_shell_command(std::string_view command);

// The files of an apply_patch patch: "*** Update File: P" and "*** Delete File: P"
// edit P, "*** Add File: P" and "*** Move to: P" write P.
std::vector<FileAccess> files_of_patch(std::string_view patch);

}  // namespace memsim::hooks
