#include "belote/random_deals.h"

#include <fmt/format.h>
#include <iterator>

namespace belote {

namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

}  // namespace

Xoshiro256::Xoshiro256(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t state = seed;
  state = splitmix64(state) ^ stream;
  for (auto& word : s_) word = splitmix64(state);
}

RandomDeals::RandomDeals(const Deck& deck, std::uint64_t seed)
    : seed_(seed), hand_size_(deck.hand_size), card_count_(deck.card_count()),
      last_trick_points_(deck.last_trick_points) {
  const int ranks = deck.rank_count();
  for (int i = 0; i < card_count_; ++i) ordered_[i] = make_card(Suit(i / ranks), Rank(i % ranks));
  for (Suit trump = 0; trump < kSuitCount; ++trump)
    for (int i = 0; i < card_count_; ++i)
      card_points_[trump][ordered_[i]] = std::int16_t(deck.card_points(ordered_[i], trump));
}

void RandomDeals::make(std::uint64_t number, Deal& out, bool with_id) const {
  Xoshiro256 rng(seed_, number);
  std::array<Card, kMaxCards> cards = ordered_;
  for (int i = card_count_ - 1; i > 0; --i) std::swap(cards[i], cards[rng.below(std::uint32_t(i + 1))]);

  out.form = DealForm::hands;
  out.id.clear();
  if (with_id) fmt::format_to(std::back_inserter(out.id), "random-{}-{}", seed_, number);
  out.trump = Suit(rng.below(kSuitCount));
  out.taker = Seat(rng.below(4));
  out.first = Seat(rng.below(4));
  out.first_given = true;
  out.belote_seat.reset();
  out.belote_team.reset();
  for (Seat seat : kSeats) {
    const Card* hand_cards = &cards[index(seat) * hand_size_];
    CardSet hand = 0;
    for (int k = 0; k < hand_size_; ++k) hand |= card_bit(hand_cards[k]);
    out.hands[seat] = hand;
  }
  // Trick t holds the t-th card of each hand (hands are in shuffled order).
  const auto& points = card_points_[out.trump];
  out.result = DealResult{};
  for (int trick = 0; trick < hand_size_; ++trick) {
    const Team winner = Team(rng.below(2));
    int trick_points = trick == hand_size_ - 1 ? last_trick_points_ : 0;
    for (int seat = 0; seat < 4; ++seat) trick_points += points[cards[seat * hand_size_ + trick]];
    out.result.tricks[winner] += 1;
    out.result.points[winner] += trick_points;
  }
}

}  // namespace belote
