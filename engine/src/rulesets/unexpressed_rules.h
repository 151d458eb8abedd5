// Rules of belote that a ruleset cannot express, recognised in the names of
// unknown keys, so that a user who writes `follow_suit = true` learns that
// the schema has no such key rather than being offered a look-alike.
#pragma once

#include <optional>
#include <string_view>

namespace belote {

/// Where the documentation lists what a ruleset cannot express.
inline constexpr std::string_view kUnexpressedRulesDoc = "docs/rulesets.md#what-a-ruleset-cannot-express";

/// What a ruleset cannot express that a key's name refers to ("the play of
/// the cards: following suit, trumping"), if one of its words names such a rule.
std::optional<std::string_view> unexpressed_rule(std::string_view key_path);

}  // namespace belote
