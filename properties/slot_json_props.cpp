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

rc::Gen<std::string> gen_plain_field() {
  return rc::gen::weightedOneOf<std::string>(
      {{1, rc::gen::just(std::string())},
       {2, rc::gen::element<std::string>("candidate", "staged", "adopted", "L1", "/home/u/t.jsonl", "say \"hi\"")},
       {4, rc::gen::container<std::string>(rc::gen::inRange(' ', '\x7f'))}});
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

// Plain slots hold printable ASCII only (what the lexer reads itself); the others
// hold hostile text as well (escapes, control bytes, invalid UTF-8), which it leaves to nlohmann.
rc::Gen<Slot> gen_slot(bool plain) {
  const auto field = [plain] { return plain ? gen_plain_field() : gen_field(); };
  auto observation = rc::gen::build<Observation>(
      rc::gen::set(&Observation::session, field()), rc::gen::set(&Observation::day, field()),
      rc::gen::set(&Observation::time, rc::gen::arbitrary<Seconds>()), rc::gen::set(&Observation::project, field()),
      rc::gen::set(&Observation::transcript, field()), rc::gen::set(&Observation::line, rc::gen::arbitrary<int>()),
      rc::gen::set(&Observation::quote, field()), rc::gen::set(&Observation::confidence, field()));
  auto atom = rc::gen::build<Atom>(
      rc::gen::set(&Atom::id, field()), rc::gen::set(&Atom::claim, field()), rc::gen::set(&Atom::kind, field()),
      rc::gen::set(&Atom::quarantined),
      rc::gen::set(&Atom::redactions, rc::gen::resize(3, rc::gen::container<std::vector<std::string>>(field()))),
      rc::gen::set(&Atom::status, field()), rc::gen::set(&Atom::tier, field()),
      rc::gen::set(&Atom::observations, rc::gen::resize(6, rc::gen::container<std::vector<Observation>>(observation))));
  // A few atoms of a few observations each: the readers' paths, not the sizes, are under test.
  auto atoms = rc::gen::resize(4, rc::gen::container<std::vector<Atom>>(atom));
  return rc::gen::build<Slot>(rc::gen::set(&Slot::key, field()), rc::gen::set(&Slot::atoms, atoms),
                              rc::gen::set(&Slot::resolved, field()), rc::gen::set(&Slot::ever_contested));
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
  // Each reader slot_from_json tries first gives the tree's slot whenever it answers.
  auto lexed = slot_json_detail::slot_from_json_lexed(text);
  auto events = slot_json_detail::slot_from_json_events(text);
  RC_CLASSIFY(lexed.has_value(), "lexed");
  if (lexed) RC_ASSERT(tree.ok() && tree_text(*lexed) == tree_text(*tree));
  if (events) RC_ASSERT(tree.ok() && tree_text(*events) == tree_text(*tree));
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
  const Slot slot = *gen_slot(*rc::gen::arbitrary<bool>());
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
  const Slot slot = *gen_slot(*rc::gen::arbitrary<bool>());
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
  const Slot slot = *gen_slot(*rc::gen::arbitrary<bool>());
  std::string text = slot_to_json(slot);
  const std::string earlier = *rc::gen::element<std::string>(
      "\"key\": \"first\",", "\"atoms\": " + dump_json(json::parse(text)["atoms"]) + ",", "\"ever_contested\": true,");
  text.insert(text.find('{') + 1, earlier);
  check_readers_agree(text);
}

RC_GTEST_PROP(SlotJsonProps, EverySpellingIsReadAsNlohmannReadsIt, ()) {
  // Plain slots, which the lexer reads itself, spelled as the writer never spells
  // them: each respelling is one nlohmann accepts or refuses, and the lexer must
  // either agree or leave the text to it.
  const Slot slot = *gen_slot(true);
  std::string text = slot_to_json(slot);
  const std::size_t at = *rc::gen::inRange<std::size_t>(0, text.size());
  const int how = *rc::gen::inRange(0, 6);
  const std::size_t number = text.find(*rc::gen::element<std::string>("\"line\": ", "\"time\": "));
  RC_PRE(how != 1 || number != std::string::npos);
  switch (how) {
    case 0: {  // every '/' (only ever inside a string) as "\/"
      std::string escaped;
      for (char c : text) escaped += c == '/' ? std::string("\\/") : std::string(1, c);
      text = escaped;
      break;
    }
    case 1: {  // a number spelled another way
      const std::size_t from = number + 8, to = text.find_first_of(",\n}", from);
      text.replace(from, to - from,
                   *rc::gen::element<std::string>("1.0", "1e2", "1E2", "-0", "007", "0", "-", "--1", "+1", "1x",
                                                  "99999999999999999999", "999999999999999999", "-12"));
      break;
    }
    case 2:  // something after the slot
      text += *rc::gen::element<std::string>(" ", "\n\n", "x", "{}", "\t\r\n", ",");
      break;
    case 3:  // a byte the grammar forbids or allows, anywhere
      text.insert(at, *rc::gen::element<std::string>(" ", "\t", "\r", "\x01", "\x01n", "\x7f", "\xc3\xa9", "\xc3t",
                                                     "\xff", "\\", "\\u0041", "\\x", "tru", "nul"));
      break;
    case 4:  // a literal cut short or misspelt
      text.replace(text.find("\"ever_contested\": ") + 18, slot.ever_contested ? 4 : 5,
                   *rc::gen::element<std::string>("tru", "fals", "nul", "null", "TRUE", "true ", "false"));
      break;
    default: break;  // as written
  }
  check_readers_agree(text);
}

RC_GTEST_PROP(SlotJsonProps, TheStatusFilterNeverDropsASlotHoldingTheStatus, ()) {
  // may_hold_status (atoms.h) may pass a slot that holds none; it must never drop
  // one that holds an atom of a status asked for, however the slot is spelled.
  Slot slot = *gen_slot(*rc::gen::arbitrary<bool>());
  for (Atom& a : slot.atoms) a.status = *rc::gen::element<std::string>("candidate", "staged", "adopted", "rejected");
  json j = json::parse(slot_to_json(slot));
  const int how = *rc::gen::inRange(0, 12);
  const std::size_t pick = *rc::gen::inRange<std::size_t>(0, 1000);
  std::string text;
  if (how < 9) {
    text = dump_json(edited(j, how, pick), *rc::gen::element(-1, 0, 2));
  } else if (how == 9 && !j["atoms"].empty()) {  // an atom written without its status, which reads as a candidate
    j["atoms"][pick % j["atoms"].size()].erase("status");
    text = dump_json(j, 2);
  } else if (how == 10) {  // a status spelled with an escape: "c\u0061ndidate"
    text = slot_to_json(slot);
    for (const std::string s : {"\"candidate\"", "\"staged\""})
      for (std::size_t at = text.find(s); at != std::string::npos; at = text.find(s, at + 1))
        text.replace(at + 2, 1, s[2] == 'c' ? "\\u0061" : "\\u0074");
  } else {
    text = slot_to_json(slot);
  }
  auto read = slot_json_detail::slot_from_json_tree(text, "slot.json");
  RC_PRE(read.ok());
  const bool staged = *rc::gen::arbitrary<bool>();
  bool holds = false;
  for (const Atom& a : read->atoms) holds = holds || a.status == "candidate" || (staged && a.status == "staged");
  RC_CLASSIFY(holds, "holds one");
  const bool passed = staged ? may_hold_status(text, {"candidate", "staged"}) : may_hold_status(text, {"candidate"});
  RC_CLASSIFY(!passed, "dropped");
  if (holds) RC_ASSERT(passed);
}

}  // namespace
}  // namespace memsim
