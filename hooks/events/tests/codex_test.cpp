// run_codex_hook over payloads shaped as Codex CLI 0.171.0 sent them (recorded
// against the scripted model, docs/codex.md), in process, on a real temporary
// home: reads through the shell and apply_patch edits are touches, session start
// delivers the index, and every reply is a hookSpecificOutput object.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "hook_home.h"

namespace memsim::hooks {
namespace {

using memsim::testing::read;
using memsim::testing::write;
namespace fsys = std::filesystem;

struct CodexHome : testing::HookHome {
  CodexHome() {
    harness = Harness::kCodex;
    write(home + "/memory/feedback_verify.md", "---\nname: feedback_verify\nsummary: verify first\n---\nbody\n");
    fsys::create_directories(home + "/lenses");
  }
  std::string payload(const std::string& event, const std::string& extra, const std::string& session = "s1") {
    return R"({"session_id":")" + session +
           R"(","transcript_path":"/u/.codex/sessions/2026/12/02/rollout-x.jsonl","cwd":")" + dir.path() +
           R"(","hook_event_name":")" + event + R"(","model":"gpt-5","permission_mode":"bypassPermissions")" + extra +
           "}";
  }
  std::string bash(const std::string& command, const std::string& session = "s1") {
    return payload("PreToolUse",
                   R"(,"tool_name":"Bash","tool_input":{"command":)" + nlohmann::json(command).dump() +
                       R"(},"tool_use_id":"call_0")",
                   session);
  }
};

TEST(Codex, AShellReadOfAMemoryFileIsATouch) {
  CodexHome f;
  EXPECT_EQ(f.run("pre-tool-use", f.bash("sed -n '1,20p' home/memory/feedback_verify.md | nl -ba")), "");
  EXPECT_EQ(f.run("pre-tool-use", f.bash("cat " + f.home + "/memory/feedback_verify.md home/README.md")), "");
  EXPECT_EQ(f.run("pre-tool-use", f.bash("ls home/memory && grep -r verify home/memory")), "");
  const auto t = f.touches();
  ASSERT_EQ(t.size(), 2u) << f.errors();
  for (const std::string& line : t) EXPECT_NE(line.find(" Read feedback_verify.md s1"), std::string::npos) << line;
  EXPECT_EQ(f.errors(), "");
}

TEST(Codex, AnApplyPatchOfAMemoryFileIsAnEdit) {
  CodexHome f;
  const std::string patch =
      "apply_patch <<'PATCH'\n*** Begin Patch\n*** Update File: home/memory/feedback_verify.md\n@@\n-body\n+new "
      "body\n*** End Patch\nPATCH";
  EXPECT_EQ(f.run("pre-tool-use", f.bash(patch)), "");
  // The freeform apply_patch tool some models are given carries the patch alone.
  EXPECT_EQ(f.run("pre-tool-use", f.payload("PreToolUse", R"(,"tool_name":"apply_patch","tool_input":{"command":)" +
                                                              nlohmann::json(patch.substr(19)).dump() + "}")),
            "");
  const auto t = f.touches();
  ASSERT_EQ(t.size(), 2u) << f.errors();
  for (const std::string& line : t) EXPECT_NE(line.find(" Edit feedback_verify.md s1"), std::string::npos) << line;
}

TEST(Codex, ALensOnReadFiresOnceASessionForShellReads) {
  CodexHome f;
  write(f.home + "/lenses/memory-reads.md",
        "---\nname: memory-reads\ntype: lens\ntrigger:\n  tool_match: \"Read\"\n  path_pattern: \"/memory/\"\n---\n\n"
        "Check the valid_until line.\n");
  const std::string read_call = f.bash("cat home/memory/feedback_verify.md");
  const std::string first = testing::additional_context(f.run("pre-tool-use", read_call), "PreToolUse");
  EXPECT_NE(first.find("Check the valid_until line."), std::string::npos) << first;
  EXPECT_EQ(f.run("pre-tool-use", read_call), "");
  EXPECT_NE(testing::additional_context(f.run("pre-tool-use", f.bash("head home/memory/feedback_verify.md", "s2")),
                                        "PreToolUse")
                .find("Check the valid_until line."),
            std::string::npos);
  EXPECT_EQ(f.run("pre-tool-use", f.bash("ls", "s3")), "");
}

TEST(Codex, SessionStartDeliversTheIndexWhichClaudeCodeImportsInstead) {
  CodexHome f;
  write(f.home + "/memory/MEMORY.md", "# Memory index\n\n## Hot\n- feedback_verify.md: verify first\n");
  write(f.home + "/identity.md", "---\nname: identity\n---\nA careful build engineer.\n");
  const std::string start = f.payload("SessionStart", R"(,"source":"startup")");
  const std::string text = testing::additional_context(f.run("session-start", start), "SessionStart");
  EXPECT_NE(text.find("## Memory index (each row names a file in " + f.home + "/memory/;"), std::string::npos) << text;
  EXPECT_NE(text.find("## Hot\n- feedback_verify.md: verify first"), std::string::npos) << text;
  EXPECT_EQ(text.find("# Memory index\n"), std::string::npos) << "its own title is left out";
  EXPECT_NE(text.find("A careful build engineer."), std::string::npos) << text;
  EXPECT_NE(text.find("ask the user to run `memsim remember`"), std::string::npos) << "no /remember in Codex";
  EXPECT_LT(text.find("Remembered background"), text.find("## Memory index")) << "framed before any stored text";

  f.harness = CodexHome::Harness::kClaudeCode;  // Claude Code imports MEMORY.md through CLAUDE.md
  const std::string claude = f.run("session-start", start);
  EXPECT_EQ(claude.find("## Memory index"), std::string::npos) << claude;
  EXPECT_NE(claude.find("run /remember"), std::string::npos) << claude;

  f.harness = CodexHome::Harness::kCodex;  // a sub-agent loads no long-term memories
  const std::string sub = f.run("session-start", f.payload("SessionStart", R"(,"source":"startup","agent_id":"a1")"));
  EXPECT_EQ(sub.find("## Memory index"), std::string::npos) << sub;
  EXPECT_EQ(f.errors(), "");
}

TEST(Codex, ThePromptsContextIsAHookSpecificOutputToo) {
  CodexHome f;
  f.index_for_recall();
  const std::string out =
      f.run("user-prompt-submit", f.payload("UserPromptSubmit", R"(,"turn_id":"t1","prompt":"verify first")"));
  EXPECT_NE(testing::additional_context(out, "UserPromptSubmit").find("feedback_verify"), std::string::npos)
      << out << f.errors();
}

TEST(Codex, SessionEndCapturesTheRollout) {
  CodexHome f;
  const std::string rollout = f.dir / "rollout.jsonl";
  write(
      rollout,
      R"({"timestamp":"2026-11-30T09:00:00.000Z","type":"session_meta","payload":{"id":"s1","cwd":"/w/loom"}})"
      "\n"
      R"({"timestamp":"2026-11-30T09:00:01.000Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Always run ninja with -j2 on this box."}]}})"
      "\n");
  const std::string end = R"({"session_id":"s1","transcript_path":")" + rollout +
                          R"(","cwd":"/w/loom","hook_event_name":"SessionEnd","reason":"other"})";
  EXPECT_EQ(f.run("session-end", end), "");
  ASSERT_TRUE(fsys::exists(f.home + "/candidates")) << f.errors();
  std::string atoms;
  for (const auto& e : fsys::directory_iterator(f.home + "/candidates")) atoms += read(e.path().string());
  EXPECT_NE(atoms.find("ninja with -j2"), std::string::npos) << atoms;
  EXPECT_EQ(f.errors(), "");
}

TEST(Codex, BadPayloadsAreLoggedAndSilent) {
  CodexHome f;
  EXPECT_EQ(f.run("pre-tool-use", "[]"), "");
  EXPECT_EQ(f.run("pre-tool-use", f.payload("PreToolUse", R"(,"tool_name":"Bash","tool_input":{"command":7})")), "");
  EXPECT_EQ(f.run("pre-tool-use", f.payload("PreToolUse", R"(,"tool_name":"Bash","tool_input":"cat x")")), "");
  EXPECT_EQ(f.run("no-such-event", "{}"), "");
  EXPECT_NE(f.errors().find("payload is not a JSON object"), std::string::npos) << f.errors();
  EXPECT_NE(f.errors().find("unknown hook event"), std::string::npos) << f.errors();
}

}  // namespace
}  // namespace memsim::hooks
