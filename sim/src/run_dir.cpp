#include "memsim/sim/run_dir.h"

#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace memsim::sim {

namespace {

constexpr std::string_view kPrefix = "memsim-run-";
constexpr const char* kKeptMarker = "kept";

}  // namespace

std::string pick_tmp_root(const std::string& given) {
  if (!given.empty()) return given;
  if (const char* t = std::getenv("TMPDIR"); t && *t) return t;
  std::error_code ec;
  if (std::filesystem::is_directory("/dev/shm", ec)) return "/dev/shm";
  return "/tmp";
}

int reap_stale_run_dirs(const std::string& root) {
  int removed = 0;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(root, ec)) {
    const std::string name = e.path().filename().string();
    if (!name.starts_with(kPrefix)) continue;
    const std::string rest = name.substr(kPrefix.size());
    const std::size_t dash = rest.find('-');
    if (dash == std::string::npos || dash == 0) continue;
    char* end = nullptr;
    const long pid = std::strtol(rest.c_str(), &end, 10);
    if (end != rest.c_str() + dash || pid <= 0) continue;
    struct stat st {};
    if (::lstat(e.path().c_str(), &st) != 0 || !S_ISDIR(st.st_mode) || st.st_uid != ::getuid()) continue;
    if (std::filesystem::exists(e.path() / kKeptMarker, ec)) continue;
    // A process that exists (even one we may not signal) keeps its directory.
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno != ESRCH) continue;
    std::error_code rm;
    std::filesystem::remove_all(e.path(), rm);
    if (!rm) ++removed;
  }
  return removed;
}

Result<RunDir> RunDir::create(const std::string& root) {
  (void)reap_stale_run_dirs(root);
  std::string tmpl = root + "/" + std::string(kPrefix) + std::to_string(::getpid()) + "-XXXXXX";
  if (!::mkdtemp(tmpl.data())) return Error{tmpl + ": cannot create the run directory"};
  return RunDir(tmpl);
}

RunDir::RunDir(RunDir&& other) noexcept : path_(std::move(other.path_)), keep_(other.keep_) { other.path_.clear(); }

void RunDir::keep() {
  keep_ = true;
  std::ofstream(path_ + "/" + kKeptMarker) << "kept by memsim run --keep\n";
}

RunDir::~RunDir() {
  if (path_.empty() || keep_) return;
  std::error_code ec;
  std::filesystem::remove_all(path_, ec);
}

}  // namespace memsim::sim
