// Dealing a mène at the table (table.md 1): a seeded shuffle, the packets of
// [dealing] from the seat after the dealer, the turned card or suit, and the
// cards dealt after the auction once the taker is known.
#include "table/dealing.h"

#include "belote/random_deals.h"

namespace belote {

namespace {

// The table's deals come from a stream of their own, apart from RandomDeals'.
constexpr std::uint64_t kTableStream = 0x7461626c65000000ull;  // "table"

// Gives `count` cards from the pack to `seat`.
void give(DealtMene& out, Seat seat, int count, PerSeat<CardSet>& to) {
  for (int i = 0; i < count; ++i) to[seat] |= card_bit(out.pack[out.pack_next++]);
}

}  // namespace

DealingPlan::DealingPlan(const Ruleset& rules) {
  const int ranks = rules.deck.rank_count();
  for (Suit s = 0; s < kSuitCount; ++s)  // every rank of every suit, in order of card number
    for (int r = 0; r < ranks; ++r) ordered[cards++] = make_card(s, Rank(r));
  // The packets of [dealing], from the seat after the dealer.
  receiver.fill(kNotDealt);
  for (int packet : rules.dealing.packets)
    for (std::uint8_t seat = 0; seat < 4; ++seat)
      for (int k = 0; k < packet; ++k) receiver[dealt++] = seat;
  for (Suit s = 0; s < kSuitCount; ++s)
    if (rules.suit_kind(s)) suits[suit_count++] = s;
}

void deal_mene(const Ruleset& rules, const DealingPlan& plan, std::uint64_t seed, std::uint64_t number, Seat dealer,
               bool first_of_game, DealtMene& out) {
  Xoshiro256 rng(seed, kTableStream + number);
  // Fisher–Yates from the last card down: a place of the pack is final once its
  // draw is made, and its card goes to its receiver then. Shuffled and dealt in
  // locals, which no store to the deal's bytes makes the compiler read again card by card.
  std::array<Card, kSuitCount * kMaxRanks> pack = plan.ordered;
  std::array<CardSet, DealingPlan::kNotDealt + 1> given{};
  const int n = plan.cards;
  for (int i = n - 1; i > 0; --i) {
    const std::size_t j = rng.below(std::uint32_t(i + 1));
    const Card card = pack[j];
    pack[j] = pack[std::size_t(i)];
    pack[std::size_t(i)] = card;
    given[plan.receiver[std::size_t(i)]] |= card_bit(card);
  }
  given[plan.receiver[0]] |= card_bit(pack[0]);
  out.dealer = dealer;
  out.number = number;
  Seat seat = dealer;
  for (std::size_t i = 0; i < 4; ++i) {
    seat = next_in_play(seat);
    out.hands[seat] = given[i];
  }
  out.before_auction = out.hands;
  out.pack = pack;
  out.pack_count = std::uint8_t(n);
  out.pack_next = plan.dealt;
  out.turned_card = -1;
  // What proposes the trump: the next card of the pack, or a suit turned from outside the hands.
  std::array<Suit, kSuitCount> suits = plan.suits;
  const int suit_count = plan.suit_count;
  if (rules.dealing.turned == TurnedCard::card) {
    out.turned_card = std::int8_t(out.pack[out.pack_next++]);
    const Suit first = suit_of(Card(out.turned_card));
    for (int i = 0; i < suit_count; ++i)
      if (suits[std::size_t(i)] == first) std::swap(suits[std::size_t(i)], suits[0]);
    for (int i = suit_count - 1; i > 1; --i) std::swap(suits[std::size_t(i)], suits[1 + rng.below(std::uint32_t(i))]);
  } else if (rules.dealing.turned == TurnedCard::suit) {
    for (int i = suit_count - 1; i > 0; --i) std::swap(suits[std::size_t(i)], suits[rng.below(std::uint32_t(i + 1))]);
  }
  if (rules.dealing.turned != TurnedCard::none) {
    // A `next-turned-card` auction may propose every suit in turn; the others the first alone.
    out.proposal_count = std::uint8_t(rules.auction.on_all_pass == AllPass::next_turned_card ? suit_count : std::min(suit_count, 1));
    out.proposals = suits;
  } else {
    out.proposal_count = 0;
    out.proposals = {};
  }
  out.complete = rules.dealing.packets_after.empty();
  out.first = next_in_play(dealer);
  // A game's first deal may give the first word to the holder of a card (Schieber's 7♥).
  if (first_of_game && rules.auction.first_deal_holder && out.complete)
    for (Seat s : kSeats)
      if (contains(out.hands[s], *rules.auction.first_deal_holder)) out.first = s;
}

PerSeat<CardSet> complete_hands(const Ruleset& rules, const DealtMene& dealt, Seat taker) {
  if (dealt.complete) return dealt.hands;
  DealtMene rest = dealt;
  PerSeat<CardSet> hands = dealt.hands;
  if (dealt.turned_card >= 0) hands[taker] |= card_bit(Card(dealt.turned_card));
  bool first_packet = true;
  for (int packet : rules.dealing.packets_after) {
    Seat seat = next_in_play(dealt.dealer);
    for (int i = 0; i < 4; ++i, seat = next_in_play(seat))
      give(rest, seat, packet - (first_packet && seat == taker && dealt.turned_card >= 0 ? 1 : 0), hands);
    first_packet = false;
  }
  return hands;
}

}  // namespace belote
