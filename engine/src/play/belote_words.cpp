// The belote said with its cards (play.md 3.2): which pairs count when only
// what the players say counts.
#include "belote/play.h"

namespace belote {

std::uint8_t belote_pairs_held(const PlayContext& play, CardSet hand) {
  const Ruleset& rules = play.rules();
  const BeloteSuits where = play.kind().belote;
  if (!rules.belote.ranks) return 0;
  std::uint8_t suits = 0;
  for (Suit s = 0; s < kSuitCount; ++s) {
    const bool belote_suit = where == BeloteSuits::every_suit || (where == BeloteSuits::trump_suit && s == play.trump());
    const CardSet pair = suit_cards(rules.belote.ranks, s);
    if (belote_suit && (hand & pair) == pair) suits |= std::uint8_t(1u << s);
  }
  return suits;
}

PerSeat<std::uint8_t> belotes_said(const PlayContext& play, const PerSeat<CardSet>& hands, std::span<const SpokenCard> cards) {
  const PlayRules& c = play.conventions();
  const RankMask ranks = play.rules().belote.ranks;
  PerSeat<std::uint8_t> out;
  for (Seat seat : kSeats) {
    const std::uint8_t suits = belote_pairs_held(play, hands[seat]);
    for (Suit s = 0; s < kSuitCount; ++s) {
      if (!(suits >> s & 1)) continue;
      const SpokenCard* first = nullptr;
      const SpokenCard* last = nullptr;
      bool first_led_or_followed = false;
      for (std::size_t i = 0; i < cards.size(); ++i) {
        const SpokenCard& p = cards[i];
        if (p.seat != seat || suit_of(p.card) != s || !(ranks >> rank_of(p.card) & 1)) continue;
        if (!first) {
          first = &p;
          const Card led = cards[i - i % 4].card;
          first_led_or_followed = i % 4 == 0 || suit_of(led) == s;
        }
        last = &p;
      }
      bool counts = true;
      switch (c.belote_call) {
        case BeloteCall::held: break;
        case BeloteCall::first:
          counts = first && first->word && (!c.rebelote_required || (last && last != first && last->word));
          break;
        case BeloteCall::first_or_second: counts = (first && first->word) || (last && last->word); break;
      }
      if (counts && c.belote_call != BeloteCall::held && c.belote_led_or_followed && play.all_trumps() && !first_led_or_followed)
        counts = false;
      out[seat] += counts;
    }
  }
  return out;
}

}  // namespace belote
