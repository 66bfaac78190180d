// A temporary home for properties that write real files, removed at scope exit.
// It lives in $TMPDIR, else in /dev/shm when there is one: reindex syncs every
// file it writes, and a property writes thousands.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>

#include "memsim/home.h"
#include "memsim/testing/testing.h"

namespace memsim::props {

class TempHome {
 public:
  Home home() const { return Home(dir_.path()); }

 private:
  static std::string parent() {
    const char* env = std::getenv("TMPDIR");
    return env && *env ? env : std::filesystem::is_directory("/dev/shm") ? "/dev/shm" : "/tmp";
  }
  testing::TempDir dir_{parent()};
};

}  // namespace memsim::props
