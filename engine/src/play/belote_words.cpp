// The belote said with its cards (play.md 3.2): which pairs count when only
// what the players say counts.
#include "belote/play.h"

namespace belote {

std::uint8_t belote_pairs_held(const PlayContext& play, CardSet hand) {
  const RankMask ranks = play.rules().belote.ranks;
  if (!ranks) return 0;
  std::uint8_t suits = 0;
  for (Suit s = 0; s < kSuitCount; ++s) suits |= std::uint8_t(((suit_ranks(hand, s) & ranks) == ranks) << s);
  switch (play.kind().belote) {
    case BeloteSuits::every_suit: return suits;
    case BeloteSuits::trump_suit: return std::uint8_t(suits & (1u << play.trump()));
    case BeloteSuits::nowhere: break;
  }
  return 0;
}

namespace {

// Calls `visit(pair)` for each belote pair held, with its call.
template <typename Visit>
void for_each_pair(const PlayContext& play, const PerSeat<CardSet>& hands, std::span<const SpokenCard> cards, Visit visit) {
  const PlayRules& c = play.conventions();
  const RankMask ranks = play.rules().belote.ranks;
  // The cards of the pairs each seat holds; most mènes have none.
  PerSeat<std::uint8_t> held;
  PerSeat<CardSet> pair_cards;
  CardSet any = 0;
  for (Seat seat : kSeats) {
    held[seat] = belote_pairs_held(play, hands[seat]);
    for (Suit s = 0; s < kSuitCount; ++s)
      if (held[seat] >> s & 1) pair_cards[seat] |= suit_cards(ranks, s);
    any |= pair_cards[seat];
  }
  if (!any) return;
  // Where each seat first and last played a card of its pair in each suit, in one pass.
  struct Played {
    int first = -1;
    int last = -1;
    bool first_led_or_followed = false;
  };
  PerSeat<std::array<Played, kSuitCount>> played;
  for (std::size_t i = 0; i < cards.size(); ++i) {
    const SpokenCard& p = cards[i];
    if (!(pair_cards[p.seat] & card_bit(p.card))) continue;
    Played& at = played[p.seat][suit_of(p.card)];
    if (at.first < 0) {
      at.first = int(i);
      const Card led = cards[i - i % 4].card;
      at.first_led_or_followed = i % 4 == 0 || suit_of(led) == suit_of(p.card);
    }
    at.last = int(i);
  }
  for (Seat seat : kSeats) {
    for (Suit s = 0; s < kSuitCount; ++s) {
      if (!(held[seat] >> s & 1)) continue;
      const Played& at = played[seat][s];
      const SpokenCard* first = at.first >= 0 ? &cards[std::size_t(at.first)] : nullptr;
      const SpokenCard* last = at.last >= 0 && at.last != at.first ? &cards[std::size_t(at.last)] : nullptr;
      const bool first_said = first && first->word, last_said = last && last->word;
      PairCall call = PairCall::counts;
      switch (c.belote_call) {
        case BeloteCall::held: break;
        case BeloteCall::first:
          if (!first_said) call = last_said ? PairCall::said_late : PairCall::unsaid;
          else if (c.rebelote_required && !last_said) call = PairCall::no_rebelote;
          break;
        case BeloteCall::first_or_second:
          if (!first_said && !last_said) call = PairCall::unsaid;
          break;
      }
      if (call == PairCall::counts && c.belote_call != BeloteCall::held && c.belote_led_or_followed && play.all_trumps() &&
          !at.first_led_or_followed)
        call = PairCall::discarded;
      // A pair not yet played whole names its other cards in card order.
      CardSet rest = suit_cards(ranks, s);
      if (first) rest &= ~card_bit(first->card);
      const Card first_card = first ? first->card : pop_lowest(rest);
      const Card second_card = last ? last->card : rest ? pop_lowest(rest) : first_card;  // a pair of one rank: its card
      visit(BelotePair{seat, s, first_card, second_card, call});
    }
  }
}

}  // namespace

PerSeat<std::uint8_t> belotes_said(const PlayContext& play, const PerSeat<CardSet>& hands, std::span<const SpokenCard> cards) {
  PerSeat<std::uint8_t> out;
  for_each_pair(play, hands, cards, [&](const BelotePair& pair) { out[pair.seat] += pair.call == PairCall::counts; });
  return out;
}

std::vector<BelotePair> belote_pairs(const PlayContext& play, const PerSeat<CardSet>& hands, std::span<const SpokenCard> cards) {
  std::vector<BelotePair> out;
  for_each_pair(play, hands, cards, [&](const BelotePair& pair) { out.push_back(pair); });
  return out;
}

}  // namespace belote
