#include "io/replayed_tricks.h"

namespace belote {

ReplayedTricks replay_tricks(const Ruleset& rules, const Deal& deal) {
  ReplayedTricks out;
  if (deal.played_count == 0) return out;
  const PlayContext play(rules, deal.kind, deal.trump);
  PlayedMene mene(play, deal.hands, deal.first);
  for (int i = 0; i < deal.played_count; ++i) mene.play(deal.played[std::size_t(i)]);
  out.count = mene.tricks_played();
  for (int t = 0; t < out.count; ++t) {
    ReplayedTrick& trick = out.tricks[std::size_t(t)];
    trick.played = mene.trick(t);
    if (trick.played.roem == 0) continue;
    const Trick& four = trick.played.trick;
    const TrickRoem roem = trick_roem(play, card_bit(four.cards[0]) | card_bit(four.cards[1]) | card_bit(four.cards[2]) |
                                                card_bit(four.cards[3]));
    if (roem.four_of_a_kind) trick.roem_keys[trick.roem_key_count++] = "roem.four_of_a_kind";
    if (roem.run) trick.roem_keys[trick.roem_key_count++] = "roem.runs";
    if (roem.stuks) trick.roem_keys[trick.roem_key_count++] = "roem.stuk";
  }
  return out;
}

std::optional<Card> revoke_card(const ReplayedTricks& tricks, const Deal& deal) {
  if (!deal.result.revoke || deal.result.revoke_trick < 1 || deal.result.revoke_trick > tricks.count) return std::nullopt;
  const Trick& four = tricks.tricks[std::size_t(deal.result.revoke_trick - 1)].played.trick;
  const auto place = four.place_of(*deal.result.revoke);
  return place ? std::optional(four.cards[std::size_t(*place)]) : std::nullopt;
}

}  // namespace belote
