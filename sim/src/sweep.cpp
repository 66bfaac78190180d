#include "memsim/sim/sweep.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <map>

#include "memsim/sim/report.h"

namespace memsim::sim {

namespace {

struct Knob {
  const char* name;
  double lo, hi;
  bool integer;
  void (*set)(Scenario&, double);
};

int as_int(double v) { return static_cast<int>(std::lround(v)); }

const Knob kKnobs[] = {
    {"corpus.history_days", 1, 3650, true, [](Scenario& s, double v) { s.corpus.history_days = as_int(v); }},
    {"workload.project_revival", 0, 1, false, [](Scenario& s, double v) { s.workload.project_revival = v; }},
    {"model.decay_scale", 0, 10, false, [](Scenario& s, double v) { s.model.decay_scale = v; }},
    {"model.baseline", 1e-6, 1e6, false,
     [](Scenario& s, double v) { s.model.rule_baseline = s.model.project_baseline = s.model.oneoff_baseline = v; }},
    {"model.rate_spread", 0, 10, false, [](Scenario& s, double v) { s.model.rate_spread = v; }},
    {"model.dormant", 0, 1, false, [](Scenario& s, double v) { s.model.dormant = v; }},
    {"workload.sessions_per_day", 0, 1000, true,
     [](Scenario& s, double v) {
       s.workload.sessions_per_day = {as_int(v), as_int(v)};
     }},
    {"workload.teaching_per_day", 0, 1000, false, [](Scenario& s, double v) { s.workload.teaching_per_day = v; }},
    {"workload.reread", 0, 1, false, [](Scenario& s, double v) { s.workload.reread = v; }},
    {"days", 1, 3650, true, [](Scenario& s, double v) { s.days = as_int(v); }},
};

const Knob* find_knob(const std::string& name) {
  for (const Knob& k : kKnobs)
    if (name == k.name) return &k;
  return nullptr;
}

std::string value_text(double v) { return fmt::format("{:g}", v); }

// The adoptable winner at a point, and whether it is detectably ahead of the baseline.
std::string winner(const Summary& s, bool* detectable) {
  const VariantSummary& best = s.variants[static_cast<std::size_t>(s.best)];
  *detectable = s.best != s.baseline && best.vs_baseline.detectable();
  if (*detectable) return best.name;
  // The baseline holds when nothing is detectably better; it wins when every other is detectably worse.
  bool all_worse = true;
  for (std::size_t v = 0; v < s.variants.size(); ++v)
    if (!s.variants[v].yardstick && static_cast<int>(v) != s.baseline &&
        !(s.variants[v].vs_baseline.detectable() && s.variants[v].vs_baseline.diff.mean < 0))
      all_worse = false;
  *detectable = all_worse;
  return all_worse ? s.variants[static_cast<std::size_t>(s.baseline)].name : "no detectable difference";
}

}  // namespace

bool is_sweep_knob(const std::string& knob) { return find_knob(knob) != nullptr; }

std::string sweep_knob_names() {
  std::string s;
  for (const Knob& k : kKnobs) s += (s.empty() ? "" : ", ") + std::string(k.name);
  return s;
}

Status apply_knob(Scenario& sc, const std::string& name, double value) {
  const Knob* k = find_knob(name);
  if (!k) return Error{"unknown knob '" + name + "' (" + sweep_knob_names() + ")"};
  if (value < k->lo || value > k->hi || (k->integer && value != std::floor(value)))
    return Error{fmt::format("{} = {}: expected {} from {} to {}", name, value, k->integer ? "an integer" : "a number",
                             k->lo, k->hi)};
  k->set(sc, value);
  return {};
}

Result<SweepResult> run_sweep(const Scenario& sc, const BatchOptions& options,
                              const std::function<void(int, int)>& progress) {
  const auto t0 = std::chrono::steady_clock::now();
  SweepResult out;
  out.scenario = sc.name;
  out.seeds = options.seeds > 0 ? options.seeds : sc.sweep.seeds > 0 ? sc.sweep.seeds : sc.seeds;
  for (const VariantSpec& v : sc.variants) out.variants.push_back(v.name);
  int total = 0, done = 0;
  for (const SweepAxis& a : sc.sweep.axes) total += static_cast<int>(a.values.size());
  if (total == 0) return Error{sc.path + ": the scenario has no sweep: section (or give --knob and --values)"};
  BatchOptions o = options;
  o.seeds = out.seeds;
  o.progress = {};
  for (const SweepAxis& axis : sc.sweep.axes) {
    SweepAxisResult ar;
    ar.knob = axis.knob;
    for (double value : axis.values) {
      if (progress) progress(done, total);
      Scenario point = sc;
      if (Status s = apply_knob(point, axis.knob, value); !s.ok()) return s.error();
      auto b = run_batch(point, o);
      if (!b.ok()) return Error{fmt::format("{} = {}: {}", axis.knob, value_text(value), b.message())};
      ar.points.push_back({value, summarize(point, *b)});
      ++done;
    }
    out.axes.push_back(std::move(ar));
  }
  if (progress) progress(done, total);
  out.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

std::string sweep_markdown(const Scenario& sc, const SweepResult& r) {
  std::string md = fmt::format("# memsim sweep: {}\n\n", sc.name);
  md += fmt::format(
      "**The question.** Where does the verdict flip? One world knob at a time is varied over its values with the "
      "rest of {} held; at each value every variant runs over the same {} seeds. A point's winner is the adoptable "
      "variant with the highest mean share of needs met from the index, and only if it is detectably ahead of the "
      "baseline (or, for the baseline, detectably ahead of every other); otherwise the point reads \"no detectable "
      "difference\".\n\n",
      sc.path, r.seeds);
  for (const SweepAxisResult& a : r.axes) {
    md += "## " + a.knob + "\n\n| " + a.knob + " | winner |";
    for (const std::string& v : r.variants) md += " " + v + " |";
    md += "\n|---:|---|";
    for (std::size_t i = 0; i < r.variants.size(); ++i) md += "---:|";
    md += "\n";
    for (const SweepPoint& p : a.points) {
      bool detectable = false;
      const std::string w = winner(p.summary, &detectable);
      md += "| " + value_text(p.value) + " | " + (detectable ? "**" + w + "**" : w) + " |";
      for (const VariantSummary& v : p.summary.variants) md += " " + format_interval(v.met_index, 1, false) + " |";
      md += "\n";
    }
    md += "\n";
  }
  md += fmt::format("{} seeds a point, {:.0f} s in all.\n", r.seeds, r.wall_seconds);
  return md;
}

Status write_sweep_reports(const Scenario& sc, const SweepResult& r, const std::string& dir) {
  const std::string md = sweep_markdown(sc, r);
  // The HTML: per knob, every variant's line, then a strip of who wins where.
  std::string body;
  nlohmann::json j;
  j["scenario"] = sc.name;
  j["seeds"] = r.seeds;
  j["variants"] = r.variants;
  std::map<std::string, std::size_t> color_of;
  for (std::size_t i = 0; i < r.variants.size(); ++i) color_of[r.variants[i]] = i;
  constexpr const char* colors[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e",
                                    "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"};
  for (const SweepAxisResult& a : r.axes) {
    std::vector<std::string> xs;
    for (const SweepPoint& p : a.points) xs.push_back(value_text(p.value));
    std::vector<std::pair<std::string, std::vector<double>>> series;
    for (std::size_t v = 0; v < r.variants.size(); ++v) {
      std::vector<double> ys;
      for (const SweepPoint& p : a.points) ys.push_back(p.summary.variants[v].met_index.mean);
      series.emplace_back(r.variants[v], ys);
    }
    body += "<h2>" + html_escape(a.knob) + "</h2>\n";
    body += svg_lines("Needs met from the index, % (mean over seeds), by " + a.knob, xs, series, "%");
    std::string strip = "<div class=\"chart\"><h3>Who wins where</h3><table><tr><th>" + html_escape(a.knob) + "</th>";
    for (const std::string& x : xs) strip += "<th>" + html_escape(x) + "</th>";
    strip += "</tr><tr><td>winner</td>";
    nlohmann::json points = nlohmann::json::array();
    for (const SweepPoint& p : a.points) {
      bool detectable = false;
      const std::string w = winner(p.summary, &detectable);
      const std::string bg = detectable ? colors[color_of[w] % 10] : "#ddd";
      strip += "<td style=\"background:" + bg + ";color:" + (detectable ? "#fff" : "#333") + ";text-align:center\">" +
               html_escape(detectable ? w : "no detectable difference") + "</td>";
      nlohmann::json pj{{"value", p.value}, {"winner", w}, {"detectable", detectable}};
      for (const VariantSummary& v : p.summary.variants)
        pj["met_index_pct"][v.name] = {{"mean", v.met_index.mean}, {"lo", v.met_index.lo}, {"hi", v.met_index.hi}};
      points.push_back(pj);
    }
    body += strip + "</tr></table></div>\n";
    j["axes"].push_back({{"knob", a.knob}, {"points", points}});
  }
  PosixFileSystem fs;
  return write_report_files(
      fs, dir,
      {{"sweep.md", md},
       {"sweep.json", j.dump(1) + "\n"},
       {"sweep.html", fill_template(sc.name + " (sweep)", fmt::format("{} seeds a point", r.seeds), body)}});
}

}  // namespace memsim::sim
