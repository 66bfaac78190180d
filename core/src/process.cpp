#include "memsim/process.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

extern char** environ;

namespace memsim {

namespace {

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

}  // namespace

Result<ProcessResult> run_process(const std::vector<std::string>& argv, const std::string& input,
                                  const std::vector<std::pair<std::string, std::string>>& env,
                                  const std::string& scratch_dir, const ProcessOptions& options) {
  if (argv.empty()) return Error{"run_process: no program"};
  // Files, not pipes: no deadlock whatever the child writes, and no threads.
  const std::string in_path = scratch_dir + "/stdin", out_path = scratch_dir + "/stdout",
                    err_path = scratch_dir + "/stderr";
  {
    std::ofstream f(in_path, std::ios::binary | std::ios::trunc);
    f << input;
    if (!f) return Error{in_path + ": cannot write"};
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, in_path.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  if (!options.cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, options.cwd.c_str());

  std::vector<std::string> env_strings;
  for (char** e = environ; *e; ++e) {
    std::string s(*e);
    bool overridden = false;
    for (const auto& [k, v] : env) overridden = overridden || s.starts_with(k + "=");
    if (!overridden) env_strings.push_back(std::move(s));
  }
  for (const auto& [k, v] : env)
    if (!v.empty()) env_strings.push_back(k + "=" + v);
  std::vector<char*> envp, args;
  for (std::string& s : env_strings) envp.push_back(s.data());
  envp.push_back(nullptr);
  std::vector<std::string> argv_copy = argv;
  for (std::string& s : argv_copy) args.push_back(s.data());
  args.push_back(nullptr);

  // A group of its own, so a timeout kills whatever the child started too.
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  if (options.timeout_seconds > 0) {
    posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
    posix_spawnattr_setpgroup(&attr, 0);
  }
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, args[0], &actions, &attr, args.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) return Error{argv[0] + ": cannot run: " + std::strerror(rc)};
  int status = 0;
  if (options.timeout_seconds > 0) {
    // Poll rather than block: a child that hangs is killed, not waited on for ever.
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(options.timeout_seconds);
    for (;;) {
      const pid_t r = ::waitpid(pid, &status, WNOHANG);
      if (r == pid) break;
      if (r < 0 && errno != EINTR) return Error{argv[0] + ": waitpid failed: " + std::strerror(errno)};
      if (std::chrono::steady_clock::now() > deadline) {
        ::kill(-pid, SIGKILL);
        ::waitpid(pid, &status, 0);
        return Error{argv[0] + ": still running after " + std::to_string(options.timeout_seconds) + " s; killed"};
      }
      ::usleep(10000);
    }
  } else {
    while (::waitpid(pid, &status, 0) < 0)
      if (errno != EINTR) return Error{argv[0] + ": waitpid failed: " + std::strerror(errno)};
  }
  ProcessResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out_path);
  r.err = slurp(err_path);
  return r;
}

Status start_detached(const std::vector<std::string>& argv, const std::string& log_path) {
  if (argv.empty()) return Error{"start_detached: no program"};
  std::vector<std::string> argv_copy = argv;
  std::vector<char*> args;
  for (std::string& s : argv_copy) args.push_back(s.data());
  args.push_back(nullptr);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  if (log_path.empty()) posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  else posix_spawn_file_actions_addopen(&actions, 2, log_path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
  pid_t pid = 0;
  const int rc = ::posix_spawn(&pid, args[0], &actions, &attr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) return Error{argv[0] + ": cannot start: " + std::strerror(rc)};
  return {};
}

std::string find_program(const std::string& name, const std::string& path) {
  if (name.empty()) return {};
  if (name.find('/') != std::string::npos) return ::access(name.c_str(), X_OK) == 0 ? name : std::string();
  for (std::size_t p = 0;;) {
    const std::size_t q = path.find(':', p);
    const std::string dir = path.substr(p, q == std::string::npos ? std::string::npos : q - p);
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
    struct stat st {};
    if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(candidate.c_str(), X_OK) == 0)
      return std::filesystem::absolute(candidate).lexically_normal().string();
    if (q == std::string::npos) return {};
    p = q + 1;
  }
}

}  // namespace memsim
