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

/// The trumps a side holds above every trump of the other side, still in play
/// (`in_play`: the hands and the trick in progress): whenever one is played,
/// its side takes the trick, so their points are that side's for sure.
struct MasterTrumps {
  bool any = false;
  int points = 0;
};
inline MasterTrumps master_trumps(const PlayContext& play, const SuitOrders& orders, CardSet side, CardSet in_play) {
  if (play.trumps() == 0) return {};
  const Suit s = play.trump();
  const std::uint32_t places = masters_of(orders.to_order(s, side), orders.to_order(s, in_play));
  return {places != 0, orders.points_of(s, places)};
}

}  // namespace belote::best_play
