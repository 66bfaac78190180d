#include "memsim/fs.h"

namespace memsim {

std::string join_path(std::string_view dir, std::string_view name) {
  std::string out(dir);
  if (!out.empty() && out.back() != '/') out += '/';
  out += name;
  return out;
}

std::string base_name(std::string_view path) {
  while (path.size() > 1 && path.back() == '/') path.remove_suffix(1);
  auto slash = path.rfind('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
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
