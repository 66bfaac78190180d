#include "memsim/sim/sim_fs.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <optional>
#include <utility>

namespace memsim::sim {

namespace {

std::pair<std::string, std::string> split(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return {".", path};
  return {path.substr(0, slash == 0 ? 1 : slash), path.substr(slash + 1)};
}

// Creates or truncates path and writes data, without the sync production writes
// pay: a simulated home is disposable.
Status write_unsynced(const std::string& path, std::string_view data) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Error{path + ": " + std::strerror(errno)};
  std::size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int e = errno;
      ::close(fd);
      return Error{path + ": " + std::strerror(e)};
    }
    done += static_cast<std::size_t>(n);
  }
  if (::close(fd) != 0) return Error{path + ": " + std::strerror(errno)};
  return {};
}

}  // namespace

void SimFileSystem::listed(const std::string& path, FileKind kind) {
  const auto [dir, name] = split(path);
  if (auto it = dirs_.find(dir); it != dirs_.end()) it->second[name] = kind;
}

void SimFileSystem::unlisted(const std::string& path) {
  const auto [dir, name] = split(path);
  if (auto it = dirs_.find(dir); it != dirs_.end()) it->second.erase(name);
}

void SimFileSystem::forget(const std::string& path) {
  text_.erase(path);
  info_.erase(path);
}

Result<std::string> SimFileSystem::read_file(const std::string& path) {
  if (auto it = text_.find(path); it != text_.end()) return it->second;
  auto r = base().read_file(path);
  if (r.ok()) text_[path] = *r;
  return r;
}

Result<FileInfo> SimFileSystem::stat(const std::string& path) {
  if (auto it = info_.find(path); it != info_.end()) return it->second;
  auto r = base().stat(path);
  if (r.ok()) {
    r->version = next_version_++;
    info_[path] = *r;
  }
  return r;
}

Result<const std::map<std::string, FileKind>*> SimFileSystem::listing(const std::string& path) {
  auto it = dirs_.find(path);
  if (it == dirs_.end()) {
    auto r = base().list_dir(path);
    if (!r.ok()) return r.error();
    std::map<std::string, FileKind>& d = dirs_[path];
    for (const DirEntry& e : *r) d[e.name] = e.kind;
    it = dirs_.find(path);
  }
  return &it->second;
}

Result<std::vector<DirEntry>> SimFileSystem::list_dir(const std::string& path) { return list_dir_from(path, ""); }

Result<std::vector<DirEntry>> SimFileSystem::list_dir_from(const std::string& path, std::string_view first) {
  auto d = listing(path);
  if (!d.ok()) return d.error();
  std::vector<DirEntry> out;
  for (auto it = (*d)->lower_bound(std::string(first)); it != (*d)->end(); ++it) out.push_back({it->first, it->second});
  return out;
}

Status SimFileSystem::write_file(const std::string& path, std::string_view data) {
  forget(path);
  Status s = write_unsynced(path, data);
  if (s.ok()) s = base().set_mtime(path, clock_.now());
  if (!s.ok()) return s;
  text_[path] = std::string(data);
  info_[path] = {FileKind::kRegular, static_cast<std::int64_t>(data.size()), clock_.now(), 0, next_version_++};
  listed(path, FileKind::kRegular);
  return {};
}

Status SimFileSystem::append_file(const std::string& path, std::string_view data) {
  if (path.ends_with("/runtime/hook-errors.log")) hook_errors_.push_back(path + ": " + std::string(data));
  Status s = base().append_file(path, data);
  if (s.ok()) s = base().set_mtime(path, clock_.now());
  if (!s.ok()) {
    forget(path);
    return s;
  }
  auto t = text_.find(path);
  auto i = info_.find(path);
  if (i != info_.end() && i->second.kind == FileKind::kMissing) {
    text_[path] = std::string(data);
    i->second = {FileKind::kRegular, static_cast<std::int64_t>(data.size()), clock_.now(), 0, next_version_++};
  } else if (t != text_.end() && i != info_.end()) {
    t->second += data;
    i->second.size += static_cast<std::int64_t>(data.size());
    i->second.mtime = clock_.now();
    i->second.version = next_version_++;
  } else {
    forget(path);  // not known yet: read it from disk next time
  }
  listed(path, FileKind::kRegular);
  return {};
}

Status SimFileSystem::rename(const std::string& from, const std::string& to) {
  Status s = base().rename(from, to);
  if (!s.ok()) {
    forget(from);
    forget(to);
    return s;
  }
  if (from == to) return s;  // rename(2) onto itself does nothing: nor does the memory of it
  // Taken out before `to` is touched: inserting may rehash, which moves iterators.
  std::optional<std::string> text;
  if (auto t = text_.find(from); t != text_.end()) text = std::move(t->second);
  std::optional<FileInfo> info;
  if (auto i = info_.find(from); i != info_.end()) info = i->second;
  forget(to);
  text_.erase(from);
  info_[from] = {};
  if (text) text_[to] = std::move(*text);
  if (info) info_[to] = *info;
  const FileKind kind = info ? info->kind : FileKind::kRegular;
  unlisted(from);
  listed(to, kind);
  return {};
}

Status SimFileSystem::remove(const std::string& path) {
  Status s = base().remove(path);
  forget(path);
  if (!s.ok()) return s;
  info_[path] = {};
  unlisted(path);
  return {};
}

Status SimFileSystem::make_dir(const std::string& path) {
  Status s = base().make_dir(path);
  info_.erase(path);
  if (s.ok()) listed(path, FileKind::kDirectory);
  return s;
}

Status SimFileSystem::make_private_dir(const std::string& path) {
  Status s = base().make_private_dir(path);
  info_.erase(path);
  if (s.ok()) listed(path, FileKind::kDirectory);
  return s;
}

Result<std::unique_ptr<FileLock>> SimFileSystem::lock(const std::string& path, int timeout_ms) {
  auto l = base().lock(path, timeout_ms);
  forget(path);  // taking a lock creates its file
  listed(path, FileKind::kRegular);
  return l;
}

Result<std::string> SimFileSystem::real_path(const std::string& path) {
  // Directories of a simulated home never move, and files that do not exist are not cached.
  if (auto it = real_.find(path); it != real_.end()) return it->second;
  auto r = base().real_path(path);
  if (r.ok()) real_[path] = *r;
  return r;
}

Status SimFileSystem::set_mtime(const std::string& path, Seconds mtime) {
  Status s = base().set_mtime(path, mtime);
  if (auto i = info_.find(path); i != info_.end()) {
    if (s.ok()) i->second.mtime = mtime;
    else info_.erase(i);
  }
  return s;
}

std::vector<std::string> SimFileSystem::take_hook_errors() { return std::exchange(hook_errors_, {}); }

}  // namespace memsim::sim
