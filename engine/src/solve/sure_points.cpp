// The leader's line: first he leads his strongest trump while it beats every
// other trump still in play and an opponent still holds one. Each player
// holding trumps must follow a trump lead (the jack's exemption never applies:
// the jack is the strongest trump, so nobody but the leader can hold it), and
// none can beat it, so the leader keeps the lead. Each opponent gives one trump
// a lead until he has none: which ones is his choice, so the count takes the
// fewest points he can give, and his strongest as the ones he keeps (which
// stops the draw soonest). The partner plays his weakest trump (the side's
// choice). Then:
//   - the side's trumps above every trump the opponents may have left win
//     whatever trick they fall in;
//   - the leader cashes his masters of the plain suits, one after the other:
//     each wins when no opponent holds a trump any more, or (without
//     `play.trump_instead_of_following`) for as many leads of one suit as the
//     opponents holding trumps can follow it. Where the partner must trump a
//     suit he is void in even when his side wins the trick
//     (`play.must_trump = "always"`), a suit is led no more times than the
//     partner can follow it: his trump would take the lead.
// Without a single trump suit only the led suit wins, and every master cashes.
//
// The last trick: where a side holds every trump left and no player must trump
// a suit he is void in (`play.must_trump = "never"`), it takes the last trick.
// Its players play a trump only when every card they may play is one: following
// a suit they hold, or void in it, they may play another card, so a trump is
// forced only on a player who holds nothing else (leading, or following), or on
// one following his partner's trump lead, which that partner made holding
// nothing else. A player who holds only trumps keeps holding only trumps, and
// his last card falls in the last trick. So either no trump of the side was
// forced and they are all still in its hands at the last trick, or one of its
// players plays a trump there: the other side has none to beat it.
#include "solve/sure_points.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <utility>

namespace belote::best_play {

namespace {

/// The weakest of a set of places (order space: the strongest is bit 0).
std::uint32_t weakest(std::uint32_t places) { return places == 0 ? 0 : std::uint32_t{1} << (31 - std::countl_zero(places)); }

/// The fewest points `n` of a suit's `places` can hold.
int fewest_points(const SuitOrders& orders, Suit suit, std::uint32_t places, int n) {
  int points = 0;
  for (; n > 0 && places != 0; --n) {
    int cheapest = INT_MAX;
    std::uint32_t at = 0;
    for (std::uint32_t p = places; p != 0; p &= p - 1) {
      const int place = std::countr_zero(p);
      if (orders.points[suit][std::size_t(place)] < cheapest) cheapest = orders.points[suit][std::size_t(place)], at = p & (0u - p);
    }
    points += cheapest;
    places &= ~at;
  }
  return points;
}

/// Whether a side takes the last trick by its trumps (`side`, the other side `others`, in order space).
bool takes_last_trick(const PlayContext& play, const SuitOrders& orders, std::uint32_t side, std::uint32_t others) {
  const PlayRules& c = play.conventions();
  if (side == 0 || c.must_trump != PlayDuty::never) return false;
  if (others == 0) return true;  // every trump left is the side's
  // The jack of trumps, kept to the last trick: exempt from following alone, never the one trump that may raise a
  // trump lead nor the one trump allowed by the ban on undertrumping.
  return c.trump_jack_exempt && c.raise_on_trump_lead == PlayDuty::never && c.undertrump_ban != UndertrumpBan::unless_only_lower_trumps &&
         (side & orders.to_order(play.trump(), play.trump_jack())) != 0;
}

/// Without a trump in any hand (only the led suit wins): the side cashes its masters, the leader's
/// first, then crosses to the partner by a suit where the partner holds a card above the
/// opponents' and the leader's lowest, and the partner cashes his, and so on.
LeadersSure cash_with_entries(const SuitOrders& orders, const PerSeat<CardSet>& hands, Seat leader, Seat partner) {
  std::array<std::uint32_t, kSuitCount> mine{}, ours{}, theirs{};
  for (Suit s = 0; s < kSuitCount; ++s) {
    mine[s] = orders.to_order(s, hands[leader]);
    ours[s] = orders.to_order(s, hands[partner]);
    // The opponents' cards as dealt: those they give up only make the side's cards stronger.
    theirs[s] = orders.to_order(s, hands[next_in_play(leader)] | hands[next_in_play(partner)]);
  }
  LeadersSure sure;
  int tricks = 0;
  const int tricks_left = count(hands[leader]);
  for (bool won = true; won && tricks < tricks_left;) {
    won = false;
    for (Suit s = 0; s < kSuitCount && !won; ++s) {  // a master of the player on lead
      const std::uint32_t masters = masters_of(mine[s], mine[s] | ours[s] | theirs[s]);
      if (masters == 0) continue;
      const std::uint32_t top = masters & (0u - masters);
      sure.points += orders.points_of(s, top);
      mine[s] &= ~top;
      // His partner follows with his weakest card of the suit, or throws his cheapest card.
      Suit from = s;
      if (ours[s] == 0) {
        int cheapest = INT_MAX;
        for (Suit o = 0; o < kSuitCount; ++o)
          if (ours[o] != 0 && orders.points_of(o, weakest(ours[o])) < cheapest) cheapest = orders.points_of(o, weakest(ours[o])), from = o;
      }
      if (ours[from] != 0) {
        sure.points += orders.points_of(from, weakest(ours[from]));
        ours[from] &= ~weakest(ours[from]);
      }
      won = true;
    }
    for (Suit s = 0; s < kSuitCount && !won; ++s) {  // else his weakest card to a card of his partner's that wins
      if (mine[s] == 0 || ours[s] == 0) continue;
      // (His partner's card then beats his weakest too: else that card would be a master.)
      const std::uint32_t low = weakest(mine[s]), top = ours[s] & (0u - ours[s]);
      if ((theirs[s] & (top - 1)) != 0) continue;
      sure.points += orders.points_of(s, low) + orders.points_of(s, top);
      mine[s] &= ~low;
      ours[s] &= ~top;
      std::swap(mine, ours);
      won = true;
    }
    if (won) ++tricks;
  }
  sure.any = tricks > 0;
  sure.every_trick = tricks == tricks_left;
  return sure;
}

}  // namespace

MasterTrumps master_trumps(const PlayContext& play, const SuitOrders& orders, CardSet side, CardSet in_play) {
  if (play.trumps() == 0) return {};
  const Suit s = play.trump();
  const std::uint32_t mine = orders.to_order(s, side), all = orders.to_order(s, in_play);
  const std::uint32_t places = masters_of(mine, all);
  const int last = takes_last_trick(play, orders, mine, all & ~mine) ? play.last_trick_points() : 0;
  return {places != 0, orders.points_of(s, places) + last};
}

LeadersSure leaders_sure_points(const PlayContext& play, const SuitOrders& orders, const PerSeat<CardSet>& hands, Seat leader) {
  const Seat left = next_in_play(leader), partner = next_in_play(left), right = next_in_play(partner);
  const CardSet trumps = play.trumps();
  const CardSet remaining = hands[Seat::N] | hands[Seat::E] | hands[Seat::S] | hands[Seat::W];
  if ((remaining & trumps) == 0) return cash_with_entries(orders, hands, leader, partner);
  LeadersSure sure;
  int leads = 0;                   // the tricks the leader takes keeping the lead
  bool opponents_trumps = false;   // whether an opponent may still hold a trump after the draw
  bool partner_trumps = false;     // whether the partner still holds one
  bool left_keeps = false, right_keeps = false;  // which opponents do
  int kept = 0;  // the points of another line, where the side keeps its jack for the last trick
  if (trumps != 0) {
    const Suit t = play.trump();
    std::uint32_t mine = orders.to_order(t, hands[leader]), ours = orders.to_order(t, hands[partner]);
    const std::uint32_t left_all = orders.to_order(t, hands[left]), right_all = orders.to_order(t, hands[right]);
    std::uint32_t l = left_all, r = right_all;
    // Without the draw: the side's master trumps, and the last trick where its jack is kept for it.
    const std::uint32_t side_all = mine | ours;
    if (takes_last_trick(play, orders, side_all, l | r) && (l | r) != 0)
      kept = orders.points_of(t, masters_of(side_all, side_all | l | r)) + play.last_trick_points();
    while ((l | r) != 0 && mine != 0) {
      const std::uint32_t top = mine & (0u - mine);
      if (((l | r | ours) & (top - 1)) != 0) break;  // another trump beats it
      sure.points += orders.points_of(t, top);
      mine &= ~top;
      ++leads;
      const std::uint32_t low = weakest(ours);
      sure.points += orders.points_of(t, low);
      ours &= ~low;
      l &= ~weakest(l);
      r &= ~weakest(r);
    }
    sure.points += fewest_points(orders, t, left_all, std::popcount(left_all) - std::popcount(l));
    sure.points += fewest_points(orders, t, right_all, std::popcount(right_all) - std::popcount(r));
    const std::uint32_t side_masters = masters_of(mine | ours, mine | ours | l | r);
    sure.points += orders.points_of(t, side_masters);
    if (takes_last_trick(play, orders, mine | ours, l | r)) sure.points += play.last_trick_points();
    sure.any = leads > 0 || side_masters != 0 || kept > 0;
    opponents_trumps = (l | r) != 0;
    partner_trumps = ours != 0;
    left_keeps = l != 0;
    right_keeps = r != 0;
    // With no trump left to the opponents, the leader's trumps above his partner's also keep the lead.
    if (!opponents_trumps) leads += std::popcount(masters_of(mine, mine | ours));
    else if (play.conventions().trump_instead_of_following) {  // any plain lead may be cut
      sure.points = std::max(sure.points, kept);
      return sure;
    }
  }
  const bool partner_takes_over = partner_trumps && play.conventions().must_trump == PlayDuty::always;
  int best_plain = 0;
  for (Suit s = 0; s < kSuitCount; ++s) {
    const CardSet suit = suit_mask(s);
    if ((hands[leader] & suit) == 0 || (suit & trumps) != 0) continue;
    std::uint32_t masters = masters_of(orders.to_order(s, hands[leader]), orders.to_order(s, remaining));
    int most = 16;
    if (partner_takes_over) most = std::min(most, std::popcount(suit & hands[partner]));
    // Opponents keeping trumps: as many leads as those holding them must follow the suit.
    if (left_keeps) most = std::min(most, std::popcount(suit & hands[left]));
    if (right_keeps) most = std::min(most, std::popcount(suit & hands[right]));
    std::uint32_t cashed = 0;
    int n = 0;
    for (; n < most && masters != 0; ++n, masters &= masters - 1) cashed |= masters & (0u - masters);
    sure.any = sure.any || n > 0;
    // With trumps left to the opponents, one suit only: its leads may void an opponent who then cuts the next.
    if (opponents_trumps) best_plain = std::max(best_plain, orders.points_of(s, cashed));
    else sure.points += orders.points_of(s, cashed), leads += n;
  }
  sure.points = std::max(sure.points + best_plain, kept);
  sure.any = sure.any || leads > 0;
  sure.every_trick = !opponents_trumps && leads == std::popcount(hands[leader]);
  return sure;
}

}  // namespace belote::best_play
