// Random deals, identical for the same seed on every machine.
//
// The generator is specified, not taken from the standard library (whose
// distributions differ between implementations): SplitMix64 turns (seed,
// index) into the state of a xoshiro256** generator, bounded draws use
// Lemire's multiply-and-reject method, and the cards are shuffled with
// Fisher-Yates from the last card down. Each deal depends only on (seed,
// index), so deals can be made in any order, by any number of threads.
#pragma once

#include <cstdint>

#include "belote/deal.h"
#include "belote/deck.h"

namespace belote {

class Xoshiro256 {
 public:
  Xoshiro256(std::uint64_t seed, std::uint64_t stream);
  std::uint64_t next();
  /// A uniform draw in [0, bound), bound > 0.
  std::uint32_t below(std::uint32_t bound);

 private:
  std::uint64_t s_[4];
};

class RandomDeals {
 public:
  RandomDeals(const Deck& deck, std::uint64_t seed) : deck_(deck), seed_(seed) {}

  /// Deal number `number` of the seed's sequence: shuffled hands, a random trump, taker and first
  /// speaker, and a plausible result: each trick holds one card of each hand
  /// and goes to a random team, card points follow from the tricks won.
  void make(std::uint64_t number, Deal& out, bool with_id = true) const;
  std::uint64_t seed() const { return seed_; }

 private:
  const Deck& deck_;
  std::uint64_t seed_;
};

}  // namespace belote
