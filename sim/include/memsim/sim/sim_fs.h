// The simulator's file system: real files (the production code runs against a
// real temporary home), with virtual time. Every write or append stamps the file
// with the virtual clock's time, so core's mtime-based defaults (created,
// last_accessed) and the 10-minute live guard see the simulated timeline, not
// the wall clock. Everything else passes through to the wrapped FileSystem.
//
// It also counts writes, which the report uses as an I/O figure.
#pragma once

#include "memsim/clock.h"
#include "memsim/fs.h"

namespace memsim::sim {

class SimFileSystem final : public FileSystem {
 public:
  // Both must outlive this object.
  SimFileSystem(FileSystem& inner, const Clock& clock) : inner_(inner), clock_(clock) {}

  Result<std::string> read_file(const std::string& path) override { return inner_.read_file(path); }
  Result<FileInfo> stat(const std::string& path) override { return inner_.stat(path); }
  Result<std::vector<DirEntry>> list_dir(const std::string& path) override { return inner_.list_dir(path); }
  Status write_file(const std::string& path, std::string_view data) override {
    ++writes_;
    Status s = inner_.write_file(path, data);
    return s.ok() ? inner_.set_mtime(path, clock_.now()) : s;
  }
  Status append_file(const std::string& path, std::string_view data) override {
    ++writes_;
    Status s = inner_.append_file(path, data);
    return s.ok() ? inner_.set_mtime(path, clock_.now()) : s;
  }
  Status rename(const std::string& from, const std::string& to) override { return inner_.rename(from, to); }
  Status remove(const std::string& path) override { return inner_.remove(path); }
  Status make_dir(const std::string& path) override { return inner_.make_dir(path); }
  Result<std::unique_ptr<FileLock>> lock(const std::string& path, int timeout_ms) override {
    return inner_.lock(path, timeout_ms);
  }
  Result<std::string> real_path(const std::string& path) override { return inner_.real_path(path); }
  Status set_mtime(const std::string& path, Seconds mtime) override { return inner_.set_mtime(path, mtime); }

  long long writes() const { return writes_; }

 private:
  FileSystem& inner_;
  const Clock& clock_;
  long long writes_ = 0;
};

}  // namespace memsim::sim
