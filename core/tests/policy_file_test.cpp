// load_policy() against real files: a missing file is the defaults, an oversized
// or malformed one is an error naming the file, and a good one sets its keys.
#include <gtest/gtest.h>

#include "memsim/home.h"
#include "memsim/limits.h"
#include "memsim/policy.h"
#include "memsim/testing/testing.h"

namespace memsim {
namespace {

using testing::TempDir;
using testing::write;

TEST(PolicyFile, MissingIsTheDefaultsAndAKeySetsItsValue) {
  TempDir dir;
  PosixFileSystem fs;
  auto defaults = load_policy(fs, dir.path());
  ASSERT_TRUE(defaults.ok()) << defaults.message();
  write(Home(dir.path()).policy_path(), "hot_budget: 12345\n");
  auto set = load_policy(fs, dir.path());
  ASSERT_TRUE(set.ok()) << set.message();
  EXPECT_EQ(set->hot_budget, 12345);
  EXPECT_NE(set->hot_budget, defaults->hot_budget);
}

TEST(PolicyFile, OversizedOrMalformedIsAnErrorNamingTheFile) {
  TempDir dir;
  PosixFileSystem fs;
  const std::string path = Home(dir.path()).policy_path();
  write(path, "# " + std::string(static_cast<std::size_t>(kMaxConfigBytes), 'x') + "\nhot_budget: 12345\n");
  auto big = load_policy(fs, dir.path());
  ASSERT_FALSE(big.ok());
  EXPECT_NE(big.message().find(path), std::string::npos) << big.message();
  write(path, "hot_budget: [1, 2\n");
  auto bad = load_policy(fs, dir.path());
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("policy.yaml"), std::string::npos) << bad.message();
}

}  // namespace
}  // namespace memsim
