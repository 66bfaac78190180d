// The nightly cycle's crontab lines (seed 000 section 09): the deterministic
// tick, and, when asked for, the reflective wake five minutes later, so the tick
// has written the cue before the wake reads it. Each part that reaches beyond the
// home is opt-in: the tick's commit into the user's repository, and the wake,
// which starts a paid agent session. The wake starts the agent only when the cue
// holds something: the expensive half runs only if the cheap half found work.
//
// Text-to-text functions, like install.h, and the crontab read and written
// through crontab(1). Our lines sit between two marker comments naming the
// home, so a second install replaces them and uninstall removes exactly them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "memsim/result.h"

namespace memsim::install {

struct CronSpec {
  std::string command;       // absolute path of the memsim binary
  std::string home;          // absolute path of the home
  std::string project;       // absolute path of the project (the tick commits there)
  std::string wake_command;  // the agent, run with the wake prompt as its last argument; "" is the default below
  int hour = 3, minute = 0;  // the tick; the wake runs five minutes later
  bool commit = false;       // the tick commits the files it wrote (tick --commit)
  bool wake = false;         // the wake line
};

// Refuses a spec whose paths or wake command cron could misread: a control
// character (a newline would start a line of the attacker's choosing, in the
// marker comments too) or a '%' (cron reads it as a newline, crontab(5)). The
// error names the field. Every text of the block is built from a checked spec.
Status check_cron_spec(const CronSpec& spec);

// What the wake is asked (its last argument): judge the cue's items; sit with
// the meditation item's object and record the sit (`meditation next
// --record`); write the dream-journal item's one entry; change only files under
// the home.
std::string wake_prompt(const CronSpec& spec);

// The default wake command, as arguments: Claude Code in print mode, allowed
// without asking to edit files under the home and to run memsim's meditation
// next, supersede, resolve, recall, status and lint on it. A cron job has no one
// to ask, so every other tool call that needs a permission is refused. The
// allow list ends at -p, before the prompt, since --allowedTools takes every
// argument up to the next option.
std::vector<std::string> default_wake_args(const CronSpec& spec);

// The marked block: a begin comment, the tick line, the wake line when asked for,
// an end comment.
std::string cron_block(const CronSpec& spec);

// The crontab with our block for spec.home added, or replaced when one exists.
// Unchanged when it is already exactly there.
std::string merge_crontab(std::string_view crontab, const CronSpec& spec);

// The crontab without our block for `home`.
std::string remove_crontab(std::string_view crontab, const std::string& home);

// Our block for `home` as it stands in the crontab, or "" when there is none.
std::string find_cron_block(std::string_view crontab, const std::string& home);

// The user's crontab through crontab(1), run in scratch_dir: "" when there is
// none. Fails naming the program when it is missing or refuses.
Result<std::string> read_crontab(const std::string& scratch_dir);
Status write_crontab(const std::string& text, const std::string& scratch_dir);

}  // namespace memsim::install
