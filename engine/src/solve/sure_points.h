// A bound from the masters of the side to lead (docs/solve.md, "Sure points"):
// the points it is sure to take by leading, one after the other, cards that no
// other hand can beat and no opponent can cut, whatever the [play] conventions.
#pragma once

#include "belote/play.h"
#include "solve/moves.h"

namespace belote::best_play {

/// The card points of the leader's masters that his side is sure to win,
/// between tricks (`hands`: the cards each seat still holds).
int sure_points(const PlayContext& play, const SuitOrders& orders, const PerSeat<CardSet>& hands, Seat leader);

}  // namespace belote::best_play
