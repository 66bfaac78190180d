// The one way JSON comes in and goes out. In: a hook's payload, an MCP message, a
// transcript line, a settings file. Nesting deeper than kMaxJsonDepth (limits.h) is refused before
// the parser sees it, because nlohmann's values copy and destroy themselves
// recursively and a line nested a few hundred thousand levels deep overflows the
// stack.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "memsim/limits.h"
#include "memsim/result.h"

namespace memsim {

// Whether no array or object in text (strings aside) nests deeper than max_depth.
bool json_nesting_within(std::string_view text, int max_depth);

// The JSON value of text (J: nlohmann::json, or ordered_json where key order must
// survive a rewrite), or an error saying why not. Never throws.
template <class J = nlohmann::json>
Result<J> parse_json_input(std::string_view text, int max_depth = kMaxJsonDepth) {
  if (!json_nesting_within(text, max_depth))
    return Error{"JSON nested deeper than " + std::to_string(max_depth) + " levels"};
  J j = J::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return Error{"not valid JSON"};
  return j;
}

// The text of j; a string that is not UTF-8 (a file name, say) is written with
// U+FFFD in place of its bad bytes, never thrown over.
std::string dump_json(const nlohmann::json& j, int indent = -1);
std::string dump_json(const nlohmann::ordered_json& j, int indent = -1);

}  // namespace memsim
