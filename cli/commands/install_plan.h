// Shared by install-hooks and verify-install: what to install for this home and
// where (the spec of our hook entries and the files they go into).
#pragma once

#include <string>
#include <utility>

#include "commands/context.h"
#include "memsim/cron.h"
#include "memsim/install.h"

namespace memsim::cli {

Result<std::pair<install::HookSpec, install::Targets>> install_plan(Context& ctx, const std::string& scope,
                                                                    const std::string& settings,
                                                                    const std::string& claude_md,
                                                                    const std::string& command,
                                                                    const std::string& project);

// The nightly crontab block for this home: the spec's command and home, the
// project directory (default: the current one), `at` as HH:MM.
Result<install::CronSpec> cron_plan(Context& ctx, const install::HookSpec& spec, const std::string& project,
                                    const std::string& wake_command, const std::string& at);

// --settings, --scope, --project, --claude-md, --command.
void add_target_options(CLI::App* sub, std::string& settings, std::string& claude_md, std::string& command,
                        std::string& project, std::string& scope);

}  // namespace memsim::cli
