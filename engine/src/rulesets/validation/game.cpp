// The [game] section.
#include "rulesets/validation/sections.h"

#include <algorithm>

namespace belote::validation {

std::optional<GameRules> read_game(Reader& r) {
  GameRules rules;
  bool ok = true;
  // A game of a number of mènes needs no target, even when that number is wrong (said at it).
  const bool deals_given = r.find("game.deals") != nullptr;
  if (deals_given) {
    if (const auto n = r.integer("game.deals", 1, 1000)) rules.deals = int(*n); else ok = false;
  }
  if (!deals_given || r.find("game.target")) {
    if (const auto n = r.integer("game.target", 1, 100000)) rules.target = int(*n); else ok = false;
  }
  // Both teams reaching the target at once needs a target.
  if (!deals_given || rules.target > 0 || r.find("game.both_reach")) {
    const Reader::RequiredBy by_target(r, r.find("game.target"));
    if (const auto both = r.choice("game.both_reach")) rules.both_reach = BothReach(*both); else ok = false;
  }
  for (auto [key, flag] : {std::pair{"game.winner_needs_trick", &rules.winner_needs_trick}, {"game.no_win_on_capot", &rules.no_win_on_capot}}) {
    if (!r.find(key)) continue;
    if (const auto b = r.boolean(key)) *flag = *b; else ok = false;
  }
  return ok ? std::optional(rules) : std::nullopt;
}

}  // namespace belote::validation
