// The cards worth trying at a node of the search: one card of each set of
// equivalent cards, in the order most likely to cut the search short
// (docs/solve.md, "Equivalent cards" and "Move ordering").
#pragma once

#include <array>
#include <cstdint>

#include "belote/play.h"
#include "solve/play_value.h"

namespace belote::best_play {

/// What move generation reads of a kind, computed once per solve.
struct SuitOrders {
  explicit SuitOrders(const PlayValue& value);
  /// Each suit's cards of the deck, strongest first in its trick order.
  std::array<std::array<Card, kMaxRanks>, kSuitCount> order{};
  std::array<std::uint8_t, kSuitCount> length{};
  /// Cards that may not stand for another: with `play.trump_jack_exempt`, the
  /// jack of trumps alone frees its holder from following.
  CardSet unmergeable = 0;
  bool merge = true;
};

struct MoveList {
  std::array<Card, kMaxRanks> cards{};
  /// The cards each one stands for, itself included.
  std::array<CardSet, kMaxRanks> stands_for{};
  int count = 0;
};

/// The legal cards with each run of equivalent cards kept as its strongest
/// card: cards of one hand next to each other in trick order among the cards
/// still in play (`in_play`: the hands and the trick in progress) with equal points.
void representatives(const SuitOrders& orders, const PlayContext& play, CardSet legal, CardSet in_play, MoveList& out);

/// The position a move is ordered in.
struct OrderingView {
  const PlayContext& play;
  const Trick& trick;
  /// The cards still in the hands, and those of the player's partner.
  CardSet remaining;
  CardSet partner;
  Seat player;
};

/// No card: a table entry without a best move, or no move to try first.
inline constexpr Card kNoCard = 0xFF;

/// Sorts the moves best first: `first` (the table's move, or kNoCard) at the
/// head, then by the rules of thumb of docs/solve.md.
void order_moves(const OrderingView& view, Card first, MoveList& moves);

}  // namespace belote::best_play
