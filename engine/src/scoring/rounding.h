// Rounding what each side writes, as the ruleset's [rounding] says.
#pragma once

#include "belote/ruleset.h"

namespace belote {

/// `points` rounded to a multiple of `step`: up when the remainder is at least `up_from`.
constexpr int round_to(int points, int step, int up_from) {
  if (step <= 1) return points;
  const int remainder = points % step;
  if (remainder == 0) return points;
  return remainder >= up_from ? points - remainder + step : points - remainder;
}

/// How a deal's amounts were rounded, for the explanation.
enum class RoundingPath { each, lone, equal, leader, leader_kept_nonzero };

/// The amounts of one deal (the takers', the defenders', the held-over), rounded together.
struct Amounts {
  int takers = 0;
  int defenders = 0;
  int held = 0;
  RoundingPath path = RoundingPath::each;
};

/// Rounds a deal's amounts: each on its own with the kind's threshold; or,
/// with `sides = leader`, a lone amount to the nearest step (the ruleset's
/// `up_from`), equal amounts each on its own, and otherwise the largest by the
/// kind's threshold with the smallest taking the rest of the rounded total
/// (never rounded to nothing with `keep_nonzero`).
Amounts round_amounts(const RoundingRules& rounding, int kind_up_from, Amounts raw);

}  // namespace belote
