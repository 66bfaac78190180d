// run_gemini_hook over payloads shaped as Gemini CLI 0.61.0 sent them (recorded
// against the scripted model, docs/gemini.md), in process, on a real temporary
// home: its file tools and shell reads are touches, journaled from AfterTool,
// where lenses arrive too; the prompt's <hook_context> is not searched.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "hook_home.h"

namespace memsim::hooks {
namespace {

using memsim::testing::read;
using memsim::testing::write;
namespace fsys = std::filesystem;

struct GeminiHome : testing::HookHome {
  GeminiHome() {
    harness = Harness::kGemini;
    write(home + "/memory/feedback_verify.md", "---\nname: feedback_verify\nsummary: verify first\n---\nbody\n");
    fsys::create_directories(home + "/lenses");
  }
  std::string payload(const std::string& event, const std::string& extra, const std::string& session = "s1") {
    return R"({"session_id":")" + session + R"(","transcript_path":"/u/.gemini/tmp/p/chats/session-x.jsonl","cwd":")" +
           dir.path() + R"(","hook_event_name":")" + event + R"(","timestamp":"2026-11-30T10:00:00.000Z")" + extra +
           "}";
  }
  std::string after_tool(const std::string& tool, const nlohmann::json& input, const std::string& session = "s1") {
    return payload("AfterTool",
                   R"(,"tool_name":")" + tool + R"(","tool_input":)" + input.dump() +
                       R"(,"tool_response":{"llmContent":"x","returnDisplay":""})",
                   session);
  }
};

TEST(Gemini, EachFileToolOfAMemoryIsItsTouch) {
  GeminiHome f;
  const std::string mem = "home/memory/feedback_verify.md";
  EXPECT_EQ(f.run("pre-tool-use", f.after_tool("read_file", {{"file_path", mem}})), "");
  EXPECT_EQ(f.run("pre-tool-use", f.after_tool("read_many_files", {{"include", {mem, "home/memory/*.md"}}})), "");
  EXPECT_EQ(f.run("pre-tool-use", f.after_tool("replace", {{"file_path", mem}, {"old_string", "a"}})), "");
  EXPECT_EQ(f.run("pre-tool-use", f.after_tool("write_file", {{"file_path", mem}, {"content", "x"}})), "");
  EXPECT_EQ(f.run("pre-tool-use", f.after_tool("run_shell_command", {{"command", "head -n 3 " + mem}})), "");
  EXPECT_EQ(f.run("pre-tool-use", f.after_tool("glob", {{"pattern", "home/memory/*"}})), "");
  const auto t = f.touches();
  ASSERT_EQ(t.size(), 5u) << f.errors();
  const char* tools[] = {" Read ", " Read ", " Edit ", " Write ", " Read "};
  for (std::size_t i = 0; i < t.size(); ++i)
    EXPECT_NE(t[i].find(std::string(tools[i]) + "feedback_verify.md s1"), std::string::npos) << t[i];
  EXPECT_EQ(f.errors(), "");
}

TEST(Gemini, ALensArrivesFromAfterToolOnceASession) {
  GeminiHome f;
  write(f.home + "/lenses/memory-reads.md",
        "---\nname: memory-reads\ntype: lens\ntrigger:\n  tool_match: \"Read\"\n  path_pattern: \"/memory/\"\n---\n\n"
        "Check the valid_until line.\n");
  const std::string call = f.after_tool("read_file", {{"file_path", "home/memory/feedback_verify.md"}});
  EXPECT_NE(testing::additional_context(f.run("pre-tool-use", call), "AfterTool").find("Check the valid_until line."),
            std::string::npos);
  EXPECT_EQ(f.run("pre-tool-use", call), "");
}

TEST(Gemini, ThePromptIsSearchedWithoutWhatHooksPutBeforeIt) {
  GeminiHome f;
  f.index_for_recall();
  auto prompt = [&](const std::string& text) {
    return f.run("user-prompt-submit", f.payload("BeforeAgent", R"(,"prompt":)" + nlohmann::json(text).dump()));
  };
  EXPECT_NE(testing::additional_context(prompt("verify first"), "BeforeAgent").find("feedback_verify"),
            std::string::npos);
  EXPECT_EQ(prompt("<hook_context>verify first</hook_context>\n\nhello"), "") << f.errors();
}

TEST(Gemini, SessionStartLeavesTheIndexToGeminiMdsImport) {
  GeminiHome f;
  write(f.home + "/memory/MEMORY.md", "# Memory index\n\n## Hot\n- feedback_verify.md: verify first\n");
  write(f.home + "/identity.md", "---\nname: identity\n---\nA careful build engineer.\n");
  const std::string text = testing::additional_context(
      f.run("session-start", f.payload("SessionStart", R"(,"source":"startup")")), "SessionStart");
  EXPECT_NE(text.find("A careful build engineer."), std::string::npos) << text;
  EXPECT_EQ(text.find("## Memory index"), std::string::npos) << text;
  EXPECT_NE(text.find("ask the user to run `memsim remember`"), std::string::npos) << text;
}

TEST(Gemini, SessionEndCapturesTheChat) {
  GeminiHome f;
  const std::string chat = f.dir / "session.jsonl";
  write(
      chat,
      R"({"sessionId":"s1","projectHash":"h","startTime":"2026-11-30T09:00:00.000Z","kind":"main"})"
      "\n"
      R"({"id":"u1","timestamp":"2026-11-30T09:00:01.000Z","type":"user","content":[{"text":"Always run ninja with -j2 on this box."}]})"
      "\n");
  const std::string end = R"({"session_id":"s1","transcript_path":")" + chat +
                          R"(","cwd":"/w/loom","hook_event_name":"SessionEnd","reason":"exit"})";
  EXPECT_EQ(f.run("session-end", end), "");
  std::string atoms;
  if (fsys::exists(f.home + "/candidates"))
    for (const auto& e : fsys::directory_iterator(f.home + "/candidates")) atoms += read(e.path().string());
  EXPECT_NE(atoms.find("ninja with -j2"), std::string::npos) << atoms << f.errors();
}

}  // namespace
}  // namespace memsim::hooks
