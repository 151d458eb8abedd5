#include "rulesets/unexpressed_rules.h"

#include <algorithm>
#include <string>
#include <vector>

#include "common/text_util.h"

namespace belote {

namespace {

struct UnexpressedRule {
  std::vector<std::string_view> words;  ///< lower case; two words joined by '_'
  std::string_view what;
};

// The same list as docs/rulesets.md, "What a ruleset cannot express".
const std::vector<UnexpressedRule>& rules() {
  static const std::vector<UnexpressedRule> list = {
      {{"players", "player", "joueurs", "player_count", "three_player", "three_players", "two_player", "two_players",
        "partnerships"},
       "another number of players than four in two teams (three-player or two-player games)"},
      {{"dealer", "donne", "cut", "talon", "kitty", "widow"},
       "the cut, a talon or a kitty: the whole deck is dealt, at a table by [dealing] (packets, a turned card)"},
      {{"direction", "clockwise", "counter_clockwise", "counterclockwise", "rotation"},
       "the direction of play, which is counter-clockwise (N, W, S, E)"},
      {{"penalty", "penalties", "misdeal", "faults"},
       "penalties for faults at the table (a misdeal, a false declaration; a revoke is [play.revoke])"},
  };
  return list;
}

// The words of one key: "must-follow-suit" gives must, follow, suit, must_follow,
// follow_suit and the whole name.
std::vector<std::string> words_of(std::string_view key) {
  std::string name = to_lower(key);
  std::replace(name.begin(), name.end(), '-', '_');
  std::vector<std::string> parts;
  for (std::size_t start = 0; start <= name.size();) {
    const std::size_t end = std::min(name.find('_', start), name.size());
    if (end > start) parts.push_back(name.substr(start, end - start));
    start = end + 1;
  }
  std::vector<std::string> words = parts;
  for (std::size_t i = 0; i + 1 < parts.size(); ++i) words.push_back(parts[i] + "_" + parts[i + 1]);
  words.push_back(name);
  return words;
}

}  // namespace

std::optional<std::string_view> unexpressed_rule(std::string_view key_path) {
  std::vector<std::string> words;
  for (std::size_t start = 0; start <= key_path.size();) {
    const std::size_t end = std::min(key_path.find('.', start), key_path.size());
    for (std::string& word : words_of(key_path.substr(start, end - start))) words.push_back(std::move(word));
    start = end + 1;
  }
  for (const UnexpressedRule& rule : rules())
    for (const std::string& word : words)
      if (std::find(rule.words.begin(), rule.words.end(), word) != rule.words.end()) return rule.what;
  return std::nullopt;
}

}  // namespace belote
