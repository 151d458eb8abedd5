// The last two tricks solved by a tight loop (docs/solve.md, "The search"):
// each hand holds two cards at most, so each player has two legal cards at
// most in the first of them and the last is forced. Walking those few lines
// with the play layer's legal cards and trick winner costs far less than the
// generic node's bounds, table probe and move list at each of them.
#pragma once

#include <bit>

#include "belote/play.h"
#include "solve/play_value.h"

namespace belote::best_play {

/// The last trick played out from `trick` (each hand to play holds one card):
/// what `takers` take from it, with the value of taking every trick when `swept`.
inline int last_trick_value(const PlayValue& value, const PerSeat<CardSet>& hands, Trick trick, Team takers, bool swept) {
  while (!trick.complete()) add_card(value.context(), trick, Card(std::countr_zero(hands[trick.to_play()])));
  if (team_of(trick.winner()) != takers) return 0;
  return value.trick(trick, true) + (swept ? value.sweep_bonus() : 0);
}

class LastTwoTricks {
 public:
  explicit LastTwoTricks(const PlayValue& value) : value_(value), play_(value.context()) {}

  /// What `takers` take from the trick in progress (its cards already
  /// played, worth `trick_points`, included) to the end of the mène, when the
  /// hands and the trick hold two tricks' cards; `swept`: the defenders have
  /// taken no trick yet. Fail-soft within (alpha, beta), as the search's nodes.
  /// `positions` counts the positions walked after the first (the search's nodes).
  int value(const PerSeat<CardSet>& hands, const Trick& trick, int trick_points, Team takers, bool swept, int alpha, int beta,
            std::uint64_t& positions) const;

 private:
  struct Walk;

  const PlayValue& value_;
  const PlayContext& play_;
};

}  // namespace belote::best_play
