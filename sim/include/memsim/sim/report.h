// The reports of a run: report.json (every figure), report.md (a one-minute
// summary: which variant won on what, by how much) and report.html (the same,
// self-contained, with charts as inline SVG; it opens offline).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "memsim/sim/engine.h"
#include "memsim/sim/scenario.h"

namespace memsim::sim {

nlohmann::json report_json(const Scenario& sc, const RunResult& r);
std::string report_markdown(const Scenario& sc, const RunResult& r);
std::string report_html(const Scenario& sc, const RunResult& r);

// Writes the three files into dir (created if missing). Errors name the file.
Status write_reports(const Scenario& sc, const RunResult& r, const std::string& dir);

// A few lines for the terminal: one row per variant, the winner, the trace hash.
std::string terminal_summary(const Scenario& sc, const RunResult& r);

// Share of needs met from the loaded index, in percent (0 when there were none).
double index_rate(const DayMetrics& m);

}  // namespace memsim::sim
