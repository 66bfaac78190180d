// Every contact core has with the operating system's files goes through a
// FileSystem. PosixFileSystem is the real one; tests and the simulator wrap it to
// inject faults (short writes, ENOSPC, EIO, a crash before rename) or to count I/O.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "memsim/clock.h"
#include "memsim/result.h"

namespace memsim {

enum class FileKind { kMissing, kRegular, kDirectory, kSymlink, kOther };

struct FileInfo {
  FileKind kind = FileKind::kMissing;
  std::int64_t size = 0;
  Seconds mtime = 0;  // whole seconds
  unsigned mode = 0;  // permission bits (st_mode & 07777)
  // 0: unknown. Otherwise a number that changes whenever the file's bytes may have
  // changed: a file system that sees every write can keep one (the simulator's
  // does); a real disk gives none, since an mtime and a size can both stay the same.
  std::uint64_t version = 0;
};

struct DirEntry {
  std::string name;
  FileKind kind = FileKind::kOther;  // as lstat sees it: links are kSymlink
};

struct DirEntryInfo {
  std::string name;
  FileInfo info;  // as stat (lstat) sees it
};

// Held while alive; destroying it releases the lock.
class FileLock {
 public:
  virtual ~FileLock() = default;
};

class FileSystem {
 public:
  virtual ~FileSystem() = default;

  // Whole contents. Fails on a missing or unreadable file.
  virtual Result<std::string> read_file(const std::string& path) = 0;
  // lstat: a symbolic link is reported as kSymlink, never followed. A missing
  // path is not an error: it reports kMissing.
  virtual Result<FileInfo> stat(const std::string& path) = 0;
  // Entries of a directory, excluding "." and "..", in no particular order.
  virtual Result<std::vector<DirEntry>> list_dir(const std::string& path) = 0;
  // The entries whose names sort at or after `first` (bytewise), in no particular
  // order. A directory that only grows (dated notes) is read from a date on; a
  // file system that keeps its listings sorted answers without the older names.
  virtual Result<std::vector<DirEntry>> list_dir_from(const std::string& path, std::string_view first);
  // list_dir_from with each entry's stat: one call instead of a stat a name, so a
  // file system that remembers what it holds answers without looking each name up
  // again. Fails when a stat fails; a name gone since the listing reports kMissing.
  virtual Result<std::vector<DirEntryInfo>> stat_dir_from(const std::string& path, std::string_view first);
  // Creates or truncates path, writes all of data and syncs it to disk.
  virtual Status write_file(const std::string& path, std::string_view data) = 0;
  // Appends data with one write(2) on an O_APPEND descriptor, creating the file
  // if needed; lines shorter than PIPE_BUF from concurrent writers never interleave.
  virtual Status append_file(const std::string& path, std::string_view data) = 0;
  virtual Status rename(const std::string& from, const std::string& to) = 0;
  virtual Status remove(const std::string& path) = 0;    // a missing path is fine
  virtual Status make_dir(const std::string& path) = 0;  // an existing dir is fine
  // A directory only its owner may enter (0700, whatever the umask); an existing
  // one loses its group and other bits. Whatever is created inside a directory is
  // never more open than it: new files and directories drop the group and other
  // bits their directory lacks, so what lands in a private directory is 0600/0700.
  virtual Status make_private_dir(const std::string& path) = 0;
  // An exclusive advisory lock on path (created if missing), waiting at most
  // timeout_ms. The operating system releases it when the holder dies, so a
  // killed process never leaves a stale lock behind.
  virtual Result<std::unique_ptr<FileLock>> lock(const std::string& path, int timeout_ms) = 0;
  // The canonical absolute path with every link resolved (realpath(3)).
  virtual Result<std::string> real_path(const std::string& path) = 0;
  // Sets a file's modification time (whole seconds). Policy write-back restores
  // the old time, so bookkeeping never looks like an author's edit.
  virtual Status set_mtime(const std::string& path, Seconds mtime) = 0;
};

class PosixFileSystem final : public FileSystem {
 public:
  Result<std::string> read_file(const std::string& path) override;
  Result<FileInfo> stat(const std::string& path) override;
  Result<std::vector<DirEntry>> list_dir(const std::string& path) override;
  Status write_file(const std::string& path, std::string_view data) override;
  Status append_file(const std::string& path, std::string_view data) override;
  Status rename(const std::string& from, const std::string& to) override;
  Status remove(const std::string& path) override;
  Status make_dir(const std::string& path) override;
  Status make_private_dir(const std::string& path) override;
  Result<std::unique_ptr<FileLock>> lock(const std::string& path, int timeout_ms) override;
  Result<std::string> real_path(const std::string& path) override;
  Status set_mtime(const std::string& path, Seconds mtime) override;
};

// Forwards every call to a base file system; a wrapper (fault injection, the
// simulator's virtual mtimes, unsynced writes for generators) overrides only
// what it changes, as LevelDB's EnvWrapper does. The base must outlive it.
// stat_dir_from is not forwarded: FileSystem's own calls this wrapper's
// list_dir_from and stat, so a fault injected there is seen.
class ForwardingFileSystem : public FileSystem {
 public:
  explicit ForwardingFileSystem(FileSystem& base) : base_(base) {}
  Result<std::string> read_file(const std::string& p) override { return base_.read_file(p); }
  Result<FileInfo> stat(const std::string& p) override { return base_.stat(p); }
  Result<std::vector<DirEntry>> list_dir(const std::string& p) override { return base_.list_dir(p); }
  Result<std::vector<DirEntry>> list_dir_from(const std::string& p, std::string_view first) override {
    return base_.list_dir_from(p, first);
  }
  Status write_file(const std::string& p, std::string_view d) override { return base_.write_file(p, d); }
  Status append_file(const std::string& p, std::string_view d) override { return base_.append_file(p, d); }
  Status rename(const std::string& a, const std::string& b) override { return base_.rename(a, b); }
  Status remove(const std::string& p) override { return base_.remove(p); }
  Status make_dir(const std::string& p) override { return base_.make_dir(p); }
  Status make_private_dir(const std::string& p) override { return base_.make_private_dir(p); }
  Result<std::unique_ptr<FileLock>> lock(const std::string& p, int ms) override { return base_.lock(p, ms); }
  Result<std::string> real_path(const std::string& p) override { return base_.real_path(p); }
  Status set_mtime(const std::string& p, Seconds t) override { return base_.set_mtime(p, t); }

 protected:
  FileSystem& base() { return base_; }

 private:
  FileSystem& base_;
};

// The temporary a replacement of path is written to: same directory, so the
// rename is atomic. It is fixed per target, so a run that died before renaming
// leaves at most one, which the next replacement overwrites.
std::string temp_path_for(const std::string& path);

// Replaces path with data atomically: write the temporary, sync, rename. On any
// failure the temporary is removed and path is left as it was. Callers hold the
// home's lock (see Home::lock).
Status replace_file(FileSystem& fs, const std::string& path, std::string_view data);

// The whole of a file memsim reads at once, refusing one over max_bytes (limits.h)
// with "<path>: <n> bytes, over the <max>-byte limit" before reading it. A link is
// measured by its target. What remains is a file that grows between the size
// check and the read; it is checked again after, so no caller sees more.
Result<std::string> read_file_capped(FileSystem& fs, const std::string& path, std::int64_t max_bytes);

// "dir/name", tolerating a trailing slash on dir.
std::string join_path(std::string_view dir, std::string_view name);
std::string base_name(std::string_view path);

}  // namespace memsim
