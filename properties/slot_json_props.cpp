// Properties of a slot's text (core/src/slot_json.cpp): what slot_to_json writes
// is what a JSON tree of the slot dumps, byte for byte, so files written before it
// and after it never differ; it reads back as the slot it was; and whatever the
// text (the writer's shape, keys reordered or repeated, values of another type, an
// unknown key, a cut, a byte changed), slot_from_json answers what the tree reader
// answers, error message included.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <nlohmann/json.hpp>

#include "../core/src/slot_json_detail.h"
#include "generators.h"
#include "memsim/atoms.h"
#include "memsim/json_io.h"

namespace memsim {
namespace {

using nlohmann::json;

// The writer as it was before slot_json.cpp: a tree, dumped with indent 2.
std::string tree_text(const Slot& slot) {
  json atoms = json::array();
  for (const Atom& a : slot.atoms) {
    json obs = json::array();
    for (const Observation& o : a.observations)
      obs.push_back({{"session", o.session},
                     {"day", o.day},
                     {"time", o.time},
                     {"project", o.project},
                     {"transcript", o.transcript},
                     {"line", o.line},
                     {"quote", o.quote},
                     {"confidence", o.confidence}});
    atoms.push_back({{"id", a.id},
                     {"claim", a.claim},
                     {"kind", a.kind},
                     {"quarantined", a.quarantined},
                     {"redactions", a.redactions},
                     {"status", a.status},
                     {"tier", a.tier},
                     {"observations", obs}});
  }
  json j = {{"key", slot.key}, {"resolved", slot.resolved}, {"ever_contested", slot.ever_contested}, {"atoms", atoms}};
  return dump_json(j, 2) + "\n";
}

// Short strings, often empty, often hostile (escapes, control bytes, invalid UTF-8).
rc::Gen<std::string> gen_field() {
  return rc::gen::weightedOneOf<std::string>(
      {{2, rc::gen::just(std::string())},
       {4, rc::gen::element<std::string>("candidate", "staged", "adopted", "rejected", "L1", "directive")},
       {2, rc::gen::element<std::string>("a\\b", "say \"hi\"", "\x7f", "tab\there", "/", "\u00e9")},
       {4, rc::gen::string<std::string>()},
       {3, props::gen_hostile_text()}});
}

rc::Gen<Slot> gen_slot() {
  auto observation = rc::gen::build<Observation>(
      rc::gen::set(&Observation::session, gen_field()), rc::gen::set(&Observation::day, gen_field()),
      rc::gen::set(&Observation::time, rc::gen::arbitrary<Seconds>()), rc::gen::set(&Observation::project, gen_field()),
      rc::gen::set(&Observation::transcript, gen_field()), rc::gen::set(&Observation::line, rc::gen::arbitrary<int>()),
      rc::gen::set(&Observation::quote, gen_field()), rc::gen::set(&Observation::confidence, gen_field()));
  auto atom = rc::gen::build<Atom>(
      rc::gen::set(&Atom::id, gen_field()), rc::gen::set(&Atom::claim, gen_field()),
      rc::gen::set(&Atom::kind, gen_field()), rc::gen::set(&Atom::quarantined),
      rc::gen::set(&Atom::redactions, rc::gen::resize(3, rc::gen::container<std::vector<std::string>>(gen_field()))),
      rc::gen::set(&Atom::status, gen_field()), rc::gen::set(&Atom::tier, gen_field()),
      rc::gen::set(&Atom::observations, rc::gen::resize(6, rc::gen::container<std::vector<Observation>>(observation))));
  // A few atoms of a few observations each: the readers' paths, not the sizes, are under test.
  auto atoms = rc::gen::resize(4, rc::gen::container<std::vector<Atom>>(atom));
  return rc::gen::build<Slot>(rc::gen::set(&Slot::key, gen_field()), rc::gen::set(&Slot::atoms, atoms),
                              rc::gen::set(&Slot::resolved, gen_field()), rc::gen::set(&Slot::ever_contested));
}

// The two readers agree: both fail with the same message, or both give slots that
// write the same text.
void check_readers_agree(const std::string& text) {
  auto fast = slot_from_json(text, "slot.json");
  auto tree = slot_json_detail::slot_from_json_tree(text, "slot.json");
  RC_CLASSIFY(tree.ok(), "a slot");
  RC_ASSERT(fast.ok() == tree.ok());
  if (fast.ok()) RC_ASSERT(tree_text(*fast) == tree_text(*tree));
  else RC_ASSERT(fast.message() == tree.message());
}

// A slot's tree with one thing done to it that the writer never does.
json edited(json j, int what, std::size_t pick) {
  json* target = &j;
  if (!j["atoms"].empty()) {
    json& a = j["atoms"][pick % j["atoms"].size()];
    target = &a;
    if (pick % 3 == 0 && !a["observations"].empty()) target = &a["observations"][pick % a["observations"].size()];
  }
  if (!target->is_object() || target->empty()) return j;
  auto it = target->begin();
  std::advance(it, static_cast<long>(pick % target->size()));
  const std::string key = it.key();
  switch (what) {
    case 0: target->erase(key); break;                      // a key left out
    case 1: (*target)["unknown"] = 1; break;                // a key the reader does not know
    case 2: (*target)[key] = nullptr; break;                // null
    case 3: (*target)[key] = 1.5; break;                    // a float
    case 4: (*target)[key] = "text"; break;                 // a string
    case 5: (*target)[key] = json::array({1, "a"}); break;  // an array
    case 6: (*target)[key] = json::object(); break;         // an object
    case 7: (*target)[key] = true; break;                   // a boolean
    case 8: (*target)[key] = -7; break;                     // a negative integer
    default: break;
  }
  return j;
}

RC_GTEST_PROP(SlotJsonProps, TheWriterPrintsWhatTheTreePrintedAndReadsBack, ()) {
  const Slot slot = *gen_slot();
  const std::string text = slot_to_json(slot);
  std::size_t observations = 0;
  for (const Atom& a : slot.atoms) observations += a.observations.size();
  RC_CLASSIFY(observations > 2, "more than two observations");
  RC_CLASSIFY(text.find("\\u") != std::string::npos, "an escaped character");
  RC_CLASSIFY(text.find("\xEF\xBF\xBD") != std::string::npos, "invalid UTF-8 replaced");
  RC_ASSERT(text == tree_text(slot));
  // Text that is not UTF-8 is written with U+FFFD in its place, so the slot read
  // back is the slot as written, and writing it again changes nothing.
  auto back = slot_from_json(text, "slot.json");
  RC_ASSERT(back.ok());
  RC_ASSERT(slot_to_json(*back) == text);
  check_readers_agree(text);
}

RC_GTEST_PROP(SlotJsonProps, BothReadersAgreeOnEveryText, ()) {
  const Slot slot = *gen_slot();
  json j = json::parse(slot_to_json(slot));
  const int how = *rc::gen::inRange(0, 11);
  std::string text;
  if (how < 9) {
    text = dump_json(edited(j, how, *rc::gen::inRange<std::size_t>(0, 1000)), *rc::gen::element(-1, 0, 2));
  } else if (how == 9) {
    // Keys in another order: an ordered tree keeps the order it is given.
    nlohmann::ordered_json o;
    std::vector<std::string> keys;
    for (auto it = j.begin(); it != j.end(); ++it) keys.push_back(it.key());
    for (auto k = keys.rbegin(); k != keys.rend(); ++k) o[*k] = j[*k];
    text = dump_json(o, 2);
  } else {
    // A cut, or one byte changed.
    text = slot_to_json(slot);
    const std::size_t at = *rc::gen::inRange<std::size_t>(0, text.size());
    if (*rc::gen::arbitrary<bool>()) text.resize(at);
    else text[at] = *rc::gen::element('{', '}', '[', ']', '"', ',', ':', '0', 'x', '\\', ' ');
  }
  check_readers_agree(text);
}

RC_GTEST_PROP(SlotJsonProps, ARepeatedKeyIsReadAsTheTreeReadsIt, ()) {
  // The tree keeps a repeated key's last value; an array must not be read twice.
  const Slot slot = *gen_slot();
  std::string text = slot_to_json(slot);
  const std::string earlier = *rc::gen::element<std::string>(
      "\"key\": \"first\",", "\"atoms\": " + dump_json(json::parse(text)["atoms"]) + ",", "\"ever_contested\": true,");
  text.insert(text.find('{') + 1, earlier);
  check_readers_agree(text);
}

}  // namespace
}  // namespace memsim
