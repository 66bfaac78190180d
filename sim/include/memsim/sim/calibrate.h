// A world like your own (`memsim calibrate --home H`): fits the workload and the
// need process to a home's journal and writes a scenario, so a person can
// simulate their own kind of use.
//
// Measured directly: sessions a day, the hours they start, their length, the
// distinct memories read a session, how often and how many minutes later a memory
// is read again, edits, teaching (files whose first touch is a Write), and the
// corpus size. Fitted: the need process's decay intercept and the spread of base
// rates, chosen on a small grid so that a simulated history with that workload
// gives the journal's recency curve (the log-log slope of need odds against days
// since the last need) and its concentration (the share of need-days going to the
// tenth of files needed most). A journal with too little history to fit (fewer
// than 30 days or 200 need-days) keeps the month's defaults, and says so.
#pragma once

#include <string>
#include <vector>

#include "memsim/fs.h"
#include "memsim/home.h"
#include "memsim/sim/scenario.h"

namespace memsim::sim {

struct Calibration {
  Scenario scenario;               // month.yaml's shape with the fitted values
  std::vector<std::string> notes;  // what was measured and fitted, one line each
  bool fitted = false;             // the need process was fitted (else defaults)
  double journal_slope = 0, journal_top_share = 0;
  std::string yaml;  // the scenario file
};

Result<Calibration> calibrate_home(FileSystem& fs, const Home& home);

}  // namespace memsim::sim
