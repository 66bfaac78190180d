// capture_transcript: L0 -> L1. Redaction happens here, before anything is
// written; the transcript itself is only read.
#include <map>
#include <optional>
#include <set>

#include "memsim/atoms.h"
#include "memsim/gate.h"
#include "memsim/timefmt.h"

namespace memsim {

namespace {

std::string stem_of(const std::string& path) {
  std::string b = base_name(path);
  const size_t dot = b.rfind('.');
  return dot == std::string::npos ? b : b.substr(0, dot);
}

struct ObservedAtom {
  Atom atom;  // with exactly one observation
};

}  // namespace

Status capture_transcript(FileSystem& fs, const Home& home, const Clock& clock, const std::string& transcript_path,
                          const std::string& project, CaptureStats* stats, int max_slots,
                          const Redactor* shared_redactor, int lock_timeout_ms) {
  CaptureStats local;
  CaptureStats& st = stats ? *stats : local;
  auto data = fs.read_file(transcript_path);
  if (!data.ok()) return data.error();
  auto real = fs.real_path(transcript_path);
  const std::string pointer = real.ok() ? *real : transcript_path;

  TranscriptScan scan = scan_transcript(*data);
  st.lines += scan.lines;
  st.malformed += scan.malformed;
  st.unknown += scan.unknown;
  st.injected += scan.injected;
  st.ignored += scan.ignored;

  std::optional<Redactor> own;
  const Redactor& redactor = shared_redactor ? *shared_redactor : own.emplace();
  std::map<std::string, std::vector<ObservedAtom>> by_key;
  std::set<std::string> seen_claims;
  for (const TranscriptText& t : scan.texts) {
    for (const Marker& m : find_markers(t)) {
      ++st.markers;
      // kRedact never refuses, so both values are there.
      RedactResult claim = *gate_text(redactor, "claim", m.claim, OnSecret::kRedact);
      RedactResult quote = *gate_text(redactor, "quote", m.quote, OnSecret::kRedact);
      ObservedAtom f;
      f.atom.claim = claim.text;
      f.atom.id = atom_id_for(claim.text);
      f.atom.kind = marker_kind_name(m.kind);
      f.atom.quarantined = claim.changed() || quote.changed();
      f.atom.redactions = claim.kinds;
      f.atom.redactions.insert(f.atom.redactions.end(), quote.kinds.begin(), quote.kinds.end());
      if (f.atom.quarantined) ++st.quarantined;
      if (seen_claims.insert(f.atom.id).second) st.claims.push_back({f.atom.kind, f.atom.claim, f.atom.quarantined});
      Observation o;
      o.session = t.session.empty() ? stem_of(transcript_path) : t.session;
      o.time = t.time ? t.time : clock.now();
      o.day = format_date(day_of(o.time));
      o.project = !project.empty() ? project : !t.cwd.empty() ? base_name(t.cwd) : "unknown";
      o.transcript = pointer;
      o.line = t.line;
      o.quote = quote.text;
      o.confidence = std::string(confidence_name(m.confidence));
      f.atom.observations.push_back(std::move(o));
      by_key[normalize_key(claim.text)].push_back(std::move(f));
    }
  }
  if (by_key.empty()) return Status::Ok();
  if (max_slots >= 0 && by_key.size() > static_cast<std::size_t>(max_slots)) {
    st.deferred = true;
    return Status::Ok();
  }

  for (const std::string& dir : {home.root(), home.runtime_dir(), home.candidates_dir()})
    MEMSIM_TRY(make_home_dir(fs, home, dir));
  auto lock = lock_home(fs, home, lock_timeout_ms);
  if (!lock.ok() && max_slots >= 0) {
    st.deferred = true;  // a caller with a deadline hands the work on rather than wait
    return Status::Ok();
  }
  if (!lock.ok()) return lock.error();

  for (auto& [key, found] : by_key) {
    const std::string path = join_path(home.candidates_dir(), slot_file_for(key));
    Slot slot;
    slot.key = key;
    auto info = fs.stat(path);
    if (!info.ok()) return info.error();
    if (info->kind == FileKind::kRegular) {
      auto text = fs.read_file(path);
      if (!text.ok()) return text.error();
      auto loaded = slot_from_json(*text, path);
      // A damaged slot is never overwritten: its evidence would be lost.
      if (!loaded.ok()) return loaded.error();
      slot = std::move(*loaded);
    }
    bool changed = false;
    for (ObservedAtom& f : found) {
      Atom* a = slot.find(f.atom.id);
      if (!a) {
        Atom fresh = f.atom;
        fresh.observations.clear();
        slot.atoms.push_back(std::move(fresh));
        a = &slot.atoms.back();
        ++st.new_atoms;
        changed = true;
      }
      if (f.atom.quarantined && !a->quarantined) {
        a->quarantined = true;
        a->redactions = f.atom.redactions;
        changed = true;
      }
      const Observation& o = f.atom.observations.front();
      bool seen = false;
      for (const Observation& old : a->observations)
        seen = seen || (old.transcript == o.transcript && old.line == o.line);
      if (seen) continue;
      a->observations.push_back(o);
      ++st.new_observations;
      changed = true;
    }
    if (slot.contested() && !slot.ever_contested) slot.ever_contested = true;
    if (changed) MEMSIM_TRY(save_slot(fs, home, slot));
  }
  return Status::Ok();
}

}  // namespace memsim
