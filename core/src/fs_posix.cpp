#include <dirent.h>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "memsim/fs.h"

namespace memsim {

namespace {

// The one place where errno becomes an Error.
Error posix_error(const std::string& context, int err) {
  const ErrorCode code = err == ENOENT || err == ENOTDIR ? ErrorCode::kNotFound : ErrorCode::kIo;
  return Error{context + ": " + std::strerror(err), code};
}

// The group and other bits that the directory holding path lacks: what is
// created there never gets them. Unknown (the directory cannot be read) closes
// nothing, leaving the umask to decide as before.
mode_t closed_bits(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
  struct stat st;
  if (::stat(dir.c_str(), &st) != 0) return 0;
  return static_cast<mode_t>(~st.st_mode & 077);
}

class FdCloser {
 public:
  explicit FdCloser(int fd) : fd_(fd) {}
  ~FdCloser() {
    if (fd_ >= 0) ::close(fd_);
  }
  FdCloser(const FdCloser&) = delete;
  FdCloser& operator=(const FdCloser&) = delete;
  int release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }

 private:
  int fd_;
};

Status write_all(int fd, std::string_view data, const std::string& path) {
  const char* p = data.data();
  size_t left = data.size();
  while (left > 0) {
    ssize_t n = ::write(fd, p, left);
    if (n < 0) {
      if (errno == EINTR) continue;
      return posix_error(path, errno);
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  return {};
}

FileKind kind_of(mode_t mode) {
  if (S_ISREG(mode)) return FileKind::kRegular;
  if (S_ISDIR(mode)) return FileKind::kDirectory;
  if (S_ISLNK(mode)) return FileKind::kSymlink;
  return FileKind::kOther;
}

class PosixLock final : public FileLock {
 public:
  explicit PosixLock(int fd) : fd_(fd) {}
  ~PosixLock() override { ::close(fd_); }  // closing releases the flock

 private:
  int fd_;
};

}  // namespace

Result<std::string> PosixFileSystem::read_file(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
  if (fd < 0) return posix_error(path, errno);
  FdCloser closer(fd);
  struct stat st;
  if (::fstat(fd, &st) != 0) return posix_error(path, errno);
  if (!S_ISREG(st.st_mode)) return Error{path + ": not a regular file", ErrorCode::kCorrupt};
  std::string out;
  out.resize(static_cast<size_t>(st.st_size));
  size_t got = 0;
  while (true) {
    if (got == out.size()) out.resize(out.size() + 4096);
    ssize_t n = ::read(fd, out.data() + got, out.size() - got);
    if (n < 0) {
      if (errno == EINTR) continue;
      return posix_error(path, errno);
    }
    if (n == 0) break;
    got += static_cast<size_t>(n);
  }
  out.resize(got);
  return out;
}

Result<FileInfo> PosixFileSystem::stat(const std::string& path) {
  struct stat st;
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) return FileInfo{};
    return posix_error(path, errno);
  }
  return FileInfo{kind_of(st.st_mode), static_cast<std::int64_t>(st.st_size), static_cast<Seconds>(st.st_mtim.tv_sec),
                  static_cast<unsigned>(st.st_mode & 07777)};
}

Result<std::vector<DirEntry>> PosixFileSystem::list_dir(const std::string& path) {
  DIR* dir = ::opendir(path.c_str());
  if (!dir) return posix_error(path, errno);
  std::vector<DirEntry> out;
  while (struct dirent* e = ::readdir(dir)) {
    std::string name = e->d_name;
    if (name == "." || name == "..") continue;
    FileKind kind = FileKind::kOther;
    switch (e->d_type) {
      case DT_REG: kind = FileKind::kRegular; break;
      case DT_DIR: kind = FileKind::kDirectory; break;
      case DT_LNK: kind = FileKind::kSymlink; break;
      case DT_UNKNOWN: {
        struct stat st;
        if (::fstatat(::dirfd(dir), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0) kind = kind_of(st.st_mode);
        break;
      }
      default: break;
    }
    out.push_back({std::move(name), kind});
  }
  ::closedir(dir);
  return out;
}

Status PosixFileSystem::write_file(const std::string& path, std::string_view data) {
  // 0666 filtered by the umask and by the directory: never wider than the user
  // asked for, never more open than where it lives, never executable.
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0666 & ~closed_bits(path));
  if (fd < 0) return posix_error(path, errno);
  FdCloser closer(fd);
  MEMSIM_TRY(write_all(fd, data, path));
  if (::fsync(fd) != 0) return posix_error(path, errno);
  if (::close(closer.release()) != 0) return posix_error(path, errno);
  return {};
}

Status PosixFileSystem::append_file(const std::string& path, std::string_view data) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0666 & ~closed_bits(path));
  if (fd < 0) return posix_error(path, errno);
  FdCloser closer(fd);
  return write_all(fd, data, path);
}

Status PosixFileSystem::rename(const std::string& from, const std::string& to) {
  if (::rename(from.c_str(), to.c_str()) != 0) return posix_error(to, errno);
  return {};
}

Status PosixFileSystem::remove(const std::string& path) {
  if (::unlink(path.c_str()) != 0 && errno != ENOENT) return posix_error(path, errno);
  return {};
}

Status PosixFileSystem::make_dir(const std::string& path) {
  if (::mkdir(path.c_str(), 0777 & ~closed_bits(path)) != 0) {
    int err = errno;
    struct stat st;
    if (err == EEXIST && ::stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return {};
    return posix_error(path, err);
  }
  return {};
}

Status PosixFileSystem::make_private_dir(const std::string& path) {
  if (::mkdir(path.c_str(), 0700) == 0) return {};
  const int err = errno;
  struct stat st;
  // stat, not lstat: a runtime/ linked elsewhere (a tmpfs, say) is still a directory, as make_dir takes it.
  if (err != EEXIST || ::stat(path.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return posix_error(path, err);
  if ((st.st_mode & 077) != 0 && ::chmod(path.c_str(), st.st_mode & 0700) != 0) return posix_error(path, errno);
  return {};
}

Result<std::unique_ptr<FileLock>> PosixFileSystem::lock(const std::string& path, int timeout_ms) {
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0666 & ~closed_bits(path));
  if (fd < 0) return posix_error(path, errno);
  FdCloser closer(fd);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  auto pause = std::chrono::microseconds(200);
  while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK && errno != EINTR) return posix_error(path, errno);
    if (std::chrono::steady_clock::now() >= deadline)
      return Error{path + ": lock is held by another process", ErrorCode::kBusy};
    std::this_thread::sleep_for(pause);
    if (pause < std::chrono::milliseconds(20)) pause *= 2;
  }
  return std::unique_ptr<FileLock>(new PosixLock(closer.release()));
}

Result<std::string> PosixFileSystem::real_path(const std::string& path) {
  char buf[PATH_MAX];
  if (!::realpath(path.c_str(), buf)) return posix_error(path, errno);
  return std::string(buf);
}

Status PosixFileSystem::set_mtime(const std::string& path, Seconds mtime) {
  struct timespec times[2];
  times[0].tv_sec = 0;
  times[0].tv_nsec = UTIME_OMIT;
  times[1].tv_sec = static_cast<time_t>(mtime);
  times[1].tv_nsec = 0;
  if (::utimensat(AT_FDCWD, path.c_str(), times, AT_SYMLINK_NOFOLLOW) != 0) return posix_error(path, errno);
  return {};
}

}  // namespace memsim
