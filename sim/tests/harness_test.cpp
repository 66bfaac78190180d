// The simulator's contact with the hooks: a hook never fails its caller, so the
// harness reports what the hook logged; and its file system holds a home in
// memory, answering as the disk would and leaving on it what the code left.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "harness.h"
#include "memsim/atoms.h"
#include "memsim/journal.h"
#include "memsim/promote.h"
#include "memsim/sim/sim_fs.h"

namespace memsim::sim {
namespace {

namespace fs = std::filesystem;

class HarnessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string t = (fs::temp_directory_path() / "memsim-harness-test-XXXXXX").string();
    root_ = ::mkdtemp(t.data());
    home_ = Home(root_ + "/home");
    fs::create_directories(home_.memory_dir());
    fs::create_directories(home_.runtime_dir());
    std::ofstream(home_.memory_path("feedback_x.md")) << "---\nname: feedback_x\nsummary: s\n---\nbody\n";
  }
  void TearDown() override { fs::remove_all(root_); }

  std::string root_;
  Home home_{""};
  FixedClock clock_{1782950400};
  PosixFileSystem posix_;
  SimFileSystem fs_{posix_, clock_};
};

TEST_F(HarnessTest, AHookThatWorksReportsNothing) {
  const HookCall c = pre_tool_use(fs_, clock_, home_, "Read", home_.memory_path("feedback_x.md"), "s1");
  EXPECT_TRUE(c.status.ok()) << c.status.message();
  auto j = read_journal(fs_, home_);
  ASSERT_TRUE(j.ok());
  ASSERT_EQ(j->touches.size(), 1u);
  EXPECT_EQ(j->touches[0].filename, "feedback_x.md");
}

// The hook cannot journal (the journal is a directory): it exits quietly, as it
// must, and the harness sees what it logged.
TEST_F(HarnessTest, AHookThatFailsIsSeen) {
  fs::create_directories(home_.journal_path());
  const HookCall c = pre_tool_use(fs_, clock_, home_, "Read", home_.memory_path("feedback_x.md"), "s1");
  ASSERT_FALSE(c.status.ok());
  EXPECT_NE(c.status.message().find("pre-tool-use"), std::string::npos) << c.status.message();
  EXPECT_NE(c.status.message().find("access.log"), std::string::npos) << c.status.message();
  // The next call starts clean: a failure is reported once.
  fs::remove_all(home_.journal_path());
  EXPECT_TRUE(pre_tool_use(fs_, clock_, home_, "Read", home_.memory_path("feedback_x.md"), "s1").status.ok());
}

std::string on_disk(const std::string& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

TEST_F(HarnessTest, TheFileSystemAnswersAsTheDiskWould) {
  const std::string p = home_.memory_path("feedback_y.md");
  ASSERT_TRUE(fs_.write_file(p, "one\n").ok());
  ASSERT_TRUE(fs_.append_file(p, "two\n").ok());
  EXPECT_EQ(*fs_.read_file(p), "one\ntwo\n");
  EXPECT_EQ(fs_.stat(p)->size, 8);
  EXPECT_EQ(fs_.stat(p)->mtime, clock_.now()) << "writes carry the virtual time";
  ASSERT_TRUE(fs_.rename(p, p + ".moved").ok());
  EXPECT_EQ(fs_.stat(p)->kind, FileKind::kMissing);
  EXPECT_EQ(fs_.read_file(p).code(), ErrorCode::kNotFound);
  EXPECT_EQ(*fs_.read_file(p + ".moved"), "one\ntwo\n");
  bool listed = false;
  auto entries = fs_.list_dir(home_.memory_dir());
  ASSERT_TRUE(entries.ok());
  for (const DirEntry& e : *entries) {
    EXPECT_NE(e.name, "feedback_y.md");
    listed |= e.name == "feedback_y.md.moved";
  }
  EXPECT_TRUE(listed);
  ASSERT_TRUE(fs_.remove(p + ".moved").ok());
  EXPECT_EQ(fs_.stat(p + ".moved")->kind, FileKind::kMissing);
  ASSERT_TRUE(fs_.set_mtime(home_.memory_path("feedback_x.md"), 1000).ok());
  EXPECT_EQ(fs_.stat(home_.memory_path("feedback_x.md"))->mtime, 1000);
  // What the disk refuses, it refuses: no directory, no file to move, a directory to write.
  EXPECT_EQ(fs_.write_file(home_.memory_dir() + "/none/feedback_z.md", "x").code(), ErrorCode::kNotFound);
  EXPECT_EQ(fs_.rename(p, p + ".again").code(), ErrorCode::kNotFound);
  EXPECT_FALSE(fs_.write_file(home_.memory_dir(), "x").ok());
  EXPECT_EQ(fs_.stat(home_.memory_dir() + "/none/feedback_z.md")->kind, FileKind::kMissing);
}

TEST_F(HarnessTest, AHomeReachesTheDiskWhenSaved) {
  const std::string p = home_.memory_path("feedback_y.md");
  const std::string gone = home_.memory_path("feedback_x.md");  // on the disk before
  ASSERT_TRUE(fs_.remove(gone).ok());                           // before the directory's listing is first read
  ASSERT_TRUE(fs_.write_file(p, "one\n").ok());
  ASSERT_TRUE(fs_.append_file(p, "two\n").ok());
  ASSERT_TRUE(fs_.write_file(home_.memory_path("feedback_w.md"), "w\n").ok());
  auto names = fs_.list_dir(home_.memory_dir());
  ASSERT_TRUE(names.ok());
  std::vector<std::string> listed;
  for (const DirEntry& e : *names) listed.push_back(e.name);
  EXPECT_EQ(listed, (std::vector<std::string>{"feedback_w.md", "feedback_y.md"})) << "the removed file is not listed";
  ASSERT_TRUE(fs_.set_mtime(home_.memory_path("feedback_w.md"), 1000).ok());
  EXPECT_FALSE(fs::exists(p)) << "a write costs no system call";
  EXPECT_TRUE(fs::exists(gone));
  ASSERT_TRUE(fs_.save_to_disk().ok());
  EXPECT_EQ(on_disk(p), "one\ntwo\n");
  EXPECT_EQ(posix_.stat(p)->mtime, clock_.now());
  EXPECT_EQ(posix_.stat(home_.memory_path("feedback_w.md"))->mtime, 1000);
  EXPECT_FALSE(fs::exists(gone));
}

// A lock is held until its holder lets go; taking it again meanwhile fails as
// a real lock would once its wait ran out.
TEST_F(HarnessTest, ALockIsHeldUntilReleased) {
  const std::string l = home_.runtime_dir() + "/lock";
  auto first = fs_.lock(l, 10);
  ASSERT_TRUE(first.ok());
  EXPECT_EQ(fs_.stat(l)->kind, FileKind::kRegular) << "taking a lock creates its file";
  EXPECT_EQ(fs_.lock(l, 10).code(), ErrorCode::kBusy);
  first->reset();
  EXPECT_TRUE(fs_.lock(l, 10).ok());
}

// rename(2) onto the same name changes nothing; the remembered file must not be
// dropped (or freed twice) on the way, whether it was read or only stat'ed.
TEST_F(HarnessTest, RenamingAFileOntoItselfKeepsIt) {
  const std::string p = home_.memory_path("feedback_self.md");
  ASSERT_TRUE(fs_.write_file(p, "kept\n").ok());
  const std::uint64_t version = fs_.stat(p)->version;
  ASSERT_TRUE(fs_.rename(p, p).ok());
  EXPECT_EQ(*fs_.read_file(p), "kept\n");
  EXPECT_EQ(fs_.stat(p)->kind, FileKind::kRegular);
  EXPECT_EQ(fs_.stat(p)->version, version) << "the text did not change";
  const std::string x = home_.memory_path("feedback_x.md");  // known to the disk only
  ASSERT_TRUE(fs_.rename(x, x).ok());
  EXPECT_EQ(fs_.stat(x)->kind, FileKind::kRegular);
  auto entries = fs_.list_dir(home_.memory_dir());
  ASSERT_TRUE(entries.ok());
  EXPECT_EQ(std::count_if(entries->begin(), entries->end(),
                          [](const DirEntry& e) { return e.name == "feedback_self.md" || e.name == "feedback_x.md"; }),
            2);
}

// A slot memo (atoms.h) spares only what did not change: a slot rewritten since
// its answer was kept is read and judged again, for plans and for contests alike.
TEST_F(HarnessTest, ASlotMemoNeverHidesAChangedSlot) {
  ASSERT_TRUE(fs_.make_dir(home_.candidates_dir()).ok());
  auto slot = [](const std::string& key, const std::string& claim, const std::string& status) {
    Atom a;
    a.id = atom_id_for(claim);
    a.claim = claim;
    a.kind = "directive";
    a.status = status;
    return Slot{key, {a}, "", false};
  };
  ASSERT_TRUE(save_slot(fs_, home_, slot("use tabs", "Always use tabs", "adopted")).ok());
  ASSERT_TRUE(save_slot(fs_, home_, slot("run lint", "Always run lint", "candidate")).ok());
  SlotMemo memo;
  auto ids = [&] {
    std::vector<std::string> out;
    auto plan = plan_promotions(fs_, home_, nullptr, GateRules{}, clock_.now(), &memo);
    EXPECT_TRUE(plan.ok());
    if (plan.ok())
      for (const Proposal& p : *plan) out.push_back(p.claim);
    return out;
  };
  EXPECT_EQ(ids(), std::vector<std::string>{"Always run lint"});
  EXPECT_EQ(memo.candidates.size(), 2u) << "both answers kept";
  EXPECT_EQ(ids(), std::vector<std::string>{"Always run lint"});
  ASSERT_TRUE(save_slot(fs_, home_, slot("use tabs", "Never use tabs", "candidate")).ok());
  EXPECT_EQ(ids(), (std::vector<std::string>{"Always run lint", "Never use tabs"}));

  EXPECT_TRUE(contested_by_candidates(fs_, home_, "use tabs", "Always use tabs", &memo));
  ASSERT_TRUE(save_slot(fs_, home_, slot("use tabs", "Never use tabs", "rejected")).ok());
  EXPECT_FALSE(contested_by_candidates(fs_, home_, "use tabs", "Always use tabs", &memo));
  ASSERT_TRUE(save_slot(fs_, home_, slot("use tabs", "Never use tabs", "staged")).ok());
  EXPECT_TRUE(contested_by_candidates(fs_, home_, "use tabs", "Always use tabs", &memo));
}

TEST_F(HarnessTest, AListingFromANameHoldsEveryNameFromItAsTheDiskDoes) {
  const std::string dir = home_.memory_dir() + "/short-term";
  ASSERT_TRUE(fs_.make_dir(dir).ok());
  for (const char* name : {"260101-a.md", "260102-b.md", "260102-c.md", "260103-d.md", "zz.md", "0.md"})
    ASSERT_TRUE(fs_.write_file(dir + "/" + name, "x\n").ok()) << name;
  ASSERT_TRUE(fs_.save_to_disk().ok());
  for (std::string_view first : {"", "260102", "260102-c.md", "260104", "~"}) {
    auto remembered = fs_.list_dir_from(dir, first);
    auto on_disk = posix_.list_dir_from(dir, first);  // FileSystem's own: list_dir, filtered
    ASSERT_TRUE(remembered.ok() && on_disk.ok());
    std::vector<std::string> a, b;
    for (const DirEntry& e : *remembered) a.push_back(e.name);
    for (const DirEntry& e : *on_disk) b.push_back(e.name);
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b) << "from '" << first << "'";
  }
  EXPECT_EQ(fs_.list_dir_from(dir, "260102")->size(), 4u);  // the two of the 2nd, the 3rd, zz.md
  auto stated = fs_.stat_dir_from(dir, "260102");
  ASSERT_TRUE(stated.ok());
  ASSERT_EQ(stated->size(), 4u);
  for (const DirEntryInfo& e : *stated) {
    EXPECT_EQ(e.info.kind, FileKind::kRegular) << e.name;
    EXPECT_EQ(e.info.version, fs_.stat(dir + "/" + e.name)->version) << e.name;
  }
}

}  // namespace
}  // namespace memsim::sim
