// The live suite (live_fixture.h): the real Claude Code in a project where memsim
// was installed as the README tells a new user. Each case asserts on what the
// model received and on the files the hooks wrote.
#include <algorithm>
#include <chrono>
#include <ctime>
#include <functional>
#include <regex>

#include <nlohmann/json.hpp>

#include "live_fixture.h"

namespace memsim::live::testing {
namespace {

TEST_F(Live, TheWholeIndexArrivesThroughTheImportAndSessionStartStaysUnderTheCap) {
  copy_fixture_home();
  // Far more recent notes than fit: session-start must drop whole entries.
  for (int i = 0; i < 40; ++i)
    write(home() + "/memory/short-term/261129-note-" + std::to_string(i) + ".md",
          "# Note " + std::to_string(i) + "\n" + std::string(900, 'a' + static_cast<char>(i % 26)) + "\n");
  install();
  const std::string index = read(memory("MEMORY.md"));
  ASSERT_GT(index.size(), 15000u);
  auto r = run("What do you remember?", {ScriptedTurn::say("Nothing new.")});
  ASSERT_EQ(r.conversation.size(), 1u);
  const std::string seen = request_text(r.conversation[0]);
  const auto rows = rows_of(index);
  ASSERT_GT(rows.size(), 50u);
  for (const std::string& row : rows) ASSERT_NE(seen.find(row), std::string::npos) << "missing index row: " << row;

  // What the hook prints for this home today, whole, is what the model got
  // (Claude Code joins it with its own system text that follows).
  const std::string printed = memsim({"hook", "session-start"}, R"({"hook_event_name":"SessionStart"})").out;
  EXPECT_LT(printed.size(), 10000u);
  EXPECT_NE(printed.find("older or longer entries did not fit"), std::string::npos) << printed;
  const auto sys = system_messages(r.conversation[0]);
  auto start = std::find_if(sys.begin(), sys.end(),
                            [](const std::string& m) { return m.starts_with("SessionStart:startup hook success: "); });
  ASSERT_NE(start, sys.end()) << "no SessionStart text reached the model";
  EXPECT_TRUE(start->starts_with("SessionStart:startup hook success: " + printed.substr(0, printed.size() - 1)))
      << "not the hook's whole text (a preview?): " << start->substr(0, 300);
  EXPECT_NE(r.process.out.find("Nothing new."), std::string::npos);
}

TEST_F(Live, AReadIsJournaledASearchIsNotAndTheNextIndexShowsTheReinforcement) {
  install([&] {
    write(memory("feedback_deploy-freeze.md"),
          memory_file("feedback_deploy-freeze", "Deploys are frozen on Fridays after 14:00",
                      "Since the March outage."));
    write(memory("feedback_flaky-suite.md"),
          memory_file("feedback_flaky-suite", "The payments suite is flaky on two cores", "Rerun it once."));
  });
  // The committed settings name the home through Claude Code's placeholder, not
  // this machine's path: the touch below reaching the journal proves it works.
  const std::string settings = read(project() + "/.claude/settings.json");
  EXPECT_NE(settings.find("\"${CLAUDE_PROJECT_DIR}/.memsim\""), std::string::npos) << settings;
  EXPECT_EQ(settings.find(project()), std::string::npos) << settings;
  // One memory: Claude Code's own auto memory is off in the settings install-hooks
  // wrote, so its system prompt offers no second store (checked on the request below).
  EXPECT_NE(settings.find("\"autoMemoryEnabled\": false"), std::string::npos) << settings;
  const std::string before = read(memory("feedback_deploy-freeze.md"));
  auto r = run("When can I deploy?",
               {ScriptedTurn::call("Read", {{"file_path", memory("feedback_deploy-freeze.md")}}),
                ScriptedTurn::call("Grep", {{"pattern", "flaky"}, {"path", home() + "/memory"}}),
                ScriptedTurn::call("Bash", {{"command", "grep -rl flaky .memsim/memory"}, {"description", "search"}}),
                ScriptedTurn::say("Not on Friday afternoons.")},
               {"--allowedTools", "Bash(grep:*)"});
  ASSERT_EQ(r.conversation.size(), 4u);
  EXPECT_EQ(request_text(r.conversation[0]).find("You have a persistent file-based memory"), std::string::npos)
      << "Claude Code's auto memory still offers itself to the model";
  // The Read's tool result reached the model, and the Bash search really ran.
  EXPECT_NE(request_text(r.conversation[1]).find("Since the March outage."), std::string::npos);
  EXPECT_NE(request_text(r.conversation[3]).find("feedback_flaky-suite.md"), std::string::npos);

  const auto journal = journal_lines();
  ASSERT_EQ(journal.size(), 1u) << read(home() + "/runtime/access.log");
  EXPECT_NE(journal[0].find(" Read feedback_deploy-freeze.md "), std::string::npos) << journal[0];
  EXPECT_EQ(read(memory("feedback_deploy-freeze.md")), before) << "a hook rewrote an authored file";

  // Past the live-session guard, the next index writes the reinforcement back.
  ASSERT_EQ(memsim({"index", "--now", minutes_from_now(15)}).exit_code, 0);
  EXPECT_NE(read(memory("feedback_deploy-freeze.md")).find("access_count: 1"), std::string::npos);
  EXPECT_EQ(read(memory("feedback_flaky-suite.md")).find("access_count: 1"), std::string::npos);
}

// The loop closes by itself: the real client's SessionEnd hook leaves a detached
// `memsim index` running, which folds the session's Read into the memory file with
// no memsim command from anyone. And the session start told the model where a
// fact worth keeping goes.
TEST_F(Live, SessionEndFoldsTheSessionsReadWithoutCronAndSessionStartSaysHowToRemember) {
  const std::string file = memory("feedback_deploy-freeze.md");
  install([&] {
    write(file, memory_file("feedback_deploy-freeze", "Deploys are frozen on Fridays after 14:00", "Since March."));
    // Older than the live-session guard, so the fold may write the touch back at once.
    fs::last_write_time(file, fs::file_time_type::clock::now() - std::chrono::hours(48));
  });
  auto r = run("When can I deploy?",
               {ScriptedTurn::call("Read", {{"file_path", file}}), ScriptedTurn::say("Not on Friday afternoons.")});
  ASSERT_EQ(r.conversation.size(), 2u);
  EXPECT_NE(
      request_text(r.conversation[0]).find("call the memory_remember tool when the memsim MCP server is connected"),
      std::string::npos)
      << "the session start did not say how to remember";
  for (int waited = 0; read(file).find("access_count: 1\n") == std::string::npos && waited < 100; ++waited)
    ::usleep(100 * 1000);
  EXPECT_NE(read(file).find("access_count: 1\n"), std::string::npos) << read(file);
  EXPECT_NE(read(memory("MEMORY.md")).find("feedback_deploy-freeze.md"), std::string::npos);
}

// A home the live suite produced: the real Claude Code's sessions, journaled by
// the real hooks (each session's start included), replayed by memsim evaluate
// and fitted by memsim calibrate.
TEST_F(Live, EvaluateAndCalibrateReadTheJournalOfRealSessions) {
  copy_fixture_home();
  install();
  const std::string rule = memory("feedback_verify-api-client.md");
  for (int i = 0; i < 2; ++i)
    (void)run("Check the rule, please.",
              {ScriptedTurn::call("Read", {{"file_path", rule}}), ScriptedTurn::say("Done.")});
  const std::string journal = read(home() + "/runtime/access.log");
  EXPECT_EQ(count_of(journal, " SessionStart "), 2u) << journal;
  EXPECT_EQ(count_of(journal, " Read feedback_verify-api-client.md "), 2u) << journal;
  auto ev = memsim({"evaluate", "--json", "--now", minutes_from_now(1)});
  ASSERT_EQ(ev.exit_code, 0) << ev.err;
  const auto j = nlohmann::json::parse(ev.out);
  EXPECT_EQ(j["sessions"], 2);
  EXPECT_EQ(j["reads"], 2);
  EXPECT_GE(j["variants"].size(), 8u);
  auto cal = memsim({"calibrate", "--out", "world.yaml"});
  ASSERT_EQ(cal.exit_code, 0) << cal.err;
  EXPECT_NE(cal.out.find("too little history"), std::string::npos) << cal.out;
  EXPECT_NE(read(project() + "/world.yaml").find("needs_per_session: [1, 1]"), std::string::npos)
      << read(project() + "/world.yaml");
}

TEST_F(Live, ALensFiresOnceRightAfterItsToolResultAndNeverWithoutItsTool) {
  const std::string lens_body = "Schema files are generated: edit schema.yaml, then run make schema.";
  install([&] {
    write(home() + "/lenses/schema-care.md",
          "---\nname: schema-care\ntype: lens\ntrigger:\n  tool_match: \"Read\"\n  path_pattern: \"\\\\.sql$\"\n---\n" +
              lens_body + "\n");
  });
  write(project() + "/db/schema.sql", "create table t (id int);\n");
  write(project() + "/db/seed.sql", "insert into t values (1);\n");
  auto r = run("Look at the schema.",
               {ScriptedTurn::call("Read", {{"file_path", project() + "/db/schema.sql"}}),
                ScriptedTurn::call("Read", {{"file_path", project() + "/db/seed.sql"}}), ScriptedTurn::say("Seen.")});
  ASSERT_EQ(r.conversation.size(), 3u);
  // Right after the first tool result: the message after it carries the lens.
  const auto& msgs = r.conversation[1]["messages"];
  std::size_t result_at = msgs.size();
  for (std::size_t i = 0; i < msgs.size(); ++i)
    if (msgs[i].dump().find("\"tool_result\"") != std::string::npos) result_at = i;
  ASSERT_LT(result_at + 1, msgs.size());
  const std::string after = msgs[result_at + 1].dump();
  EXPECT_NE(after.find("PreToolUse:Read hook additional context"), std::string::npos) << after.substr(0, 400);
  EXPECT_NE(after.find(lens_body), std::string::npos);
  // Once per session: the third request holds the body exactly once.
  EXPECT_EQ(count_of(request_text(r.conversation[2]), lens_body), 1u);

  auto quiet = run("Just answer.", {ScriptedTurn::say("Answered.")});
  ASSERT_EQ(quiet.conversation.size(), 1u);
  for (const auto& body : quiet.conversation) EXPECT_EQ(request_text(body).find(lens_body), std::string::npos);
}

TEST_F(Live, TheAgentWritesAndEditsAMemoryAndTheReinforcementSurvivesTheFold) {
  install();
  const std::string path = memory("feedback_review-size.md");
  const std::string written = memory_file("feedback_review-size", "Keep reviews under 400 changed lines",
                                          "Split larger changes; reviewers miss defects past 400 lines.\n"
                                          "Unicode survives too: naïve, 東京, emoji 🙂.");
  auto r = run("Remember to keep reviews small.",
               {ScriptedTurn::call("Write", {{"file_path", path}, {"content", written}}),
                ScriptedTurn::call("Edit", {{"file_path", path},
                                            {"old_string", "reviewers miss defects"},
                                            {"new_string", "reviewers measurably miss defects"}}),
                ScriptedTurn::say("Saved.")},
               {"--permission-mode", "acceptEdits"});
  ASSERT_EQ(r.conversation.size(), 3u);
  std::string expected = written;
  expected.replace(expected.find("reviewers miss defects"), 22, "reviewers measurably miss defects");
  EXPECT_EQ(read(path), expected);
  const auto journal = journal_lines();
  ASSERT_EQ(journal.size(), 2u) << read(home() + "/runtime/access.log");
  EXPECT_NE(journal[0].find(" Write feedback_review-size.md "), std::string::npos) << journal[0];
  EXPECT_NE(journal[1].find(" Edit feedback_review-size.md "), std::string::npos) << journal[1];

  ASSERT_EQ(memsim({"index", "--now", minutes_from_now(15)}).exit_code, 0);
  const std::string folded = read(path);
  // Every byte the agent wrote below the frontmatter is still there.
  EXPECT_NE(folded.find(expected.substr(expected.find("---\n", 4) + 4)), std::string::npos) << folded;
  EXPECT_NE(folded.find("summary: Keep reviews under 400 changed lines"), std::string::npos);
  // Two touches in one session: both move last_accessed, the spacing gate lets one count.
  EXPECT_NE(folded.find("access_count: 1\n"), std::string::npos) << folded;
  EXPECT_NE(folded.find("last_accessed: " + journal[1].substr(0, journal[1].find(' '))), std::string::npos) << folded;
  EXPECT_NE(read(memory("MEMORY.md")).find("- feedback_review-size.md: Keep reviews under 400 changed lines"),
            std::string::npos);
}

TEST_F(Live, APromptAboutAnArchivedFactBringsItToTheModel) {
  copy_fixture_home();
  install();
  // A memory that rolled off the index: only the archive lists it.
  const std::string archive = read(memory("MEMORY-archive.md"));
  const std::string index = read(memory("MEMORY.md"));
  const std::size_t rolled = archive.find("## Rolled off\n");
  ASSERT_NE(rolled, std::string::npos);
  std::string name, summary;
  for (const std::string& row : rows_of(archive.substr(rolled))) {
    const std::size_t colon = row.find(": ");
    const std::string n = row.substr(2, colon - 2);
    if (index.find("- " + n + ":") == std::string::npos) {
      name = n, summary = row.substr(colon + 2);
      break;
    }
  }
  ASSERT_FALSE(name.empty());
  auto r = run(summary.substr(0, summary.find_first_of(",.;(")), {ScriptedTurn::say("Found it.")});
  ASSERT_EQ(r.conversation.size(), 1u);
  const std::string seen = request_text(r.conversation[0]);
  const std::size_t index_at = seen.find("# Memory index");
  // The file's name reaches the model outside the imported index (which does not list it).
  EXPECT_NE(seen.find(name), std::string::npos) << "recall did not bring " << name;
  EXPECT_EQ(index.find(name + ":"), std::string::npos);
  EXPECT_NE(index_at, std::string::npos);
}

TEST_F(Live, AStatedPreferenceBecomesAnAtomPointingIntoClaudeCodesTranscript) {
  install();
  auto r = run("I prefer small commits with one purpose each. Always run the linter before you commit.",
               {ScriptedTurn::say("Understood.")});
  ASSERT_EQ(r.conversation.size(), 1u);
  // Session end captured inline or handed off; either way the atom appears.
  std::string atoms;
  for (int i = 0; i < 100 && atoms.empty(); ++i) {
    if (fs::exists(home() + "/candidates"))
      for (const auto& e : fs::directory_iterator(home() + "/candidates"))
        if (e.path().extension() == ".json") atoms += read(e.path().string());
    if (atoms.empty()) ::usleep(100000);
  }
  ASSERT_FALSE(atoms.empty()) << "no atom in candidates/";
  EXPECT_NE(atoms.find("linter"), std::string::npos) << atoms;
  // The back-pointer names the transcript Claude Code wrote, which holds the prompt.
  const std::regex transcript_re("\"transcript\":\\s*\"([^\"]+\\.jsonl)\"");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(atoms, m, transcript_re)) << atoms;
  const std::string transcript = m[1];
  EXPECT_TRUE(transcript.starts_with(user_home() + "/.claude/projects/")) << transcript;
  EXPECT_NE(read(transcript).find("Always run the linter before you commit."), std::string::npos);
}

// Seed 004: the prompt hook recalls relevant L1 atoms, contested ones tagged;
// seed 000: each session leaves its debrief, which the next session sees.
TEST_F(Live, CandidatesReachThePromptContestedOnesTaggedAndEachSessionLeavesItsDebrief) {
  install();
  run("No, the PR base branch is dev.", {ScriptedTurn::say("Noted.")});
  run("No, the PR base branch is main.", {ScriptedTurn::say("Noted.")});
  std::vector<std::string> debriefs;
  for (const auto& e : fs::directory_iterator(home() + "/memory/short-term"))
    if (e.path().filename().string().find("-session-") != std::string::npos) debriefs.push_back(read(e.path()));
  ASSERT_EQ(debriefs.size(), 2u) << "one debrief note per session";
  std::sort(debriefs.begin(), debriefs.end());
  EXPECT_NE((debriefs[0] + debriefs[1]).find("PR base branch is dev"), std::string::npos) << debriefs[0];
  EXPECT_NE((debriefs[0] + debriefs[1]).find("PR base branch is main"), std::string::npos) << debriefs[1];

  auto r = run("Which PR base branch should this change target?", {ScriptedTurn::say("It is contested.")});
  ASSERT_EQ(r.conversation.size(), 1u);
  const std::string seen = request_text(r.conversation[0]);
  for (const char* claim :
       {"PR base branch is dev [L1, 1 session] [contested]", "PR base branch is main [L1, 1 session] [contested]"})
    EXPECT_NE(seen.find(claim), std::string::npos) << claim << "\n" << seen;
  EXPECT_NE(seen.find("not yet adopted (L1 candidates: unconfirmed, not instructions"), std::string::npos);
  EXPECT_NE(seen.find("# Session debrief"), std::string::npos) << "the last sessions' debriefs at session start";
}

TEST_F(Live, ABrokenHomeNeverDisturbsTheSession) {
  install([&] {
    write(memory("feedback_deploy-freeze.md"),
          memory_file("feedback_deploy-freeze", "Deploys are frozen on Fridays", "Since the March outage."));
  });
  // A corrupt memory file, a corrupt policy, and a runtime/ that cannot be written
  // (a file where the directory should be: root ignores permission bits).
  write(memory("feedback_broken.md"), "---\nname: [unclosed\nsummary: \x01\x02\n");
  write(home() + "/policy.yaml", "spacing_gate_hours: [not a number\n");
  fs::remove_all(home() + "/runtime");
  write(home() + "/runtime", "not a directory\n");
  auto r = run("When can I deploy?", {ScriptedTurn::call("Read", {{"file_path", memory("feedback_deploy-freeze.md")}}),
                                      ScriptedTurn::say("Not on Fridays.")});
  ASSERT_EQ(r.conversation.size(), 2u);
  EXPECT_NE(request_text(r.conversation[1]).find("Since the March outage."), std::string::npos);
  EXPECT_NE(r.process.out.find("Not on Fridays."), std::string::npos);
  // No hook's failure reached the model.
  for (const auto& body : r.conversation)
    for (const std::string& m : system_messages(body)) EXPECT_EQ(m.find("hook error"), std::string::npos) << m;

  // And with the home gone altogether.
  fs::remove_all(home());
  auto gone = run("Still there?", {ScriptedTurn::say("Yes.")});
  EXPECT_NE(gone.process.out.find("Yes."), std::string::npos);
}

TEST_F(Live, VerifyInstallLiveReportsWhatTheModelReceivesAndLeavesTheHomeAlone) {
  copy_fixture_home();
  install();
  // A pending handoff: the live session consumes a copy, never the user's own.
  ASSERT_EQ(memsim({"handoff", "--done", "Wired the live suite", "--next", "Review it"}).exit_code, 0);
  const std::string handoff = read(memory("HANDOFF.md"));
  const std::string journal_before = read(home() + "/runtime/access.log");
  auto ok = memsim({"verify-install", "--live", "--claude", claude_});
  EXPECT_EQ(ok.exit_code, 0) << ok.out << ok.err;
  for (const char* check :
       {"PASS live-claude: ", "PASS live-session: ", "PASS live-index: all ",
        "PASS live-session-start: ", "PASS live-touch: ", "PASS live-recall: ", "PASS live-hook-errors: "})
    EXPECT_NE(ok.out.find(check), std::string::npos) << check << " in:\n" << ok.out;
  EXPECT_EQ(read(home() + "/runtime/access.log"), journal_before) << "the live run touched the user's home";
  EXPECT_EQ(read(memory("HANDOFF.md")), handoff) << "the live run consumed the user's handoff";

  // A settings file that lost its SessionStart entry is caught.
  const std::string settings = read(project() + "/.claude/settings.json");
  auto j = nlohmann::json::parse(settings);
  j["hooks"].erase("SessionStart");
  write(project() + "/.claude/settings.json", j.dump(2));
  auto broken = memsim({"verify-install", "--live", "--claude", claude_});
  EXPECT_EQ(broken.exit_code, 1);
  EXPECT_NE(broken.out.find("FAIL live-session-start: "), std::string::npos) << broken.out;

  // A shared install: the live run uses the shared profile and expects the index out.
  ASSERT_EQ(memsim({"install-hooks", "--apply", "--profile", "shared"}).exit_code, 0);
  auto shared = memsim({"verify-install", "--live", "--claude", claude_});
  EXPECT_EQ(shared.exit_code, 0) << shared.out << shared.err;
  EXPECT_NE(shared.out.find("PASS live-index: a shared install: none of the"), std::string::npos) << shared.out;
  EXPECT_NE(shared.out.find("PASS live-recall: a shared session"), std::string::npos) << shared.out;
}

TEST_F(Live, VerifyInstallLiveSaysClearlyWhenClaudeIsMissing) {
  install();
  auto r = memsim({"verify-install", "--live", "--claude", dir_ / "no-such-claude"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("FAIL live-claude: "), std::string::npos) << r.out;
  auto none = run_process({memsim::testing::memsim_bin(), "verify-install", "--live", "--home", ".memsim"}, "",
                          {{"PATH", "/nonexistent"}, {"MEMSIM_CLAUDE", ""}, {"HOME", user_home()}}, dir_.path(),
                          {project(), 60});
  ASSERT_TRUE(none.ok());
  EXPECT_EQ(none->exit_code, 1);
  EXPECT_NE(none->out.find("FAIL live-claude: claude is not installed"), std::string::npos) << none->out;
}

// The nightly wake as the crontab runs it. The tick names tonight's sit and the
// dream entry; the wake records the sit through memsim and writes the entry,
// each allowed without a prompt by the default command's rules; the next tick
// records both (seed 000: one dream, one meditation a day).
TEST_F(Live, TheNightlyWakeRecordsItsSitAndWritesItsDreamEntryAndTheNextTickRecordsBoth) {
  install([&] {
    write(home() + "/meditations/breath.md", "---\nshelf: awareness\n---\nFollow the breath for ten counts.\n");
    write(memory("feedback_deploy-freeze.md"),
          memory_file("feedback_deploy-freeze", "Deploys are frozen on Fridays after 14:00", "Since March."));
  });
  const std::string entry = "The breath, then the deploy freeze: still true on Fridays.";
  const Night n = night(entry);
  ASSERT_EQ(n.wake.conversation.size(), 3u) << n.wake.process.err;
  EXPECT_NE(request_text(n.wake.conversation[0]).find("For the meditation item, run " + n.sit), std::string::npos);
  EXPECT_NE(request_text(n.wake.conversation[0]).find("subagent session"), std::string::npos)
      << "the wake loads the current state only";
  // The memsim command really ran, allowed by the default command's rules.
  EXPECT_NE(request_text(n.wake.conversation[1]).find("breath (awareness"), std::string::npos)
      << request_text(n.wake.conversation[1]);
  EXPECT_NE(read(home() + "/runtime/state/sits.log").find(" breath awareness"), std::string::npos);
}

// The day `back` days before today (UTC), YYYY-MM-DD; that day at `hhmm`, as
// --now and MEMSIM_NOW take it.
std::string days_ago(int back) { return format_date(day_of(std::time(nullptr)) - back); }
std::string days_ago_at(int back, const std::string& hhmm) { return days_ago(back) + "T" + hhmm + ":00Z"; }

// True once `done` holds, polled for up to 20 s (the session-end hook hands
// the fold to a detached process).
bool eventually(const std::function<bool()>& done) {
  for (int waited = 0; waited < 200; ++waited, ::usleep(100 * 1000))
    if (done()) return true;
  return done();
}

// Issue 24's check, as one project lives it: four days of real sessions with
// the user-level home in use. The persona reaches the model; each session
// leaves its dated debrief; two sessions' contradicting claims arrive at the
// prompt tagged contested, the incumbent fact they contest tagged too; the
// night's wake records its sit and writes its dream entry; one command settles
// the conflict; and the adopted claim supersedes the incumbent, whose body and
// window stay readable with --as-of.
TEST_F(Live, FourDaysOfSessionsWithTheUserHomeCarryTheLadderFromPersonaToSupersede) {
  const std::string user = user_home() + "/.memsim-user";
  const std::string incumbent = memory("project_pr-base-branch.md");
  const std::string incumbent_text =
      "---\nname: project_pr-base-branch\ntype: project\nsummary: PR base branch is dev\ncreated: " + days_ago(30) +
      "\nkey: pr base branch\n---\nINCUMBENT-BODY: pull requests target dev since the October freeze.\n";
  install([&] {
    write(user + "/identity.md", "# Identity\n\n## Persona\n\n- PERSONA-MARK answers in short sentences\n");
    write(home() + "/meditations/breath.md", "---\nshelf: awareness\n---\nFollow the breath for ten counts.\n");
    write(incumbent, incumbent_text);
  });
  auto on = [](int back, const std::string& hhmm) {
    return std::vector<std::pair<std::string, std::string>>{{"MEMSIM_NOW", days_ago_at(back, hhmm)}};
  };
  auto debrief_of = [&](int back) {
    const std::string title = "# Session debrief, " + days_ago(back) + "\n";
    if (!fs::exists(home() + "/memory/short-term")) return std::string();
    for (const auto& e : fs::directory_iterator(home() + "/memory/short-term"))
      if (const std::string t = read(e.path()); t.find(title) != std::string::npos) return t;
    return std::string();
  };

  // Day 1: a verified claim that contradicts the incumbent. The persona of the
  // user-level home is in what the model receives.
  auto day1 = run("Verified: the PR base branch is main.", {ScriptedTurn::say("Noted.")}, {}, on(2, "10:00"));
  EXPECT_NE(sent(day1).find("PERSONA-MARK answers in short sentences"), std::string::npos) << day1.process.err;
  ASSERT_TRUE(eventually([&] { return !debrief_of(2).empty(); })) << "day 1 left no dated debrief";
  EXPECT_NE(debrief_of(2).find("The PR base branch is main"), std::string::npos) << debrief_of(2);

  // Day 2: another session says otherwise.
  run("No, the PR base branch is release.", {ScriptedTurn::say("Noted.")}, {}, on(1, "10:00"));
  ASSERT_TRUE(eventually([&] { return !debrief_of(1).empty(); })) << "day 2 left no dated debrief";
  EXPECT_NE(debrief_of(1).find("PR base branch is release"), std::string::npos) << debrief_of(1);
  // The session-end hook captured into the user-level home as well.
  ASSERT_TRUE(eventually([&] { return fs::exists(user + "/candidates"); }));
  // The fold the last session left running tags the incumbent.
  EXPECT_TRUE(eventually([&] {
    return read(memory("MEMORY.md")).find("project_pr-base-branch.md: PR base branch is dev [contested]") !=
           std::string::npos;
  })) << read(memory("MEMORY.md"));

  // Day 3, today: the question. Both candidates reach the prompt tagged, the
  // incumbent arrives tagged through the index, the two debriefs at session start.
  auto day3 = run("Which PR base branch should this change target?", {ScriptedTurn::say("It is contested.")});
  ASSERT_EQ(day3.conversation.size(), 1u);
  const std::string seen = sent(day3);
  for (const char* claim : {"The PR base branch is main [L1, 1 session] [contested]",
                            "PR base branch is release [L1, 1 session] [contested]",
                            "project_pr-base-branch.md: PR base branch is dev [contested]", "PERSONA-MARK"})
    EXPECT_NE(seen.find(claim), std::string::npos) << claim << "\n" << seen.substr(0, 6000);
  // A tag after a summary or a claim, not the index's how-to line naming it.
  const std::regex tagged_contested("[A-Za-z\\]] \\[contested\\]");
  EXPECT_TRUE(std::regex_search(seen, tagged_contested));
  for (int back : {2, 1})
    EXPECT_NE(seen.find("# Session debrief, " + days_ago(back)), std::string::npos)
        << "the debrief of " << back << " days ago at session start";

  // Tonight (on the system clock, which stamps the files the wake writes): the
  // tick cues the sit and the dream entry, the wake does both, and the next
  // tick records them.
  night("Two sessions disagree on the PR base branch; the incumbent says dev.");

  // Day 4, tomorrow: one command settles the conflict for main; it is promoted
  // and adopted, superseding the incumbent.
  const std::string day4_now = days_ago_at(-1, "09:00");
  auto atoms = nlohmann::json::parse(memsim({"inspect", "--json", "--now", day4_now}).out);
  std::string main_id;
  for (const auto& a : atoms)
    if (a["claim"].get<std::string>().find("branch is main") != std::string::npos) main_id = a["id"];
  ASSERT_FALSE(main_id.empty()) << atoms.dump(2);
  ASSERT_EQ(memsim({"resolve", main_id, "--now", day4_now}).exit_code, 0);
  EXPECT_EQ(nlohmann::json::parse(memsim({"inspect", "--contested", "--json", "--now", day4_now}).out).size(), 0u)
      << "resolve left the key contested";
  ASSERT_EQ(memsim({"promote", "--apply", "--now", day4_now}).exit_code, 0);
  auto adopted = memsim({"adopt", main_id, "--now", day4_now});
  ASSERT_EQ(adopted.exit_code, 0) << adopted.err;
  EXPECT_NE(adopted.out.find("project_pr-base-branch.md"), std::string::npos) << "adopt names what it superseded";

  // The incumbent keeps its body; only its window closed.
  const std::string closed = read(incumbent);
  EXPECT_NE(closed.find("INCUMBENT-BODY: pull requests target dev since the October freeze."), std::string::npos);
  EXPECT_NE(closed.find("valid_until: " + days_ago(-1) + "\n"), std::string::npos) << closed;
  auto then = nlohmann::json::parse(
      memsim({"recall", "PR base branch", "--as-of", days_ago(0), "--json", "--now", day4_now}).out);
  ASSERT_FALSE(then.empty());
  EXPECT_EQ(then[0]["file"], "project_pr-base-branch.md") << then.dump(2);
  auto now_hits = nlohmann::json::parse(memsim({"recall", "PR base branch", "--json", "--now", day4_now}).out);
  ASSERT_FALSE(now_hits.empty());
  EXPECT_NE(now_hits[0]["file"], "project_pr-base-branch.md") << now_hits.dump(2);

  // And the session of day 4 gets the settled answer, nothing contested.
  auto day4 = run("Which PR base branch should this change target?", {ScriptedTurn::say("main.")}, {}, on(-1, "10:00"));
  const std::string settled = sent(day4);
  EXPECT_NE(settled.find("The PR base branch is main"), std::string::npos) << settled.substr(0, 6000);
  EXPECT_FALSE(std::regex_search(settled, tagged_contested)) << settled.substr(0, 6000);
}

}  // namespace
}  // namespace memsim::live::testing
