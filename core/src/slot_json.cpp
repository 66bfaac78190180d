// A slot's text (atoms.h): written and read without a JSON tree. A slot gathers
// an observation every time a session restates its claim, so an adopted rule's
// slot grows to tens of kilobytes, and session-end capture reads and rewrites it
// every time: a tree of std::map nodes per observation was most of that cost.
//
// The writer prints exactly what nlohmann's dump(2) printed of the tree (keys in
// byte order, as nlohmann::json keeps them). The reader accepts the shape the
// writer writes, keys in any order; anything else (an unknown or repeated key, a
// value of another type, a hand edit) goes to the tree reader, which stays the one
// definition of what a slot file means (slot_json_detail.h).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

#include "json_writer.h"
#include "memsim/atoms.h"
#include "memsim/json_io.h"
#include "slot_json_detail.h"

namespace memsim {

namespace {

using json_writer::Writer;
using nlohmann::json;

// ---- writing ----

void write_observation(Writer& w, const Observation& o) {
  w.open('{');
  w.key("confidence");
  w.text(o.confidence);
  w.key("day");
  w.text(o.day);
  w.key("line");
  w.number(o.line);
  w.key("project");
  w.text(o.project);
  w.key("quote");
  w.text(o.quote);
  w.key("session");
  w.text(o.session);
  w.key("time");
  w.number(o.time);
  w.key("transcript");
  w.text(o.transcript);
  w.close('}');
}

void write_atom(Writer& w, const Atom& a) {
  w.open('{');
  w.key("claim");
  w.text(a.claim);
  w.key("id");
  w.text(a.id);
  w.key("kind");
  w.text(a.kind);
  w.key("observations");
  w.open('[');
  for (const Observation& o : a.observations) {
    w.item();
    write_observation(w, o);
  }
  w.close(']');
  w.key("quarantined");
  w.boolean(a.quarantined);
  w.key("redactions");
  w.open('[');
  for (const std::string& r : a.redactions) {
    w.item();
    w.text(r);
  }
  w.close(']');
  w.key("status");
  w.text(a.status);
  w.key("tier");
  w.text(a.tier);
  w.close('}');
}

// ---- reading ----

// Builds a Slot from the parser's events; returns false (and the tree reader takes
// over) at the first event the writer's shape does not have.
class Reader : public nlohmann::json_sax<json> {
 public:
  Slot slot;

  bool null() override { return false; }
  bool boolean(bool b) override {
    if (at_ == Place::kSlot && field_ == "ever_contested") slot.ever_contested = b;
    else if (at_ == Place::kAtom && field_ == "quarantined") atom().quarantined = b;
    else return false;
    return true;
  }
  bool number_integer(number_integer_t n) override { return integer(n); }
  bool number_unsigned(number_unsigned_t n) override {
    // The tree reader's get<> casts the same way.
    return integer(static_cast<std::int64_t>(n));
  }
  bool number_float(number_float_t, const string_t&) override { return false; }
  bool binary(binary_t&) override { return false; }
  bool string(string_t& s) override {
    if (at_ == Place::kRedactions) {
      atom().redactions.push_back(std::move(s));
      return true;
    }
    std::string* to = nullptr;
    if (at_ == Place::kSlot) {
      to = field_ == "key" ? &slot.key : field_ == "resolved" ? &slot.resolved : nullptr;
    } else if (at_ == Place::kAtom) {
      Atom& a = atom();
      to = field_ == "id"       ? &a.id
           : field_ == "claim"  ? &a.claim
           : field_ == "kind"   ? &a.kind
           : field_ == "status" ? &a.status
           : field_ == "tier"   ? &a.tier
                                : nullptr;
    } else if (at_ == Place::kObservation) {
      Observation& o = observation();
      to = field_ == "session"      ? &o.session
           : field_ == "day"        ? &o.day
           : field_ == "project"    ? &o.project
           : field_ == "transcript" ? &o.transcript
           : field_ == "quote"      ? &o.quote
           : field_ == "confidence" ? &o.confidence
                                    : nullptr;
    }
    if (!to) return false;
    *to = std::move(s);
    return true;
  }
  bool start_object(std::size_t) override {
    if (at_ == Place::kNothing) {
      at_ = Place::kSlot;
    } else if (at_ == Place::kAtoms) {
      Atom a;
      a.kind = "lesson";  // the tree reader's defaults for what a slot leaves out
      slot.atoms.push_back(std::move(a));
      atom_fields_ = 0;
      at_ = Place::kAtom;
    } else if (at_ == Place::kObservations) {
      Observation o;
      o.confidence = "observed";
      atom().observations.push_back(std::move(o));
      observation_fields_ = 0;
      at_ = Place::kObservation;
    } else {
      return false;
    }
    return true;
  }
  bool key(string_t& k) override {
    field_ = std::move(k);
    static constexpr std::string_view kSlotKeys[] = {"key", "resolved", "ever_contested", "atoms"};
    static constexpr std::string_view kAtomKeys[] = {"id",     "claim", "kind",         "quarantined",
                                                     "status", "tier",  "observations", "redactions"};
    static constexpr std::string_view kObservationKeys[] = {"session",    "day",  "time",  "project",
                                                            "transcript", "line", "quote", "confidence"};
    if (at_ == Place::kSlot) return first_time(kSlotKeys, slot_fields_);
    if (at_ == Place::kAtom) return first_time(kAtomKeys, atom_fields_);
    if (at_ == Place::kObservation) return first_time(kObservationKeys, observation_fields_);
    return false;
  }
  bool end_object() override {
    if (at_ == Place::kSlot) {
      at_ = Place::kDone;
      return has(slot_fields_, 0) && has(slot_fields_, 3);  // "key" and "atoms" are required
    }
    if (at_ == Place::kAtom) {
      at_ = Place::kAtoms;
      return has(atom_fields_, 0) && has(atom_fields_, 1) && has(atom_fields_, 6);  // id, claim, observations
    }
    if (at_ == Place::kObservation) {
      at_ = Place::kObservations;
      return true;
    }
    return false;
  }
  bool start_array(std::size_t) override {
    if (at_ == Place::kSlot && field_ == "atoms") at_ = Place::kAtoms;
    else if (at_ == Place::kAtom && field_ == "observations") at_ = Place::kObservations;
    else if (at_ == Place::kAtom && field_ == "redactions") at_ = Place::kRedactions;
    else return false;
    return true;
  }
  bool end_array() override {
    if (at_ == Place::kAtoms) at_ = Place::kSlot;
    else if (at_ == Place::kObservations || at_ == Place::kRedactions) at_ = Place::kAtom;
    else return false;
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

  bool done() const { return at_ == Place::kDone; }

 private:
  enum class Place { kNothing, kSlot, kAtoms, kAtom, kRedactions, kObservations, kObservation, kDone };

  Atom& atom() { return slot.atoms.back(); }
  Observation& observation() { return atom().observations.back(); }

  bool integer(std::int64_t n) {
    if (at_ != Place::kObservation) return false;
    if (field_ == "time") observation().time = n;
    else if (field_ == "line") observation().line = static_cast<int>(n);
    else return false;
    return true;
  }
  // Marks field_ seen among `keys` (a bit each); false for an unknown or repeated key.
  template <std::size_t N>
  bool first_time(const std::string_view (&keys)[N], unsigned& seen) {
    for (std::size_t i = 0; i < N; ++i)
      if (field_ == keys[i]) {
        if (has(seen, i)) return false;
        seen |= 1u << i;
        return true;
      }
    return false;
  }
  static bool has(unsigned seen, std::size_t i) { return (seen >> i) & 1u; }

  Place at_ = Place::kNothing;
  std::string field_;
  unsigned slot_fields_ = 0, atom_fields_ = 0, observation_fields_ = 0;
};

// Reads JSON text into a Reader's events, as nlohmann's parser would for the text
// slot_to_json writes: objects, arrays, strings without \u escapes, integers and
// literals, nested a few levels. Anything else makes it give up (false), and
// nlohmann's parser reads the text instead: what it accepts, and how, stays theirs.
// Its one gain is speed: a run of plain bytes in a string is one append.
class Lexer {
 public:
  Lexer(std::string_view text, Reader& reader) : t_(text), r_(reader) {}

  bool read() {
    space();
    if (!value(0)) return false;
    space();
    return at_ == t_.size();
  }

 private:
  static constexpr int kMaxDepth = 8;  // a slot nests 5 deep

  void space() {
    while (at_ < t_.size() && (t_[at_] == ' ' || t_[at_] == '\n' || t_[at_] == '\t' || t_[at_] == '\r')) ++at_;
  }
  bool eat(char c) {
    if (at_ >= t_.size() || t_[at_] != c) return false;
    ++at_;
    return true;
  }
  bool literal(std::string_view word) {
    if (t_.substr(at_, word.size()) != word) return false;
    at_ += word.size();
    return true;
  }

  bool value(int depth) {
    if (at_ >= t_.size() || depth > kMaxDepth) return false;
    switch (t_[at_]) {
      case '{': return object(depth);
      case '[': return array(depth);
      case '"': {
        std::string s;
        return string(s) && r_.string(s);
      }
      case 't': return literal("true") && r_.boolean(true);
      case 'f': return literal("false") && r_.boolean(false);
      case 'n': return literal("null") && r_.null();
      default: return number();
    }
  }

  bool object(int depth) {
    ++at_;
    if (!r_.start_object(std::size_t(-1))) return false;
    space();
    if (eat('}')) return r_.end_object();
    for (;;) {
      std::string k;
      space();
      if (at_ >= t_.size() || t_[at_] != '"' || !string(k) || !r_.key(k)) return false;
      space();
      if (!eat(':')) return false;
      space();
      if (!value(depth + 1)) return false;
      space();
      if (eat('}')) return r_.end_object();
      if (!eat(',')) return false;
    }
  }

  bool array(int depth) {
    ++at_;
    if (!r_.start_array(std::size_t(-1))) return false;
    space();
    if (eat(']')) return r_.end_array();
    for (;;) {
      space();
      if (!value(depth + 1)) return false;
      space();
      if (eat(']')) return r_.end_array();
      if (!eat(',')) return false;
    }
  }

  // A string at t_[at_] (a quote), its escapes undone, into out.
  bool string(std::string& out) {
    ++at_;
    for (;;) {
      std::size_t plain = at_;
      while (plain < t_.size()) {
        const auto c = static_cast<unsigned char>(t_[plain]);
        if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80) break;
        ++plain;
      }
      out.append(t_.substr(at_, plain - at_));
      at_ = plain;
      if (at_ >= t_.size()) return false;
      const auto c = static_cast<unsigned char>(t_[at_]);
      if (c == '"') {
        ++at_;
        return true;
      }
      if (c < 0x20 || c >= 0x80) return false;  // nlohmann checks these (control bytes, UTF-8)
      if (at_ + 1 >= t_.size()) return false;
      const char e = t_[at_ + 1];
      const char* undone = e == '"'    ? "\""
                           : e == '\\' ? "\\"
                           : e == '/'  ? "/"
                           : e == 'b'  ? "\b"
                           : e == 'f'  ? "\f"
                           : e == 'n'  ? "\n"
                           : e == 'r'  ? "\r"
                           : e == 't'  ? "\t"
                                       : nullptr;
      if (!undone) return false;  // \u and anything else
      out += undone;
      at_ += 2;
    }
  }

  // An integer as nlohmann reads one: negative ones as signed, the others as
  // unsigned. A leading zero or 19 digits and more give up; so does a fraction or an
  // exponent, since what follows a value must be a comma or a closing bracket.
  bool number() {
    const bool negative = eat('-');
    const std::size_t first = at_;
    while (at_ < t_.size() && t_[at_] >= '0' && t_[at_] <= '9') ++at_;
    const std::size_t digits = at_ - first;
    if (digits == 0 || digits > 18 || (digits > 1 && t_[first] == '0')) return false;
    std::int64_t n = 0;
    for (std::size_t i = first; i < at_; ++i) n = n * 10 + (t_[i] - '0');
    return negative ? r_.number_integer(-n) : r_.number_unsigned(static_cast<std::uint64_t>(n));
  }

  std::string_view t_;
  Reader& r_;
  std::size_t at_ = 0;
};

}  // namespace

std::string slot_to_json(const Slot& slot) {
  Writer w;
  w.open('{');
  w.key("atoms");
  w.open('[');
  for (const Atom& a : slot.atoms) {
    w.item();
    write_atom(w, a);
  }
  w.close(']');
  w.key("ever_contested");
  w.boolean(slot.ever_contested);
  w.key("key");
  w.text(slot.key);
  w.key("resolved");
  w.text(slot.resolved);
  w.close('}');
  return w.take() + "\n";
}

Result<Slot> slot_from_json(const std::string& text, const std::string& origin) {
  if (auto slot = slot_json_detail::slot_from_json_lexed(text)) return std::move(*slot);
  // Text the lexer leaves to nlohmann (\u escapes, UTF-8, whatever it does not know).
  if (auto slot = slot_json_detail::slot_from_json_events(text)) return std::move(*slot);
  return slot_json_detail::slot_from_json_tree(text, origin);
}

namespace slot_json_detail {

std::optional<Slot> slot_from_json_lexed(std::string_view text) {
  Reader reader;
  if (Lexer(text, reader).read() && reader.done()) return std::move(reader.slot);
  return std::nullopt;
}

std::optional<Slot> slot_from_json_events(const std::string& text) {
  Reader reader;
  if (json::sax_parse(text, &reader) && reader.done()) return std::move(reader.slot);
  return std::nullopt;
}

Result<Slot> slot_from_json_tree(const std::string& text, const std::string& origin) {
  auto parsed = parse_json_input(text);
  if (!parsed.ok() || !parsed->is_object()) return Error{origin + ": not a JSON object"};
  json j = std::move(*parsed);
  try {
    Slot s;
    s.key = j.at("key").get<std::string>();
    s.resolved = j.value("resolved", std::string());
    s.ever_contested = j.value("ever_contested", false);
    for (const json& ja : j.at("atoms")) {
      Atom a;
      a.id = ja.at("id").get<std::string>();
      a.claim = ja.at("claim").get<std::string>();
      a.kind = ja.value("kind", std::string("lesson"));
      a.quarantined = ja.value("quarantined", false);
      a.redactions = ja.value("redactions", std::vector<std::string>{});
      a.status = ja.value("status", std::string("candidate"));
      a.tier = ja.value("tier", std::string("L1"));
      for (const json& jo : ja.at("observations")) {
        Observation o;
        o.session = jo.value("session", std::string());
        o.day = jo.value("day", std::string());
        o.time = jo.value("time", Seconds{0});
        o.project = jo.value("project", std::string());
        o.transcript = jo.value("transcript", std::string());
        o.line = jo.value("line", 0);
        o.quote = jo.value("quote", std::string());
        o.confidence = jo.value("confidence", std::string("observed"));
        a.observations.push_back(std::move(o));
      }
      s.atoms.push_back(std::move(a));
    }
    return s;
  } catch (const json::exception& e) {
    return Error{origin + ": not an atom slot (" + e.what() + ")"};
  }
}

}  // namespace slot_json_detail

}  // namespace memsim
