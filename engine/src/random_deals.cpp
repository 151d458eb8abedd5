#include "belote/random_deals.h"

#include <array>
#include <fmt/format.h>

namespace belote {

namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

Xoshiro256::Xoshiro256(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t state = seed;
  state = splitmix64(state) ^ stream;
  for (auto& word : s_) word = splitmix64(state);
}

std::uint64_t Xoshiro256::next() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

std::uint32_t Xoshiro256::below(std::uint32_t bound) {
  // Lemire: the high half of a 32x32 product, rejecting the biased low part.
  std::uint64_t product = (next() >> 32) * bound;
  auto low = std::uint32_t(product);
  if (low < bound) {
    const std::uint32_t threshold = std::uint32_t(-bound) % bound;
    while (low < threshold) {
      product = (next() >> 32) * bound;
      low = std::uint32_t(product);
    }
  }
  return std::uint32_t(product >> 32);
}

void RandomDeals::make(std::uint64_t number, Deal& out, bool with_id) const {
  Xoshiro256 rng(seed_, number);
  const int hand_size = deck_.hand_size;
  const int ranks = deck_.rank_count();
  std::array<Card, 64> cards{};
  const int n = deck_.card_count();
  for (int i = 0; i < n; ++i) cards[i] = make_card(Suit(i / ranks), Rank(i % ranks));
  for (int i = n - 1; i > 0; --i) std::swap(cards[i], cards[rng.below(std::uint32_t(i + 1))]);

  out.form = DealForm::hands;
  if (with_id) out.id = fmt::format("random-{}-{}", seed_, number); else out.id.clear();
  out.trump = Suit(rng.below(kSuitCount));
  out.taker = Seat(rng.below(4));
  out.first = Seat(rng.below(4));
  out.first_given = true;
  out.belote_seat.reset();
  out.belote_team.reset();
  for (Seat seat : kSeats) {
    CardSet hand = 0;
    for (int k = 0; k < hand_size; ++k) hand |= card_bit(cards[index(seat) * hand_size + k]);
    out.hands[seat] = hand;
  }
  // Trick t holds the t-th card of each hand (hands are in shuffled order).
  out.result = DealResult{};
  for (int trick = 0; trick < hand_size; ++trick) {
    const Team winner = Team(rng.below(2));
    int points = trick == hand_size - 1 ? deck_.last_trick_points : 0;
    for (int seat = 0; seat < 4; ++seat) points += deck_.card_points(cards[seat * hand_size + trick], out.trump);
    out.result.tricks[winner] += 1;
    out.result.points[winner] += points;
  }
}

}  // namespace belote
