// What a resolved key means, as JSON, for comparing rulesets by meaning
// rather than by spelling (`rulesets diff`).
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <toml++/toml.h>

#include "belote/ruleset.h"
#include "belote/ruleset_schema.h"

namespace belote {

/// The value as JSON: integers, booleans, strings and arrays as they are written.
nlohmann::json typed_value(const toml::node& node);

/// The value as the ruleset understands it: ranks by the deck's own names (`T`
/// is `10`), names and choices without regard to case, `carré-` as `carre-`, the
/// items of an array whose order means nothing (and of each inner array) sorted.
/// `spec` is the key's entry (a table entry's is its table's).
nlohmann::json meaning(const KeySpec& spec, const toml::node& node, const Ruleset& rules);

/// A table entry's key as the ruleset understands it: a rank by the deck's
/// name for it, a length without leading zeros.
std::string entry_meaning(const KeySpec& table, const std::string& entry, const Ruleset& rules);

}  // namespace belote
