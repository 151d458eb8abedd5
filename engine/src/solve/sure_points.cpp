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
    std::uint32_t masters = masters_of(orders.to_order(s, hands[leader]), orders.to_order(s, remaining));
    if (!safe) {
      if (play.conventions().trump_instead_of_following) continue;
      // As many leads of the suit as the opponents holding trumps can follow.
      int leads = 16;
      if (left_trumps) leads = std::min(leads, count(hands[left] & suit));
      if (right_trumps) leads = std::min(leads, count(hands[right] & suit));
      std::uint32_t kept = 0;
      for (; leads > 0 && masters != 0; --leads, masters &= masters - 1) kept |= masters & (0u - masters);
      best_plain = std::max(best_plain, orders.points_of(s, kept));
    } else {
      sure += orders.points_of(s, masters);
    }
  }
  return sure + best_plain;
}

}  // namespace belote::best_play
