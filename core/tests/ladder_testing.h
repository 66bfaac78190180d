// Test helper shared by the ladder's unit and property tests.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "memsim/atoms.h"

namespace memsim::testing {

// A slot holding one lesson atom for `claim` with these observations.
inline Slot slot_of(std::vector<Observation> observations, const std::string& claim) {
  Slot s;
  s.key = normalize_key(claim);
  Atom a;
  a.claim = claim;
  a.id = atom_id_for(claim);
  a.kind = "lesson";
  a.observations = std::move(observations);
  s.atoms.push_back(std::move(a));
  return s;
}

}  // namespace memsim::testing
