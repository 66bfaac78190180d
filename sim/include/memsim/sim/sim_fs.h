// The simulator's file system: a home held in memory, with virtual time. The
// production code (hooks, core) runs against it exactly as against a disk.
//
//  - Memory first: a file's bytes live here and reach the disk only when
//    save_to_disk() is called (`memsim run --keep` does, at the end of a run), so
//    a simulated home costs no system call a write. Directories are real: made on
//    disk when the code makes them, so real_path resolves and --keep has a tree to
//    fill. A name this object does not know yet is looked up on the disk once (a
//    file that was there before), and then remembered, its absence too.
//  - Virtual time: every write or append stamps the file with the virtual clock's
//    time, so core's mtime-based defaults (created, last_accessed) and the
//    10-minute live guard see the simulated timeline, not the wall clock.
//  - Versions: every file it knows carries a version (FileInfo::version) that a
//    write, an append or a first read from disk renews, so a caller can tell a
//    file it has already parsed (load_corpus's reuse) without reading it.
//  - Locks: a lock is held in memory (each simulated home belongs to one thread);
//    taking one that is held fails at once, as a real lock would after its wait.
//  - Hook failures: it hears every line a hook appends to runtime/hook-errors.log.
//    A hook never fails its caller (it logs and exits 0), so this is how the
//    simulator sees a failing hook and counts it as a violation.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <set>
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
  Result<std::vector<DirEntryInfo>> stat_dir_from(const std::string& path, std::string_view first) override;
  Status write_file(const std::string& path, std::string_view data) override;
  Status append_file(const std::string& path, std::string_view data) override;
  Status rename(const std::string& from, const std::string& to) override;
  Status remove(const std::string& path) override;
  Status make_dir(const std::string& path) override;
  Status make_private_dir(const std::string& path) override;
  Result<std::unique_ptr<FileLock>> lock(const std::string& path, int timeout_ms) override;
  Result<std::string> real_path(const std::string& path) override;
  Status set_mtime(const std::string& path, Seconds mtime) override;

  // Writes every file held in memory to the disk with its virtual mtime, and
  // removes from the disk what was removed here: the home as the code left it.
  Status save_to_disk();

  // The hook-error lines appended since the last call, with their paths.
  std::vector<std::string> take_hook_errors();

 private:
  // What is known of one path. Nodes are never erased, so the listings below
  // may point at them; forgetting one makes it unknown (read from disk again).
  struct Node {
    bool known = false;  // info holds what the path is (kMissing: nothing)
    FileInfo info;
    bool has_text = false;  // a regular file whose bytes are held here
    std::string text;
  };
  struct Listed {
    FileKind kind;
    Node* node;
  };
  using Listing = std::map<std::string, Listed, std::less<>>;

  static Node gone();                            // known not to exist
  Result<Node*> known(const std::string& path);  // the node, looked up on disk when unknown
  Status load_text(const std::string& path, Node& n);
  Status parent_is_dir(const std::string& path);
  Status make_dir_with(const std::string& path, Status (FileSystem::*make)(const std::string&));
  Result<Listing*> listing(const std::string& dir);  // read from disk the first time
  void listed(const std::string& path, FileKind kind, Node* node);
  void unlisted(const std::string& path);
  void forget(const std::string& path);
  void release(const std::string& path);

  class HeldLock;
  const Clock& clock_;
  std::unordered_map<std::string, Node> nodes_;
  std::unordered_map<std::string, Listing> dirs_;
  std::unordered_map<std::string, std::string> real_;
  std::set<std::string> held_;
  std::vector<std::string> hook_errors_;
  std::uint64_t next_version_ = 1;
};

}  // namespace memsim::sim
