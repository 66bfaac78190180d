// The user-level home of the promotion ladder (SPEC section 7): the home that sees
// every project's atoms and holds the L3 persona. --user-home DIR, else
// $MEMSIM_USER_HOME, else $HOME/.memsim-user.
#pragma once

#include <cstdlib>
#include <string>

#include <CLI/CLI.hpp>

namespace memsim::cli {

inline void add_user_home_option(CLI::App* sub, std::string& dir) {
  sub->add_option("--user-home", dir,
                  "the user-level home that sees every project (default $MEMSIM_USER_HOME, else ~/.memsim-user)");
}

inline std::string resolve_user_home(const std::string& given) {
  if (!given.empty()) return given;
  if (const char* v = std::getenv("MEMSIM_USER_HOME"); v && *v) return v;
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.memsim-user";
  return {};
}

}  // namespace memsim::cli
