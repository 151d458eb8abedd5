// The leader keeps the lead as long as his masters win, so he may cash them in
// any order; a master wins when:
//   - only the led suit can win (no single trump suit), or it is a trump; or
//   - no opponent holds a trump; or
//   - every opponent holding a trump still holds the led suit and must follow
//     it (no `play.trump_instead_of_following`): one plain suit at most is
//     counted so, for as many leads as the opponents' shortest holding there,
//     after the trumps (whose leads the opponents follow with trumps, so their
//     other suits are untouched).
#include "solve/sure_points.h"

#include <algorithm>

namespace belote::best_play {

int sure_points(const PlayContext& play, const SuitOrders& orders, const PerSeat<CardSet>& hands, Seat leader) {
  const Seat left = next_in_play(leader);
  const Seat right = next_in_play(next_in_play(left));
  const CardSet remaining = hands[Seat::N] | hands[Seat::E] | hands[Seat::S] | hands[Seat::W];
  const CardSet trumps = play.trumps();
  const bool left_trumps = (hands[left] & trumps) != 0, right_trumps = (hands[right] & trumps) != 0;
  const bool always_win = trumps == 0 || (!left_trumps && !right_trumps);
  int sure = 0, best_plain = 0;
  for (Suit s = 0; s < kSuitCount; ++s) {
    const CardSet suit = suit_mask(s);
    if ((hands[leader] & suit) == 0) continue;
    const bool safe = always_win || (suit & trumps) != 0;
    int leads = 16;  // how many leads of the suit the opponents cannot cut
    if (!safe) {
      if (play.conventions().trump_instead_of_following) continue;
      if (left_trumps) leads = std::min(leads, count(hands[left] & suit));
      if (right_trumps) leads = std::min(leads, count(hands[right] & suit));
    }
    int points = 0;
    for (int i = 0; i < orders.length[s] && leads > 0; ++i) {
      const Card card = orders.order[s][std::size_t(i)];
      if ((remaining & card_bit(card)) == 0) continue;
      if ((hands[leader] & card_bit(card)) == 0) break;  // another hand's card beats the rest
      points += play.card_points(card);
      --leads;
    }
    if (safe) sure += points;
    else best_plain = std::max(best_plain, points);
  }
  return sure + best_plain;
}

MasterTrumps master_trumps(const PlayContext& play, const SuitOrders& orders, CardSet side, CardSet in_play) {
  MasterTrumps masters;
  if (play.trumps() == 0) return masters;
  const Suit s = play.trump();
  for (int i = 0; i < orders.length[s]; ++i) {
    const Card card = orders.order[s][std::size_t(i)];
    if ((in_play & card_bit(card)) == 0) continue;
    if ((side & card_bit(card)) == 0) break;
    ++masters.count;
    masters.points += play.card_points(card);
  }
  return masters;
}

}  // namespace belote::best_play
