// Random deals, identical for the same seed on every machine.
//
// The generator is specified, not taken from the standard library (whose
// distributions differ between implementations): SplitMix64 turns (seed,
// index) into the state of a xoshiro256** generator, bounded draws use
// Lemire's multiply-and-reject method, and the cards are shuffled with
// Fisher-Yates from the last card down. Each deal depends only on (seed,
// index), so deals can be made in any order, by any number of threads.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <vector>

#include "belote/deal.h"
#include "belote/deck.h"
#include "belote/ruleset.h"

namespace belote {

/// SplitMix64's finalizer: a 64-bit value mixed into another, every bit
/// depending on every bit (a bijection). Seeds of streams and players are made with it.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

class Xoshiro256 {
 public:
  Xoshiro256(std::uint64_t seed, std::uint64_t stream);
  /// A generator never drawn from (all zero state): a placeholder that costs nothing to make.
  static Xoshiro256 unseeded() { return Xoshiro256(); }

  // Inline: a deal takes some forty draws, half the time of making it.
  std::uint64_t next() {
    const std::uint64_t result = std::rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = std::rotl(s_[3], 45);
    return result;
  }

  /// A uniform draw in [0, bound), bound > 0.
  std::uint32_t below(std::uint32_t bound) {
    // Lemire: the high half of a 32x32 product, rejecting the biased low part.
    std::uint64_t product = (next() >> 32) * bound;
    auto low = std::uint32_t(product);
    if (low < bound) [[unlikely]] {
      const std::uint32_t threshold = std::uint32_t(-bound) % bound;
      while (low < threshold) {
        product = (next() >> 32) * bound;
        low = std::uint32_t(product);
      }
    }
    return std::uint32_t(product >> 32);
  }

 private:
  Xoshiro256() = default;
  std::uint64_t s_[4]{};
};

class RandomDeals {
 public:
  /// Deals of the deck alone: one trump suit, the deck's card points.
  RandomDeals(const Deck& deck, std::uint64_t seed);
  /// Deals of a ruleset: the same hands, trump, taker, first speaker and
  /// trick winners as the deck's deals of the same seed; a ruleset that names
  /// its kinds also draws each deal's kind (from a stream of its own, so that
  /// the rest of the deal does not change), and card points are the kind's.
  RandomDeals(const Ruleset& rules, std::uint64_t seed);

  /// Deal number `number` of the seed's sequence: shuffled hands, a random trump, taker and first
  /// speaker, and a plausible result: each trick holds one card of each hand
  /// and goes to a random team, card points follow from the tricks won.
  void make(std::uint64_t number, Deal& out, bool with_id = true) const;
  std::uint64_t seed() const { return seed_; }
  /// Whether both make the same deals (rulesets of one deck and one way of
  /// drawing kinds, bids and doubling): a comparison then draws each deal once.
  bool same_draws(const RandomDeals& other) const;

 private:
  /// Card numbers run below 64 (suit × 16 + rank), so every deck fits.
  static constexpr int kMaxCards = kSuitCount * kSuitStride;
  static constexpr int kMaxKinds = 32;

  /// What a deal may be played in: a kind, and the suit for a one-suit kind.
  struct Option {
    std::uint8_t kind = 0;
    bool one_suit = true;
    Suit suit = 0;
    friend bool operator==(const Option&, const Option&) = default;
  };
  /// Card points by trump suit and card in one kind, multiplier applied.
  struct KindPoints {
    std::array<std::array<std::int16_t, kMaxCards>, kSuitCount> card_points{};
    int last_trick_points = 0;
    friend bool operator==(const KindPoints&, const KindPoints&) = default;
  };

  explicit RandomDeals(const Deck& deck, std::uint64_t seed, int);

  std::uint64_t seed_;
  int hand_size_;
  int card_count_;
  /// The deck in its unshuffled order, suit by suit.
  std::array<Card, kMaxCards> ordered_{};
  /// Per kind (one for the deck alone), read once per card of a deal.
  std::vector<KindPoints> kinds_;
  /// The kind of a deal whose trump suit is s, when it is played in the suit's kind.
  std::array<std::optional<std::uint8_t>, kSuitCount> suit_kind_{};
  /// The choices drawn from when the ruleset names its kinds (empty otherwise).
  std::vector<Option> options_;
  /// The bids drawn from (named bids after the numbers, with their index), and the doubling levels.
  std::vector<int> numeric_bids_;
  std::vector<int> named_bid_values_;
  int doubling_levels_ = 0;
};

}  // namespace belote
