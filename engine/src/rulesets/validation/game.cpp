// The [game] section.
#include "rulesets/validation/sections.h"

#include <algorithm>

namespace belote::validation {

std::optional<GameRules> read_game(Reader& r) {
  GameRules rules;
  bool ok = true;
  if (const auto n = r.integer("game.target", 1, 100000)) rules.target = int(*n); else ok = false;
  if (const auto both = r.choice("game.both_reach")) rules.both_reach = BothReach(*both); else ok = false;
  for (auto [key, flag] : {std::pair{"game.winner_needs_trick", &rules.winner_needs_trick}, {"game.no_win_on_capot", &rules.no_win_on_capot}}) {
    if (!r.find(key)) continue;
    if (const auto b = r.boolean(key)) *flag = *b; else ok = false;
  }
  return ok ? std::optional(rules) : std::nullopt;
}

}  // namespace belote::validation
