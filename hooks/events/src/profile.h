// Session profiles (seed 003, "Session startup protocol"; docs/mcp.md): what a
// session may load depends on who is in it.
//   main      the person's own session: everything
//   shared    MEMSIM_PROFILE=shared (anything but main or subagent counts as
//             shared, so a typo loads less, never more): the project's
//             identity.md, the current state and today's T1 notes; no user-level
//             persona (learned from transcripts, not written for company), no
//             handoff, no T2 text
//   subagent  the harness says a sub-agent runs the session, or
//             MEMSIM_PROFILE=subagent: the current state only
#pragma once

#include <string_view>

#include "memsim/hooks.h"

namespace memsim::hooks::detail {

enum class Profile { kMain, kShared, kSubagent };

inline Profile session_profile(const HookContext& ctx, const HookInput& in) {
  if (in.subagent) return Profile::kSubagent;
  auto v = ctx.env ? ctx.env("MEMSIM_PROFILE") : std::nullopt;
  if (!v || v->empty() || *v == "main") return Profile::kMain;
  return *v == "subagent" ? Profile::kSubagent : Profile::kShared;
}

inline std::string_view profile_name(Profile p) {
  return p == Profile::kMain ? "main" : p == Profile::kShared ? "shared" : "subagent";
}

}  // namespace memsim::hooks::detail
