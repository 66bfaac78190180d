// The reports of a batch: report.md (the question, the verdict with its
// interval, the assumptions, then every figure), report.html (the same,
// self-contained, charts as inline SVG; it opens offline) and report.json (every
// figure, per variant, per seed and per day).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "memsim/fs.h"
#include "memsim/sim/batch.h"
#include "memsim/sim/scenario.h"
#include "memsim/sim/summary.h"

namespace memsim::sim {

nlohmann::json report_json(const Scenario& sc, const Summary& s, const BatchResult& b);
std::string report_markdown(const Scenario& sc, const Summary& s);
std::string report_html(const Scenario& sc, const Summary& s, const BatchResult& b);

// Writes the three files into dir (created if missing). Errors name the file.
Status write_reports(const Scenario& sc, const Summary& s, const BatchResult& b, const std::string& dir);

// Writes each (name, text) into dir, which is made with its parents when missing.
// Each file goes through a temporary file and a rename (core's replace_file), so a
// reader, or a run interrupted halfway, never leaves half a report. Errors name
// the file.
Status write_report_files(FileSystem& fs, const std::string& dir,
                          const std::vector<std::pair<std::string, std::string>>& files);

// A few lines for the terminal: the verdict, one row per variant, the trace hash.
std::string terminal_summary(const Scenario& sc, const Summary& s);

// Shared with the sweep's report: an inline SVG line chart, x by index, one series per name.
std::string svg_lines(const std::string& title, const std::vector<std::string>& x_labels,
                      const std::vector<std::pair<std::string, std::vector<double>>>& series, const std::string& y_unit,
                      bool log_y = false);
std::string html_escape(const std::string& in);
// Fills reports/template.html.
std::string fill_template(const std::string& title, const std::string& meta, const std::string& body);

}  // namespace memsim::sim
