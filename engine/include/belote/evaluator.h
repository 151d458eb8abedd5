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

/// Steps 1 to 3 alone for a deal as declared (DealForm::declared): each seat's
/// announcements valued and each contest's winner decided as evaluate() decides
/// them, before any trick counts (a contest's `scored` and `lost_to_trick_rule`
/// then mean nothing). The table asks it who shows at trick 2 (docs/table.md).
void decide_declared_contests(const Ruleset& rules, const Deal& deal, Outcome& out);
/// Whether `team` shows its announcements of a contest so decided at trick 2:
/// it wins the contest, or an exact tie lets both teams score their own.
inline bool shows_at_trick_2(const ContestOutcome& contest, Team team) {
  return contest.win_reason == WinReason::tie_both ? contest.best[team] > 0 : contest.winner == team;
}

/// What the defenders score as card points when the takers fail.
int failed_card_points(const Ruleset& rules, const Deal& deal);

/// The announcements one hand declares under the ruleset in a contract kind
/// (an index into Ruleset::kinds), with `trump` the deal's trump suit where the kind has one.
void declare_hand(const Ruleset& rules, CardSet hand, int kind, Suit trump, SeatAnnouncements& out);
/// The same in the ruleset's first kind (its only one when it names none).
inline void declare_hand(const Ruleset& rules, CardSet hand, Suit trump, SeatAnnouncements& out) {
  declare_hand(rules, hand, 0, trump, out);
}
/// How many announcements declare_hand finds, without making them (a hand with
/// no carré is a table look-up per suit).
int announcement_count(const Ruleset& rules, CardSet hand, int kind, Suit trump);
/// How many belotes a hand holds in a contract kind (0 or 1, or one per suit where every suit holds one).
int belotes_held(const Ruleset& rules, CardSet hand, int kind, Suit trump);

}  // namespace belote
