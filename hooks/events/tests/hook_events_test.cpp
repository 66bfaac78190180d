// run_hook over payloads shaped like Claude Code's (claude-code-hooks.md 1.4),
// in process, on a real temporary home.
#include <gtest/gtest.h>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "hook_home.h"
#include "memsim/journal.h"

namespace memsim::hooks {
namespace {

using memsim::testing::at;
using memsim::testing::read;
using memsim::testing::TempDir;
using memsim::testing::write;
namespace fsys = std::filesystem;

const char* kMemory =
    "---\nname: feedback_verify-before-claiming\ntype: feedback\nsummary: verify before claiming done\n---\nbody\n";

struct Fixture : testing::HookHome {
  Fixture() {
    write(home + "/memory/feedback_verify-before-claiming.md", kMemory);
    fsys::create_directories(home + "/memory/short-term");
    fsys::create_directories(home + "/memory/dream-journal");
    fsys::create_directories(home + "/lenses");
  }
  std::string journal() { return read(home + "/runtime/access.log"); }
  std::string mem(const std::string& name) { return home + "/memory/" + name; }
};

std::string tool_payload(const std::string& tool, const std::string& input_json,
                         const std::string& session = "00893aaf-19fa-41d2-8238-13269b9b3ca0") {
  return R"({"session_id":")" + session +
         R"(","prompt_id":"550e8400-e29b-41d4-a716-446655440000","transcript_path":"/home/user/.claude/projects/p/s.jsonl","cwd":"/home/user/my-project","permission_mode":"default","effort":{"level":"high"},"hook_event_name":"PreToolUse","tool_name":")" +
         tool + R"(","tool_input":)" + input_json + R"(,"tool_use_id":"toolu_01ABC123"})";
}

std::string read_payload(const std::string& path, const std::string& session = "00893aaf-19fa-41d2-8238-13269b9b3ca0") {
  return tool_payload("Read", R"({"file_path":")" + path + R"(","offset":1,"limit":200})", session);
}

TEST(PreToolUse, ReadOfAMemoryFileAppendsOneTouchAndLeavesTheFile) {
  Fixture f;
  EXPECT_EQ(f.run("pre-tool-use", read_payload(f.mem("feedback_verify-before-claiming.md"))), "");
  EXPECT_EQ(f.journal(),
            "2026-11-30T10:00:00Z Read feedback_verify-before-claiming.md 00893aaf-19fa-41d2-8238-13269b9b3ca0\n");
  EXPECT_EQ(read(f.mem("feedback_verify-before-claiming.md")), kMemory);
  EXPECT_EQ(f.errors(), "");
}

// The journal records when each session starts (journal.h), for memsim evaluate.
TEST(SessionStart, IsJournaledWithItsSourceAndSession) {
  Fixture f;
  f.run("session-start", R"({"session_id":"abc-1","transcript_path":"/t.jsonl","cwd":"/p","hook_event_name":)"
                         R"("SessionStart","source":"resume"})");
  f.run("pre-tool-use", read_payload(f.mem("feedback_verify-before-claiming.md"), "abc-1"));
  auto j = parse_journal(f.journal());
  ASSERT_EQ(j.sessions.size(), 1u);
  EXPECT_EQ(j.sessions[0].session, "abc-1");
  EXPECT_EQ(j.sessions[0].source, "resume");
  EXPECT_EQ(j.sessions[0].time, at("2026-11-30T10:00:00Z"));
  EXPECT_EQ(j.touches.size(), 1u) << "a session's start is not a touch";
  EXPECT_EQ(f.errors(), "");
}

TEST(PreToolUse, EditWriteAndMultiEditTouch) {
  Fixture f;
  const std::string p = f.mem("feedback_verify-before-claiming.md");
  f.run("pre-tool-use",
        tool_payload("Edit",
                     R"({"file_path":")" + p +
                         R"(","old_string":"uses make","new_string":"uses cmake + ninja","replace_all":false})"));
  f.run("pre-tool-use", tool_payload("Write", R"({"file_path":")" + p + R"(","content":"x"})"));
  f.run("pre-tool-use", tool_payload("MultiEdit", R"({"file_path":")" + p + R"(","edits":[]})"));
  auto j = parse_journal(f.journal());
  ASSERT_EQ(j.touches.size(), 3u);
  EXPECT_EQ(j.touches[0].tool, "Edit");
  EXPECT_EQ(j.touches[1].tool, "Write");
  EXPECT_EQ(j.touches[2].tool, "MultiEdit");
  EXPECT_EQ(read(p), kMemory);
}

TEST(PreToolUse, AWriteThatCreatesAMemoryIsATouch) {
  Fixture f;
  const std::string p = f.mem("feedback_brand-new.md");
  f.run("pre-tool-use", tool_payload("Write", R"({"file_path":")" + p + R"(","content":"x"})"));
  f.run("pre-tool-use", read_payload(f.mem("feedback_still-missing.md")));
  auto j = parse_journal(f.journal());
  ASSERT_EQ(j.touches.size(), 1u);
  EXPECT_EQ(j.touches[0].filename, "feedback_brand-new.md");
  EXPECT_EQ(j.touches[0].tool, "Write");
}

TEST(PreToolUse, SearchHitsAndOtherToolsNeverTouch) {
  Fixture f;
  f.run("pre-tool-use", tool_payload("Grep", R"({"pattern":"verify","path":")" + f.home + R"(/memory"})"));
  f.run("pre-tool-use", tool_payload("Glob", R"({"pattern":"*.md","path":")" + f.home + R"(/memory"})"));
  f.run("pre-tool-use",
        tool_payload("NotebookEdit", R"({"notebook_path":")" + f.mem("feedback_verify-before-claiming.md") + R"("})"));
  f.run("pre-tool-use",
        tool_payload("Bash", R"({"command":"cat )" + f.mem("feedback_verify-before-claiming.md") + R"("})"));
  EXPECT_EQ(f.journal(), "");
  EXPECT_EQ(f.errors(), "");
}

TEST(PreToolUse, OnlyRegularMemoryFilesDirectlyInMemoryCount) {
  Fixture f;
  TempDir outside;
  write(outside / "feedback_elsewhere.md", kMemory);
  write(f.home + "/feedback_at-root.md", kMemory);
  write(f.home + "/memory/short-term/feedback_nested.md", kMemory);
  fsys::create_symlink(outside / "feedback_elsewhere.md", f.mem("feedback_link-out.md"));
  fsys::create_directory_symlink(outside.path(), f.home + "/memory/escape");
  for (const std::string& p : {f.home + "/feedback_at-root.md", f.home + "/memory/short-term/feedback_nested.md",
                               f.mem("feedback_link-out.md"), f.home + "/memory/escape/feedback_elsewhere.md",
                               outside / "feedback_elsewhere.md", f.mem("feedback_missing.md"), f.mem("MEMORY.md"),
                               std::string("relative/feedback_x.md")})
    f.run("pre-tool-use", read_payload(p));
  EXPECT_EQ(f.journal(), "");
  // A path that resolves into memory/ counts, however it is spelled; so does a link leading in.
  fsys::create_directory_symlink(f.home + "/memory", outside / "into-memory");
  f.run("pre-tool-use", read_payload(f.home + "/memory/short-term/../feedback_verify-before-claiming.md"));
  f.run("pre-tool-use", read_payload(outside / "into-memory/feedback_verify-before-claiming.md"));
  EXPECT_EQ(parse_journal(f.journal()).touches.size(), 2u);
}

TEST(PreToolUse, SessionIdsAreSanitized) {
  Fixture f;
  f.run("pre-tool-use", read_payload(f.mem("feedback_verify-before-claiming.md"), "../../x y"));
  auto j = parse_journal(f.journal());
  ASSERT_EQ(j.touches.size(), 1u);
  EXPECT_EQ(j.touches[0].session, "______x_y");
  EXPECT_EQ(j.bad_lines, 0u);
}

class BadInput : public ::testing::TestWithParam<std::string> {};

TEST_P(BadInput, IsSilentLoggedAndChangesNothing) {
  Fixture f;
  EXPECT_EQ(f.run("pre-tool-use", GetParam()), "");
  EXPECT_EQ(f.run("session-start", GetParam()), "");
  EXPECT_EQ(f.journal(), "");
  const std::string log = f.errors();
  EXPECT_NE(log.find("2026-11-30T10:00:00Z pre-tool-use "), std::string::npos) << log;
  EXPECT_NE(log.find("2026-11-30T10:00:00Z session-start "), std::string::npos) << log;
  EXPECT_EQ(log.find("SECRET"), std::string::npos) << "the log must never echo the payload";
  EXPECT_EQ(std::count(log.begin(), log.end(), '\n'), 2);
}

INSTANTIATE_TEST_SUITE_P(Payloads, BadInput,
                         ::testing::Values("", "   \n", "SECRET not json", "[\"SECRET\"]",
                                           "{\"tool_name\":", "{\"SECRET\":", std::string(100000, '{'),
                                           std::string("{\"a\":\"SECRET\xff\"}")));

TEST(Failures, MissingHomeIsSilentAndCreatesNothing) {
  Fixture f;
  fsys::remove_all(f.home);
  EXPECT_EQ(f.run("pre-tool-use", read_payload(f.mem("feedback_verify-before-claiming.md"))), "");
  EXPECT_EQ(f.run("session-start", R"({"session_id":"a","hook_event_name":"SessionStart","source":"startup"})"), "");
  EXPECT_FALSE(fsys::exists(f.home));
}

TEST(Failures, HomeWithoutMemoryDirLogs) {
  Fixture f;
  fsys::remove_all(f.home + "/memory");
  EXPECT_EQ(f.run("pre-tool-use", read_payload(f.mem("feedback_verify-before-claiming.md"))), "");
  EXPECT_NE(f.errors().find("not a memsim home"), std::string::npos);
}

// A file system whose journal appends fail, as on a full or read-only disk.
class NoJournalFs final : public ForwardingFileSystem {
 public:
  NoJournalFs() : ForwardingFileSystem(real_) {}
  Status append_file(const std::string& path, std::string_view data) override {
    if (path.ends_with("access.log")) return Error{path + ": No space left on device"};
    return ForwardingFileSystem::append_file(path, data);
  }

 private:
  PosixFileSystem real_;
};

TEST(Failures, UnwritableJournalIsLogged) {
  Fixture f;
  NoJournalFs fs;
  HookContext ctx{fs, f.clock, Home(f.home), nullptr};
  EXPECT_EQ(run_hook(ctx, "pre-tool-use", read_payload(f.mem("feedback_verify-before-claiming.md"))), "");
  EXPECT_NE(f.errors().find("pre-tool-use " + f.home + "/runtime/access.log: No space left"), std::string::npos)
      << f.errors();
}

TEST(Failures, HeldHomeLockNeverBlocksTheTouch) {
  Fixture f;
  auto lock = lock_home(f.fs, Home(f.home), 100);
  ASSERT_TRUE(lock.ok());
  f.run("pre-tool-use", read_payload(f.mem("feedback_verify-before-claiming.md")));
  EXPECT_EQ(parse_journal(f.journal()).touches.size(), 1u);
}

TEST(Failures, ErrorLogStopsGrowingPastOneMegabyte) {
  Fixture f;
  write(f.home + "/runtime/hook-errors.log", std::string((1 << 20) + 1, 'x'));
  f.run("pre-tool-use", "garbage");
  EXPECT_EQ(f.errors().size(), static_cast<std::size_t>((1 << 20) + 1));
}

TEST(Failures, UnknownEventIsLogged) {
  Fixture f;
  EXPECT_EQ(f.run("post-tool-use", "{}"), "");
  EXPECT_NE(f.errors().find("unknown hook event"), std::string::npos);
}

TEST(Disable, EachEventHasItsOwnSwitch) {
  Fixture f;
  write(f.home + "/identity.md", "I am the agent.\n");
  f.env["MEMSIM_PRETOOLUSE"] = "0";
  f.run("pre-tool-use", read_payload(f.mem("feedback_verify-before-claiming.md")));
  EXPECT_EQ(f.journal(), "");
  const std::string start = R"({"session_id":"a","hook_event_name":"SessionStart","source":"startup"})";
  EXPECT_NE(f.run("session-start", start), "");
  f.env["MEMSIM_SESSIONSTART"] = "0";
  EXPECT_EQ(f.run("session-start", start), "");
  f.env.clear();
  f.env["MEMSIM_HOOKS"] = "0";
  f.run("pre-tool-use", read_payload(f.mem("feedback_verify-before-claiming.md")));
  EXPECT_TRUE(parse_journal(f.journal()).touches.empty()) << "only the session start above is journaled";
  f.env["MEMSIM_HOOKS"] = "1";
  f.run("pre-tool-use", read_payload(f.mem("feedback_verify-before-claiming.md")));
  EXPECT_EQ(parse_journal(f.journal()).touches.size(), 1u);
  EXPECT_EQ(f.errors(), "");
}

std::string lens(const std::string& tool_match, const std::string& extra, const std::string& body) {
  return "---\nname: x\ntype: lens\ntrigger:\n  tool_match: \"" + tool_match + "\"\n" + extra + "---\n\n" + body + "\n";
}

std::string context_of(const std::string& out) {
  if (out.empty()) return "";
  auto j = nlohmann::json::parse(out);
  EXPECT_EQ(j["hookSpecificOutput"]["hookEventName"], "PreToolUse");
  EXPECT_FALSE(j["hookSpecificOutput"].contains("permissionDecision"));
  // A lens arrives framed as a rule a person wrote; the body follows that line.
  const std::string text = j["hookSpecificOutput"]["additionalContext"].get<std::string>();
  EXPECT_TRUE(text.starts_with("Lens ")) << text;
  EXPECT_NE(text.find(" (a situational rule written for this project, shown once a session):\n"), std::string::npos)
      << text;
  return text.substr(text.find('\n') + 1);
}

TEST(Lenses, FireOncePerLensPerSession) {
  Fixture f;
  write(f.home + "/lenses/subagent-discipline.md", lens("Agent|Workflow", "", "Four rules about delegating."));
  const std::string call = tool_payload("Agent", R"({"prompt":"do it"})", "s1");
  EXPECT_EQ(context_of(f.run("pre-tool-use", call)), "Four rules about delegating.");
  EXPECT_EQ(f.run("pre-tool-use", call), "");
  EXPECT_EQ(f.run("pre-tool-use", tool_payload("Workflow", "{}", "s1")), "");
  EXPECT_EQ(context_of(f.run("pre-tool-use", tool_payload("Workflow", "{}", "s2"))), "Four rules about delegating.");
  EXPECT_EQ(f.run("pre-tool-use", tool_payload("Bash", R"({"command":"ls"})", "s3")), "");
  EXPECT_EQ(read(f.home + "/runtime/sessions/s1.lenses"), "subagent-discipline\n");
  EXPECT_EQ(f.errors(), "");
}

TEST(Lenses, PathPatternAndTokenCap) {
  Fixture f;
  write(f.home + "/lenses/build.md",
        lens("Edit|Write", "  path_pattern: \"/generated/\"\nbody_token_cap: 3\n", "0123456789abcdefXYZ"));
  EXPECT_EQ(f.run("pre-tool-use", tool_payload("Edit", R"({"file_path":"/p/src/a.cc"})", "s")), "");
  EXPECT_EQ(context_of(f.run("pre-tool-use", tool_payload("Edit", R"({"file_path":"/p/generated/a.cc"})", "s"))),
            "01234567\n...");  // 3 tokens, 12 bytes, the cut marked
}

TEST(Lenses, CapNeverSplitsAUtf8Character) {
  Fixture f;
  write(f.home + "/lenses/u.md", lens("Bash", "body_token_cap: 2\n", "abc\xc3\xa9zzzz"));
  EXPECT_EQ(context_of(f.run("pre-tool-use", tool_payload("Bash", "{}", "s"))), "abc\n...");
}

TEST(Lenses, ABrokenLensIsLoggedAndTheOthersStillWork) {
  Fixture f;
  write(f.home + "/lenses/bad.md", lens("(unclosed", "", "never"));
  write(f.home + "/lenses/none.md", "no frontmatter\n");
  write(f.home + "/lenses/good.md", lens("Bash", "", "good lens"));
  EXPECT_EQ(context_of(f.run("pre-tool-use", tool_payload("Bash", "{}", "s"))), "good lens");
  EXPECT_NE(f.errors().find("lenses/bad.md: trigger.tool_match '(unclosed' is not a regex"), std::string::npos)
      << f.errors();
  EXPECT_NE(f.errors().find("lenses/none.md"), std::string::npos);
}

TEST(Lenses, PathologicalRegexRunsInLinearTime) {
  Fixture f;
  write(f.home + "/lenses/slow.md", lens("Bash", "  path_pattern: \"^(a+)+$\"\n", "never slow"));
  const std::string path = std::string(200000, 'a') + "!";
  EXPECT_EQ(f.run("pre-tool-use", tool_payload("Bash", R"({"path":")" + path + R"("})", "s")), "");
}

TEST(Lenses, AHeldSessionLockCostsTheLensNotTheTouch) {
  Fixture f;
  write(f.home + "/lenses/read.md", lens("Read", "", "reading memory"));
  fsys::create_directories(f.home + "/runtime/sessions");
  {
    auto lock = f.fs.lock(f.home + "/runtime/sessions/s.lock", 10);
    ASSERT_TRUE(lock.ok());
    EXPECT_EQ(f.run("pre-tool-use", read_payload(f.mem("feedback_verify-before-claiming.md"), "s")), "");
    EXPECT_NE(f.errors().find("lock is held"), std::string::npos) << f.errors();
  }
  EXPECT_EQ(parse_journal(f.journal()).touches.size(), 1u);
  EXPECT_EQ(context_of(f.run("pre-tool-use", read_payload(f.mem("feedback_verify-before-claiming.md"), "s"))),
            "reading memory");
}

std::string start_payload(const std::string& source) {
  return R"({"session_id":"abc123","transcript_path":"/Users/x/.claude/projects/p/00893aaf.jsonl","cwd":"/Users/x","hook_event_name":"SessionStart","source":")" +
         source + R"(","model":"claude-sonnet-5"})";
}

TEST(SessionStart, IdentityStateAndTheLastSevenDaysNewestFirst) {
  Fixture f;
  write(f.home + "/identity.md", "---\nname: identity\n---\nI am the build agent.\n");
  write(f.home + "/memory/current-state.md", "- project_x.md: migrating\n");
  write(f.home + "/memory/short-term/261130-today.md", "today fact\n");
  write(f.home + "/memory/short-term/261124-six-days.md", "six days ago\n");
  write(f.home + "/memory/short-term/261123-seven-days.md", "seven days ago: hidden\n");
  write(f.home + "/memory/short-term/261201-tomorrow.md", "not yet\n");
  write(f.home + "/memory/short-term/notes.md", "no date\n");
  write(f.home + "/memory/dream-journal/261128-dream.md", "---\nkind: residue\n---\nresidue of a dream\n");
  const std::string out = f.run("session-start", start_payload("startup"));
  const auto pos = [&](const std::string& s) { return out.find(s); };
  ASSERT_NE(pos("I am the build agent."), std::string::npos) << out;
  EXPECT_EQ(pos("name: identity"), std::string::npos);
  EXPECT_LT(pos("I am the build agent."), pos("migrating"));
  EXPECT_LT(pos("migrating"), pos("today fact"));
  EXPECT_LT(pos("today fact"), pos("residue of a dream"));
  EXPECT_LT(pos("residue of a dream"), pos("six days ago"));
  EXPECT_EQ(pos("seven days ago"), std::string::npos);
  EXPECT_EQ(pos("not yet"), std::string::npos);
  EXPECT_EQ(pos("no date"), std::string::npos);
  EXPECT_EQ(pos("kind: residue"), std::string::npos);
  EXPECT_NE(out.front(), '{');  // plain text, never mistaken for JSON
  for (const char* source : {"resume", "clear", "compact", "fork"})
    EXPECT_EQ(f.run("session-start", start_payload(source)), out) << source;
  EXPECT_EQ(f.errors(), "");
}

// The L3 persona lives in the user-level home's identity.md (adopt writes it
// there): a main session gets it after the project's identity, a shared one not.
TEST(SessionStart, TheUserLevelPersonaFollowsTheProjectsIdentity) {
  Fixture f;
  f.user_home = f.dir / "user-home";
  fsys::create_directories(*f.user_home + "/memory");
  write(f.home + "/identity.md", "I am the build agent.\n");
  write(*f.user_home + "/identity.md", "# Identity\n\n## Persona\n\n- the user wants answers in short sentences\n");
  const std::string out = f.run("session-start", start_payload("startup"));
  const auto persona = out.find("the user wants answers in short sentences");
  ASSERT_NE(persona, std::string::npos) << out;
  EXPECT_LT(out.find("I am the build agent."), persona);
  EXPECT_NE(out.find("## Persona (the user-level identity.md)"), std::string::npos) << out;
  f.env["MEMSIM_PROFILE"] = "shared";
  EXPECT_EQ(f.run("session-start", start_payload("startup")).find("short sentences"), std::string::npos);
  EXPECT_EQ(f.errors(), "");
}

// memsim writes a debrief every session; a week of them must not push out the
// note a person wrote five days ago, nor the wake's dream.
TEST(SessionStart, SessionDebriefsComeAfterTheAuthoredNotesAndNeverCrowdThemOut) {
  Fixture f;
  write(f.home + "/memory/short-term/261125-staging.md", "PERSON-MARK staging is down until Monday\n");
  write(f.home + "/memory/dream-journal/261129-dream.md", "DREAM-MARK the ledger, again\n");
  for (int d = 24; d <= 30; ++d)
    for (int s = 0; s < 9; ++s)
      write(f.home + "/memory/short-term/2611" + std::to_string(d) + "-session-s" + std::to_string(s) + ".md",
            "---\ndebrief_of: s" + std::to_string(s) + "\n---\n# Session debrief\n" + std::string(400, 'd') + "\n");
  const std::string out = f.run("session-start", start_payload("startup"));
  const auto person = out.find("PERSON-MARK"), dream = out.find("DREAM-MARK");
  ASSERT_NE(person, std::string::npos) << out;
  ASSERT_NE(dream, std::string::npos) << out;
  const auto debriefs = out.find("## Session debriefs of the last 7 days, newest first");
  ASSERT_NE(debriefs, std::string::npos) << out;
  EXPECT_LT(person, debriefs);
  EXPECT_LT(dream, person) << "newest first";
  EXPECT_NE(out.find("### memory/short-term/261130-session-s8.md"), std::string::npos) << "the newest debriefs fit";
  EXPECT_NE(out.find("older or longer entries did not fit"), std::string::npos);
  EXPECT_LT(out.size(), 9000u);
  EXPECT_EQ(f.errors(), "");
}

TEST(SessionStart, StaysWithinBudgetDroppingWholeEntries) {
  Fixture f;
  write(f.home + "/identity.md", std::string(1000, 'i') + "\n");
  for (int d = 0; d < 7; ++d) {
    const std::string name = "2611" + std::to_string(24 + d) + "-entry.md";
    const std::string marker = "[entry " + std::to_string(d) + "]";
    // Entry 5 is huge; the older, shorter ones after it still fit.
    const std::size_t size = d == 5 ? 7000 : 1200;
    write(f.home + "/memory/short-term/" + name, marker + std::string(size, 'x') + marker + "\n");
  }
  const std::string out = f.run("session-start", start_payload("startup"));
  EXPECT_LE(out.size(), 9000u);
  EXPECT_EQ(out.find("[entry 5]"), std::string::npos);
  int whole = 0;
  for (int d = 0; d < 7; ++d) {
    const std::string marker = "[entry " + std::to_string(d) + "]";
    const auto first = out.find(marker);
    if (first == std::string::npos) continue;
    EXPECT_NE(out.find(marker, first + 1), std::string::npos) << "entry " << d << " was cut";
    ++whole;
  }
  EXPECT_GE(whole, 5);
  EXPECT_NE(out.find("did not fit"), std::string::npos);
}

TEST(SessionStart, AnOversizedIdentityIsCutToFit) {
  Fixture f;
  write(f.home + "/identity.md", std::string(20000, 'i') + "\n");
  const std::string out = f.run("session-start", start_payload("startup"));
  EXPECT_LE(out.size(), 9000u);
  EXPECT_NE(out.find("cut to fit"), std::string::npos);
}

// A transcript of one user directive in project "loom", and the SessionEnd payload naming it.
std::string one_directive_session(Fixture& f) {
  const std::string t = f.dir / "session.jsonl";
  write(t, R"({"type":"user","sessionId":"s1","timestamp":"2026-11-30T09:00:00Z","cwd":"/w/loom",)"
           R"("message":{"role":"user","content":"Always run ninja with -j2 on this box."}})"
           "\n");
  return R"({"session_id":"s1","transcript_path":")" + t +
         R"(","cwd":"/w/loom","hook_event_name":"SessionEnd","reason":"other"})";
}

TEST(SessionEnd, CapturesTheTranscriptOnceAndPrintsNothing) {
  Fixture f;
  const std::string payload = one_directive_session(f);
  EXPECT_EQ(f.run("session-end", payload), "");
  std::vector<std::string> atoms;
  for (const auto& e : fsys::directory_iterator(f.home + "/candidates")) atoms.push_back(read(e.path().string()));
  ASSERT_EQ(atoms.size(), 1u);
  EXPECT_NE(atoms[0].find("ninja"), std::string::npos);
  EXPECT_NE(atoms[0].find("loom"), std::string::npos);  // the project, from cwd
  EXPECT_EQ(f.run("session-end", payload), "");
  EXPECT_EQ(read(fsys::directory_iterator(f.home + "/candidates")->path().string()), atoms[0]);
  EXPECT_EQ(f.errors(), "");
}

// Seed 000's debrief: the session's residue is a dated short-term note, which
// the next session start shows.
TEST(SessionEnd, WritesTheSessionsDebriefNoteThatTheNextSessionSees) {
  Fixture f;
  write(f.mem("feedback_verify-before-claiming.md"), "---\nsummary: verify before claiming\n---\nx\n");
  EXPECT_EQ(f.run("pre-tool-use", read_payload(f.mem("feedback_verify-before-claiming.md"), "s1")), "");
  EXPECT_EQ(f.run("session-end", one_directive_session(f)), "");
  const std::string note = f.home + "/memory/short-term/261130-session-s1.md";
  ASSERT_TRUE(fsys::exists(note)) << f.errors();
  const std::string text = read(note);
  EXPECT_NE(text.find("- directive: Always run ninja with -j2 on this box\n"), std::string::npos) << text;
  EXPECT_NE(text.find("- feedback_verify-before-claiming.md (Read)\n"), std::string::npos) << text;
  const std::string start = f.run("session-start", start_payload("startup"));
  EXPECT_NE(start.find("### memory/short-term/261130-session-s1.md"), std::string::npos) << start;
  EXPECT_NE(start.find("Always run ninja with -j2 on this box"), std::string::npos) << start;
  EXPECT_EQ(f.errors(), "");
}

// As `memsim capture` does by default, the session-end hook captures into the
// user-level home too: that home sees every project, and L3 is earned across them.
TEST(SessionEnd, CapturesIntoTheUserLevelHomeToo) {
  Fixture f;
  f.user_home = f.dir / "user-home";
  fsys::create_directories(*f.user_home + "/memory");
  const std::string payload = one_directive_session(f);
  EXPECT_EQ(f.run("session-end", payload), "");
  for (const std::string& h : {f.home, *f.user_home}) {
    std::vector<std::string> atoms;
    for (const auto& e : fsys::directory_iterator(h + "/candidates")) atoms.push_back(read(e.path().string()));
    ASSERT_EQ(atoms.size(), 1u) << h;
    EXPECT_NE(atoms[0].find("ninja"), std::string::npos) << h;
    EXPECT_NE(atoms[0].find("loom"), std::string::npos) << h;
  }
  EXPECT_EQ(f.errors(), "");
}

// The prompt hook reads the home's policy.yaml: a broken one is logged, naming the
// file, and the hook prints nothing.
TEST(OtherEvents, UserPromptSubmitReadsTheHomesPolicy) {
  Fixture f;
  write(f.home + "/policy.yaml", "hot_budgte: 1\n");
  EXPECT_EQ(
      f.run(
          "user-prompt-submit",
          R"({"session_id":"abc123","transcript_path":"/t.jsonl","cwd":"/u","hook_event_name":"UserPromptSubmit","prompt":"verify claiming"})"),
      "");
  EXPECT_NE(f.errors().find("policy.yaml"), std::string::npos) << f.errors();
  EXPECT_NE(f.errors().find("hot_budgte"), std::string::npos) << f.errors();
}

TEST(OtherEvents, PrintNothingForAnEmptyHome) {
  Fixture f;
  EXPECT_EQ(
      f.run(
          "user-prompt-submit",
          R"({"session_id":"abc123","transcript_path":"/t.jsonl","cwd":"/u","permission_mode":"default","hook_event_name":"UserPromptSubmit","prompt":"Write a function to calculate the factorial of a number"})"),
      "");
  EXPECT_EQ(
      f.run(
          "stop",
          R"({"session_id":"abc123","transcript_path":"/t.jsonl","cwd":"/u","permission_mode":"default","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"done","background_tasks":[],"session_crons":[]})"),
      "");
  EXPECT_EQ(f.errors(), "");
  // A transcript that is not there is a failure: silent, and one line in the log.
  EXPECT_EQ(
      f.run(
          "session-end",
          R"({"session_id":"abc123","transcript_path":"/t.jsonl","cwd":"/u","hook_event_name":"SessionEnd","reason":"other"})"),
      "");
  EXPECT_NE(f.errors().find("session-end: transcript /t.jsonl is not a file"), std::string::npos);
}

}  // namespace
}  // namespace memsim::hooks
