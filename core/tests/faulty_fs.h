// A FileSystem that makes the Nth mutating operation fail, for the fault
// injection tests (SQLite's approach): once or forever, as ENOSPC, EIO, a short
// write, or a crash (from that point every operation fails and has no effect,
// as if the process had died, so nothing gets cleaned up).
#pragma once

#include <string>

#include "memsim/fs.h"

namespace memsim::testing {

enum class Fault { kEnospc, kEio, kShortWrite, kCrash };

class FaultyFileSystem final : public FileSystem {
 public:
  FaultyFileSystem(FileSystem& base, int fail_at, Fault fault, bool forever)
      : base_(base), fail_at_(fail_at), fault_(fault), forever_(forever) {}

  int mutations() const { return count_; }
  bool fired() const { return fired_; }

  Result<std::string> read_file(const std::string& p) override {
    if (crashed_) return Error{p + ": crashed"};
    return base_.read_file(p);
  }
  Result<FileInfo> stat(const std::string& p) override {
    if (crashed_) return Error{p + ": crashed"};
    return base_.stat(p);
  }
  Result<std::vector<DirEntry>> list_dir(const std::string& p) override {
    if (crashed_) return Error{p + ": crashed"};
    return base_.list_dir(p);
  }
  Status write_file(const std::string& p, std::string_view data) override {
    if (auto e = inject(p)) {
      if (fault_ == Fault::kShortWrite) (void)base_.write_file(p, data.substr(0, data.size() / 2));
      return *e;
    }
    return base_.write_file(p, data);
  }
  Status append_file(const std::string& p, std::string_view data) override {
    if (auto e = inject(p)) {
      if (fault_ == Fault::kShortWrite) (void)base_.append_file(p, data.substr(0, data.size() / 2));
      return *e;
    }
    return base_.append_file(p, data);
  }
  Status rename(const std::string& a, const std::string& b) override {
    if (auto e = inject(b)) return *e;
    return base_.rename(a, b);
  }
  Status remove(const std::string& p) override {
    if (auto e = inject(p)) return *e;
    return base_.remove(p);
  }
  Status make_dir(const std::string& p) override {
    if (auto e = inject(p)) return *e;
    return base_.make_dir(p);
  }
  Status make_private_dir(const std::string& p) override {
    if (auto e = inject(p)) return *e;
    return base_.make_private_dir(p);
  }
  Result<std::unique_ptr<FileLock>> lock(const std::string& p, int timeout_ms) override {
    if (crashed_) return Error{p + ": crashed"};
    return base_.lock(p, timeout_ms);
  }
  Result<std::string> real_path(const std::string& p) override {
    if (crashed_) return Error{p + ": crashed"};
    return base_.real_path(p);
  }
  Status set_mtime(const std::string& p, Seconds t) override {
    if (auto e = inject(p)) return *e;
    return base_.set_mtime(p, t);
  }

 private:
  std::optional<Error> inject(const std::string& p) {
    if (crashed_) return Error{p + ": crashed"};
    ++count_;
    if (count_ == fail_at_ || (forever_ && count_ > fail_at_)) {
      fired_ = true;
      switch (fault_) {
        case Fault::kEnospc: return Error{p + ": No space left on device"};
        case Fault::kEio: return Error{p + ": Input/output error"};
        case Fault::kShortWrite: return Error{p + ": short write"};
        case Fault::kCrash: crashed_ = true; return Error{p + ": crashed"};
      }
    }
    return std::nullopt;
  }

  FileSystem& base_;
  int fail_at_;
  Fault fault_;
  bool forever_;
  int count_ = 0;
  bool fired_ = false;
  bool crashed_ = false;
};

}  // namespace memsim::testing
