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
//
// A trick's roem is then the sum of its runs, its stuk and its four of a kind:
// four of a kind holds one card of each suit, and a run three of one suit and
// the stuk two or more ranks of one (the ruleset's `stuk_cards`), so it never
// holds either, and a bound can count each apart.
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

  /// At most how much roem the tricks still to play can hold that takes one of the cards
  /// `changed` (all in `left`; both each suit's places in order space, 16 bits a suit), from
  /// the cards in play `left`: the runs and the stuk with such a card, and four of a kind with
  /// one. `tricks` tricks hold no more than `tricks` times the most one trick can. With
  /// `changed` = `left`, all the roem the cards in play can still make.
  int most(std::uint64_t left, std::uint64_t changed, int tricks) const {
    int roem = 0;
    for (std::uint64_t suits = changed; suits != 0;) {
      const int s = std::countr_zero(suits) >> 4;
      suits &= ~(std::uint64_t{0xFFFF} << (16 * s));
      roem += suit_most(Suit(s), std::uint32_t(left >> (16 * s)) & 0xFFFF, std::uint32_t(changed >> (16 * s)) & 0xFFFF);
    }
    for (const Quad& q : quads_)
      if ((left & q.places) == q.places && (changed & q.places) != 0) roem += q.points;
    return std::min(roem, per_trick_ * tricks);
  }
  /// All the roem the cards in play `left` can still make in `tricks` tricks: most(left, left,
  /// tricks), each suit's share read whole (a suit's runs and stuk need no card counted apart).
  int all(std::uint64_t left, int tricks) const {
    int roem = 0;
    for (std::size_t s = 0; s < kSuitCount; ++s) roem += suit_most_[offset_[s] + ((left >> (16 * s)) & 0xFFFF)];
    for (const Quad& q : quads_)
      if ((left & q.places) == q.places) roem += q.points;
    return std::min(roem, per_trick_ * tricks);
  }
  /// The places of suit `s` (order space) whose card may still make roem, `held` the suit's
  /// places in play and `in_play` every card in play: two such cards may not stand for each other.
  std::uint32_t may_make(Suit s, std::uint32_t held, CardSet in_play) const {
    std::uint32_t places = run_places_[offset_[s] + held];
    if ((stuk_[s] & ~held) == 0) places |= stuk_[s];
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
  /// The runs and the stuk of suit `s` with one of the cards `changed`, `left` its cards in play.
  int suit_most(Suit s, std::uint32_t left, std::uint32_t changed) const {
    const std::size_t at = offset_[s] + left;
    // Each run with one of those cards holds its own, and so does the stuk (each card falls once).
    int most = count_bits(changed & run_places_[at]) * run_;
    if ((stuk_[s] & ~left) == 0 && (stuk_[s] & changed) != 0) most += stuk_points_;
    return std::min(most, suit_most_[at]);
  }

  /// By suit from its offset, indexed by the set of its places in play: the most its runs and
  /// stuk can make, and the places that may make a run.
  std::vector<int> suit_most_;
  std::vector<std::uint16_t> run_places_;
  std::array<std::size_t, kSuitCount> offset_{};
  /// Each suit's stuk (order space) where all its cards are in play at the start in as many hands, else none.
  std::array<std::uint32_t, kSuitCount> stuk_{};
  /// The most one run makes, and the stuk.
  int run_ = 0;
  int stuk_points_ = 0;
  std::vector<Quad> quads_;
  int per_trick_ = 0;
};

}  // namespace belote::best_play
