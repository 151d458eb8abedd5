// Steps 5 to 8 of scoring a mène: the contract's test, what each side writes
// ([scoring] terms), the kind's multiplier, rounding, units, and held-over points.
#pragma once

#include "belote/deal.h"
#include "belote/outcome.h"
#include "belote/ruleset.h"

namespace belote {

/// Fills the contract's result and the written scores of `out`, whose card
/// points, announcements and belote are already counted.
void score_contract(const Ruleset& rules, const Deal& deal, Outcome& out);

/// The value of one [scoring] term for `side` (`factor` applied to a times_factor term).
int term_value(const ScoringTerm& term, Team side, const Outcome& out, const Deal& deal, const Ruleset& rules);

/// Which terms apply to a deal's result (its doubled table when the deal is doubled).
ScoredResult scored_result(ContractResult result, bool doubled);

}  // namespace belote
