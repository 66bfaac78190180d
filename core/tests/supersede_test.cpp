// supersede() and forget() against real files: what is written, what is kept
// byte for byte, and every refusal leaving the home as it was.
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "memsim/reindex.h"
#include "memsim/search.h"
#include "memsim/supersede.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::at;
using testing::read;
using testing::TempDir;
using testing::write;

TEST(Sha256, KnownVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

class Supersede : public ::testing::Test {
 protected:
  Supersede() : home(dir.path()), clock(at("2026-07-30T09:00:00Z")) {
    std::filesystem::create_directories(home.memory_dir());
  }
  void put(const std::string& name, const std::string& text) { write(home.memory_path(name), text); }
  std::map<std::string, std::string> snapshot() {
    std::map<std::string, std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(home.memory_dir()))
      out[e.path().filename().string()] = read(e.path().string());
    return out;
  }

  TempDir dir;
  Home home;
  PosixFileSystem fs;
  FixedClock clock;
  Redactor redactor;
};

const char* kOld =
    "---\nname: preference_voice\ntype: preference\nsummary: writes in short sentences\nconfidence: stated\n"
    "valid_from: 2026-01-02\nkey: voice   # the slot\n---\nBody kept\r\nexactly.\n";

TEST_F(Supersede, ClosesOldKeepingEveryOtherByteAndWritesTheSuccessor) {
  put("preference_voice.md", kOld);
  SupersedeRequest r;
  r.old_file = "preference_voice";
  r.summary = "writes in flowing sentences: \"no fragments\"";
  auto res = supersede(fs, home, clock, Policy{}, redactor, r);
  ASSERT_TRUE(res.ok()) << res.message();
  EXPECT_EQ(res->new_file, "preference_voice-2.md");
  std::string expect_old = kOld;
  expect_old.insert(expect_old.find("---\nBody"), "valid_until: 2026-07-30\n");
  EXPECT_EQ(read(home.memory_path("preference_voice.md")), expect_old);
  EXPECT_EQ(read(home.memory_path("preference_voice-2.md")),
            "---\nname: preference_voice-2\ntype: preference\n"
            "summary: \"writes in flowing sentences: \\\"no fragments\\\"\"\nconfidence: stated\n"
            "created: 2026-07-30\nvalid_from: 2026-07-30\nvalid_until: null\nsupersedes: preference_voice\n"
            "key: voice\n---\nwrites in flowing sentences: \"no fragments\"\n\n"
            "Supersedes [[preference_voice]] from 2026-07-30.\n");
  // The index was regenerated: the old fact is archived, the new one is live.
  EXPECT_NE(read(home.archive_path()).find("preference_voice.md"), std::string::npos);
  EXPECT_NE(read(home.index_path()).find("- preference_voice-2.md: writes in flowing sentences"), std::string::npos);
  // And recall sees the change.
  auto hits = recall(fs, home, clock, Policy{}, "sentences");
  ASSERT_TRUE(hits.ok());
  ASSERT_EQ(hits->size(), 1u);
  EXPECT_EQ((*hits)[0].file, "preference_voice-2.md");
  EXPECT_EQ((*hits)[0].summary, "writes in flowing sentences: \"no fragments\"");
}

TEST_F(Supersede, RefusesAndChangesNothing) {
  put("preference_voice.md", kOld);
  put("preference_closed.md", "---\nsummary: s\nvalid_until: 2026-07-01\n---\n");
  put("preference_taken.md", "---\nsummary: s\n---\n");
  put("preference_future.md", "---\nsummary: s\nvalid_from: 2026-09-01\n---\n");
  const auto before = snapshot();
  auto attempt = [&](const std::string& old_file, const std::string& fresh, Confidence c = Confidence::kStated) {
    SupersedeRequest r;
    r.old_file = old_file;
    r.new_file = fresh;
    r.summary = "a new summary";
    r.confidence = c;
    auto res = supersede(fs, home, clock, Policy{}, redactor, r);
    EXPECT_FALSE(res.ok()) << old_file << " -> " << fresh;
    EXPECT_EQ(snapshot(), before) << old_file << " -> " << fresh;
    return res.ok() ? std::string() : res.message();
  };
  EXPECT_NE(attempt("preference_missing.md", "").find("no such memory file"), std::string::npos);
  EXPECT_NE(attempt("preference_closed.md", "").find("already closed"), std::string::npos);
  EXPECT_NE(attempt("preference_voice.md", "preference_taken.md").find("already exists"), std::string::npos);
  EXPECT_NE(attempt("preference_voice.md", "preference_voice.md").find("already exists"), std::string::npos);
  EXPECT_NE(attempt("preference_future.md", "").find("after today"), std::string::npos);
  EXPECT_NE(attempt("preference_voice.md", "", Confidence::kInferred).find("never overrides"), std::string::npos);
  EXPECT_NE(attempt("preference_voice.md", "Bad Name.md").find("not a memory file name"), std::string::npos);
  SupersedeRequest typed;
  typed.old_file = "preference_voice.md";
  typed.summary = "a new summary";
  typed.type = "bogus";
  auto bad_type = supersede(fs, home, clock, Policy{}, redactor, typed);
  ASSERT_FALSE(bad_type.ok());
  EXPECT_NE(bad_type.message().find("not a memory type"), std::string::npos) << bad_type.message();
  EXPECT_EQ(snapshot(), before);
}

TEST_F(Supersede, ChainsNameTheNextFreeSuccessor) {
  put("project_x.md", "---\nsummary: first version of x\ncreated: 2026-07-01\n---\n");
  SupersedeRequest r;
  r.old_file = "project_x.md";
  r.summary = "second version of x";
  ASSERT_TRUE(supersede(fs, home, clock, Policy{}, redactor, r).ok());
  FixedClock later(at("2026-08-02T00:00:00Z"));
  r.old_file = "project_x-2.md";
  r.summary = "third version of x";
  auto res = supersede(fs, home, later, Policy{}, redactor, r);
  ASSERT_TRUE(res.ok()) << res.message();
  EXPECT_EQ(res->new_file, "project_x-3.md");
  const std::string third = read(home.memory_path("project_x-3.md"));
  EXPECT_NE(third.find("supersedes: project_x-2\n"), std::string::npos) << third;
  EXPECT_NE(third.find("key: project_x\n"), std::string::npos) << "the first successor's key, OLD's stem, is kept";
}

// In a shared home two clones superseding one fact write two names, each with
// its replica's digits and the next generation, and both successors hold the
// fact's key: after a merge they are two open facts of one key, a conflict.
TEST_F(Supersede, InASharedHomeTheSuccessorsNameCarriesTheReplica) {
  put("project_x.md", "---\nsummary: first version of x\ncreated: 2026-07-01\n---\n");
  std::filesystem::create_directories(home.shared_journal_dir());
  write(home.replica_id_path(), "a1b2c3d4e5f6\n");
  SupersedeRequest r;
  r.old_file = "project_x.md";
  r.summary = "second version of x";
  auto res = supersede(fs, home, clock, Policy{}, redactor, r);
  ASSERT_TRUE(res.ok()) << res.message();
  EXPECT_EQ(res->new_file, "project_x-2-a1b2c3.md");
  EXPECT_NE(res->new_text.find("key: project_x\n"), std::string::npos) << res->new_text;
  r.old_file = res->new_file;
  r.summary = "third version of x";
  write(home.replica_id_path(), "0f0f0f0f0f0f\n");  // another clone, with the first successor pulled
  res = supersede(fs, home, FixedClock(at("2026-08-02T00:00:00Z")), Policy{}, redactor, r);
  ASSERT_TRUE(res.ok()) << res.message();
  EXPECT_EQ(res->new_file, "project_x-3-0f0f0f.md");
  // A name that only looks like a successor's keeps its tail: no generation in front of the digits.
  put("project_port-123abc.md", "---\nsummary: port\ncreated: 2026-07-01\n---\n");
  r.old_file = "project_port-123abc.md";
  res = supersede(fs, home, clock, Policy{}, redactor, r);
  ASSERT_TRUE(res.ok()) << res.message();
  EXPECT_EQ(res->new_file, "project_port-123abc-2-0f0f0f.md");
}

// What supersede would write is checked as remember checks it: a secret in the
// summary, the body or the new name is refused and nothing changes.
TEST_F(Supersede, RefusesASecretInWhatItWouldWrite) {
  put("reference_deploy.md", kOld);
  const auto before = snapshot();
  for (int field = 0; field < 3; ++field) {
    SupersedeRequest r;
    r.old_file = "reference_deploy.md";
    r.summary = field == 0 ? "deploy with key AKIAWDIAEQ3KDFYSPSC5" : "the deploy key lives in the vault";
    if (field == 1) r.body = "token: ghp_16C7e42F292c6912E7710c838347Ae178B4a\n";
    if (field == 2) r.new_file = "reference_key-AKIAWDIAEQ3KDFYSPSC5.md";
    auto res = supersede(fs, home, clock, Policy{}, redactor, r);
    ASSERT_FALSE(res.ok()) << field;
    EXPECT_NE(res.message().find("looks like it holds a secret"), std::string::npos) << res.message();
    EXPECT_EQ(res.message().find("AKIAWDIAEQ3KDFYSPSC5"), std::string::npos) << "never echo the secret";
    EXPECT_EQ(snapshot(), before) << field;
  }
}

// A key conflict settled by hand: the kept fact is untouched, every other open
// fact with the key is closed by its valid_until alone, a closed one and another
// key's fact are left alone, and the index shows no contest afterwards.
// A fact without a key fills the slot named by its stem, the key its successor
// carries: recall names the successor of a closed keyless fact, and a
// supersession that wrote NEW but died before closing OLD leaves two open facts
// of one key, reported and settled like any other conflict.
TEST_F(Supersede, AKeylessFactsSlotIsItsStem) {
  put("project_pool.md", "---\nsummary: pool size is 20\ncreated: 2026-07-01\n---\n");
  SupersedeRequest r;
  r.old_file = "project_pool.md";
  r.summary = "pool size is 50";
  ASSERT_TRUE(supersede(fs, home, clock, Policy{}, redactor, r).ok());
  RecallOptions all;
  all.include_archived = true;
  auto hits = recall(fs, home, clock, Policy{}, "pool size", all);
  ASSERT_TRUE(hits.ok());
  ASSERT_EQ(hits->size(), 2u);
  for (const Hit& h : *hits) {
    if (h.file == "project_pool.md") {
      EXPECT_EQ(h.replaced_by, "project_pool-2.md") << history_tag(h);
    }
  }

  // The crash: OLD open again beside NEW.
  put("project_pool.md", "---\nsummary: pool size is 20\ncreated: 2026-07-01\n---\n");
  auto rep = reindex(fs, home, clock, Policy{});
  ASSERT_TRUE(rep.ok());
  ASSERT_EQ(rep->ranked.conflicts.size(), 1u);
  EXPECT_EQ(rep->ranked.conflicts[0].key, "project_pool");
  EXPECT_EQ(rep->ranked.conflicts[0].files, (std::vector<std::string>{"project_pool-2.md", "project_pool.md"}));
  auto open_hits = recall(fs, home, clock, Policy{}, "pool size");
  ASSERT_TRUE(open_hits.ok());
  ASSERT_EQ(open_hits->size(), 2u);
  for (const Hit& h : *open_hits) EXPECT_TRUE(h.contested) << h.file << ": recall tags it as the index does";
  auto settled = settle_key(fs, home, clock, Policy{}, "project_pool", "project_pool-2.md");
  ASSERT_TRUE(settled.ok()) << settled.message();
  EXPECT_EQ(settled->closed, std::vector<std::string>{"project_pool.md"});
}

TEST_F(Supersede, SettleKeyClosesTheOtherOpenFactsOfTheKey) {
  const std::string a =
      "---\nsummary: deploys go to staging first\nconfidence: stated\nvalid_from: 2026-03-01\nkey: deploy-target\n---\n"
      "Staging first.\n";
  const std::string b =
      "---\nsummary: deploys go straight to production\nconfidence: inferred\nvalid_from: 2026-06-01\n"
      "key:  deploy-target \n---\nProduction.\n";
  const std::string c =
      "---\nsummary: deploys went to a VM once\nvalid_from: 2026-01-01\nvalid_until: 2026-02-01\n"
      "key: deploy-target\n---\nOld.\n";
  const std::string d = "---\nsummary: the build uses ninja\nkey: build-tool\n---\nNinja.\n";
  put("project_deploy.md", a);
  put("project_deploy-prod.md", b);
  put("project_deploy-vm.md", c);
  put("project_build.md", d);
  ASSERT_TRUE(reindex(fs, home, clock, Policy{}).ok());
  // A row of the index tagged contested (the closing text names the tag too).
  auto contested_rows = [&] {
    std::istringstream in(read(home.index_path()));
    int n = 0;
    for (std::string line; std::getline(in, line);) n += line.starts_with("- ") && line.ends_with(" [contested]");
    return n;
  };
  ASSERT_EQ(contested_rows(), 2) << "the fixture must start contested";

  auto settled = settle_key(fs, home, clock, Policy{}, "deploy-target", "project_deploy-prod");
  ASSERT_TRUE(settled.ok()) << settled.message();
  EXPECT_EQ(settled->kept, "project_deploy-prod.md");
  EXPECT_EQ(settled->closed, std::vector<std::string>{"project_deploy.md"});
  std::string closed = a;
  closed.insert(closed.find("---\nStaging"), "valid_until: 2026-07-30\n");
  EXPECT_EQ(read(home.memory_path("project_deploy.md")), closed) << "only the window closes; the body is kept";
  EXPECT_EQ(read(home.memory_path("project_deploy-prod.md")), b);
  EXPECT_EQ(read(home.memory_path("project_deploy-vm.md")), c);
  EXPECT_EQ(read(home.memory_path("project_build.md")), d);
  EXPECT_EQ(contested_rows(), 0) << read(home.index_path());
  // The closed fact's history is still there for --as-of.
  RecallOptions then;
  then.as_of = day_of(at("2026-04-01T00:00:00Z"));
  auto past = recall(fs, home, clock, Policy{}, "deploys staging", then);
  ASSERT_TRUE(past.ok());
  ASSERT_FALSE(past->empty());
  EXPECT_EQ((*past)[0].file, "project_deploy.md");
}

TEST_F(Supersede, SettleKeyRefusesAndChangesNothing) {
  put("project_deploy.md", "---\nsummary: staging first\nvalid_from: 2026-03-01\nkey: deploy-target\n---\n");
  put("project_deploy-2.md", "---\nsummary: production\nvalid_from: 2026-06-01\nkey: deploy-target\n---\n");
  put("project_later.md", "---\nsummary: canary\nvalid_from: 2026-09-01\nkey: canary\n---\n");
  put("project_now.md", "---\nsummary: no canary\nvalid_from: 2026-07-01\nkey: canary\n---\n");
  put("project_alone.md", "---\nsummary: one\nkey: solo\n---\n");
  const auto before = snapshot();
  const std::pair<const char*, const char*> bad[] = {
      {"deploy-target", "project_other.md"},  // not a fact of the key
      {"deploy-target", "../escape.md"},      // not a memory name
      {"solo", "project_alone.md"},           // nothing to settle
      {"canary", "project_now.md"},           // the other opens after today
      {"  ", "project_deploy.md"},            // no key
  };
  for (const auto& [key, keep] : bad) {
    auto r = settle_key(fs, home, clock, Policy{}, key, keep);
    EXPECT_FALSE(r.ok()) << key << " " << keep;
    EXPECT_NE(r.message().find("nothing"), std::string::npos) << r.message();
    EXPECT_EQ(snapshot(), before) << key << " " << keep;
  }
}

TEST_F(Supersede, ForgetLogsTheReasonAndHashThenRemoves) {
  const std::string text = "---\nsummary: a password that should never be here\n---\nhunter2\n";
  put("reference_secret.md", text);
  EXPECT_FALSE(forget(fs, home, clock, Policy{}, Redactor(), "reference_secret.md", "  ").ok());
  EXPECT_TRUE(std::filesystem::exists(home.memory_path("reference_secret.md")));
  EXPECT_FALSE(forget(fs, home, clock, Policy{}, Redactor(), "reference_nothing.md", "why").ok());
  ASSERT_TRUE(forget(fs, home, clock, Policy{}, Redactor(), "reference_secret.md", "a credential,\nnever store").ok());
  EXPECT_FALSE(std::filesystem::exists(home.memory_path("reference_secret.md")));
  EXPECT_EQ(read(home.forget_log_path()),
            "2026-07-30T09:00:00Z\treference_secret.md\tsha256:" + sha256_hex(text) + "\ta credential, never store\n");
  EXPECT_EQ(read(home.index_path()).find("reference_secret"), std::string::npos);
}

}  // namespace
}  // namespace memsim
