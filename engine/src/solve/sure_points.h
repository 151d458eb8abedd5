// Bounds from the tricks a side is sure of between tricks (docs/solve.md,
// "Sure points"): the leader's side draws the opponents' trumps with trumps
// none can beat and cashes the masters no opponent can cut, whatever the
// [play] conventions; either side's master trumps win the tricks they fall in.
#pragma once

#include "belote/play.h"
#include "solve/moves.h"

namespace belote::best_play {

/// What the side to lead is sure of by the leader's play alone.
struct LeadersSure {
  /// The card points of the tricks it surely takes (without the last trick's bonus).
  int points = 0;
  /// Whether it surely takes a trick (points or not).
  bool any = false;
  /// Whether the leader wins a trick with every card he holds: his side takes every trick left.
  bool every_trick = false;
};

/// Between tricks (`hands`: the cards each seat still holds), what the leader's side is sure
/// of: the trumps the leader draws while his strongest beats every other trump, the trumps
/// the opponents must follow with, the side's trumps above every opponent's left, and the
/// plain masters the leader then cashes where no opponent can cut them.
LeadersSure leaders_sure_points(const PlayContext& play, const SuitOrders& orders, const PerSeat<CardSet>& hands, Seat leader);

/// The trumps a side holds above every trump of the other side, still in play
/// (`in_play`: the hands and the trick in progress): whenever one is played,
/// its side takes the trick, so their points are that side's for sure. With
/// every trump left in its hands and no duty to trump (`play.must_trump =
/// "never"`), the side also takes the last trick (sure_points.cpp says why).
struct MasterTrumps {
  bool any = false;
  int points = 0;
};
MasterTrumps master_trumps(const PlayContext& play, const SuitOrders& orders, CardSet side, CardSet in_play);

}  // namespace belote::best_play
