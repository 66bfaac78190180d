#include "memsim/meditation.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "memsim/frontmatter.h"
#include "memsim/timefmt.h"

namespace memsim {

namespace {

const char* shelf_name(Shelf s) { return s == Shelf::kAwareness ? "awareness" : "instrumental"; }

std::optional<Shelf> parse_shelf(std::string_view s) {
  if (s == "awareness") return Shelf::kAwareness;
  if (s == "instrumental") return Shelf::kInstrumental;
  return std::nullopt;
}

std::optional<Seconds> parse_when(std::string_view s) {
  if (auto t = parse_instant(s)) return t;
  if (auto d = parse_date(s)) return *d * kSecondsPerDay;
  return std::nullopt;
}

}  // namespace

Result<std::vector<MeditationObject>> load_meditations(FileSystem& fs, const Home& home) {
  std::vector<MeditationObject> out;
  auto dir = fs.stat(home.meditations_dir());
  if (!dir.ok()) return dir.error();
  if (dir->kind != FileKind::kDirectory) return out;
  auto entries = fs.list_dir(home.meditations_dir());
  if (!entries.ok()) return entries.error();
  for (const DirEntry& e : *entries) {
    if (e.kind != FileKind::kRegular || e.name.size() < 4 || !e.name.ends_with(".md") || e.name[0] == '.') continue;
    const std::string path = join_path(home.meditations_dir(), e.name);
    auto text = fs.read_file(path);
    if (!text.ok()) return text.error();
    Frontmatter fm = parse_frontmatter(*text);
    if (fm.state != FrontmatterState::kOk) return Error{path + ": no readable frontmatter"};
    MeditationObject m;
    m.name = e.name.substr(0, e.name.size() - 3);
    const Field* shelf = fm.find("shelf");
    auto parsed = shelf && shelf->value ? parse_shelf(*shelf->value) : std::nullopt;
    if (!parsed) return Error{path + ": shelf must be awareness or instrumental"};
    m.shelf = *parsed;
    if (const Field* w = fm.find("cadence_weight"); w && w->value) {
      char* end = nullptr;
      m.cadence_weight = std::strtod(w->value->c_str(), &end);
      if (end != w->value->c_str() + w->value->size() || !(m.cadence_weight > 0) || !std::isfinite(m.cadence_weight))
        return Error{path + ": cadence_weight must be a positive number"};
    }
    if (const Field* lu = fm.find("last_used"); lu && lu->value) {
      m.last_used = parse_when(*lu->value);
      if (!m.last_used) return Error{path + ": last_used must be YYYY-MM-DD or YYYY-MM-DDTHH:MM:SSZ"};
    }
    out.push_back(std::move(m));
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  return out;
}

Result<std::vector<Sit>> read_sits(FileSystem& fs, const Home& home) {
  std::vector<Sit> out;
  auto info = fs.stat(home.sits_path());
  if (!info.ok()) return info.error();
  if (info->kind != FileKind::kRegular) return out;
  auto text = fs.read_file(home.sits_path());
  if (!text.ok()) return text.error();
  std::string_view rest = *text;
  while (!rest.empty()) {
    auto nl = rest.find('\n');
    if (nl == std::string_view::npos) break;  // a torn last line
    std::string_view line = rest.substr(0, nl);
    rest.remove_prefix(nl + 1);
    auto a = line.find(' '), b = line.rfind(' ');
    if (a == std::string_view::npos || b <= a) continue;
    auto t = parse_instant(line.substr(0, a));
    auto shelf = parse_shelf(line.substr(b + 1));
    if (t && shelf) out.push_back({*t, std::string(line.substr(a + 1, b - a - 1)), *shelf});
  }
  std::stable_sort(out.begin(), out.end(), [](const Sit& x, const Sit& y) { return x.time < y.time; });
  return out;
}

std::vector<std::string> sit_names(const std::vector<Sit>& sits) {
  std::vector<std::string> out;
  for (const Sit& s : sits) out.push_back(s.name);
  return out;
}

std::optional<MeditationPick> pick_meditation(const std::vector<MeditationObject>& objects,
                                              const std::vector<Sit>& sits, Seconds now) {
  // The last three sits, newest first: from the log, or else from last_used.
  std::vector<std::pair<std::string, Shelf>> recent;
  for (auto it = sits.rbegin(); it != sits.rend() && recent.size() < 3; ++it) recent.emplace_back(it->name, it->shelf);
  if (sits.empty()) {
    std::vector<const MeditationObject*> used;
    for (const auto& o : objects)
      if (o.last_used) used.push_back(&o);
    std::sort(used.begin(), used.end(), [](auto* a, auto* b) {
      return *a->last_used != *b->last_used ? *a->last_used > *b->last_used : a->name < b->name;
    });
    for (std::size_t i = 0; i < used.size() && i < 3; ++i) recent.emplace_back(used[i]->name, used[i]->shelf);
  }
  const std::string last = recent.empty() ? "" : recent.front().first;
  const bool floor = recent.size() >= 3 && std::none_of(recent.begin(), recent.end(),
                                                        [](const auto& r) { return r.second == Shelf::kAwareness; });
  const bool any_awareness = std::any_of(objects.begin(), objects.end(), [&](const MeditationObject& o) {
    return o.shelf == Shelf::kAwareness && o.name != last;
  });
  std::optional<MeditationPick> best;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    const MeditationObject& o = objects[i];
    if (o.name == last) continue;
    if (floor && any_awareness && o.shelf != Shelf::kAwareness) continue;
    const double staleness = o.last_used ? 1.0 - std::exp(-days_between(*o.last_used, now) / 7.0) : 1.0;
    const double s = o.cadence_weight * staleness;
    if (!best || s > best->score) best = MeditationPick{i, floor && any_awareness, s};
  }
  return best;
}

Status record_sit(FileSystem& fs, const Home& home, const MeditationObject& object, Seconds now, int lock_timeout_ms) {
  auto lock = lock_home(fs, home, lock_timeout_ms);
  if (!lock.ok()) return lock.status();
  const std::string path = join_path(home.meditations_dir(), object.name + ".md");
  auto text = fs.read_file(path);
  if (!text.ok()) return text.status();
  Frontmatter fm = parse_frontmatter(*text);
  if (fm.state != FrontmatterState::kOk) return Error{path + ": no readable frontmatter"};
  if (Status s = replace_file(fs, path, rewrite_fields(*text, fm, {{"last_used", format_instant(now)}})); !s.ok())
    return s;
  MEMSIM_TRY(make_home_dir(fs, home, home.state_dir()));
  return fs.append_file(home.sits_path(),
                        format_instant(now) + " " + object.name + " " + shelf_name(object.shelf) + "\n");
}

}  // namespace memsim
