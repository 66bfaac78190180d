#include "memsim/cron.h"

#include <cctype>

#include "memsim/process.h"

#include "memsim/home.h"

namespace memsim::install {

namespace {

std::string begin_marker(const std::string& home) { return "# >>> memsim nightly for " + home + "\n"; }
std::string end_marker(const std::string& home) { return "# <<< memsim nightly for " + home + "\n"; }

// Single-quoted for sh, which cron runs each line with.
std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

// A word for sh: as it is when it holds nothing sh reads specially, else quoted.
// The prompt and the allow rules name memsim the same way, so the command the
// model copies from the one matches the prefix of the other.
std::string sh_word(const std::string& s) {
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '/' && c != '.' && c != '_' && c != '-' && c != '+')
      return quote(s);
  return s.empty() ? quote(s) : s;
}

// cron turns an unescaped % into a newline (crontab(5)).
std::string cron_escape(const std::string& s) {
  std::string out;
  for (char c : s) out += c == '%' ? std::string("\\%") : std::string(1, c);
  return out;
}

// [begin, end) of our block in `text`, or npos when absent or unterminated.
std::pair<std::size_t, std::size_t> block_range(std::string_view text, const std::string& home) {
  const std::string b = begin_marker(home), e = end_marker(home);
  std::size_t start = text.find(b);
  while (start != std::string_view::npos && start != 0 && text[start - 1] != '\n') start = text.find(b, start + 1);
  if (start == std::string_view::npos) return {std::string_view::npos, 0};
  const std::size_t stop = text.find(e, start);
  if (stop == std::string_view::npos) return {std::string_view::npos, 0};
  return {start, stop + e.size()};
}

}  // namespace

Status check_cron_spec(const CronSpec& spec) {
  for (const auto& [field, text] :
       {std::pair{"the memsim command", &spec.command}, std::pair{"the home", &spec.home},
        std::pair{"the project", &spec.project}, std::pair{"--wake-command", &spec.wake_command}})
    for (char c : *text)
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f || c == '%')
        return Error{std::string("install-hooks --cron: ") + field + " holds " +
                     (c == '%' ? "a '%'" : "a control character") +
                     ", which cron would read as the end of the line; move it to a path without one"};
  return {};
}

std::string wake_prompt(const CronSpec& spec) {
  const std::string memsim = sh_word(spec.command) + " ";
  const std::string on_home = " --home " + sh_word(spec.home);
  return "The nightly memory wake. Read " + Home(spec.home).cue_path() +
         " and judge each item: merge near-duplicates, supersede what is wrong (" + memsim + "supersede" + on_home +
         "), leave what is merely old. For the meditation item, run " + memsim + "meditation next --record" + on_home +
         ", read the object it names and sit with it. For the dream-journal item, write that one entry: a few lines "
         "on what the sit and the cue brought up. Change only files under " +
         spec.home + ".";
}

std::vector<std::string> default_wake_args(const CronSpec& spec) {
  std::string allowed = "Edit(/" + spec.home + "/**)";  // "//" + an absolute path: Claude Code's absolute form
  for (const char* sub : {"meditation next", "supersede", "resolve", "recall", "status", "lint"})
    allowed += ",Bash(" + sh_word(spec.command) + " " + sub + ":*)";
  return {"claude", "--allowedTools", allowed, "-p"};
}

std::string cron_block(const CronSpec& spec) {
  const Home home(spec.home);
  const std::string cue = home.cue_path();
  const int wake_total = spec.hour * 60 + spec.minute + 5;
  // The wake is no one's working session: it loads the current state only and
  // never consumes a handoff meant for the person's next session.
  static constexpr const char* kWakeProfile = "MEMSIM_PROFILE=subagent ";
  const std::string prompt = wake_prompt(spec);
  std::string wake_command = spec.wake_command;
  if (wake_command.empty())
    for (const std::string& a : default_wake_args(spec))
      wake_command += (wake_command.empty() ? "" : " ") + (a == "claude" || a.starts_with("-") ? a : quote(a));
  std::string out = begin_marker(spec.home);
  out += cron_escape(std::to_string(spec.minute) + " " + std::to_string(spec.hour) + " * * * cd " +
                     quote(spec.project) + " && " + quote(spec.command) + (spec.commit ? " tick --commit" : " tick") +
                     " --home " + quote(spec.home) + " >> " + quote(home.tick_log_path()) + " 2>&1") +
         "\n";
  if (spec.wake)
    out += cron_escape(std::to_string(wake_total % 60) + " " + std::to_string((wake_total / 60) % 24) + " * * * cd " +
                       quote(spec.project) + " && grep -q '\"kind\"' " + quote(cue) + " && " + kWakeProfile +
                       wake_command + " " + quote(prompt) + " >> " + quote(home.wake_log_path()) + " 2>&1") +
           "\n";
  out += end_marker(spec.home);
  return out;
}

std::string merge_crontab(std::string_view crontab, const CronSpec& spec) {
  const std::string block = cron_block(spec);
  const auto [start, stop] = block_range(crontab, spec.home);
  if (start != std::string_view::npos)
    return std::string(crontab.substr(0, start)) + block + std::string(crontab.substr(stop));
  std::string out(crontab);
  if (!out.empty() && out.back() != '\n') out += '\n';
  return out + block;
}

std::string remove_crontab(std::string_view crontab, const std::string& home) {
  const auto [start, stop] = block_range(crontab, home);
  if (start == std::string_view::npos) return std::string(crontab);
  return std::string(crontab.substr(0, start)) + std::string(crontab.substr(stop));
}

std::string find_cron_block(std::string_view crontab, const std::string& home) {
  const auto [start, stop] = block_range(crontab, home);
  return start == std::string_view::npos ? std::string() : std::string(crontab.substr(start, stop - start));
}

Result<std::string> read_crontab(const std::string& scratch_dir) {
  auto r = run_process({"crontab", "-l"}, "", {}, scratch_dir);
  if (!r.ok()) return Error{"crontab: cannot run it (Debian: apt install cron): " + r.message()};
  if (r->exit_code == 0) return r->out;
  if (r->err.find("no crontab") != std::string::npos) return std::string();
  return Error{"crontab -l: " + r->err};
}

Status write_crontab(const std::string& text, const std::string& scratch_dir) {
  auto r = run_process({"crontab", "-"}, text, {}, scratch_dir);
  if (!r.ok()) return Error{"crontab: cannot run it (Debian: apt install cron): " + r.message()};
  if (r->exit_code != 0) return Error{"crontab -: " + r->err};
  return {};
}

}  // namespace memsim::install
