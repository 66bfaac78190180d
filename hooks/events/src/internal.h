// The event handlers behind handle_event(); not part of the library's interface.
#pragma once

#include "memsim/hooks.h"

namespace memsim::hooks::detail {

Result<HookOutcome> pre_tool_use(HookContext& ctx, const HookInput& in);
Result<HookOutcome> session_start(HookContext& ctx, const HookInput& in);
Result<HookOutcome> session_end(HookContext& ctx, const HookInput& in);

}  // namespace memsim::hooks::detail
