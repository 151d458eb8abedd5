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

DealtMene deal_mene(const Ruleset& rules, std::uint64_t seed, std::uint64_t number, Seat dealer, bool first_of_game) {
  DealtMene out;
  out.dealer = dealer;
  out.number = number;
  Xoshiro256 rng(seed, kTableStream + number);
  // The pack in the deck's order, then Fisher–Yates from the last card down;
  // shuffled and dealt in locals, which no store to the deal's bytes makes
  // the compiler read again card by card.
  std::array<Card, kSuitCount * kMaxRanks> pack{};
  int n = 0;
  const int ranks = rules.deck.rank_count();
  for (Suit s = 0; s < kSuitCount; ++s)  // every rank of every suit, in order of card number
    for (int r = 0; r < ranks; ++r) pack[std::size_t(n++)] = make_card(s, Rank(r));
  for (int i = n - 1; i > 0; --i) std::swap(pack[std::size_t(i)], pack[rng.below(std::uint32_t(i + 1))]);
  int next = 0;
  PerSeat<CardSet> hands;
  for (int packet : rules.dealing.packets) {
    Seat seat = next_in_play(dealer);
    for (int i = 0; i < 4; ++i, seat = next_in_play(seat)) {
      CardSet given = 0;
      for (int k = 0; k < packet; ++k) given |= card_bit(pack[std::size_t(next++)]);
      hands[seat] |= given;
    }
  }
  out.pack = pack;
  out.pack_count = std::uint8_t(n);
  out.pack_next = std::uint8_t(next);
  out.before_auction = hands;
  out.hands = hands;
  // What proposes the trump: the next card of the pack, or a suit turned from outside the hands.
  std::array<Suit, kSuitCount> suits{};
  int suit_count = 0;
  for (Suit s = 0; s < kSuitCount; ++s)
    if (rules.suit_kind(s)) suits[std::size_t(suit_count++)] = s;
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
  }
  out.complete = rules.dealing.packets_after.empty();
  out.first = next_in_play(dealer);
  // A game's first deal may give the first word to the holder of a card (Schieber's 7♥).
  if (first_of_game && rules.auction.first_deal_holder && out.complete)
    for (Seat seat : kSeats)
      if (contains(out.hands[seat], *rules.auction.first_deal_holder)) out.first = seat;
  return out;
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
