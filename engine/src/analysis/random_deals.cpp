#include "belote/random_deals.h"

#include <fmt/format.h>
#include <iterator>

namespace belote {

namespace {

std::uint64_t splitmix64(std::uint64_t& state) { return mix64(state += 0x9E3779B97F4A7C15ULL); }

// The partner of a seat.
Seat other_seat_of(Seat seat) { return Seat((index(seat) + 2) & 3); }

}  // namespace

Xoshiro256::Xoshiro256(std::uint64_t seed, std::uint64_t stream) {
  std::uint64_t state = seed;
  state = splitmix64(state) ^ stream;
  for (auto& word : s_) word = splitmix64(state);
}

RandomDeals::RandomDeals(const Deck& deck, std::uint64_t seed, int)
    : seed_(seed), hand_size_(deck.hand_size), card_count_(deck.card_count()) {
  const int ranks = deck.rank_count();
  for (int i = 0; i < card_count_; ++i) ordered_[i] = make_card(Suit(i / ranks), Rank(i % ranks));
}

RandomDeals::RandomDeals(const Deck& deck, std::uint64_t seed) : RandomDeals(deck, seed, 0) {
  KindPoints& points = kinds_.emplace_back();
  points.last_trick_points = deck.last_trick_points;
  for (Suit trump = 0; trump < kSuitCount; ++trump) {
    suit_kind_[trump] = 0;
    for (int i = 0; i < card_count_; ++i)
      points.card_points[trump][ordered_[i]] = std::int16_t(deck.card_points(ordered_[i], trump));
  }
}

RandomDeals::RandomDeals(const Ruleset& rules, std::uint64_t seed) : RandomDeals(rules.deck, seed, 0) {
  for (std::size_t k = 0; k < rules.kinds.size() && k < std::size_t(kMaxKinds); ++k) {
    const ContractKind& kind = rules.kinds[k];
    KindPoints& points = kinds_.emplace_back();
    points.last_trick_points = kind.last_trick_points * kind.card_multiplier;
    for (Suit trump = 0; trump < kSuitCount; ++trump)
      for (int i = 0; i < card_count_; ++i)
        points.card_points[trump][ordered_[i]] = std::int16_t(kind.card_points(ordered_[i], trump) * kind.card_multiplier);
    if (kind.trumps == Trumps::one_suit) {
      for (Suit s = 0; s < kSuitCount; ++s) {
        if (!kind.in_suit(s)) continue;
        suit_kind_[s] = std::uint8_t(k);
        options_.push_back(Option{std::uint8_t(k), true, s});
      }
    } else {
      options_.push_back(Option{std::uint8_t(k), false, 0});
    }
  }
  if (!rules.kinds_named) options_.clear();
  numeric_bids_ = rules.bids.numbers;
  for (const NamedBid& bid : rules.bids.named) named_bid_values_.push_back(bid.value);
  doubling_levels_ = int(rules.doubling.size());
}

bool RandomDeals::same_draws(const RandomDeals& other) const {
  return seed_ == other.seed_ && hand_size_ == other.hand_size_ && card_count_ == other.card_count_ &&
         ordered_ == other.ordered_ && kinds_ == other.kinds_ && suit_kind_ == other.suit_kind_ &&
         options_ == other.options_ && numeric_bids_ == other.numeric_bids_ &&
         named_bid_values_ == other.named_bid_values_ && doubling_levels_ == other.doubling_levels_;
}

void RandomDeals::make(std::uint64_t number, Deal& out, bool with_id) const {
  Xoshiro256 rng(seed_, number);
  std::array<Card, kMaxCards> cards = ordered_;
  for (int i = card_count_ - 1; i > 0; --i) std::swap(cards[i], cards[rng.below(std::uint32_t(i + 1))]);

  out.form = DealForm::hands;
  out.id.clear();
  if (with_id) fmt::format_to(std::back_inserter(out.id), "random-{}-{}", seed_, number);
  out.trump = Suit(rng.below(kSuitCount));
  out.kind = suit_kind_[out.trump].value_or(0);
  out.kind_given = false;
  // Kinds, bids and doubling come from a stream of their own, so that a ruleset
  // that has none draws the same deals as the deck alone.
  // (Seeding it costs a fifth of a deal: only rulesets that draw anything do.)
  const bool draws_contract = !options_.empty() || !numeric_bids_.empty() || !named_bid_values_.empty() || doubling_levels_ > 0;
  Xoshiro256 contract = draws_contract ? Xoshiro256(seed_, ~number) : Xoshiro256::unseeded();
  out.bid = 0;
  out.named_bid = -1;
  out.doubling = 0;
  out.held_over = 0;
  if (!options_.empty()) {
    // A one-suit kind keeps the trump drawn above when it can.
    const Option option = options_[contract.below(std::uint32_t(options_.size()))];
    out.kind = option.kind;
    out.kind_given = true;
    if (option.one_suit && suit_kind_[out.trump] != option.kind) out.trump = option.suit;
    if (!option.one_suit) out.trump = 0;
  }
  const std::size_t bids = numeric_bids_.size() + named_bid_values_.size();
  if (bids > 0) {
    const std::size_t choice = contract.below(std::uint32_t(bids));
    if (choice < numeric_bids_.size()) {
      out.bid = numeric_bids_[choice];
    } else {
      out.named_bid = std::int8_t(choice - numeric_bids_.size());
      out.bid = named_bid_values_[std::size_t(out.named_bid)];
    }
  }
  // One deal in four is doubled, to a level drawn evenly.
  if (doubling_levels_ > 0 && contract.below(4) == 0) out.doubling = std::uint8_t(1 + contract.below(std::uint32_t(doubling_levels_)));
  out.taker = Seat(rng.below(4));
  out.first = Seat(rng.below(4));
  out.first_given = true;
  out.belotes = {};
  out.belote_team.reset();
  for (Seat seat : kSeats) {
    const Card* hand_cards = &cards[index(seat) * hand_size_];
    CardSet hand = 0;
    for (int k = 0; k < hand_size_; ++k) hand |= card_bit(hand_cards[k]);
    out.hands[seat] = hand;
  }
  // Trick t holds the t-th card of each hand (hands are in shuffled order).
  const KindPoints& kind = kinds_[out.kind];
  const auto& points = kind.card_points[out.trump];
  out.result = DealResult{};
  out.played_count = 0;  // a deal played before in this Deal is not any more
  for (int trick = 0; trick < hand_size_; ++trick) {
    const Team winner = Team(rng.below(2));
    int trick_points = trick == hand_size_ - 1 ? kind.last_trick_points : 0;
    for (int seat = 0; seat < 4; ++seat) trick_points += points[cards[seat * hand_size_ + trick]];
    out.result.tricks[winner] += 1;
    out.result.points[winner] += trick_points;
  }
  // With bids, each trick's winning seat too (a bid may need every trick to the taker alone).
  out.result.seat_tricks = {};
  out.result.seat_tricks_given = bids > 0;
  if (bids > 0) {
    for (Team team : kTeams) {
      const Seat first_of_team = team == Team::NS ? Seat::N : Seat::E;
      for (int t = 0; t < out.result.tricks[team]; ++t)
        ++out.result.seat_tricks[contract.below(2) ? other_seat_of(first_of_team) : first_of_team];
    }
  }
}

}  // namespace belote
