// Random played mènes: a deal's hands played to the end, each card drawn
// uniformly from the cards its player may play (play.md 2.4), identical for
// the same seed on every machine.
#pragma once

#include <array>
#include <cstdint>

#include "belote/deal.h"
#include "belote/play.h"
#include "belote/random_deals.h"

namespace belote {

/// The cards of a played mène in play order, trick by trick.
struct PlayedCards {
  std::array<Card, 4 * kMaxRanks> cards{};
  int count = 0;
};

class RandomPlay {
 public:
  RandomPlay(const Ruleset& rules, std::uint64_t seed) : rules_(rules), seed_(seed) {}
  /// Plays deal number `number` (its hands, kind, trump and first seat) with
  /// uniformly random legal cards, from a generator of its own stream; sets
  /// the deal's result to what the play gives and its cards in play order
  /// (deal_json then writes the play), and returns the cards played.
  PlayedCards play(std::uint64_t number, Deal& deal) const;

 private:
  const Ruleset& rules_;
  std::uint64_t seed_;
};

}  // namespace belote
