// Dealing a mène at the table (table.md 1): a seeded shuffle, the packets of
// [dealing] from the seat after the dealer, the turned card or suit, and the
// cards dealt after the auction once the taker is known.
#include "table/dealing.h"

#include <algorithm>

#include <fmt/format.h>

#include "belote/random_deals.h"
#include "common/text_util.h"

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

std::optional<std::string> deal_fault(const Ruleset& rules, const DealingPlan& plan, const DealtMene& dealt) {
  const Deck& deck = rules.deck;
  const std::string& ruleset = rules.info.name;
  if (index(dealt.dealer) > 3 || index(dealt.first) > 3) return "the deal's dealer and first speaker (dealer, first) must be seats: N, E, S or W";
  // Cards dealt after the auction come from the pack: only where the ruleset deals some.
  if (!dealt.complete && rules.dealing.packets_after.empty())
    return fmt::format("ruleset '{}' deals every card before the auction: the deal must be complete (complete = true)", ruleset);
  for (Seat seat : kSeats)
    if (dealt.before_auction[seat] != dealt.hands[seat])
      return std::string("the hands held in the auction (before_auction) must be the hands dealt (hands)");
  const int each = dealt.complete ? deck.hand_size : plan.dealt / 4;
  CardSet dealt_cards = 0;
  for (Seat seat : kSeats) {
    const CardSet hand = dealt.hands[seat];
    if (count(hand) != each || (dealt_cards & hand) || (hand & ~deck.all_cards()))
      return dealt.complete ? fmt::format("the hands must hold the deck's {} cards, {} each, each once", deck.card_count(), deck.hand_size)
                            : fmt::format("the hands must hold {} cards of the deck each before the auction (ruleset '{}' deals {}), each once", each,
                                          ruleset, plan.dealt);
    dealt_cards |= hand;
  }
  const bool turns_card = rules.dealing.turned == TurnedCard::card;
  if (dealt.turned_card != -1) {
    if (!turns_card) return fmt::format("ruleset '{}' turns no card up (dealing.turned): turned_card must be -1", ruleset);
    if (dealt.turned_card < 0 || dealt.turned_card >= 64 || !contains(deck.all_cards(), Card(dealt.turned_card)))
      return std::string("turned_card must be a card of the deck, or -1 for none");
  }
  if (!dealt.complete) {
    // complete_hands deals the rest from the pack, from pack_next: the card turned first, to the taker.
    const int after = plan.dealt + (turns_card ? 1 : 0);
    bool ok = dealt.pack_count == deck.card_count() && dealt.pack_next == after && (!turns_card || dealt.turned_card >= 0);
    CardSet in_pack = 0, first = 0;
    for (int p = 0; ok && p < dealt.pack_count; ++p) {
      const Card card = dealt.pack[std::size_t(p)];
      ok = card < 64 && contains(deck.all_cards(), card) && !contains(in_pack, card);
      in_pack |= ok ? card_bit(card) : 0;
      first |= ok && p < plan.dealt ? card_bit(card) : 0;
    }
    if (!ok || first != dealt_cards || (turns_card && dealt.pack[plan.dealt] != Card(dealt.turned_card)))
      return fmt::format("the pack (pack, pack_count, pack_next) must hold the deck's {} cards, each once: the hands' {} first{}, then those "
                         "dealt after the auction, from pack_next",
                         deck.card_count(), plan.dealt, turns_card ? ", then the card turned up (turned_card)" : "");
  }
  // As deal_mene proposes them: a turned-card auction with no suit to take has no call.
  int proposed = 0;
  if (rules.dealing.turned != TurnedCard::none)
    proposed = rules.auction.on_all_pass == AllPass::next_turned_card ? plan.suit_count : std::min<int>(plan.suit_count, 1);
  if (dealt.proposal_count != proposed) {
    if (proposed == 0)
      return fmt::format("ruleset '{}' turns nothing up (dealing.turned): the deal proposes no suit (proposal_count 0, not {})", ruleset,
                         dealt.proposal_count);
    return fmt::format("ruleset '{}' turns a {} up (dealing.turned): the deal must propose {} suit{} to the auction (proposals, "
                       "proposal_count), not {}",
                       ruleset, turns_card ? "card" : "suit", proposed, plural(proposed), dealt.proposal_count);
  }
  unsigned proposed_suits = 0;  // bit per suit
  for (int i = 0; i < proposed; ++i) {
    const Suit suit = dealt.proposals[std::size_t(i)];
    const auto may = plan.suits.begin() + plan.suit_count;
    if (std::find(plan.suits.begin(), may, suit) == may || (proposed_suits >> suit & 1))
      return fmt::format("the suits proposed (proposals) must be suits ruleset '{}' may make trumps, each once", ruleset);
    proposed_suits |= 1u << suit;
  }
  if (dealt.turned_card >= 0 && proposed > 0 && dealt.proposals[0] != suit_of(Card(dealt.turned_card)))
    return fmt::format("the first suit proposed (proposals) must be the turned card's ({})", deck.card_name(Card(dealt.turned_card)));
  return std::nullopt;
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
