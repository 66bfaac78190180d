#include "memsim/fs.h"

namespace memsim {

std::string join_path(std::string_view dir, std::string_view name) {
  std::string out(dir);
  if (!out.empty() && out.back() != '/') out += '/';
  out += name;
  return out;
}

Result<std::vector<DirEntry>> FileSystem::list_dir_from(const std::string& path, std::string_view first) {
  auto entries = list_dir(path);
  if (!entries.ok()) return entries;
  std::erase_if(*entries, [&](const DirEntry& e) { return e.name < first; });
  return entries;
}

Result<std::vector<DirEntryInfo>> FileSystem::stat_dir_from(const std::string& path, std::string_view first) {
  auto entries = list_dir_from(path, first);
  if (!entries.ok()) return entries.error();
  std::vector<DirEntryInfo> out;
  out.reserve(entries->size());
  for (DirEntry& e : *entries) {
    auto info = stat(join_path(path, e.name));
    if (!info.ok()) return info.error();
    out.push_back({std::move(e.name), *info});
  }
  return out;
}

std::string base_name(std::string_view path) {
  while (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  auto slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

namespace {

Error over_cap(const std::string& path, std::int64_t size, std::int64_t max_bytes) {
  return Error{path + ": " + std::to_string(size) + " bytes, over the " + std::to_string(max_bytes) + "-byte limit",
               ErrorCode::kInvalid};
}

}  // namespace

Result<std::string> read_file_capped(FileSystem& fs, const std::string& path, std::int64_t max_bytes) {
  auto info = fs.stat(path);
  if (!info.ok()) return info.error();
  if (info->kind == FileKind::kSymlink) {
    if (auto real = fs.real_path(path); real.ok()) info = fs.stat(*real);
    if (!info.ok()) return info.error();
  }
  if (info->size > max_bytes) return over_cap(path, info->size, max_bytes);
  auto text = fs.read_file(path);
  if (text.ok() && static_cast<std::int64_t>(text->size()) > max_bytes)
    return over_cap(path, static_cast<std::int64_t>(text->size()), max_bytes);
  return text;
}

std::string temp_path_for(const std::string& path) {
  auto slash = path.rfind('/');
  std::string dir = slash == std::string::npos ? "" : path.substr(0, slash + 1);
  std::string name = slash == std::string::npos ? path : path.substr(slash + 1);
  return dir + "." + name + ".memsim-tmp";
}

Status replace_file(FileSystem& fs, const std::string& path, std::string_view data) {
  const std::string tmp = temp_path_for(path);
  Status s = fs.write_file(tmp, data);
  if (s.ok()) s = fs.rename(tmp, path);
  if (!s.ok()) (void)fs.remove(tmp);  // best effort; the next run overwrites it anyway
  return s;
}

}  // namespace memsim
