// Shared by install-hooks and verify-install: what to install for this home and
// where (the spec of our hook entries and the files they go into).
#pragma once

#include <string>
#include <utility>

#include "commands/context.h"
#include "memsim/install.h"

namespace memsim::cli {

Result<std::pair<hooks::HookSpec, hooks::Targets>> install_plan(Context& ctx, const std::string& scope,
                                                                const std::string& settings,
                                                                const std::string& claude_md,
                                                                const std::string& command,
                                                                const std::string& project);

// --settings, --scope, --project, --claude-md, --command.
void add_target_options(CLI::App* sub, std::string& settings, std::string& claude_md, std::string& command,
                        std::string& project, std::string& scope);

}  // namespace memsim::cli
