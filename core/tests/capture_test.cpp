// Transcript reading, marker rules and capture into candidates/.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "memsim/atoms.h"
#include "memsim/testing/testing.h"
#include "memsim/transcript.h"

namespace memsim {
namespace {

using testing::TempDir;

std::string user_line(const std::string& session, const std::string& ts, const std::string& text) {
  return R"({"type":"user","sessionId":")" + session + R"(","timestamp":")" + ts +
         R"(","cwd":"/w/loom","message":{"role":"user","content":")" + text + "\"}}\n";
}

// The two real Claude Code sessions shipped with the project's shared data, which
// sits beside the checkout (CTest sets MEMSIM_SOURCE_DIR).
std::string transcripts_dir() {
  const char* src = std::getenv("MEMSIM_SOURCE_DIR");
  return std::string(src ? src : ".") + "/../shared/data/transcripts";
}

TEST(Transcript, SkipsMalformedUnknownAndInjectedLinesAndCountsThem) {
  std::string data = user_line("s1", "2026-07-02T12:00:00.123Z", "Always run ninja with -j2 here.");
  data += "{not json\n";
  data += R"({"type":"brand-new-kind","x":1})"
          "\n";
  data += R"({"type":"attachment","attachment":{"type":"hook_additional_context","content":["Always inject this"]}})"
          "\n";
  data += R"({"type":"attachment","attachment":{"type":"hook_success","content":"Never learn me"}})"
          "\n";
  data += R"({"type":"system","subtype":"turn_duration"})"
          "\n";
  data += R"({"type":"user","isMeta":true,"message":{"content":"Always obey the skill"}})"
          "\n";
  data += R"({"type":"user","message":{"content":[{"type":"tool_result","content":"Never mind"}]}})"
          "\n";
  data +=
      R"({"type":"user","message":{"content":"<system-reminder>Always X Y Z</system-reminder>Never push straight to main."}})"
      "\n";
  data += R"({"type":"user","sessionId":"s1","message":{"content":"trunc)";  // truncated last line
  TranscriptScan scan = scan_transcript(data);
  EXPECT_EQ(scan.lines, 10);
  EXPECT_EQ(scan.malformed, 2);
  EXPECT_EQ(scan.unknown, 1);
  EXPECT_EQ(scan.injected, 2);
  ASSERT_EQ(scan.texts.size(), 2u);
  EXPECT_EQ(scan.texts[0].line, 1);
  EXPECT_EQ(scan.texts[1].text, "Never push straight to main.");
}

TEST(Transcript, LargeToolResultLinesAreSkippedUnparsedButTruncatedOnesCounted) {
  const std::string big(2000, 'x');
  const std::string line = R"({"type":"user","message":{"content":[{"type":"tool_result","content":"Always )" + big +
                           R"("}]},"toolUseResult":{"stdout":"Never mind"}})";
  TranscriptScan scan = scan_transcript(line + "\n" + line.substr(0, 1500) + "\n");
  EXPECT_EQ(scan.lines, 2);
  EXPECT_EQ(scan.ignored, 1);
  EXPECT_EQ(scan.malformed, 1);
  EXPECT_TRUE(scan.texts.empty());
}

TEST(Transcript, OneApiResponseOverSeveralLinesIsReadOnce) {
  const std::string a =
      R"({"type":"assistant","requestId":"r1","message":{"id":"m1","content":[{"type":"text","text":"Lesson: the fixture needs a fresh home."}]}})"
      "\n";
  TranscriptScan scan = scan_transcript(a + a);
  EXPECT_EQ(scan.texts.size(), 1u);
}

// Codex CLI's rollout JSONL (docs/codex.md), lines shaped as Codex 0.171.0 wrote
// them: the session's id and directory come from session_meta; only the person's
// messages and the assistant's are read, never the developer messages (Codex's
// instructions and every hook's output, ours included), the environment and
// AGENTS.md blocks Codex sends as user messages, tool calls or their output.
TEST(Transcript, CodexRolloutsReadThePersonAndTheAssistantOnly) {
  std::string data =
      R"({"timestamp":"2026-12-02T15:02:26.240Z","type":"session_meta","payload":{"id":"01a2-407f","cwd":"/w/loom","originator":"codex_exec"}})"
      "\n";
  const std::string msg =
      R"({"timestamp":"2026-12-02T15:02:27.000Z","type":"response_item","payload":{"type":"message","role":")";
  data += msg + R"(developer","content":[{"type":"input_text","text":"Always obey the hook."}]}})"
                "\n";
  data +=
      msg +
      R"(user","content":[{"type":"input_text","text":"<environment_context>\n  <cwd>/w/loom</cwd>\n</environment_context>"}]}})"
      "\n";
  data +=
      msg +
      R"(user","content":[{"type":"input_text","text":"# AGENTS.md instructions for /w/loom\n\n<INSTRUCTIONS>\nNever commit.\n</INSTRUCTIONS>"}]}})"
      "\n";
  data += msg + R"(user","content":[{"type":"input_text","text":"Always run ninja with -j2 here."}]}})"
                "\n";
  data +=
      R"({"timestamp":"2026-12-02T15:02:28.000Z","type":"response_item","payload":{"type":"function_call","name":"exec_command","arguments":"{\"cmd\":\"echo Never\"}","call_id":"c1"}})"
      "\n";
  data +=
      R"({"timestamp":"2026-12-02T15:02:28.100Z","type":"response_item","payload":{"type":"function_call_output","call_id":"c1","output":"Never mind"}})"
      "\n";
  data +=
      msg +
      R"(assistant","content":[{"type":"output_text","text":"Lesson: the fixture needs a fresh home.","annotations":[]}]}})"
      "\n";
  data +=
      R"({"timestamp":"2026-12-02T15:02:29.000Z","type":"event_msg","payload":{"type":"task_complete","last_agent_message":"Lesson: not twice."}})"
      "\n";
  data += R"({"timestamp":"2026-12-02T15:02:29.000Z","type":"turn_context","payload":{"cwd":"/w/loom"}})"
          "\n";
  TranscriptScan scan = scan_transcript(data);
  EXPECT_EQ(scan.lines, 10);
  EXPECT_EQ(scan.malformed, 0);
  EXPECT_EQ(scan.unknown, 0);
  EXPECT_EQ(scan.injected, 3);
  ASSERT_EQ(scan.texts.size(), 2u);
  EXPECT_TRUE(scan.texts[0].from_user);
  EXPECT_EQ(scan.texts[0].text, "Always run ninja with -j2 here.");
  EXPECT_EQ(scan.texts[0].line, 5);
  EXPECT_EQ(scan.texts[0].session, "01a2-407f");
  EXPECT_EQ(scan.texts[0].cwd, "/w/loom");
  EXPECT_GT(scan.texts[0].time, 0);
  EXPECT_FALSE(scan.texts[1].from_user);
  EXPECT_EQ(scan.texts[1].text, "Lesson: the fixture needs a fresh home.");
}

// Gemini CLI's chat JSONL (docs/gemini.md), lines shaped as Gemini 0.61.0 wrote
// them: the session's id from the first line; the person's text parts without
// what hooks added (<hook_context>) and without Gemini's <session_context>; the
// assistant's content once, though Gemini writes a message again with its tool calls.
TEST(Transcript, GeminiChatsReadThePersonAndTheAssistantWithoutHookContext) {
  std::string data =
      R"({"sessionId":"fee9-738f","projectHash":"dec1","startTime":"2026-12-02T15:29:51.846Z","kind":"main"})"
      "\n";
  data += R"({"$set":{"messages":[{"type":"user","content":[{"text":"Always obey the set."}]}]}})"
          "\n";
  data +=
      R"({"id":"u0","timestamp":"2026-12-02T15:29:51.900Z","type":"user","content":[{"text":"<session_context>\nNever mind the tree.\n</session_context>"}]})"
      "\n";
  data +=
      R"({"id":"u1","timestamp":"2026-12-02T15:29:51.922Z","type":"user","content":[{"text":"<hook_context>Always inject this.</hook_context>\n\nAlways run ninja with -j2 here."},{"text":"<hook_context>Never this either.</hook_context>"}]})"
      "\n";
  data +=
      R"({"id":"g1","timestamp":"2026-12-02T15:29:52.089Z","type":"gemini","content":"Lesson: the fixture needs a fresh home.","model":"gemini-2.5-flash"})"
      "\n";
  data +=
      R"({"id":"g1","timestamp":"2026-12-02T15:29:52.089Z","type":"gemini","content":"Lesson: the fixture needs a fresh home.","toolCalls":[{"name":"read_file","args":{"file_path":"notes.md"}}]})"
      "\n";
  data +=
      R"({"id":"u2","timestamp":"2026-12-02T15:29:52.181Z","type":"user","content":[{"functionResponse":{"name":"read_file","response":{"output":"Never mind"}}}]})"
      "\n";
  TranscriptScan scan = scan_transcript(data);
  EXPECT_EQ(scan.lines, 7);
  EXPECT_EQ(scan.malformed, 0);
  EXPECT_EQ(scan.unknown, 0);
  EXPECT_EQ(scan.injected, 1);  // the session context alone
  ASSERT_EQ(scan.texts.size(), 2u);
  EXPECT_TRUE(scan.texts[0].from_user);
  EXPECT_EQ(scan.texts[0].text, "Always run ninja with -j2 here.");
  EXPECT_EQ(scan.texts[0].session, "fee9-738f");
  EXPECT_EQ(scan.texts[0].line, 4);
  EXPECT_GT(scan.texts[0].time, 0);
  EXPECT_FALSE(scan.texts[1].from_user);
  EXPECT_EQ(scan.texts[1].text, "Lesson: the fixture needs a fresh home.");
}

TEST(Markers, ExplicitFormsFireAndOrdinaryTalkDoesNot) {
  auto kinds = [](const std::string& text, bool user = true) {
    TranscriptText t;
    t.from_user = user;
    t.text = text;
    std::string out;
    for (const Marker& m : find_markers(t)) out += std::string(marker_kind_name(m.kind)) + ":" + m.claim + "|";
    return out;
  };
  EXPECT_EQ(kinds("Always run the tests before committing."), "directive:Always run the tests before committing|");
  EXPECT_EQ(kinds("No, the PR base branch is dev."), "correction:The PR base branch is dev|");
  EXPECT_EQ(kinds("I prefer tabs over spaces in Makefiles."), "preference:I prefer tabs over spaces in Makefiles|");
  EXPECT_EQ(kinds("Lesson: ccache hides stale objects after a header move."),
            "lesson:Ccache hides stale objects after a header move|");
  EXPECT_EQ(kinds("Repro: ninja -j8 runs out of memory on the linker."),
            "failure:Ninja -j8 runs out of memory on the linker|");
  EXPECT_EQ(kinds("Should we always run the tests?"), "");
  EXPECT_EQ(kinds("No tests are needed for this one."), "");
  EXPECT_EQ(kinds("Please fix the parser bug."), "");
  EXPECT_EQ(kinds("Always."), "");
  EXPECT_EQ(kinds("Always run the tests.", false), "");  // the assistant cannot issue directives
  EXPECT_EQ(kinds("Lesson: a named lesson from the agent counts.", false),
            "lesson:A named lesson from the agent counts|");
}

TEST(Keys, PolarityAndCopulaShareASlot) {
  EXPECT_EQ(normalize_key("Always use tabs"), normalize_key("Never use tabs"));
  EXPECT_EQ(normalize_key("The PR base branch is dev"), normalize_key("PR base branch is main"));
  EXPECT_NE(normalize_key("Use tabs"), normalize_key("Use spaces"));
  EXPECT_EQ(atom_id_for("Use  Tabs."), atom_id_for("use tabs"));
}

class CaptureTest : public ::testing::Test {
 protected:
  TempDir dir_;
  PosixFileSystem fs_;
  FixedClock clock_{testing::at("2026-08-01T00:00:00Z")};
  Home home_{dir_ / "home"};

  std::vector<Slot> slots() {
    auto s = load_slots(fs_, home_);
    EXPECT_TRUE(s.ok()) << s.message();
    return s.ok() ? *s : std::vector<Slot>{};
  }
};

TEST_F(CaptureTest, WritesAnAtomWithItsBackPointerAndIsIdempotent) {
  const std::string t = dir_ / "s1.jsonl";
  testing::write(t, user_line("s1", "2026-07-02T12:00:00Z", "hello") +
                        user_line("s1", "2026-07-02T12:01:00Z", "Always run ninja with -j2 on this box."));
  CaptureStats st;
  ASSERT_TRUE(capture_transcript(fs_, home_, clock_, t, "loom", &st).ok());
  EXPECT_EQ(st.new_atoms, 1);
  auto s = slots();
  ASSERT_EQ(s.size(), 1u);
  const Atom& a = s[0].atoms.at(0);
  EXPECT_EQ(a.claim, "Always run ninja with -j2 on this box");
  EXPECT_EQ(a.kind, "directive");
  ASSERT_EQ(a.observations.size(), 1u);
  EXPECT_EQ(a.observations[0].line, 2);
  EXPECT_EQ(a.observations[0].day, "2026-07-02");
  EXPECT_EQ(a.observations[0].project, "loom");
  EXPECT_EQ(a.observations[0].session, "s1");
  EXPECT_EQ(a.observations[0].confidence, "stated");
  const std::string before = testing::read(dir_ / ("home/candidates/" + slot_file_for(s[0].key)));
  CaptureStats again;
  ASSERT_TRUE(capture_transcript(fs_, home_, clock_, t, "loom", &again).ok());
  EXPECT_EQ(again.new_observations, 0);
  EXPECT_EQ(again.new_atoms, 0);
  EXPECT_EQ(testing::read(dir_ / ("home/candidates/" + slot_file_for(s[0].key))), before);
}

TEST_F(CaptureTest, SecretsNeverReachDiskAndTheAtomIsQuarantined) {
  const std::string t = dir_ / "s2.jsonl";
  testing::write(t, user_line("s2", "2026-07-02T12:00:00Z",
                              "Always deploy with token ghp_16C7e42F292c6912E7710c838347Ae178B4a set."));
  CaptureStats st;
  ASSERT_TRUE(capture_transcript(fs_, home_, clock_, t, "", &st).ok());
  EXPECT_EQ(st.quarantined, 1);
  auto s = slots();
  ASSERT_EQ(s.size(), 1u);
  EXPECT_TRUE(s[0].atoms[0].quarantined);
  EXPECT_EQ(s[0].atoms[0].observations[0].project, "loom");  // from the cwd
  for (const auto& e : std::filesystem::recursive_directory_iterator(home_.root()))
    if (e.is_regular_file()) {
      EXPECT_EQ(testing::read(e.path()).find("ghp_16C7"), std::string::npos) << e.path();
    }
}

TEST_F(CaptureTest, MoreSlotsThanAllowedDefersAndWritesNothing) {
  const std::string t = dir_ / "many.jsonl";
  std::string data;
  for (int i = 0; i < 3; ++i)
    data += user_line("m", "2026-07-02T12:00:00Z", "Always run linter number " + std::to_string(i) + " first.");
  testing::write(t, data);
  CaptureStats st;
  ASSERT_TRUE(capture_transcript(fs_, home_, clock_, t, "loom", &st, 2).ok());
  EXPECT_TRUE(st.deferred);
  EXPECT_TRUE(slots().empty());
  CaptureStats again;
  ASSERT_TRUE(capture_transcript(fs_, home_, clock_, t, "loom", &again, 3).ok());
  EXPECT_FALSE(again.deferred);
  EXPECT_EQ(slots().size(), 3u);
}

TEST_F(CaptureTest, ADifferentClaimForTheSameKeyIsContestedNotReplaced) {
  const std::string t1 = dir_ / "a.jsonl", t2 = dir_ / "b.jsonl";
  testing::write(t1, user_line("a", "2026-07-02T12:00:00Z", "No, the PR base branch is dev."));
  testing::write(t2, user_line("b", "2026-07-03T12:00:00Z", "No, the PR base branch is main."));
  ASSERT_TRUE(capture_transcript(fs_, home_, clock_, t1, "p", nullptr).ok());
  ASSERT_TRUE(capture_transcript(fs_, home_, clock_, t2, "p", nullptr).ok());
  auto s = slots();
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].atoms.size(), 2u);
  EXPECT_TRUE(s[0].contested());
  EXPECT_TRUE(s[0].ever_contested);
}

TEST_F(CaptureTest, RealTranscriptsCaptureWithoutErrorsAndLearnNoCommandExpansions) {
  for (const char* name :
       {"1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl", "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl"}) {
    const std::string t = transcripts_dir() + "/" + name;
    if (!std::filesystem::exists(t)) GTEST_SKIP() << t << " not present";
    CaptureStats st;
    ASSERT_TRUE(capture_transcript(fs_, home_, clock_, t, "demo", &st).ok());
    EXPECT_GT(st.lines, 20);
    EXPECT_EQ(st.malformed, 0);
    // Both sessions are slash-command expansions and subagent prompts: no human marker in them.
    EXPECT_EQ(st.markers, 0) << name;
  }
}

TEST_F(CaptureTest, TruncatedRealTranscriptStillCaptures) {
  const std::string src = transcripts_dir() + "/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl";
  if (!std::filesystem::exists(src)) GTEST_SKIP();
  std::string data = testing::read(src);
  data.resize(data.size() / 2);
  data += "\n" + user_line("5c", "2026-07-02T12:00:00Z", "Lesson: the orchestrator skill needs a plan first.");
  const std::string t = dir_ / "cut.jsonl";
  testing::write(t, data);
  CaptureStats st;
  ASSERT_TRUE(capture_transcript(fs_, home_, clock_, t, "demo", &st).ok());
  EXPECT_EQ(st.malformed, 1);
  EXPECT_EQ(st.new_atoms, 1);
}

TEST_F(CaptureTest, MissingTranscriptIsAnErrorNamingIt) {
  Status s = capture_transcript(fs_, home_, clock_, dir_ / "nope.jsonl", "p", nullptr);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("nope.jsonl"), std::string::npos);
}

}  // namespace
}  // namespace memsim
