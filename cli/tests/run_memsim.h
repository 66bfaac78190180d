// Runs the built memsim binary ($MEMSIM_BIN) as a user would, capturing output.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../../core/tests/testing.h"

namespace memsim::testing {

struct Ran {
  int code = -1;
  std::string out, err;
};

inline std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// Runs `memsim <args>` with optional stdin text; stderr goes to a temp file.
inline Ran memsim(const std::vector<std::string>& args, const std::string& stdin_text = "") {
  std::string cmd = shell_quote(memsim_bin());
  for (const auto& a : args) cmd += " " + shell_quote(a);
  char err_path[] = "/tmp/memsim-err-XXXXXX";
  int fd = ::mkstemp(err_path);
  ::close(fd);
  char in_path[] = "/tmp/memsim-in-XXXXXX";
  fd = ::mkstemp(in_path);
  ::close(fd);
  std::ofstream(in_path, std::ios::binary) << stdin_text;
  cmd += " <" + shell_quote(in_path) + " 2>" + shell_quote(err_path);
  Ran r;
  FILE* p = ::popen(cmd.c_str(), "r");
  std::array<char, 4096> buf;
  size_t n;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
  int status = ::pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::stringstream ss;
  ss << std::ifstream(err_path, std::ios::binary).rdbuf();
  r.err = ss.str();
  ::unlink(err_path);
  ::unlink(in_path);
  return r;
}

}  // namespace memsim::testing
