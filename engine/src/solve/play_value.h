// What the play is worth to a side: the one place that says which points
// depend on the cards played (docs/solve.md, "The objective").
//
// A trick is worth its card points to its winner, with the last trick's
// bonus; a side that takes every trick has its card points replaced by the
// kind's capot value. Points a ruleset counts per trick (klaverjas roem) or for
// taking every trick (its pit) belong here too, so that the search, the
// tests' reference and the figures all count the same thing.
#pragma once

#include "belote/play.h"

namespace belote::best_play {

class PlayValue {
 public:
  explicit PlayValue(const PlayContext& play);

  /// What a complete trick gives its winner; `last` when it ends the mène.
  int trick(const Trick& trick, bool last) const {
    int points = 0;
    for (Card card : trick.cards) points += play_.card_points(card);
    return last ? points + play_.last_trick_points() : points;
  }
  /// Added to the tricks' worth of a side that takes every trick (may be negative).
  int sweep_bonus() const { return sweep_bonus_; }
  /// The card points of a set of cards (no bonus).
  int card_points(CardSet cards) const;
  /// Whether a trick's worth depends only on its winner and its cards' points:
  /// two cards of one hand next to each other in trick order with equal points
  /// are then interchangeable (docs/solve.md, "Equivalent cards").
  bool by_card_points() const { return true; }
  const PlayContext& context() const { return play_; }

 private:
  PlayContext play_;
  int sweep_bonus_ = 0;
};

}  // namespace belote::best_play
