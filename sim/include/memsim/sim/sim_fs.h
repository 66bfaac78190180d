// The simulator's file system: real files (the production code runs against a
// real temporary home, which --keep leaves to inspect) with virtual time, and a
// write-through memory of what it holds.
//
//  - Virtual time: every write or append stamps the file with the virtual clock's
//    time, so core's mtime-based defaults (created, last_accessed) and the
//    10-minute live guard see the simulated timeline, not the wall clock.
//  - Memory: every byte written goes to disk and is remembered, so reading it back
//    (the nightly tick reads every memory file of every variant) costs no system
//    call. This is coherent because every file of a simulated home is written
//    through this object: the hooks, core and the simulator all get it, and no
//    other process touches the homes. (SQLite writes runtime/search.db itself; no
//    one reads that file through this object.) Whole-file writes are not synced: the
//    homes are disposable.
//  - Versions: every file it knows carries a version (FileInfo::version) that a
//    write, an append or a first read from disk renews, so a caller can tell a
//    file it has already parsed (load_corpus's reuse) without reading it.
//  - Hook failures: it hears every line a hook appends to runtime/hook-errors.log.
//    A hook never fails its caller (it logs and exits 0), so this is how the
//    simulator sees a failing hook and counts it as a violation.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "memsim/clock.h"
#include "memsim/fs.h"

namespace memsim::sim {

class SimFileSystem final : public ForwardingFileSystem {
 public:
  // Both must outlive this object.
  SimFileSystem(FileSystem& inner, const Clock& clock) : ForwardingFileSystem(inner), clock_(clock) {}

  Result<std::string> read_file(const std::string& path) override;
  Result<FileInfo> stat(const std::string& path) override;
  Result<std::vector<DirEntry>> list_dir(const std::string& path) override;
  Result<std::vector<DirEntry>> list_dir_from(const std::string& path, std::string_view first) override;
  Status write_file(const std::string& path, std::string_view data) override;
  Status append_file(const std::string& path, std::string_view data) override;
  Status rename(const std::string& from, const std::string& to) override;
  Status remove(const std::string& path) override;
  Status make_dir(const std::string& path) override;
  Status make_private_dir(const std::string& path) override;
  Result<std::unique_ptr<FileLock>> lock(const std::string& path, int timeout_ms) override;
  Result<std::string> real_path(const std::string& path) override;
  Status set_mtime(const std::string& path, Seconds mtime) override;

  // The hook-error lines appended since the last call, with their paths.
  std::vector<std::string> take_hook_errors();

 private:
  // The remembered listing of a directory, read from disk the first time.
  Result<const std::map<std::string, FileKind>*> listing(const std::string& path);
  void listed(const std::string& path, FileKind kind);  // add to (or update in) its directory's listing
  void unlisted(const std::string& path);
  void forget(const std::string& path);

  const Clock& clock_;
  std::unordered_map<std::string, std::string> text_;
  std::unordered_map<std::string, FileInfo> info_;
  std::unordered_map<std::string, std::map<std::string, FileKind>> dirs_;
  std::unordered_map<std::string, std::string> real_;
  std::vector<std::string> hook_errors_;
  std::uint64_t next_version_ = 1;
};

}  // namespace memsim::sim
