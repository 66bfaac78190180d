// Session start by profile (main, shared, sub-agent) and the handoff: written,
// injected once by the next main session, kept and marked consumed.
#include <gtest/gtest.h>

#include <filesystem>

#include "hook_home.h"
#include "memsim/handoff.h"
#include "memsim/policy.h"
#include "memsim/reindex.h"
#include "memsim/testing/faulty_fs.h"

namespace memsim::hooks {
namespace {

using memsim::testing::at;
using memsim::testing::read;
using memsim::testing::write;
namespace fsys = std::filesystem;

struct Home_ : testing::HookHome {
  Redactor redactor;

  Home_() {
    write(home + "/identity.md", "---\nname: identity\n---\nI am the persona PERSONA-MARK.\n");
    write(home + "/memory/project_billing.md",
          "---\nname: project_billing\ntype: project\nsummary: billing rewrite with invoices in euros\n"
          "in_flight: true\nstate: invoices half done STATE-MARK\ncreated: 2026-11-01\n---\nbody\n");
    write(home + "/memory/short-term/261130-today.md", "TODAY-MARK note of today\n");
    write(home + "/memory/short-term/261128-earlier.md", "EARLIER-MARK note of two days ago\n");
    write(home + "/memory/dream-journal/261130-dream.md", "DREAM-MARK residue\n");
    fsys::create_directories(home + "/lenses");
    EXPECT_TRUE(reindex(fs, Home(home), clock, Policy{}).ok());
  }
  std::string start(const std::string& extra = "") {
    return run(
        "session-start",
        R"({"session_id":"s1","transcript_path":"/t.jsonl","cwd":"/p","hook_event_name":"SessionStart","source":"startup")" +
            extra + "}");
  }
  Result<HandoffResult> handoff(HandoffRequest r) {
    return write_handoff(fs, Home(home), clock, Policy{}, redactor, r);
  }
};

bool has(const std::string& text, const char* mark) { return text.find(mark) != std::string::npos; }

TEST(Profiles, MainLoadsPersonaStateAndTheLastDays) {
  Home_ h;
  const std::string out = h.start();
  for (const char* mark : {"PERSONA-MARK", "STATE-MARK", "TODAY-MARK", "EARLIER-MARK", "DREAM-MARK"})
    EXPECT_TRUE(has(out, mark)) << mark << "\n" << out;
}

// Seed 003's shared session reads SOUL.md and USER.md, ACTIVE-CONTEXT.md and
// today's notes: here identity.md, the current state and today's T1 notes.
TEST(Profiles, ASharedSessionGetsTheIdentityTheStateAndOnlyTodaysNotes) {
  Home_ h;
  h.env["MEMSIM_PROFILE"] = "shared";
  const std::string out = h.start();
  EXPECT_TRUE(has(out, "PERSONA-MARK")) << out;
  EXPECT_TRUE(has(out, "STATE-MARK")) << out;
  EXPECT_TRUE(has(out, "TODAY-MARK")) << out;
  EXPECT_FALSE(has(out, "EARLIER-MARK")) << out;
  EXPECT_FALSE(has(out, "DREAM-MARK")) << out;
  EXPECT_TRUE(has(out, "shared session")) << out;
  // A value it does not know loads less, never more.
  h.env["MEMSIM_PROFILE"] = "shraed";
  EXPECT_FALSE(has(h.start(), "EARLIER-MARK"));
  h.env["MEMSIM_PROFILE"] = "main";
  EXPECT_TRUE(has(h.start(), "EARLIER-MARK"));
}

TEST(Profiles, ASubAgentGetsTheCurrentStateOnly) {
  Home_ h;
  for (const char* extra : {R"(,"agent_id":"a-1","agent_type":"Explore")", R"(,"agent_type":"reviewer")"}) {
    const std::string out = h.start(extra);
    EXPECT_TRUE(has(out, "STATE-MARK")) << out;
    for (const char* mark : {"PERSONA-MARK", "TODAY-MARK", "EARLIER-MARK", "DREAM-MARK"})
      EXPECT_FALSE(has(out, mark)) << mark << "\n" << out;
  }
  h.env["MEMSIM_PROFILE"] = "subagent";
  EXPECT_FALSE(has(h.start(), "TODAY-MARK"));
}

TEST(Profiles, OnlyTheMainSessionGetsPromptTimeMemories) {
  Home_ h;
  // BM25 needs a corpus to tell a rare word; nothing is in Hot once MEMORY.md is
  // gone, so the prompt hook has rows to offer.
  for (int i = 0; i < 20; ++i)
    write(h.home + "/memory/reference_filler-" + std::to_string(i) + ".md",
          "---\ntype: reference\nsummary: unrelated note number " + std::to_string(i) + " about gardening\n---\nx\n");
  fsys::remove(h.home + "/memory/MEMORY.md");
  const std::string prompt =
      R"({"session_id":"s1","hook_event_name":"UserPromptSubmit","prompt":"billing rewrite invoices euros billing"})";
  const std::string main_out = h.run("user-prompt-submit", prompt);
  EXPECT_TRUE(has(main_out, "project_billing.md")) << main_out << h.errors();
  h.env["MEMSIM_PROFILE"] = "shared";
  EXPECT_EQ(h.run("user-prompt-submit", prompt), "");
  h.env.clear();
  EXPECT_EQ(h.run("user-prompt-submit", prompt.substr(0, prompt.size() - 1) + R"(,"agent_type":"x"})"), "");
}

TEST(Handoff, WrittenThenInjectedOnceFirstAndKept) {
  Home_ h;
  HandoffRequest r;
  r.done = {"moved invoices to euros"};
  r.in_progress = {"credit notes: half written"};
  r.next = {"run the billing tests"};
  r.decisions = {"round half to even, as the tax office does"};
  r.gotchas = {"the staging DB resets at 02:00"};
  auto w = h.handoff(r);
  ASSERT_TRUE(w.ok()) << w.message();
  const std::string written = read(h.home + "/memory/HANDOFF.md");
  for (const char* part :
       {"## Done\n- moved invoices to euros", "## In progress\n- credit notes", "## Next steps", "## Decisions",
        "## Gotchas\n- the staging DB", "consumed: null", "created: 2026-11-30T10:00:00Z",
        "memory/short-term/261130-today.md: TODAY-MARK", "STATE-MARK"})
    EXPECT_TRUE(has(written, part)) << part << "\n" << written;
  EXPECT_FALSE(has(written, "EARLIER-MARK")) << "only today's notes";

  // A sub-agent starting first does not consume it.
  EXPECT_FALSE(has(h.start(R"(,"agent_id":"a")"), "moved invoices"));
  const std::string first = h.start();
  ASSERT_TRUE(has(first, "moved invoices to euros")) << first << h.errors();
  EXPECT_LT(first.find("moved invoices"), first.find("PERSONA-MARK")) << "the handoff comes first";
  EXPECT_LE(first.size(), 9000u);
  EXPECT_FALSE(has(h.start(), "moved invoices")) << "injected once";
  const std::string kept = read(h.home + "/memory/HANDOFF.md");
  EXPECT_TRUE(has(kept, "consumed: 2026-11-30T10:00:00Z")) << kept;
  EXPECT_TRUE(has(kept, "consumed_by: s1")) << kept;
  EXPECT_EQ(kept.substr(kept.find("# Handoff")), written.substr(written.find("# Handoff"))) << "body kept as written";
}

TEST(Handoff, ANewOneMovesTheOldOneAsideAndRedacts) {
  Home_ h;
  HandoffRequest r;
  r.done = {"first"};
  ASSERT_TRUE(h.handoff(r).ok());
  h.clock.set(at("2026-11-30T12:00:00Z"));
  r.done = {"second, token ghp_16C7e42F292c6912E7710c838347Ae178B4a used"};
  auto w = h.handoff(r);
  ASSERT_TRUE(w.ok()) << w.message();
  EXPECT_EQ(w->archived, "memory/handoffs/20261130T100000Z.md");
  EXPECT_TRUE(has(read(h.home + "/memory/handoffs/20261130T100000Z.md"), "- first"));
  const std::string now = read(h.home + "/memory/HANDOFF.md");
  EXPECT_FALSE(has(now, "ghp_16C7e42F")) << now;
  EXPECT_FALSE(w->redacted.empty());
  EXPECT_FALSE(h.handoff(HandoffRequest{}).ok()) << "an empty handoff is refused";
}

// A full disk at any write of a new handoff: the pending one stays where the next
// session finds it, whole, until the new one is safely in its place.
TEST(Handoff, AFailedWriteKeepsThePendingHandoff) {
  for (int fail_at = 1;; ++fail_at) {
    Home_ h;
    HandoffRequest r;
    r.done = {"FIRST-MARK"};
    ASSERT_TRUE(h.handoff(r).ok());
    const std::string pending = read(h.home + "/memory/HANDOFF.md");
    h.clock.set(at("2026-11-30T12:00:00Z"));
    memsim::testing::FaultyFileSystem faulty(h.fs, fail_at, memsim::testing::Fault::kEnospc, true);
    r.done = {"SECOND-MARK"};
    auto w = write_handoff(faulty, Home(h.home), h.clock, Policy{}, h.redactor, r);
    const std::string now = read(h.home + "/memory/HANDOFF.md");
    if (w.ok()) {
      EXPECT_TRUE(has(now, "SECOND-MARK"));
      EXPECT_GT(fail_at, 1) << "the fault never fired";
      break;
    }
    EXPECT_EQ(now, pending) << "write " << fail_at << " failed and the pending handoff is gone or changed";
    ASSERT_LT(fail_at, 50);
  }
}

TEST(Handoff, AHandWrittenOneIsInjectedOnceAndABigOneIsCut) {
  Home_ h;
  write(h.home + "/memory/HANDOFF.md", "# Handoff\nHAND-MARK written by the agent itself\n");
  EXPECT_TRUE(has(h.start(), "HAND-MARK"));
  EXPECT_FALSE(has(h.start(), "HAND-MARK"));
  EXPECT_TRUE(read(h.home + "/memory/HANDOFF.md").starts_with("---\nconsumed: 2026-11-30T10:00:00Z\n"));

  write(h.home + "/memory/HANDOFF.md", "# Handoff\n" + std::string(20000, 'x') + "\n");
  const std::string out = h.start();
  EXPECT_LE(out.size(), 9000u);
  EXPECT_TRUE(has(out, "the whole text is in memory/HANDOFF.md")) << out.substr(0, 300);
  EXPECT_TRUE(has(out, "PERSONA-MARK")) << "the rest still fits";
}

TEST(Handoff, AHeldLockLeavesItPendingAndIsLogged) {
  Home_ h;
  write(h.home + "/memory/HANDOFF.md", "HAND-MARK\n");
  {
    auto lock = lock_home(h.fs, Home(h.home), 100);
    ASSERT_TRUE(lock.ok());
    EXPECT_FALSE(has(h.start(), "HAND-MARK"));
  }
  EXPECT_FALSE(h.errors().empty());
  EXPECT_TRUE(has(h.start(), "HAND-MARK"));
}

// A consumed handoff stays in place; every later session start must see that
// without waiting for the home's lock (an index run may be holding it).
TEST(Handoff, AConsumedOneNeedsNoLock) {
  Home_ h;
  write(h.home + "/memory/HANDOFF.md", "HAND-MARK\n");
  EXPECT_TRUE(has(h.start(), "HAND-MARK"));
  auto lock = lock_home(h.fs, Home(h.home), 100);
  ASSERT_TRUE(lock.ok());
  EXPECT_TRUE(has(h.start(), "PERSONA-MARK"));
  EXPECT_TRUE(h.errors().empty()) << h.errors();
}

}  // namespace
}  // namespace memsim::hooks
