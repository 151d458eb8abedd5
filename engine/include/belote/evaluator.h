// The generic evaluator: scores one deal under one ruleset.
//
// It follows the rule book step by step (void check, announcements, belote,
// announcement winner, trick condition, capot, contract, scoring) and reads
// every convention from the ruleset. It allocates nothing and cannot fail on
// a deal the readers accepted.
#pragma once

#include "belote/deal.h"
#include "belote/outcome.h"
#include "belote/ruleset.h"

namespace belote {

/// Scores `deal` into `out` (reusing its storage).
void evaluate(const Ruleset& rules, const Deal& deal, Outcome& out);

inline Outcome evaluate(const Ruleset& rules, const Deal& deal) {
  Outcome out;
  evaluate(rules, deal, out);
  return out;
}

/// What the defenders score as card points when the takers fail.
int failed_card_points(const Ruleset& rules, const Deal& deal);

/// The announcements one hand declares under the ruleset, best declaration first found.
void declare_hand(const Ruleset& rules, CardSet hand, Suit trump, SeatAnnouncements& out);

}  // namespace belote
