#include "memsim/sim/report.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>

#include "memsim/timefmt.h"
#include "report_template.h"

namespace memsim::sim {

namespace {

double pct(long long part, long long whole) { return whole > 0 ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0; }
double per_session(long long v, int sessions) { return sessions > 0 ? static_cast<double>(v) / sessions : 0.0; }

nlohmann::json day_json(const DayMetrics& d) {
  return {{"sessions", d.sessions}, {"needs", d.needs}, {"met_index", d.met_index}, {"met_search", d.met_search},
          {"missed", d.missed}, {"bytes_loaded", d.bytes_loaded}, {"stale_exposure", d.stale_exposure},
          {"promotions_true", d.promotions_true}, {"promotions_false", d.promotions_false},
          {"secrets_committed", d.secrets_committed}, {"churn", d.churn}, {"dropped", d.dropped},
          {"violations", d.violations}, {"touches", d.touches}, {"deferred_live", d.deferred_live}, {"cue_items", d.cue_items},
          {"files", d.files}, {"hot_bytes", d.hot_bytes}, {"new_bytes", d.new_bytes}, {"cold_bytes", d.cold_bytes},
          {"archive_bytes", d.archive_bytes}, {"loaded_rows", d.loaded_rows},
          {"stability_p10", d.stability_p10}, {"stability_p50", d.stability_p50}, {"stability_p90", d.stability_p90}};
}

// A metric the summary ranks variants on.
struct Criterion {
  const char* name;
  bool higher_is_better;
  std::function<double(const DayMetrics&)> value;
  const char* unit;
};

std::vector<Criterion> criteria() {
  return {
      {"needs met from the index", true, [](const DayMetrics& t) { return index_rate(t); }, "%"},
      {"needs missed", false, [](const DayMetrics& t) { return pct(t.missed, t.needs); }, "%"},
      {"bytes loaded per session", false, [](const DayMetrics& t) { return per_session(t.bytes_loaded, t.sessions); }, " B"},
      {"stale rows shown per session", false, [](const DayMetrics& t) { return per_session(t.stale_exposure, t.sessions); }, ""},
      {"index churn (rows in or out at ticks)", false, [](const DayMetrics& t) { return t.churn / 1.0; }, ""},
      {"true promotions (standing rules adopted)", true, [](const DayMetrics& t) { return t.promotions_true / 1.0; }, ""},
      {"false promotions (task rules adopted)", false, [](const DayMetrics& t) { return t.promotions_false / 1.0; }, ""},
  };
}

std::string fmt_value(double v, const char* unit) {
  if (std::string(unit) == " B") return fmt::format("{:.0f}{}", v, unit);
  return fmt::format("{:.2f}{}", v, unit);
}

// The winner on a criterion and its margin over the runner-up.
std::string verdict(const RunResult& r, const Criterion& c, std::size_t* winner = nullptr) {
  std::vector<std::size_t> order(r.variants.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const double x = c.value(r.variants[a].total), y = c.value(r.variants[b].total);
    return c.higher_is_better ? x > y : x < y;
  });
  if (winner) *winner = order[0];
  const auto& best = r.variants[order[0]];
  std::string s = fmt::format("**{}** on {}: {}", best.name, c.name, fmt_value(c.value(best.total), c.unit));
  if (order.size() > 1) {
    const auto& next = r.variants[order[1]];
    s += fmt::format(" vs {} for {}", fmt_value(c.value(next.total), c.unit), next.name);
  }
  return s;
}

std::string svg_chart(const std::string& title, const std::vector<std::pair<std::string, std::vector<double>>>& series,
                      const std::string& y_unit) {
  constexpr const char* colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};
  const double w = 900, h = 260, left = 60, right = 170, top = 10, bottom = 30;
  double lo = 0, hi = 1;
  std::size_t n = 0;
  for (const auto& [_, v] : series) {
    n = std::max(n, v.size());
    for (double x : v) hi = std::max(hi, x);
  }
  hi *= 1.05;
  auto px = [&](std::size_t i) { return left + (n > 1 ? static_cast<double>(i) / static_cast<double>(n - 1) : 0.5) * (w - left - right); };
  auto py = [&](double y) { return top + (1 - (y - lo) / (hi - lo)) * (h - top - bottom); };
  std::string s = fmt::format("<div class=\"chart\"><h2>{}</h2><svg viewBox=\"0 0 {} {}\" width=\"100%\" role=\"img\">", title, w, h);
  for (int k = 0; k <= 4; ++k) {
    const double y = lo + (hi - lo) * k / 4;
    s += fmt::format("<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#eee\"/>", left, w - right, py(y), py(y));
    s += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{:.0f}{}</text>", left - 4, py(y) + 4, y, y_unit);
  }
  s += fmt::format("<text x=\"{}\" y=\"{}\">day 1</text><text x=\"{}\" y=\"{}\" text-anchor=\"end\">day {}</text>",
                   left, h - 8, w - right, h - 8, n);
  for (std::size_t k = 0; k < series.size(); ++k) {
    const auto& [name, v] = series[k];
    std::string pts;
    for (std::size_t i = 0; i < v.size(); ++i) pts += fmt::format("{:.1f},{:.1f} ", px(i), py(v[i]));
    const char* color = colors[k % 10];
    s += fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"1.8\" points=\"{}\"/>", color, pts);
    s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"3\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text>",
                     w - right + 10, top + 14 * static_cast<double>(k) + 4, color, w - right + 26, top + 14 * static_cast<double>(k) + 9, name);
  }
  return s + "</svg></div>\n";
}

std::string html_escape(const std::string& in) {
  std::string out;
  for (char c : in) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else out += c;
  }
  return out;
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) s.replace(p, from.size(), to);
  return s;
}

}  // namespace

double index_rate(const DayMetrics& m) { return pct(m.met_index, m.needs); }

nlohmann::json report_json(const Scenario& sc, const RunResult& r) {
  nlohmann::json j;
  j["scenario"] = {{"name", sc.name}, {"path", sc.path}, {"start", format_date(day_of(sc.start))}, {"days", sc.days}};
  j["seed"] = r.seed;
  j["trace_hash"] = hex_hash(r.trace_hash);
  j["events"] = r.events;
  j["wall_seconds"] = r.wall_seconds;
  j["events_per_second"] = r.wall_seconds > 0 ? static_cast<double>(r.events) / r.wall_seconds : 0;
  j["failure"] = r.failure ? nlohmann::json(*r.failure) : nlohmann::json();
  j["sometimes"] = r.sometimes;
  j["notes"] = r.notes;
  for (const auto& v : r.variants) {
    nlohmann::json days = nlohmann::json::array();
    for (const auto& d : v.days) days.push_back(day_json(d));
    nlohmann::json total = day_json(v.total);
    total["met_index_pct"] = index_rate(v.total);
    total["met_search_pct"] = pct(v.total.met_search, v.total.needs);
    total["missed_pct"] = pct(v.total.missed, v.total.needs);
    total["bytes_per_session"] = per_session(v.total.bytes_loaded, v.total.sessions);
    j["variants"].push_back({{"name", v.name}, {"loader", v.loader}, {"production_loader", v.production_loader},
                             {"total", total}, {"days", days}});
  }
  return j;
}

std::string report_markdown(const Scenario& sc, const RunResult& r) {
  std::string s = fmt::format("# memsim report: {}\n\n", sc.name);
  s += fmt::format("Seed {}, {} days from {}, {} events, trace hash `{}`.\n\n", r.seed, sc.days,
                   format_date(day_of(sc.start)), r.events, hex_hash(r.trace_hash));
  if (r.failure) s += fmt::format("**Invariant violated**: {}\n\n", *r.failure);
  s += "## Who won\n\n";
  for (const auto& c : criteria()) s += "- " + verdict(r, c) + "\n";
  s += "\n## Every variant\n\n| variant | loader | met from index | by search | missed | bytes/session | stale rows/session |"
       " churn | promotions true / false | dropped | secrets committed | violations |\n"
       "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  for (const auto& v : r.variants) {
    const DayMetrics& t = v.total;
    s += fmt::format("| {} | {}{} | {:.1f}% | {:.1f}% | {:.1f}% | {:.0f} | {:.2f} | {} | {} / {} | {} | {} | {} |\n", v.name,
                     v.loader, v.production_loader ? " (MEMORY.md)" : "", index_rate(t), pct(t.met_search, t.needs),
                     pct(t.missed, t.needs), per_session(t.bytes_loaded, t.sessions),
                     per_session(t.stale_exposure, t.sessions), t.churn, t.promotions_true, t.promotions_false,
                     t.dropped, t.secrets_committed, t.violations);
  }
  s += "\nNeeds are counted per session; \"met from index\" means the agent recognised the memory's row in what it"
       " loaded at session start and read the file. Promotions count what the simulated human adopted: a standing rule"
       " is true, a rule stated only for the task at hand is false.\n\n## Notes\n\n";
  for (const auto& n : r.notes) s += "- " + n + "\n";
  return s;
}

std::string report_html(const Scenario& sc, const RunResult& r) {
  std::string summary = "<table><tr><th>variant</th><th>loader</th><th>met from index</th><th>by search</th><th>missed</th>"
                        "<th>bytes/session</th><th>stale rows/session</th><th>churn</th><th>dropped</th><th>violations</th></tr>";
  std::size_t best = 0;
  std::string verdicts = "<ul>";
  for (const auto& c : criteria()) {
    std::string v = verdict(r, c, c.name == std::string("needs met from the index") ? &best : nullptr);
    v = replace_all(replace_all(html_escape(v), "**", "<b>"), "<b> on", "</b> on");
    verdicts += "<li>" + v + "</li>";
  }
  verdicts += "</ul>";
  for (std::size_t i = 0; i < r.variants.size(); ++i) {
    const auto& v = r.variants[i];
    const DayMetrics& t = v.total;
    summary += fmt::format("<tr{}><td>{}</td><td>{}</td><td>{:.1f}%</td><td>{:.1f}%</td><td>{:.1f}%</td><td>{:.0f}</td>"
                           "<td>{:.2f}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
                           i == best ? " class=\"best\"" : "", html_escape(v.name), v.loader, index_rate(t),
                           pct(t.met_search, t.needs), pct(t.missed, t.needs), per_session(t.bytes_loaded, t.sessions),
                           per_session(t.stale_exposure, t.sessions), t.churn, t.dropped, t.violations);
  }
  summary += "</table>" + verdicts;

  auto per_variant = [&](const std::function<double(const DayMetrics&)>& f) {
    std::vector<std::pair<std::string, std::vector<double>>> out;
    for (const auto& v : r.variants) {
      std::vector<double> ys;
      for (const auto& d : v.days) ys.push_back(f(d));
      out.emplace_back(v.name, ys);
    }
    return out;
  };
  std::string charts = svg_chart("Needs met from the loaded index, per day", per_variant(index_rate), "%");
  if (!r.variants.empty()) {
    const auto& v0 = r.variants[0];
    std::vector<std::pair<std::string, std::vector<double>>> bands(3);
    bands[0].first = "hot";
    bands[1].first = "new";
    bands[2].first = "cold";
    for (const auto& d : v0.days) {
      bands[0].second.push_back(d.hot_bytes);
      bands[1].second.push_back(d.new_bytes);
      bands[2].second.push_back(d.cold_bytes);
    }
    charts += svg_chart("Index bytes per band (" + html_escape(v0.name) + ")", bands, "");
  }
  charts += svg_chart("Archive growth: bytes not loaded, per variant", per_variant([](const DayMetrics& d) { return d.archive_bytes / 1.0; }), "");
  std::vector<std::pair<std::string, std::vector<double>>> spread;
  for (const auto& v : r.variants) {
    if (v.loader != "index" && v.loader != "fsrs") continue;
    std::vector<double> p50, p90;
    for (const auto& d : v.days) {
      p50.push_back(d.stability_p50);
      p90.push_back(d.stability_p90);
    }
    spread.emplace_back(v.name + " p50", p50);
    spread.emplace_back(v.name + " p90", p90);
  }
  charts += svg_chart("Stability spread (days): median and 90th percentile", spread, "");
  std::string notes;
  for (const auto& n : r.notes) notes += "<li>" + html_escape(n) + "</li>";
  std::string html = kReportTemplate;
  html = replace_all(html, "{{TITLE}}", html_escape(sc.name));
  html = replace_all(html, "{{META}}", fmt::format("seed {}, {} days from {}, {} events, trace hash {}", r.seed, sc.days,
                                                   format_date(day_of(sc.start)), r.events, hex_hash(r.trace_hash)));
  html = replace_all(html, "{{SUMMARY}}", summary);
  html = replace_all(html, "{{CHARTS}}", charts);
  return replace_all(html, "{{NOTES}}", notes);
}

Status write_reports(const Scenario& sc, const RunResult& r, const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return Error{dir + ": cannot create the report directory: " + ec.message()};
  const std::pair<std::string, std::string> files[] = {
      {"report.json", report_json(sc, r).dump(1) + "\n"},
      {"report.md", report_markdown(sc, r)},
      {"report.html", report_html(sc, r)}};
  for (const auto& [name, text] : files) {
    const std::string path = dir + "/" + name;
    std::ofstream f(path, std::ios::binary);
    f << text;
    if (!f) return Error{path + ": cannot write the report"};
  }
  return {};
}

std::string terminal_summary(const Scenario& sc, const RunResult& r) {
  std::string s = fmt::format("{}: {} days, {} events in {:.2f} s ({:.0f} events/s)\n", sc.name, sc.days, r.events,
                              r.wall_seconds, r.wall_seconds > 0 ? static_cast<double>(r.events) / r.wall_seconds : 0.0);
  s += fmt::format("  {:<16} {:>8} {:>8} {:>8} {:>10} {:>7} {:>6}\n", "variant", "index", "search", "missed", "B/session",
                   "stale", "viol");
  for (const auto& v : r.variants) {
    const DayMetrics& t = v.total;
    s += fmt::format("  {:<16} {:>7.1f}% {:>7.1f}% {:>7.1f}% {:>10.0f} {:>7.2f} {:>6}\n", v.name, index_rate(t),
                     pct(t.met_search, t.needs), pct(t.missed, t.needs), per_session(t.bytes_loaded, t.sessions),
                     per_session(t.stale_exposure, t.sessions), t.violations);
  }
  if (!r.variants.empty()) {
    std::string v = verdict(r, criteria()[0]);
    s += "  winner: " + replace_all(v, "**", "") + "\n";
  }
  s += "trace hash " + hex_hash(r.trace_hash) + "\n";
  return s;
}

}  // namespace memsim::sim
