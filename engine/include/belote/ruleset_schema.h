// The registry of ruleset keys: one entry per key a ruleset file may hold.
//
// The loader accepts exactly these keys, reads each through its entry, and
// the key reference in docs/rulesets.md is generated from the same entries.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace belote {

enum class KeyShape {
  scalar,  ///< a string, integer, boolean or array
  table,   ///< a table whose keys are data (ranks, lengths), each holding a value
};

struct KeySpec {
  std::string_view path;     ///< dotted key, e.g. "contract.on_tie"
  std::string_view type;     ///< for a person: "integer", "table of rank = integer"...
  std::string_view allowed;  ///< allowed values, for a person
  std::string_view meaning;
  std::string_view example;  ///< a TOML line or block
  /// "" when the key is required (in the file or a base); otherwise what applies without it.
  std::string_view default_value;
  KeyShape shape = KeyShape::scalar;
  /// Choices of an enumerated string, in the order of the C++ enum they map to.
  std::vector<std::string_view> choices;
  /// Metadata belongs to one file and is not inherited.
  bool metadata = false;
  /// A value that only makes sense for the ranks it was written for: a file
  /// that sets new ranks drops the base's (tables keyed by rank are, too).
  bool follows_ranks = false;
  /// An array whose items' order means nothing (a set): `rulesets diff` ignores it.
  bool any_order = false;
};

/// Every key, in the order files are documented and shown.
std::span<const KeySpec> ruleset_keys();
/// The entry of a key, or nullptr. A `*` in a registered path matches any
/// name: "kinds.sans-atout.trumps" is the key "kinds.*.trumps".
const KeySpec* find_key(std::string_view path);
/// Whether `path` is a table that holds registered keys ("deck", "kinds", "kinds.sans-atout").
bool holds_keys(std::string_view path);
/// Whether the keys of the table at `path` are names chosen by the file ("kinds": each is a kind).
bool names_a_table(std::string_view path);
/// The segments of a dotted path; a quoted segment ("\"a.b\"") stays whole.
std::vector<std::string_view> key_segments(std::string_view path);
/// Whether the key is a table keyed by the deck's ranks (reset when a file sets `deck.ranks`; arrays of ranks are kept).
bool keyed_by_rank(const KeySpec& key);
/// Whether a file that sets `deck.ranks` drops the value its bases gave the key.
bool reset_by_new_ranks(const KeySpec& key);
/// The section names ("deck", "sequences"...), in order.
std::vector<std::string> ruleset_sections();
/// The key reference as Markdown (the body of docs/rulesets.md's reference).
std::string keys_markdown();

}  // namespace belote
