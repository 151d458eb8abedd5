// What the play is worth to a side: the one place that says which points
// depend on the cards played (docs/solve.md, "The objective").
//
// A trick is worth its card points to its winner, with the last trick's
// bonus and the roem of its cards (klaverjas, [roem]); a side that takes
// every trick has its card points replaced by the kind's capot value and
// adds the pit. Where a belote counts only if the first of its two cards is
// led or follows the led suit (play.belote_led_or_followed, all-trump kinds),
// the takers' belote is worth its points when that card is played so. The
// search, the tests' reference and the figures all count this same thing.
#pragma once

#include <array>

#include "belote/play.h"

namespace belote::best_play {

class PlayValue {
 public:
  explicit PlayValue(const PlayContext& play);

  /// What a complete trick gives its winner; `last` when it ends the mène.
  int trick(const Trick& trick, bool last) const {
    int points = 0;
    CardSet cards = 0;
    for (Card card : trick.cards) {
      points += play_.card_points(card);
      cards |= card_bit(card);
    }
    if (roem_) points += trick_roem(play_, cards).points;
    return last ? points + play_.last_trick_points() : points;
  }
  /// What the takers' player earns by playing `card` from `hand` (before it
  /// leaves) to `trick` (before it is added): the belote, where the play
  /// decides it, for the first card of a pair held together that is led or
  /// follows the led suit. 0 elsewhere.
  int belote(Card card, const Trick& trick, CardSet hand) const {
    if (belote_points_ == 0) return 0;
    const CardSet pair = belote_pairs_[suit_of(card)];
    if ((pair & card_bit(card)) == 0 || (hand & pair) != pair) return 0;
    return trick.count == 0 || trick.led() == suit_of(card) ? belote_points_ : 0;
  }
  /// The most the belotes whose pairs are still whole in `hand` can earn.
  int open_belotes(CardSet hand) const {
    if (belote_points_ == 0) return 0;
    int points = 0;
    for (CardSet pair : belote_pairs_)
      if (pair != 0 && (hand & pair) == pair) points += belote_points_;
    return points;
  }
  /// Whether the play decides a belote (and so the value holds it).
  bool belote_in_play() const { return belote_points_ != 0; }
  /// The most roem `tricks` tricks can hold (0 without roem).
  int most_roem(int tricks) const { return roem_per_trick_ * tricks; }
  /// Added to the tricks' worth of a side that takes every trick (may be negative).
  int sweep_bonus() const { return sweep_bonus_; }
  /// The card points of a set of cards (no bonus).
  int card_points(CardSet cards) const;
  /// Whether a trick's worth depends only on its winner and its cards' points:
  /// two cards of one hand next to each other in trick order with equal points
  /// are then interchangeable (docs/solve.md, "Equivalent cards"). Runs and
  /// four of a kind depend on the ranks themselves.
  bool by_card_points() const { return by_card_points_; }
  const PlayContext& context() const { return play_; }

 private:
  PlayContext play_;
  int sweep_bonus_ = 0;
  bool roem_ = false;
  int roem_per_trick_ = 0;
  bool by_card_points_ = true;
  int belote_points_ = 0;
  /// The belote cards of each suit that holds a belote, where the play decides it.
  std::array<CardSet, kSuitCount> belote_pairs_{};
};

}  // namespace belote::best_play
