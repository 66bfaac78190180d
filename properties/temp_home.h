// A temporary home for properties that write real files, removed at scope exit.
// It lives in $TMPDIR, else in /dev/shm when there is one: reindex syncs every
// file it writes, and a property writes thousands.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

#include "memsim/home.h"

namespace memsim::props {

class TempHome {
 public:
  TempHome() {
    const char* env = std::getenv("TMPDIR");
    std::string base = env && *env ? env : std::filesystem::is_directory("/dev/shm") ? "/dev/shm" : "/tmp";
    std::string tmpl = base + "/memsim-prop-XXXXXX";
    root_ = ::mkdtemp(tmpl.data());
  }
  ~TempHome() {
    std::error_code ec;
    std::filesystem::remove_all(root_, ec);
  }
  TempHome(const TempHome&) = delete;
  TempHome& operator=(const TempHome&) = delete;
  Home home() const { return Home(root_); }

 private:
  std::string root_;
};

}  // namespace memsim::props
