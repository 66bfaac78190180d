// SessionEnd: capture L1 atoms from the session's transcript (core/atoms.h).
// Every SessionEnd hook shares 1.5 seconds, so a transcript too big to capture
// well inside that is handed to a detached `memsim capture` and the hook returns.
#include <fcntl.h>
#include <spawn.h>

#include "internal.h"
#include "memsim/atoms.h"

extern char** environ;

namespace memsim::hooks::detail {

namespace {

// Inline work stays well inside the 1.5 s: scanning 4 MB takes about 0.07 s here and
// each slot written about 0.65 ms (docs/promotion.md); past either, a detached
// capture does the work.
constexpr std::int64_t kInlineCaptureBytes = 4 << 20;
constexpr int kInlineCaptureSlots = 256;
// An index or a tick may hold the home's lock for seconds; the hook waits this
// long at most and then hands the capture to the detached process, which waits
// its full time. Scan, wait and writes stay well under the shared 1.5 s.
constexpr int kInlineLockMs = 250;

Status capture_detached(const Home& home, const std::string& transcript, const std::string& project) {
  std::vector<std::string> args = {"/proc/self/exe", "capture",   transcript, "--home",
                                   home.root(),      "--project", project,    "--no-user-home"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSID);  // outlives the session's process group
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  for (int fd : {0, 1, 2}) posix_spawn_file_actions_addopen(&fa, fd, "/dev/null", O_RDWR, 0);
  pid_t pid;
  const int rc = ::posix_spawn(&pid, argv[0], &fa, &attr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) return Error{"session-end: could not start a detached capture"};
  return {};
}

}  // namespace

Result<HookOutcome> session_end(HookContext& ctx, const HookInput& in) {
  const std::string& path = in.transcript;
  if (path.empty() || path.front() != '/') return HookOutcome{};
  auto info = ctx.fs.stat(path);
  if (!info.ok()) return info.error();
  if (info->kind != FileKind::kRegular) return Error{"session-end: transcript " + path + " is not a file"};
  const std::string project = base_name(in.cwd);
  if (info->size > kInlineCaptureBytes) {
    MEMSIM_TRY(capture_detached(ctx.home, path, project));
    return HookOutcome{};
  }
  CaptureStats stats;
  if (Status s = capture_transcript(ctx.fs, ctx.home, ctx.clock, path, project, &stats, kInlineCaptureSlots,
                                    ctx.redactor, kInlineLockMs);
      !s.ok())
    return s.error();
  if (stats.deferred) {
    MEMSIM_TRY(capture_detached(ctx.home, path, project));
  }
  return HookOutcome{};
}

}  // namespace memsim::hooks::detail
