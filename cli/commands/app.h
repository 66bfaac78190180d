// The command-line interface as a library: run() parses argv, runs one command and
// returns the process exit code. Exit codes: 0 success, 1 the command found
// problems (lint, verify-install), 2 bad usage or an error that stopped it.
#pragma once

#include <iosfwd>

namespace memsim::cli {

int run(int argc, char** argv, std::istream& in, std::ostream& out, std::ostream& err);

}  // namespace memsim::cli
