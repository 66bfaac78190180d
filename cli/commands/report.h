// Shared rendering of band figures for index and status.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "memsim/index.h"
#include "memsim/policy.h"

namespace memsim::cli {

// {"hot": {"rows":..,"bytes":..,"budget":..}, "new": .., "cold": .., "archive": {...}}
nlohmann::json bands_json(const IndexOutput& index, const Policy& policy);

// Lines like "  hot     82 rows  11,940 / 12,000 bytes".
std::string bands_text(const IndexOutput& index, const Policy& policy);

// 12345 -> "12,345"
std::string thousands(long long n);

}  // namespace memsim::cli
