#include "memsim/sim/sim_fs.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace memsim::sim {

namespace {

std::pair<std::string, std::string> split(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return {".", path};
  return {path.substr(0, slash == 0 ? 1 : slash), path.substr(slash + 1)};
}

// What the disk would have said (PosixFileSystem's words and codes).
Error sys_error(const std::string& path, int err) {
  const ErrorCode code = err == ENOENT || err == ENOTDIR ? ErrorCode::kNotFound : ErrorCode::kIo;
  return Error{path + ": " + std::strerror(err), code};
}

// Creates or truncates path and writes data, without the sync production writes
// pay: a simulated home is disposable.
Status write_unsynced(const std::string& path, std::string_view data) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return sys_error(path, errno);
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int e = errno;
      ::close(fd);
      return sys_error(path, e);
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) return sys_error(path, errno);
  return {};
}

}  // namespace

SimFileSystem::Node SimFileSystem::gone() {
  Node n;
  n.known = true;  // and info says kMissing
  return n;
}

class SimFileSystem::HeldLock final : public FileLock {
 public:
  HeldLock(SimFileSystem& fs, std::string path) : fs_(fs), path_(std::move(path)) {}
  ~HeldLock() override { fs_.release(path_); }
  HeldLock(const HeldLock&) = delete;
  HeldLock& operator=(const HeldLock&) = delete;

 private:
  SimFileSystem& fs_;
  std::string path_;
};

Result<SimFileSystem::Node*> SimFileSystem::known(const std::string& path) {
  Node& n = nodes_[path];
  if (!n.known) {
    auto r = base().stat(path);
    if (!r.ok()) return r.error();
    n.info = *r;
    n.info.version = next_version_++;
    n.known = true;
    n.has_text = false;
    n.text.clear();
  }
  return &n;
}

Status SimFileSystem::load_text(const std::string& path, Node& n) {
  if (n.has_text) return {};
  auto r = base().read_file(path);
  if (!r.ok()) return r.error();
  n.text = std::move(*r);
  n.has_text = true;
  return {};
}

Status SimFileSystem::parent_is_dir(const std::string& path) {
  auto parent = known(split(path).first);
  if (!parent.ok()) return parent.error();
  if ((*parent)->info.kind == FileKind::kDirectory) return {};
  return sys_error(path, (*parent)->info.kind == FileKind::kMissing ? ENOENT : ENOTDIR);
}

Result<SimFileSystem::Listing*> SimFileSystem::listing(const std::string& dir) {
  if (auto it = dirs_.find(dir); it != dirs_.end()) return &it->second;
  auto r = base().list_dir(dir);
  if (!r.ok()) return r.error();
  Listing& d = dirs_[dir];
  for (const DirEntry& e : *r) {
    Node& n = nodes_[join_path(dir, e.name)];
    if (!n.known) d.emplace(e.name, Listed{e.kind, &n});  // the known ones: below
  }
  // What this object holds there: made before the listing was first read (not on
  // the disk), or known already; what it removed stays out.
  for (auto& [path, n] : nodes_) {
    if (!n.known || n.info.kind == FileKind::kMissing) continue;
    const auto [parent, name] = split(path);
    if (parent == dir) d[name] = Listed{n.info.kind, &n};
  }
  return &d;
}

void SimFileSystem::listed(const std::string& path, FileKind kind, Node* node) {
  const auto [dir, name] = split(path);
  auto d = listing(dir);
  if (d.ok()) (**d)[name] = Listed{kind, node};
}

void SimFileSystem::unlisted(const std::string& path) {
  const auto [dir, name] = split(path);
  if (auto it = dirs_.find(dir); it != dirs_.end()) it->second.erase(name);
}

void SimFileSystem::forget(const std::string& path) {
  if (auto it = nodes_.find(path); it != nodes_.end()) it->second = Node{};
}

void SimFileSystem::release(const std::string& path) { held_.erase(path); }

Result<std::string> SimFileSystem::read_file(const std::string& path) {
  auto n = known(path);
  if (!n.ok()) return n.error();
  Node& node = **n;
  if (node.info.kind == FileKind::kMissing) return sys_error(path, ENOENT);
  if (node.info.kind != FileKind::kRegular) return base().read_file(path);  // the disk's own error
  if (Status s = load_text(path, node); !s.ok()) {
    forget(path);
    return s.error();
  }
  return node.text;
}

Result<FileInfo> SimFileSystem::stat(const std::string& path) {
  auto n = known(path);
  if (!n.ok()) return n.error();
  return (*n)->info;
}

Result<std::vector<DirEntry>> SimFileSystem::list_dir(const std::string& path) { return list_dir_from(path, ""); }

Result<std::vector<DirEntry>> SimFileSystem::list_dir_from(const std::string& path, std::string_view first) {
  auto d = listing(path);
  if (!d.ok()) return d.error();
  std::vector<DirEntry> out;
  for (auto it = (*d)->lower_bound(first); it != (*d)->end(); ++it) out.push_back({it->first, it->second.kind});
  return out;
}

Result<std::vector<DirEntryInfo>> SimFileSystem::stat_dir_from(const std::string& path, std::string_view first) {
  auto d = listing(path);
  if (!d.ok()) return d.error();
  std::vector<DirEntryInfo> out;
  for (auto it = (*d)->lower_bound(first); it != (*d)->end(); ++it) {
    Node& n = *it->second.node;
    if (!n.known) {
      auto k = known(join_path(path, it->first));
      if (!k.ok()) return k.error();
    }
    out.push_back({it->first, n.info});
  }
  return out;
}

Status SimFileSystem::write_file(const std::string& path, std::string_view data) {
  auto n = known(path);
  if (!n.ok()) return n.error();
  Node& node = **n;
  if (node.info.kind == FileKind::kDirectory) return sys_error(path, EISDIR);
  if (node.info.kind == FileKind::kMissing) MEMSIM_TRY(parent_is_dir(path));
  node.info = {FileKind::kRegular, static_cast<std::int64_t>(data.size()), clock_.now(), 0, next_version_++};
  node.text.assign(data);
  node.has_text = true;
  listed(path, FileKind::kRegular, &node);
  return {};
}

Status SimFileSystem::append_file(const std::string& path, std::string_view data) {
  if (path.ends_with("/runtime/hook-errors.log")) hook_errors_.push_back(path + ": " + std::string(data));
  auto n = known(path);
  if (!n.ok()) return n.error();
  Node& node = **n;
  if (node.info.kind == FileKind::kMissing) return write_file(path, data);
  if (node.info.kind != FileKind::kRegular) {
    forget(path);  // the disk may change under it (a test does that)
    return sys_error(path, node.info.kind == FileKind::kDirectory ? EISDIR : EINVAL);
  }
  if (Status s = load_text(path, node); !s.ok()) {
    forget(path);
    return s;
  }
  node.text += data;
  node.info.size = static_cast<std::int64_t>(node.text.size());
  node.info.mtime = clock_.now();
  node.info.version = next_version_++;
  return {};
}

Status SimFileSystem::rename(const std::string& from, const std::string& to) {
  auto f = known(from);
  if (!f.ok()) return f.error();
  Node& src = **f;
  if (src.info.kind == FileKind::kMissing) return sys_error(from, ENOENT);
  if (src.info.kind != FileKind::kRegular)  // memsim renames directories only when sharing, never simulated
    return Error{from + ": the simulator renames only regular files", ErrorCode::kIo};
  if (from == to) return {};  // rename(2) onto itself does nothing
  auto t = known(to);
  if (!t.ok()) return t.error();
  Node& dst = **t;  // a reference into nodes_ stays valid when it rehashes
  if (dst.info.kind == FileKind::kDirectory) return sys_error(to, EISDIR);
  if (dst.info.kind == FileKind::kMissing) MEMSIM_TRY(parent_is_dir(to));
  MEMSIM_TRY(load_text(from, src));
  dst.known = true;
  dst.info = src.info;
  dst.text = std::move(src.text);
  dst.has_text = true;
  src = gone();
  unlisted(from);
  listed(to, FileKind::kRegular, &dst);
  return {};
}

Status SimFileSystem::remove(const std::string& path) {
  auto n = known(path);
  if (!n.ok()) return n.error();
  Node& node = **n;
  if (node.info.kind == FileKind::kMissing) return {};
  if (node.info.kind == FileKind::kDirectory) {
    MEMSIM_TRY(base().remove(path));
    dirs_.erase(path);
  }
  node = gone();
  unlisted(path);
  return {};
}

Status SimFileSystem::make_dir(const std::string& path) { return make_dir_with(path, &FileSystem::make_dir); }

Status SimFileSystem::make_private_dir(const std::string& path) {
  return make_dir_with(path, &FileSystem::make_private_dir);
}

Status SimFileSystem::make_dir_with(const std::string& path, Status (FileSystem::*make)(const std::string&)) {
  if (auto n = nodes_.find(path); n != nodes_.end() && n->second.info.kind == FileKind::kRegular)
    return sys_error(path, EEXIST);  // a file held here only: the disk would refuse it
  MEMSIM_TRY((base().*make)(path));
  forget(path);
  auto n = known(path);
  if (!n.ok()) return n.error();
  listed(path, FileKind::kDirectory, *n);
  return {};
}

Result<std::unique_ptr<FileLock>> SimFileSystem::lock(const std::string& path, int /*timeout_ms*/) {
  auto n = known(path);
  if (!n.ok()) return n.error();
  if ((*n)->info.kind == FileKind::kMissing) MEMSIM_TRY(write_file(path, ""));  // taking a lock creates its file
  else if ((*n)->info.kind != FileKind::kRegular) return sys_error(path, EISDIR);
  if (!held_.insert(path).second) return Error{path + ": lock is held by another process", ErrorCode::kBusy};
  return std::unique_ptr<FileLock>(std::make_unique<HeldLock>(*this, path));
}

Result<std::string> SimFileSystem::real_path(const std::string& path) {
  // Directories of a simulated home never move, and files that do not exist are not cached.
  if (auto it = real_.find(path); it != real_.end()) return it->second;
  auto n = known(path);
  if (!n.ok()) return n.error();
  Result<std::string> r = Error{""};
  if ((*n)->info.kind == FileKind::kRegular) {  // perhaps only here: its directory is on disk
    const auto [dir, name] = split(path);
    r = base().real_path(dir);
    if (r.ok()) r = join_path(*r, name);
  } else {
    r = base().real_path(path);
  }
  if (r.ok()) real_[path] = *r;
  return r;
}

Status SimFileSystem::set_mtime(const std::string& path, Seconds mtime) {
  auto n = known(path);
  if (!n.ok()) return n.error();
  if ((*n)->info.kind == FileKind::kMissing) return sys_error(path, ENOENT);
  if ((*n)->info.kind != FileKind::kRegular) {
    MEMSIM_TRY(base().set_mtime(path, mtime));
    forget(path);
    return {};
  }
  (*n)->info.mtime = mtime;
  return {};
}

Status SimFileSystem::save_to_disk() {
  for (auto& [path, n] : nodes_) {
    if (!n.known) continue;
    if (n.info.kind == FileKind::kMissing) {
      MEMSIM_TRY(base().remove(path));
    } else if (n.info.kind == FileKind::kRegular) {
      if (n.has_text) MEMSIM_TRY(write_unsynced(path, n.text));
      MEMSIM_TRY(base().set_mtime(path, n.info.mtime));
    }
  }
  return {};
}

std::vector<std::string> SimFileSystem::take_hook_errors() { return std::exchange(hook_errors_, {}); }

}  // namespace memsim::sim
