// SessionEnd: capture L1 atoms from the session's transcript (core/atoms.h), into
// this home and the user-level home when there is one; write the session's
// debrief note into this home's short-term/ (core/debrief.h); then leave the fold
// and the index to a detached `memsim index`, so the next session loads a
// MEMORY.md that knows this one's reads without waiting for cron.
// Every SessionEnd hook shares 1.5 seconds, so a transcript too big to capture
// well inside that is handed to a detached `memsim capture` too.
#include "internal.h"
#include "memsim/atoms.h"
#include "memsim/debrief.h"

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

}  // namespace

Result<HookOutcome> session_end(HookContext& ctx, const HookInput& in) {
  HookOutcome out;
  const std::string& path = in.transcript;
  const bool transcript = !path.empty() && path.front() == '/';
  bool deferred = false;
  CaptureStats stats;
  if (transcript) {
    auto info = ctx.fs.stat(path);
    if (!info.ok()) return info.error();
    if (info->kind != FileKind::kRegular) return Error{"session-end: transcript " + path + " is not a file"};
    const std::string project = base_name(in.cwd);
    // The user-level home sees every project's atoms (L3 is earned across them).
    const Home* user = ctx.user_home && ctx.user_home->root() != ctx.home.root() ? &*ctx.user_home : nullptr;
    deferred = info->size > kInlineCaptureBytes;
    if (!deferred) {
      if (Status s = capture_transcript(ctx.fs, ctx.home, ctx.clock, path, project, &stats, kInlineCaptureSlots,
                                        ctx.redactor, kInlineLockMs);
          !s.ok())
        return s.error();
      deferred = stats.deferred;
      if (user && !deferred) {
        CaptureStats in_user;
        if (Status s = capture_transcript(ctx.fs, *user, ctx.clock, path, project, &in_user, kInlineCaptureSlots,
                                          ctx.redactor, kInlineLockMs);
            !s.ok())
          out.problems.push_back("session-end: user-level capture: " + s.message());
        deferred = in_user.deferred;
      }
    }
    if (deferred && !ctx.detach) out.problems.push_back("session-end: capture deferred, and no process may start here");
    if (deferred && ctx.detach) {
      std::vector<std::string> args{"capture", path, "--home", ctx.home.root(), "--project", project};
      if (user) args.insert(args.end(), {"--user-home", user->root()});
      else args.push_back("--no-user-home");
      args.insert(args.end(), {"--debrief", in.session});
      MEMSIM_TRY(ctx.detach(args));
    }
  }
  // A detached capture writes the debrief once it has the claims.
  if (!deferred || !ctx.detach) {
    auto debrief =
        write_debrief(ctx.fs, ctx.home, ctx.clock, ctx.redactor, {in.session, std::move(stats.claims)}, kInlineLockMs);
    if (!debrief.ok()) out.problems.push_back("session-end: debrief: " + debrief.message());
  }
  // The fold and the index wait for the home's lock as long as policy says, which
  // a hook may not; the detached process may. The simulator indexes on its own
  // schedule (docs/simulator.md).
  if (ctx.detach) MEMSIM_TRY(ctx.detach({"index", "--home", ctx.home.root()}));
  return out;
}

}  // namespace memsim::hooks::detail
