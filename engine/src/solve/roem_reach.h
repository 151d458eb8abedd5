// The most roem the cards still in play can make (docs/solve.md, "Similar
// positions" and "Equivalent cards").
//
// Roem counts the ranks that fall together in one trick ([roem]: runs, the
// stuk, four of a kind), so what cards are left bounds it. A trick holds one
// card of each seat: a run, a stuk or four of a kind whose cards one seat
// holds two of can never fall in one trick. A card's holder never changes in
// a solve, so each suit's bound and the cards that may still make roem are
// worked out once, when the solve starts, for every set of the suit's cards
// that may be left, and read at each node by that set.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "belote/play.h"
#include "solve/moves.h"

namespace belote::best_play {

class RoemReach {
 public:
  /// `cards`: each seat's cards not yet played at the position solved (those it played
  /// to the trick in progress included). Nothing is worked out without roem.
  void set(const PlayContext& play, const SuitOrders& orders, const PerSeat<CardSet>& cards);

  /// At most how much roem the tricks still to play can hold, from the cards in play
  /// `left` (each suit's in order space, 16 bits a suit), counting only the runs and
  /// stuks of the suits of `suits` (bit s: suit s) and four of a kind: `tricks` tricks
  /// hold no more than `tricks` times the most one trick can.
  int most(std::uint64_t left, unsigned suits, int tricks) const {
    int roem = 0;
    for (; suits != 0; suits &= suits - 1) {
      const int s = std::countr_zero(suits);
      roem += suit_most_[offset_[std::size_t(s)] + ((left >> (16 * s)) & 0xFFFF)];
    }
    for (const Quad& q : quads_)
      if ((left & q.places) == q.places) roem += q.points;
    return std::min(roem, per_trick_ * tricks);
  }
  /// The places of suit `s` (order space) whose card may still make roem, `held` the suit's
  /// places in play and `in_play` every card in play: two such cards may not stand for each other.
  std::uint32_t may_make(Suit s, std::uint32_t held, CardSet in_play) const {
    std::uint32_t places = suit_places_[offset_[s] + held];
    for (const Quad& q : quads_)
      if ((in_play & q.cards) == q.cards) places |= std::uint32_t(q.places >> (16 * s)) & 0xFFFF;
    return places;
  }

 private:
  /// Four cards of one rank held by four seats, and what they make in one trick.
  struct Quad {
    CardSet cards;
    std::uint64_t places;  ///< the same cards, each suit's in order space
    int points;
  };
  /// By suit from its offset, indexed by the set of its places in play: the most roem of its
  /// runs and stuk, and the places that may make it.
  std::vector<int> suit_most_;
  std::vector<std::uint16_t> suit_places_;
  std::array<std::size_t, kSuitCount> offset_{};
  std::vector<Quad> quads_;
  int per_trick_ = 0;
};

}  // namespace belote::best_play
