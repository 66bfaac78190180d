// The reports are written whole: a failure at any write leaves each file as it
// was or entirely new, never half of a report, and says which file failed.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "memsim/sim/report.h"
#include "memsim/testing/faulty_fs.h"
#include "memsim/testing/testing.h"

namespace memsim::sim {
namespace {

using testing::Fault;
using testing::FaultyFileSystem;
using testing::read;
using testing::TempDir;
using testing::write;

TEST(Reports, AFailedWriteLeavesEachFileOldOrWholeAndNamesIt) {
  const std::vector<std::pair<std::string, std::string>> fresh = {{"report.md", std::string(4000, 'n') + "\n"},
                                                                  {"report.json", "{\"new\": true}\n"}};
  const std::vector<std::pair<std::string, std::string>> old = {{"report.md", "old report\n"},
                                                                {"report.json", "{\"old\": true}\n"}};
  int fired = 0;
  // Each of the four mutations (a temporary written, then renamed, per file), for
  // every kind of fault.
  for (int at = 1; at <= 4; ++at) {
    for (const Fault fault : {Fault::kShortWrite, Fault::kEnospc, Fault::kEio, Fault::kCrash}) {
      TempDir d;
      const std::string dir = d.path() + "/out";
      for (const auto& [name, text] : old) write(dir + "/" + name, text);
      PosixFileSystem posix;
      FaultyFileSystem fs(posix, at, fault, /*forever=*/false);
      const Status s = write_report_files(fs, dir, fresh);
      ASSERT_TRUE(fs.fired()) << "mutation " << at;
      ++fired;
      ASSERT_FALSE(s.ok());
      EXPECT_NE(s.message().find(dir + "/report."), std::string::npos) << s.message();
      for (std::size_t i = 0; i < fresh.size(); ++i) {
        const std::string now = read(dir + "/" + fresh[i].first);
        EXPECT_TRUE(now == old[i].second || now == fresh[i].second)
            << fresh[i].first << " is torn after a fault at mutation " << at << ": " << now.size() << " bytes";
      }
      // Only a crash leaves its temporary behind (nothing runs after it to remove it).
      if (fault != Fault::kCrash) {
        int entries = 0;
        for (const auto& e : std::filesystem::directory_iterator(dir)) {
          ++entries;
          EXPECT_TRUE(e.path().filename() == "report.md" || e.path().filename() == "report.json") << e.path();
        }
        EXPECT_EQ(entries, 2);
      }
    }
  }
  EXPECT_EQ(fired, 16);
}

TEST(Reports, AllWrittenWhenNothingFails) {
  TempDir d;
  const std::string dir = d.path() + "/a/b";
  PosixFileSystem fs;
  ASSERT_TRUE(write_report_files(fs, dir, {{"x.md", "x\n"}, {"y.json", "{}\n"}}).ok());
  EXPECT_EQ(read(dir + "/x.md"), "x\n");
  EXPECT_EQ(read(dir + "/y.json"), "{}\n");
}

}  // namespace
}  // namespace memsim::sim
