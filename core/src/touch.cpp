#include "memsim/touch.h"

#include "memsim/memory_file.h"

namespace memsim {

bool is_touch_tool(std::string_view tool) {
  return tool == "Read" || tool == "Edit" || tool == "Write" || tool == "MultiEdit";
}

Result<std::string> memory_file_of(FileSystem& fs, const Home& home, std::string path, std::string_view cwd,
                                   bool may_create) {
  if (path.empty()) return std::string();
  if (path.front() != '/') {
    if (cwd.empty() || cwd.front() != '/') return std::string();
    path = join_path(cwd, path);
  }
  const std::string name = base_name(path);
  if (!is_memory_name(name)) return std::string();
  const std::string parent = path.substr(0, path.rfind('/') + 1);
  auto real_parent = fs.real_path(parent);
  if (!real_parent.ok()) return std::string();  // a directory that does not exist is not ours
  auto real_memory = fs.real_path(home.memory_dir());
  if (!real_memory.ok()) return real_memory.error();
  if (*real_parent != *real_memory) return std::string();
  auto info = fs.stat(home.memory_path(name));
  if (!info.ok()) return info.error();
  const bool counts = info->kind == FileKind::kRegular || (may_create && info->kind == FileKind::kMissing);
  return counts ? name : std::string();
}

}  // namespace memsim
