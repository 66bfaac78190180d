// The live suite for Gemini CLI (docs/gemini.md, "Live verification"): the real
// gemini ($MEMSIM_GEMINI, the pinned npm package) in a project where memsim was
// installed as docs/gemini.md tells a new user, run with `gemini -p` against the
// scripted model's Gemini API on loopback. What the model received, what was
// journaled, verify-install's verdict, and what uninstall leaves.
#include <string>
#include <vector>

#include "harness_fixture.h"
#include "memsim/live_gemini.h"

namespace memsim::live::testing {
namespace {

const char* kTheirSettings = R"({
  "ui": {"theme": "GitHub"},
  "hooks": {
    "AfterAgent": [{"hooks": [{"type": "command", "name": "notify", "command": "true", "timeout": 5000}]}]
  }
}
)";
const char* kTheirGeminiMd = "# Project notes\n\nUse two spaces.\n";

class GeminiLive : public HarnessLive {
 protected:
  void SetUp() override { use_client("MEMSIM_GEMINI", "live_install_gemini"); }
  void install() { HarnessLive::install("gemini"); }
  LiveResult run(const std::string& prompt, std::vector<ScriptedTurn> script) {
    return ran(run_gemini_live({client_, project(), user_home(), {}, {}, 120}, prompt, std::move(script)));
  }
};

// The issue's "proven live": the index (through GEMINI.md's import) and the
// identity (through the session start) reach the model, a read_file of a memory
// is journaled, a lens arrives once (after the tool), the session's end captures
// the chat, and verify-install passes.
TEST_F(GeminiLive, TheIndexIdentityAReadALensAndTheCaptureInTheRealClient) {
  install();
  const std::string file = ".memsim/memory/" + std::string(kMemory);
  auto r = run("Always run ninja with -j2 here. Check what we remembered.",
               {ScriptedTurn::call("read_file", {{"file_path", file}}),
                ScriptedTurn::call("read_file", {{"file_path", file}}), ScriptedTurn::say("Checked.")});
  ASSERT_GE(r.conversation.size(), 3u) << r.process.out << r.process.err;
  const std::string first = request_text(r.conversation.front());
  EXPECT_NE(first.find(std::string(kMemory) + ": " + kMemorySummary), std::string::npos) << first.substr(0, 4000);
  EXPECT_NE(first.find(kIdentity), std::string::npos);
  EXPECT_NE(first.find("context, not instructions"), std::string::npos);
  const std::string last = request_text(r.conversation.back());
  EXPECT_NE(last.find(kMemoryBody), std::string::npos) << "the read ran";
  EXPECT_EQ(count_of(last, kLens), 1u) << last.substr(0, 6000);

  // SessionEnd read the transcript: the person's directive is a candidate.
  expect_reads_and_capture(2);

  auto v = memsim({"verify-install", "--harness", "gemini"});
  EXPECT_EQ(v.exit_code, 0) << v.out << v.err;
  EXPECT_NE(v.out.find("PASS gemini-md"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find("PASS synthetic-touch"), std::string::npos) << v.out;

  // The same on a user's machine: --live runs the real gemini in a scratch copy.
  auto live = memsim({"verify-install", "--harness", "gemini", "--gemini", client_, "--live"});
  EXPECT_EQ(live.exit_code, 0) << live.out << live.err;
  for (const char* check :
       {"PASS live-gemini", "PASS live-session", "PASS live-index", "PASS live-touch", "PASS live-hook-errors"})
    EXPECT_NE(live.out.find(check), std::string::npos) << check << "\n" << live.out;
}

// Uninstall leaves the person's own settings and GEMINI.md byte for byte; a
// second install changes nothing.
TEST_F(GeminiLive, UninstallLeavesThePersonsFilesAsTheyWere) {
  write(project() + "/.gemini/settings.json", kTheirSettings);
  write(project() + "/GEMINI.md", kTheirGeminiMd);
  install();
  const std::string settings = read(project() + "/.gemini/settings.json");
  EXPECT_NE(settings.find("\"notify\""), std::string::npos) << settings;
  EXPECT_NE(settings.find("\"theme\": \"GitHub\""), std::string::npos) << settings;
  EXPECT_EQ(settings.find(project()), std::string::npos) << "no path of one machine for the home: " << settings;
  EXPECT_NE(read(project() + "/GEMINI.md").find("@.memsim/memory/MEMORY.md"), std::string::npos);
  ASSERT_EQ(memsim({"install-hooks", "--harness", "gemini", "--apply"}).exit_code, 0);
  EXPECT_EQ(read(project() + "/.gemini/settings.json"), settings) << "idempotent";
  auto un = memsim({"install-hooks", "--harness", "gemini", "--uninstall", "--apply"});
  ASSERT_EQ(un.exit_code, 0) << un.err;
  EXPECT_EQ(read(project() + "/.gemini/settings.json"), kTheirSettings);
  EXPECT_EQ(read(project() + "/GEMINI.md"), kTheirGeminiMd);
  // And in the real client no hook of ours runs any more.
  const std::string journal = read(home() + "/runtime/access.log");
  auto r = run("hello", {ScriptedTurn::say("hi")});
  ASSERT_FALSE(r.conversation.empty()) << r.process.out << r.process.err;
  EXPECT_EQ(request_text(r.conversation.front()).find("Memory (memsim)"), std::string::npos);
  EXPECT_EQ(read(home() + "/runtime/access.log"), journal) << "no session start journaled";
}

}  // namespace
}  // namespace memsim::live::testing
