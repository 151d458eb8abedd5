// The worlds a seat cannot tell apart (table.md 3): the hidden hands that
// agree with everything the seat has seen, drawn uniformly (docs/players.md).
//
// During the play a world must agree with the cards played (each was legal
// from the hand its seat would then have held: play.h's legal_play replayed),
// the announcements declared (the hand as dealt must declare them, each a
// distinct one of its announcements: with the cards where they are known, no
// card of the hand extending a run declared; of the same kind and value where
// a sequence is not shown; from trick 2, the contest they make leaving the
// same ones shown), the belote's word (its
// holder holds the pair's other card until it is played) and the turned card
// (the taker holds it). During the auction nothing but the seat's own cards
// and the turned card is known: the rest of the pack is dealt at random.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "belote/card_set.h"
#include "belote/play.h"
#include "belote/random_deals.h"
#include "belote/seat.h"
#include "belote/table.h"

namespace belote {

/// One world: every seat's hand now, and as it was dealt (the cards played since put back).
struct World {
  PerSeat<CardSet> hands;
  PerSeat<CardSet> dealt;
  /// Whether it passed every test of what was seen (false: the sampler gave up, see WorldSampler).
  bool consistent = true;
  friend bool operator==(const World&, const World&) = default;
};

/// Draws worlds for one observation. A proposal deals the hidden cards
/// uniformly among the deals that give each seat its count of cards, the cards
/// it is known to hold, and none that a single card played rules out (a card it
/// could not have held and played as it did); the proposal is counted exactly
/// by groups of cards, so each such deal is as likely. A proposal that fails
/// the full test (every card played legal from the hand then held) is drawn
/// again: what is accepted is uniform over the consistent worlds. A sequence
/// declared but not shown (docs/table.md) constrains no card, only the hand's
/// announcements, and is left to this test. After `max_attempts` proposals in
/// a row fail, the last is given, marked inconsistent (World::consistent).
class WorldSampler {
 public:
  WorldSampler(const Ruleset& rules, const Observation& seen);

  /// Whether the observation is in the auction (worlds are then whole deals, dealt at random).
  bool auction() const { return auction_; }
  /// The play's context (the contract's kind and trump), during the play.
  const std::optional<PlayContext>& play() const { return play_; }
  /// The hidden cards, and what each seat is known to hold and could not hold.
  CardSet hidden() const { return hidden_; }
  const PerSeat<CardSet>& known() const { return must_; }
  const PerSeat<CardSet>& excluded() const { return forbid_; }
  /// How many cards each seat holds now (as dealt, during the auction).
  const PerSeat<int>& counts() const { return counts_; }

  /// A world drawn uniformly among the consistent ones.
  World sample(Xoshiro256& rng, int max_attempts = 2000);
  /// Whether `hands` (every seat's hand now) agree with everything seen.
  bool consistent(const PerSeat<CardSet>& hands) const;
  /// How many deals the proposal draws from (0: none, the observation contradicts itself).
  double proposals() const { return ways_.empty() ? 0 : ways_[0][state(needs_)]; }
  /// Proposals drawn and rejected so far.
  std::uint64_t rejected() const { return rejected_; }

 private:
  struct Event {
    Seat seat;
    Card card;
    Trick before;
  };
  int state(const std::array<int, 3>& needs) const { return (needs[0] * stride_ + needs[1]) * stride_ + needs[2]; }
  void count_ways();
  World propose(Xoshiro256& rng) const;

  const Ruleset* rules_;
  Seat seat_;
  bool auction_ = false;
  std::optional<PlayContext> play_;
  std::vector<Event> events_;
  bool shows_as_seen(Deal& deal, const PerSeat<CardSet>& hands) const;
  // Each announcement declared by another seat, as the seat observing knows it;
  // the seat's own; whether trick 1 is over (who showed is seen); the first lead.
  std::vector<DeclaredAnnouncement> declared_;
  SeatAnnouncements own_declared_;
  bool shown_ = false;
  Seat first_ = Seat::N;
  PerSeat<CardSet> played_;
  PerSeat<CardSet> own_;
  CardSet hidden_ = 0;
  PerSeat<CardSet> must_;
  PerSeat<CardSet> forbid_;
  PerSeat<int> counts_;
  // The exact count of the proposal: the hidden seats, the groups of cards by the seats that may hold them.
  std::array<Seat, 3> others_{};
  std::array<int, 3> needs_{};
  std::vector<CardSet> groups_;
  std::vector<std::uint8_t> group_seats_;
  int stride_ = 1;
  std::vector<std::vector<double>> ways_;
  std::uint64_t rejected_ = 0;
};

}  // namespace belote
