#include "memsim/sim/report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "memsim/fs.h"
#include "memsim/timefmt.h"
#include "report_template.h"

namespace memsim::sim {

namespace {

std::string f1(const Interval& i) { return format_interval(i, 1, false); }

std::string pm(const Interval& i, int decimals = 1) {
  if (i.n < 2) return fmt::format("{:.{}f}", i.mean, decimals);
  return fmt::format("{:.{}f} ±{:.{}f}", i.mean, decimals, (i.hi - i.lo) / 2, decimals);
}

std::string adopt_with(const VariantSummary& v) {
  if (v.yardstick) return v.loader == "oracle" ? "(the ceiling: knows the world)" : "(not adoptable)";
  if (v.policy_lines.empty()) return "(the shipped defaults)";
  std::string s = v.policy_lines.substr(0, v.policy_lines.size() - 1);
  for (std::size_t p = s.find('\n'); p != std::string::npos; p = s.find('\n')) s.replace(p, 1, "; ");
  return "`" + s + "`";
}

std::string assumptions(const Scenario& sc) {
  const ModelSpec& m = sc.model;
  const WorkloadSpec& w = sc.workload;
  const CorpusSpec& c = sc.corpus;
  std::string s = "**Assumptions.**\n\n";
  s += fmt::format(
      "- *How needs arise.* Each fact has a need intensity r × context × (b + A), where A sums a power-law trace of "
      "the fact's own past needs, max(age, {:.0f} h)^-d, each with its own decay d = {:.2f} + {:.2f} × A at the time "
      "(ACT-R's base level with Pavlik and Anderson's spacing effect: massed needs fade fast, spaced ones slowly); "
      "b = {:.2f} for rules, {:.2f} for project facts, {:.2f} for one-offs; r is log-normal per fact (median {:.1f} "
      "for rules, {:.1f} for project facts, {:.1f} for one-offs, "
      "spread {:.1f}); a project's facts count ×{:.2f} while it is not active. {}-{} needs a session, {}-{} sessions "
      "a day starting between {:02d}:00 and {:02d}:00, re-reads {}-{} minutes later with probability {:.2f}.\n",
      m.floor_hours, m.decay_intercept, m.decay_scale, m.rule_baseline, m.project_baseline, m.oneoff_baseline,
      m.rule_rate, m.project_rate, m.oneoff_rate, m.rate_spread, m.dormant, w.needs_per_session.lo,
      w.needs_per_session.hi, w.sessions_per_day.lo, w.sessions_per_day.hi, w.hours.lo, w.hours.hi, w.reread_minutes.lo,
      w.reread_minutes.hi, w.reread);
  s += fmt::format(
      "- *Recognition.* A fact whose row is in the loaded index is recognised with its summary's quality q (mean "
      "{:.2f}, spread {:.2f}; ×{:.2f} for a row cut to the New cap) and read: met from the index.\n",
      m.quality_mean, m.quality_spread, m.cut_penalty);
  s += fmt::format(
      "- *Search* is modelled, not run: otherwise the agent greps memory/ (a search never reinforces) and finds the "
      "fact with probability {:.2f} + {:.2f} q, then reads it; else the need is missed. A changed fact cannot be "
      "served until a human supersedes it ({}-{} days later).\n",
      m.search_base, m.search_quality_weight, w.resolve_after_days.lo, w.resolve_after_days.hi);
  s += fmt::format(
      "- *What is synthetic:* the facts, their summaries (a word list), the {}-day history the start corpus comes "
      "from (the same process; {}% of its needs were found and read), the sessions and the agent. *What is "
      "production:* every hook call, the journal, the fold, the nightly tick, the index, supersede, promote and "
      "adopt, in a real home per variant.\n",
      c.history_days, static_cast<int>(std::lround(c.found * 100)));
  s += "- *Uncertainty.* Each seed is another world; every variant sees the same worlds, so differences are paired "
       "seed by seed. Intervals are 95% (Student's t over seeds). An interval that covers zero is no detectable "
       "difference.\n";
  return s;
}

std::string curve_table(const char* what, const std::vector<CurveBin>& bins) {
  std::string s = fmt::format("| {} | fact-days | needed | P(need) | odds |\n|---:|---:|---:|---:|---:|\n", what);
  for (std::size_t i = 0; i < bins.size(); ++i) {
    const CurveBin& b = bins[i];
    if (b.trials == 0) continue;
    const std::string range = i + 1 < bins.size()
                                  ? (b.x == bins[i + 1].x - 1 ? fmt::format("{:.0f}", b.x)
                                                              : fmt::format("{:.0f}-{:.0f}", b.x, bins[i + 1].x - 1))
                                  : fmt::format("{:.0f}+", b.x);
    s += fmt::format("| {} | {} | {} | {:.4f} | {:.4f} |\n", range, b.trials, b.hits, b.probability(), b.odds());
  }
  return s;
}

std::string environment_md(const EnvironmentStats& e) {
  std::string s =
      "## The world's need stream (Anderson and Schooler, 1991)\n\n"
      "Measured on the simulated needs themselves (fact-days over the history and the run, pooled over seeds), as "
      "Anderson and Schooler measured real environments: the odds that a fact is needed on a day, by its past.\n\n";
  const LogLogFit fit = fit_loglog(e.recency);
  s += fmt::format(
      "**Recency.** Need odds by days since the last need: log-log slope {:.2f}, r² {:.3f} over {} bins (a straight "
      "line in log-log is a power law).\n\n",
      fit.slope, fit.r2, fit.points);
  s += curve_table("days since last need", e.recency) + "\n";
  s += "**Frequency.** Need odds by need-days in the 30 days before: they rise with frequency.\n\n";
  s += curve_table("need-days in 30", e.frequency) + "\n";
  s += "**Spacing.** Facts with 2-4 need-days in the 30 days up to their last need, those within 3 days (massed) "
       "or spread over 10 or more (spaced), by days since the last need: massed are ahead at short retention, spaced "
       "at long retention.\n\n| days since last need | massed P(need) | spaced P(need) |\n|---:|---:|---:|\n";
  for (std::size_t i = 0; i < e.massed.size() && i < e.spaced.size(); ++i) {
    if (e.massed[i].trials == 0 && e.spaced[i].trials == 0) continue;
    s += fmt::format("| {:.0f}+ | {:.4f} ({} fact-days) | {:.4f} ({} fact-days) |\n", e.massed[i].x,
                     e.massed[i].probability(), e.massed[i].trials, e.spaced[i].probability(), e.spaced[i].trials);
  }
  return s + "\n";
}

// A tiny markdown renderer for exactly what report_markdown writes: headings,
// paragraphs, lists, tables, **bold**, *italic* and `code`.
std::string inline_md(const std::string& in) {
  std::string t = html_escape(in), out;
  bool b = false, i = false, c = false;
  for (std::size_t p = 0; p < t.size(); ++p) {
    if (t[p] == '`') {
      out += c ? "</code>" : "<code>";
      c = !c;
    } else if (!c && t.compare(p, 2, "**") == 0) {
      out += b ? "</b>" : "<b>";
      b = !b;
      ++p;
    } else if (!c && t[p] == '*' && (i || (p + 1 < t.size() && t[p + 1] != ' '))) {
      out += i ? "</i>" : "<i>";
      i = !i;
    } else {
      out += t[p];
    }
  }
  return out;
}

std::string md_to_html(const std::string& md) {
  std::string out, para;
  bool list = false, table = false;
  auto close = [&] {
    if (!para.empty()) out += "<p>" + inline_md(para) + "</p>\n";
    para.clear();
    if (list) out += "</ul>\n";
    if (table) out += "</table>\n";
    list = table = false;
  };
  std::size_t p = 0;
  while (p < md.size()) {
    std::size_t eol = md.find('\n', p);
    if (eol == std::string::npos) eol = md.size();
    const std::string line = md.substr(p, eol - p);
    p = eol + 1;
    if (line.empty()) {
      close();
    } else if (line.starts_with("# ")) {
      close();  // the template has the title
    } else if (line.starts_with("## ")) {
      close();
      out += "<h2>" + inline_md(line.substr(3)) + "</h2>\n";
    } else if (line.starts_with("- ")) {
      if (!para.empty() || table) close();
      if (!list) out += "<ul>\n";
      list = true;
      out += "<li>" + inline_md(line.substr(2)) + "</li>\n";
    } else if (line.starts_with("|")) {
      if (!para.empty() || list) close();
      if (line.find("---") != std::string::npos && line.find_first_not_of("|-: ") == std::string::npos) continue;
      const bool head = !table;
      if (!table) out += "<table>\n";
      table = true;
      out += "<tr>";
      std::size_t a = 1;
      while (a < line.size()) {
        std::size_t b = line.find('|', a);
        if (b == std::string::npos) break;
        std::string cell = line.substr(a, b - a);
        cell = cell.substr(cell.find_first_not_of(' ') == std::string::npos ? 0 : cell.find_first_not_of(' '));
        while (!cell.empty() && cell.back() == ' ') cell.pop_back();
        out += (head ? "<th>" : "<td>") + inline_md(cell) + (head ? "</th>" : "</td>");
        a = b + 1;
      }
      out += "</tr>\n";
    } else {
      if (list || table) close();
      para += (para.empty() ? "" : " ") + line;
    }
  }
  close();
  return out;
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (std::size_t p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size()))
    s.replace(p, from.size(), to);
  return s;
}

constexpr const char* kColors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
                                   "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};

// Horizontal bars with 95% whiskers, one per variant.
std::string svg_bars(const std::string& title, const std::vector<std::string>& names, const std::vector<Interval>& v,
                     const std::string& unit) {
  const double w = 900, row = 22, left = 150, right = 120, top = 10;
  const double h = top + row * static_cast<double>(names.size()) + 25;
  double hi = 1;
  for (const Interval& i : v) hi = std::max({hi, i.hi, i.mean});
  hi *= 1.05;
  auto px = [&](double x) { return left + x / hi * (w - left - right); };
  std::string s = fmt::format("<div class=\"chart\"><h3>{}</h3><svg viewBox=\"0 0 {} {}\" width=\"100%\" role=\"img\">",
                              html_escape(title), w, h);
  for (std::size_t k = 0; k < names.size(); ++k) {
    const double y = top + row * static_cast<double>(k);
    s += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}</text>", left - 6, y + 14,
                     html_escape(names[k]));
    s += fmt::format("<rect x=\"{}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"14\" fill=\"{}\"/>", left, y + 3,
                     px(v[k].mean) - left, kColors[k % 10]);
    s += fmt::format("<line x1=\"{:.1f}\" x2=\"{:.1f}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#000\"/>", px(v[k].lo),
                     px(v[k].hi), y + 10, y + 10);
    s += fmt::format("<text x=\"{:.1f}\" y=\"{:.1f}\">{}{}</text>", px(std::max(v[k].hi, v[k].mean)) + 6, y + 14,
                     format_interval(v[k], 1, false), unit);
  }
  return s + "</svg></div>\n";
}

std::string bin_label(const std::vector<CurveBin>& bins, std::size_t i) { return fmt::format("{:.0f}", bins[i].x); }

}  // namespace

std::string html_escape(const std::string& in) {
  std::string out;
  for (char c : in) {
    if (c == '<') out += "&lt;";
    else if (c == '>') out += "&gt;";
    else if (c == '&') out += "&amp;";
    else if (c == '"') out += "&quot;";
    else out += c;
  }
  return out;
}

std::string svg_lines(const std::string& title, const std::vector<std::string>& x_labels,
                      const std::vector<std::pair<std::string, std::vector<double>>>& series, const std::string& y_unit,
                      bool log_y) {
  const double w = 900, h = 260, left = 60, right = 190, top = 10, bottom = 30;
  double lo = log_y ? 1e300 : 0, hi = log_y ? 0 : 1;
  for (const auto& [_, v] : series)
    for (double x : v) {
      if (log_y && x <= 0) continue;
      hi = std::max(hi, x);
      lo = std::min(lo, x);
    }
  if (log_y) {
    if (hi <= 0) {
      hi = 1;
      lo = 0.1;
    }
    lo = std::pow(10.0, std::floor(std::log10(lo)));
    hi = std::pow(10.0, std::ceil(std::log10(hi)));
  } else {
    hi *= 1.05;
  }
  const std::size_t n = x_labels.size();
  auto px = [&](std::size_t i) {
    return left + (n > 1 ? static_cast<double>(i) / static_cast<double>(n - 1) : 0.5) * (w - left - right);
  };
  auto frac = [&](double y) {
    return log_y ? (std::log10(y) - std::log10(lo)) / (std::log10(hi) - std::log10(lo)) : (y - lo) / (hi - lo);
  };
  auto py = [&](double y) { return top + (1 - frac(y)) * (h - top - bottom); };
  std::string s = fmt::format("<div class=\"chart\"><h3>{}</h3><svg viewBox=\"0 0 {} {}\" width=\"100%\" role=\"img\">",
                              html_escape(title), w, h);
  const int ticks = log_y ? static_cast<int>(std::lround(std::log10(hi / lo))) : 4;
  for (int k = 0; k <= ticks; ++k) {
    const double y = log_y ? lo * std::pow(10.0, k) : lo + (hi - lo) * k / 4;
    s += fmt::format("<line x1=\"{}\" x2=\"{}\" y1=\"{:.1f}\" y2=\"{:.1f}\" stroke=\"#eee\"/>", left, w - right, py(y),
                     py(y));
    s += fmt::format("<text x=\"{}\" y=\"{:.1f}\" text-anchor=\"end\">{}{}</text>", left - 4, py(y) + 4,
                     log_y ? fmt::format("{:g}", y) : fmt::format("{:.0f}", y), y_unit);
  }
  for (std::size_t i = 0; i < n; ++i)
    if (n <= 12 || i % ((n + 11) / 12) == 0)
      s += fmt::format("<text x=\"{:.1f}\" y=\"{}\" text-anchor=\"middle\">{}</text>", px(i), h - 10,
                       html_escape(x_labels[i]));
  for (std::size_t k = 0; k < series.size(); ++k) {
    const auto& [name, v] = series[k];
    std::string pts;
    for (std::size_t i = 0; i < v.size() && i < n; ++i)
      if (!log_y || v[i] > 0) pts += fmt::format("{:.1f},{:.1f} ", px(i), py(v[i]));
    const char* color = kColors[k % 10];
    s += fmt::format("<polyline fill=\"none\" stroke=\"{}\" stroke-width=\"1.8\" points=\"{}\"/>", color, pts);
    s += fmt::format("<rect x=\"{}\" y=\"{}\" width=\"12\" height=\"3\" fill=\"{}\"/><text x=\"{}\" y=\"{}\">{}</text>",
                     w - right + 10, top + 14 * static_cast<double>(k) + 4, color, w - right + 26,
                     top + 14 * static_cast<double>(k) + 9, html_escape(name));
  }
  return s + "</svg></div>\n";
}

std::string fill_template(const std::string& title, const std::string& meta, const std::string& body) {
  std::string html = kReportTemplate;
  html = replace_all(html, "{{TITLE}}", html_escape(title));
  html = replace_all(html, "{{META}}", html_escape(meta));
  return replace_all(html, "{{BODY}}", body);
}

std::string report_markdown(const Scenario& sc, const Summary& s) {
  const VariantSummary& base = s.variants[static_cast<std::size_t>(s.baseline)];
  std::string md = fmt::format("# memsim report: {}\n\n", sc.name);
  md +=
      "**The question.** Which way of ranking memories keeps what the agent needs in the index it loads at every "
      "session start (MEMORY.md, within its byte budgets), so that it reads the memory instead of searching for it "
      "or going without? Each variant but the yardsticks is one line of policy.yaml, run through the code "
      "`memsim index` runs";
  md += s.oracle >= 0 ? "; the oracle, which knows the world's true need intensities, is the ceiling every figure is "
                        "read against.\n\n"
                      : ".\n\n";
  md += "**The verdict.** " + s.verdict + "\n\n";
  if (!s.failures.empty()) {
    md += "**Invariants violated** (the figures are suspect):\n\n";
    for (const std::string& f : s.failures) md += "- " + f + "\n";
    md += "\n";
  }
  md += assumptions(sc) + "\n";

  md += fmt::format(
      "## Every variant\n\nMeans over {} seeds with 95% intervals; \"− {}\" is the paired difference in "
      "percentage points of needs met from the index, and the seeds it won (a tie is not a win).\n\n",
      s.seeds.size(), base.name);
  md += fmt::format(
      "| variant | adopt with | met from index % | of oracle % | − {} | won | by search % | missed % | "
      "bytes/session | stale rows/session |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n",
      base.name);
  for (std::size_t v = 0; v < s.variants.size(); ++v) {
    const VariantSummary& x = s.variants[v];
    const bool is_base = static_cast<int>(v) == s.baseline;
    const std::string diff = is_base ? "baseline"
                             : x.vs_baseline.detectable()
                                 ? format_interval(x.vs_baseline.diff, 1, true)
                                 : format_interval(x.vs_baseline.diff, 1, true) + " (no detectable difference)";
    const std::string won = is_base ? "" : fmt::format("{}/{}", x.vs_baseline.wins, x.vs_baseline.diff.n);
    md += fmt::format("| {} | {} | {} | {} | {} | {} | {} | {} | {:.0f} | {:.2f} |\n", x.name, adopt_with(x),
                      f1(x.met_index), s.oracle >= 0 ? format_interval(x.of_oracle, 0, false) : "-", diff, won,
                      pm(x.met_search), pm(x.missed), x.bytes_per_session.mean, x.stale_per_session.mean);
  }
  md += "\n";

  md += "## By class of need\n\nPercent of each class's needs met from the index (mean ± half the 95% interval)";
  md += s.oracle >= 0 ? ", and as a share of the oracle's.\n\n" : ".\n\n";
  md += "| class | needs/seed |";
  for (const VariantSummary& x : s.variants) md += " " + x.name + " |";
  md += "\n|---|---:|";
  for (std::size_t i = 0; i < s.variants.size(); ++i) md += "---:|";
  md += "\n";
  for (int c = 0; c < kNeedClasses; ++c) {
    const auto k = static_cast<std::size_t>(c);
    md += fmt::format("| {} | {:.0f} |", need_class_name(static_cast<NeedClass>(c)), base.class_needs[k].mean);
    for (const VariantSummary& x : s.variants)
      md +=
          " " + pm(x.class_met[k]) + (s.oracle >= 0 ? fmt::format(" ({:.0f}%)", x.class_of_oracle[k].mean) : "") + " |";
    md += "\n";
  }
  md += fmt::format(
      "\nNeeds per seed: {:.0f} (every variant sees the same needs). A rule or project fact at most 14 "
      "days old counts as a newborn.\n\n",
      base.needs.mean);

  md += environment_md(s.environment);

  md += "## Properties of the workload (not results)\n\n";
  md += fmt::format(
      "Promotion does not depend on the ranking: every variant captures the same transcripts and its gates (SPEC "
      "section 7) adopt the same claims, so these figures describe the workload and the gates, not a variant. "
      "Standing rules adopted (true promotions): {}; task rules or unexplained claims adopted (false): {}.\n\n",
      f1(s.promotions_true), f1(s.promotions_false));
  md += fmt::format("The start corpus came from {} history needs and {} touches a seed (means).\n\n",
                    fmt::format("{:.0f}", s.history_needs.mean), fmt::format("{:.0f}", s.history_touches.mean));

  md +=
      "## Invariants and the run\n\n| variant | violations | dropped reinforcements | secrets committed | touches the "
      "fold did not count % | churn at ticks |\n|---|---:|---:|---:|---:|---:|\n";
  for (const VariantSummary& x : s.variants)
    md += fmt::format("| {} | {} | {} | {} | {} | {} |\n", x.name, x.has_home ? std::to_string(x.violations) : "-",
                      x.has_home ? std::to_string(x.dropped) : "-",
                      x.has_home ? std::to_string(x.secrets_committed) : "-", x.has_home ? pm(x.unreinforced) : "-",
                      pm(x.churn, 0));
  md += fmt::format("\nSeeds {}..{}, {} events, {:.1f} s on {} threads; trace hash `{}` (per seed:",
                    s.seeds.empty() ? 0 : s.seeds.front(), s.seeds.empty() ? 0 : s.seeds.back(), s.events,
                    s.wall_seconds, s.jobs, hex_hash(s.trace_hash));
  for (std::uint64_t h : s.seed_hashes) md += " `" + hex_hash(h) + "`";
  md += ").\nWhere the time went (thread-seconds, all seeds):";
  for (const auto& [k, v] : s.seconds) md += fmt::format(" {} {:.1f};", k, v);
  md += "\n";
  return md;
}

std::string report_html(const Scenario& sc, const Summary& s, const BatchResult& b) {
  std::string body = md_to_html(report_markdown(sc, s));
  body += "<h2>Charts</h2>\n";
  std::vector<std::string> names;
  std::vector<Interval> met;
  for (const VariantSummary& x : s.variants) {
    names.push_back(x.name);
    met.push_back(x.met_index);
  }
  body += svg_bars("Needs met from the loaded index, % (95% interval over seeds)", names, met, "%");
  // Per day, averaged over seeds.
  std::vector<std::string> days;
  for (int d = 0; d < sc.days; ++d) days.push_back(std::to_string(d + 1));
  std::vector<std::pair<std::string, std::vector<double>>> per_day;
  for (std::size_t v = 0; v < s.variants.size(); ++v) {
    std::vector<double> ys(static_cast<std::size_t>(sc.days), 0);
    for (int d = 0; d < sc.days; ++d) {
      long long met_d = 0, needs_d = 0;
      for (const RunResult& r : b.runs) {
        met_d += r.variants[v].days[static_cast<std::size_t>(d)].met_index;
        needs_d += r.variants[v].days[static_cast<std::size_t>(d)].needs;
      }
      ys[static_cast<std::size_t>(d)] =
          needs_d > 0 ? 100.0 * static_cast<double>(met_d) / static_cast<double>(needs_d) : 0;
    }
    per_day.emplace_back(s.variants[v].name, ys);
  }
  body += svg_lines("Needs met from the index per day, % (all seeds)", days, per_day, "%");
  const EnvironmentStats& e = s.environment;
  auto odds = [](const std::vector<CurveBin>& bins) {
    std::vector<double> v;
    for (const CurveBin& c : bins) v.push_back(c.odds());
    return v;
  };
  auto labels = [](const std::vector<CurveBin>& bins) {
    std::vector<std::string> l;
    for (std::size_t i = 0; i < bins.size(); ++i) l.push_back(bin_label(bins, i));
    return l;
  };
  body += svg_lines("Anderson & Schooler: need odds by days since the last need (log-log)", labels(e.recency),
                    {{"need odds", odds(e.recency)}}, "", true);
  body += svg_lines("Anderson & Schooler: need odds by need-days in the 30 days before (log odds)", labels(e.frequency),
                    {{"need odds", odds(e.frequency)}}, "", true);
  body += svg_lines("Anderson & Schooler: massed vs spaced, need odds by days since the last need (log-log)",
                    labels(e.massed),
                    {{"massed (within 3 days)", odds(e.massed)}, {"spaced (10+ days)", odds(e.spaced)}}, "", true);
  return fill_template(sc.name,
                       fmt::format("{} seeds of {} days from {}, trace hash {}", s.seeds.size(), sc.days,
                                   format_date(day_of(sc.start)), hex_hash(s.trace_hash)),
                       body);
}

nlohmann::json report_json(const Scenario& sc, const Summary& s, const BatchResult& b) {
  auto iv = [](const Interval& i) { return nlohmann::json{{"mean", i.mean}, {"lo", i.lo}, {"hi", i.hi}, {"n", i.n}}; };
  auto curve = [](const std::vector<CurveBin>& bins) {
    nlohmann::json a = nlohmann::json::array();
    for (const CurveBin& c : bins)
      a.push_back({{"x", c.x}, {"trials", c.trials}, {"hits", c.hits}, {"odds", c.odds()}});
    return a;
  };
  nlohmann::json j;
  j["scenario"] = {{"name", sc.name}, {"path", sc.path}, {"start", format_date(day_of(sc.start))}, {"days", sc.days}};
  j["seeds"] = s.seeds;
  j["trace_hash"] = hex_hash(s.trace_hash);
  j["verdict"] = s.verdict;
  j["baseline"] = s.variants[static_cast<std::size_t>(s.baseline)].name;
  j["oracle"] = s.oracle >= 0 ? nlohmann::json(s.variants[static_cast<std::size_t>(s.oracle)].name) : nlohmann::json();
  j["failures"] = s.failures;
  j["wall_seconds"] = s.wall_seconds;
  j["events"] = s.events;
  j["seconds"] = nlohmann::json(std::map<std::string, double>(s.seconds.begin(), s.seconds.end()));
  for (std::size_t v = 0; v < s.variants.size(); ++v) {
    const VariantSummary& x = s.variants[v];
    nlohmann::json classes;
    for (int c = 0; c < kNeedClasses; ++c)
      classes[std::string(need_class_name(static_cast<NeedClass>(c)))] = {
          {"met_index_pct", iv(x.class_met[static_cast<std::size_t>(c)])},
          {"of_oracle_pct", iv(x.class_of_oracle[static_cast<std::size_t>(c)])}};
    nlohmann::json seeds = nlohmann::json::array();
    for (const RunResult& r : b.runs) {
      const VariantResult& vr = r.variants[v];
      nlohmann::json days = nlohmann::json::array();
      for (const DayMetrics& d : vr.days)
        days.push_back({{"sessions", d.sessions},
                        {"needs", d.needs},
                        {"met_index", d.met_index},
                        {"met_search", d.met_search},
                        {"missed", d.missed},
                        {"bytes_loaded", d.bytes_loaded},
                        {"stale_exposure", d.stale_exposure},
                        {"churn", d.churn},
                        {"touches", d.touches},
                        {"unreinforced", d.unreinforced},
                        {"hot_bytes", d.hot_bytes},
                        {"new_bytes", d.new_bytes},
                        {"cold_bytes", d.cold_bytes},
                        {"archive_bytes", d.archive_bytes},
                        {"stability_p50", d.stability_p50},
                        {"stability_p90", d.stability_p90},
                        {"violations", d.violations}});
      seeds.push_back({{"seed", r.seed},
                       {"trace_hash", hex_hash(r.trace_hash)},
                       {"needs", vr.total.needs},
                       {"met_index", vr.total.met_index},
                       {"met_search", vr.total.met_search},
                       {"missed", vr.total.missed},
                       {"promotions_true", vr.total.promotions_true},
                       {"promotions_false", vr.total.promotions_false},
                       {"days", days}});
    }
    j["variants"].push_back({{"name", x.name},
                             {"loader", x.loader},
                             {"ranking", x.ranking},
                             {"policy", x.policy_lines},
                             {"yardstick", x.yardstick},
                             {"met_index_pct", iv(x.met_index)},
                             {"met_search_pct", iv(x.met_search)},
                             {"missed_pct", iv(x.missed)},
                             {"of_oracle_pct", iv(x.of_oracle)},
                             {"vs_baseline_points",
                              {{"diff", iv(x.vs_baseline.diff)},
                               {"wins", x.vs_baseline.wins},
                               {"ties", x.vs_baseline.ties},
                               {"losses", x.vs_baseline.losses},
                               {"detectable", x.vs_baseline.detectable()}}},
                             {"bytes_per_session", iv(x.bytes_per_session)},
                             {"stale_per_session", iv(x.stale_per_session)},
                             {"classes", classes},
                             {"violations", x.violations},
                             {"per_seed", seeds}});
  }
  j["environment"] = {
      {"recency", curve(s.environment.recency)},
      {"frequency", curve(s.environment.frequency)},
      {"massed", curve(s.environment.massed)},
      {"spaced", curve(s.environment.spaced)},
      {"recency_fit",
       {{"slope", fit_loglog(s.environment.recency).slope}, {"r2", fit_loglog(s.environment.recency).r2}}}};
  j["workload"] = {{"promotions_true", iv(s.promotions_true)},
                   {"promotions_false", iv(s.promotions_false)},
                   {"history_needs", iv(s.history_needs)},
                   {"history_touches", iv(s.history_touches)}};
  return j;
}

Status write_report_files(FileSystem& fs, const std::string& dir,
                          const std::vector<std::pair<std::string, std::string>>& files) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return Error{dir + ": cannot create the report directory: " + ec.message()};
  for (const auto& [name, text] : files) {
    const std::string path = dir + "/" + name;
    if (Status s = replace_file(fs, path, text); !s.ok())
      return Error{path + ": cannot write the report: " + s.message(), s.error().code};
  }
  return {};
}

Status write_reports(const Scenario& sc, const Summary& s, const BatchResult& b, const std::string& dir) {
  PosixFileSystem fs;
  return write_report_files(fs, dir,
                            {{"report.json", report_json(sc, s, b).dump(1) + "\n"},
                             {"report.md", report_markdown(sc, s)},
                             {"report.html", report_html(sc, s, b)}});
}

std::string terminal_summary(const Scenario& sc, const Summary& s) {
  std::string out = fmt::format("{}: {} seeds x {} days, {} events in {:.1f} s ({} threads)\n", sc.name, s.seeds.size(),
                                sc.days, s.events, s.wall_seconds, s.jobs);
  const VariantSummary& base = s.variants[static_cast<std::size_t>(s.baseline)];
  out += fmt::format("  {:<16} {:>22} {:>10} {:>24} {:>6}\n", "variant", "met from index %", "of oracle",
                     "- " + base.name + " (points)", "won");
  for (std::size_t v = 0; v < s.variants.size(); ++v) {
    const VariantSummary& x = s.variants[v];
    const bool is_base = static_cast<int>(v) == s.baseline;
    out += fmt::format(
        "  {:<16} {:>22} {:>10} {:>24} {:>6}\n", x.name, f1(x.met_index),
        s.oracle >= 0 ? fmt::format("{:.0f}%", x.of_oracle.mean) : "-",
        is_base ? "baseline" : format_interval(x.vs_baseline.diff, 1, true) + (x.vs_baseline.detectable() ? "" : " ~"),
        is_base ? "" : fmt::format("{}/{}", x.vs_baseline.wins, x.vs_baseline.diff.n));
  }
  out += "  (~: no detectable difference)\n";
  std::string verdict = replace_all(replace_all(s.verdict, "**", ""), "`", "");
  out += "verdict: " + verdict + "\n";
  for (const std::string& f : s.failures) out += "violation: " + f + "\n";
  out += "trace hash " + hex_hash(s.trace_hash) + "\n";
  return out;
}

}  // namespace memsim::sim
