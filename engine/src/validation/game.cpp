// The [game] section.
#include "sections.h"

#include <algorithm>

namespace belote::validation {

std::optional<GameRules> read_game(Reader& r) {
  GameRules rules;
  bool ok = true;
  if (const auto n = r.integer("game.target", 1, 100000)) rules.target = int(*n); else ok = false;
  if (const auto both = r.choice("game.both_reach")) rules.both_reach = BothReach(*both); else ok = false;
  return ok ? std::optional(rules) : std::nullopt;
}

}  // namespace belote::validation
