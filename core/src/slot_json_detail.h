// The reader of slot files through a JSON tree: what a slot file means, for any
// spelling a person may have written. slot_from_json (atoms.h) answers from its
// own reader for the files slot_to_json writes, and from this one otherwise; tests
// compare the two.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "memsim/atoms.h"

namespace memsim::slot_json_detail {

Result<Slot> slot_from_json_tree(const std::string& text, const std::string& origin);

// The first two readers slot_from_json tries, each alone: nullopt where it gives
// the text to the next one.
std::optional<Slot> slot_from_json_lexed(std::string_view text);
std::optional<Slot> slot_from_json_events(const std::string& text);

}  // namespace memsim::slot_json_detail
