// What the play is worth to a side: the one place that says which points
// depend on the cards played (docs/solve.md, "The objective").
//
// A trick is worth its card points to its winner, with the last trick's
// bonus and the roem of its cards (klaverjas, [roem]); a side that takes
// every trick has its card points replaced by the kind's capot value and
// adds the pit. The search, the tests' reference and the figures all count
// this same thing.
#pragma once

#include <algorithm>

#include "belote/play.h"

namespace belote::best_play {

class PlayValue {
 public:
  explicit PlayValue(const PlayContext& play);

  /// What a complete trick gives its winner; `last` when it ends the mène.
  int trick(const Trick& trick, bool last) const {
    int points = 0;
    for (Card card : trick.cards) points += play_.card_points(card);
    return this->trick(trick, points, last);
  }
  /// The same, given the card points of the trick's cards.
  int trick(const Trick& trick, int card_points, bool last) const {
    int points = card_points;
    if (roem_) points += trick_roem(play_, trick_cards(trick)).points;
    return last ? points + play_.last_trick_points() : points;
  }
  /// The most roem `tricks` tricks can hold (0 without roem).
  int most_roem(int tricks) const { return roem_per_trick_ * tricks; }
  /// Added to the tricks' worth of a side that takes every trick (may be negative).
  int sweep_bonus() const { return sweep_bonus_; }
  /// Where the value of what is still to take lies: nothing up to everything, `points` the
  /// card points left with the last trick's bonus, `roem` at most the roem still to make,
  /// and while the takers may take every trick (`swept`), the sweep's bonus where it falls.
  /// Roem is never negative, so a sweep takes at least its points without roem: with a
  /// negative bonus (a capot worth less than the cards) that is the least it may be worth.
  struct Range {
    int lower, upper;
  };
  Range range(int points, int roem, bool swept) const {
    if (!swept) return {0, points + roem};
    return {std::min(0, points + sweep_bonus_), std::max(points + roem, points + roem + sweep_bonus_)};
  }
  /// The card points of a set of cards (no bonus).
  int card_points(CardSet cards) const;
  /// Whether a trick's worth counts roem, which depends on the ranks themselves, not only on
  /// the cards' points: positions of the same shape and cards of equal points then bound or
  /// stand for each other only as far as the roem still possible allows (solve/roem_reach.h).
  bool roem() const { return roem_; }
  const PlayContext& context() const { return play_; }

 private:
  static CardSet trick_cards(const Trick& trick) {
    CardSet cards = 0;
    for (Card card : trick.cards) cards |= card_bit(card);
    return cards;
  }

  PlayContext play_;
  int sweep_bonus_ = 0;
  bool roem_ = false;
  int roem_per_trick_ = 0;
};

}  // namespace belote::best_play
