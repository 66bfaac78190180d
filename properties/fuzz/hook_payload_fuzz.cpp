// run_hook over arbitrary payloads, on a real temporary home: never throws, and
// prints nothing or one valid JSON document. The first byte picks the event; the
// text "@HOME@" in a payload stands for the home's path, so seeds can name real
// memory files.
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "fuzz_check.h"
#include "memsim/hooks.h"

namespace {

struct FuzzHome {
  std::string root;
  FuzzHome() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "memsim-fuzz-XXXXXX").string();
    root = std::string(::mkdtemp(tmpl.data())) + "/home";
    for (const char* d : {"/memory/short-term", "/memory/dream-journal", "/lenses", "/runtime"}) {
      std::filesystem::create_directories(root + d);
    }
    std::ofstream(root + "/memory/feedback_verify.md")
        << "---\nname: feedback_verify\ntype: feedback\nsummary: verify before claiming done\n---\nbody\n";
    std::ofstream(root + "/memory/MEMORY.md") << "# Memory\n\n- [verify](feedback_verify.md) verify before claiming\n";
  }
  ~FuzzHome() {
    std::error_code ec;
    std::filesystem::remove_all(std::filesystem::path(root).parent_path(), ec);
  }
  FuzzHome(const FuzzHome&) = delete;
  FuzzHome& operator=(const FuzzHome&) = delete;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const char* const kEvents[] = {"pre-tool-use", "session-start", "user-prompt-submit", "session-end", "stop"};
  static FuzzHome home;
  static memsim::PosixFileSystem fs;
  static const memsim::FixedClock clock(1796032800);  // 2026-11-30T10:00:00Z
  if (size == 0) return 0;
  const char* event = kEvents[data[0] % 5];
  std::string payload(reinterpret_cast<const char*>(data) + 1, size - 1);
  for (std::size_t at = payload.find("@HOME@"); at != std::string::npos; at = payload.find("@HOME@", at)) {
    payload.replace(at, 6, home.root);
    at += home.root.size();
  }
  // The journal and error log grow with every run; start each input from none.
  std::error_code ec;
  std::filesystem::remove(home.root + "/runtime/access.log", ec);
  std::filesystem::remove(home.root + "/runtime/hook-errors.log", ec);
  memsim::hooks::HookContext ctx{fs, clock, memsim::Home(home.root),
                                 [](const std::string&) -> std::optional<std::string> { return std::nullopt; }};
  // An exception escaping run_hook reaches std::terminate, which aborts: a finding.
  const std::string out = memsim::hooks::run_hook(ctx, event, payload);
  // PreToolUse answers in JSON; session start and prompts in plain text (the
  // former always says how to remember); the rest say nothing.
  const std::string_view e(event);
  if (e == "pre-tool-use" && !out.empty()) FUZZ_CHECK(nlohmann::json::accept(out));
  if (e == "session-end" || e == "stop") FUZZ_CHECK(out.empty());
  return 0;
}
