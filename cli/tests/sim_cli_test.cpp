// memsim run, sweep and replay as a user runs them: the report opens with the
// question, the verdict and the assumptions; a signal leaves no home behind.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include <nlohmann/json.hpp>

#include "memsim/testing/run_memsim.h"

namespace memsim::testing {
namespace {

namespace fs = std::filesystem;

constexpr const char* kTiny = R"(name: tiny
seed: 5
seeds: 2
days: 2
corpus: {files: 150, history_days: 40}
variants:
  - name: seed
  - name: recency
    policy: {ranking: recency}
  - name: oracle
    loader: oracle
)";

class SimCli : public ::testing::Test {
 protected:
  void SetUp() override { write(dir.path() + "/tiny.yaml", kTiny); }
  std::string scenario() const { return dir.path() + "/tiny.yaml"; }
  TempDir dir;
};

TEST_F(SimCli, TheReportOpensWithTheQuestionTheVerdictAndItsAssumptions) {
  const Ran r = memsim({"run", scenario(), "--out", dir.path() + "/out", "--quiet"});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("verdict: Over 2 seeds"), std::string::npos) << r.out;
  const std::string md = read(dir.path() + "/out/report.md");
  EXPECT_EQ(md.find("# memsim report: tiny\n\n**The question.**"), 0u) << md.substr(0, 200);
  const auto verdict = md.find("**The verdict.** Over 2 seeds");
  const auto assumptions = md.find("**Assumptions.**");
  const auto table = md.find("## Every variant");
  ASSERT_NE(verdict, std::string::npos);
  ASSERT_NE(assumptions, std::string::npos);
  EXPECT_LT(verdict, assumptions);
  EXPECT_LT(assumptions, table);
  EXPECT_NE(md.find("## By class of need"), std::string::npos);
  EXPECT_NE(md.find("Anderson and Schooler"), std::string::npos);
  EXPECT_NE(md.find("## Properties of the workload (not results)"), std::string::npos);
  EXPECT_NE(md.find("`ranking: recency`"), std::string::npos) << "the line that adopts a variant";
  const auto j = nlohmann::json::parse(read(dir.path() + "/out/report.json"));
  EXPECT_EQ(j["seeds"].size(), 2u);
  EXPECT_EQ(j["variants"].size(), 3u);
  EXPECT_EQ(j["variants"][0]["per_seed"].size(), 2u);
  const std::string html = read(dir.path() + "/out/report.html");
  EXPECT_NE(html.find("<svg"), std::string::npos);
  EXPECT_NE(html.find("massed"), std::string::npos);
}

TEST_F(SimCli, SeedsAndJobsComeFromTheCommandLineAndDoNotChangeTheFigures) {
  const Ran one = memsim({"run", scenario(), "--out", "", "--quiet", "--seeds", "3", "--jobs", "1", "--json"});
  const Ran two = memsim({"run", scenario(), "--out", "", "--quiet", "--seeds", "3", "--jobs", "2", "--json"});
  ASSERT_EQ(one.code, 0) << one.err;
  ASSERT_EQ(two.code, 0) << two.err;
  const auto a = nlohmann::json::parse(one.out), b = nlohmann::json::parse(two.out);
  EXPECT_EQ(a["seeds"].size(), 3u);
  EXPECT_EQ(a["trace_hash"], b["trace_hash"]);
  EXPECT_EQ(a["variants"][0]["met_index_pct"], b["variants"][0]["met_index_pct"]);
}

TEST_F(SimCli, ABadScenarioNamesTheFileAndTheKey) {
  write(dir.path() + "/bad.yaml", "variants: [{name: a, loader: fsrs}]\n");
  const Ran r = memsim({"run", dir.path() + "/bad.yaml", "--quiet"});
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("bad.yaml:1: variants[0].loader: unknown loader 'fsrs'"), std::string::npos) << r.err;
}

TEST_F(SimCli, ASweepChartsWhoWinsWhere) {
  const Ran r = memsim({"sweep", scenario(), "--knob", "days", "--values", "1,2", "--seeds", "2", "--out",
                        dir.path() + "/sweep", "--quiet"});
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string md = read(dir.path() + "/sweep/sweep.md");
  EXPECT_NE(md.find("## days"), std::string::npos) << md;
  EXPECT_NE(md.find("| days | winner |"), std::string::npos) << md;
  EXPECT_NE(read(dir.path() + "/sweep/sweep.html").find("Who wins where"), std::string::npos);
  const Ran bad = memsim({"sweep", scenario(), "--knob", "model.zipf", "--values", "1"});
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("unknown knob 'model.zipf'"), std::string::npos) << bad.err;
}

// SIGINT, SIGTERM, SIGHUP: the run stops, its homes are removed, and the process
// dies of the signal, as a shell expects.
TEST_F(SimCli, ASignalLeavesNoHomeBehind) {
  write(dir.path() + "/long.yaml",
        "name: long\nseeds: 2\ndays: 200\ncorpus: {files: 300, history_days: 60}\nvariants: [{name: seed}]\n");
  for (int sig : {SIGTERM, SIGINT, SIGHUP}) {
    const std::string tmp = dir.path() + "/tmp-" + std::to_string(sig);
    fs::create_directories(tmp);
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::setenv("TMPDIR", tmp.c_str(), 1);
      const std::string bin = memsim_bin(), sc = dir.path() + "/long.yaml";
      ::execl(bin.c_str(), bin.c_str(), "run", sc.c_str(), "--out", "", "--quiet", static_cast<char*>(nullptr));
      ::_exit(127);
    }
    // Wait until its homes exist (their files are held in memory, their
    // directories are on disk: sim_fs.h), then signal it.
    bool started = false;
    for (int i = 0; i < 600 && !started; ++i) {
      for (const auto& e : fs::directory_iterator(tmp))
        if (e.path().filename().string().starts_with("memsim-run-") && fs::exists(e.path() / "0-home/memory"))
          started = true;
      if (!started) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    ASSERT_TRUE(started) << "the run never set up its homes";
    ::kill(pid, sig);
    int status = 0;
    ::waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == sig) << "signal " << sig << ", status " << status;
    EXPECT_TRUE(fs::is_empty(tmp)) << "signal " << sig << " left " << fs::directory_iterator(tmp)->path();
  }
}

}  // namespace
}  // namespace memsim::testing
