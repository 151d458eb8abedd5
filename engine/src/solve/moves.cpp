#include "solve/moves.h"

#include <algorithm>
#include <bit>

namespace belote::best_play {

SuitOrders::SuitOrders(const PlayValue& value) : merge(value.by_card_points()) {
  const PlayContext& play = value.context();
  const CardSet deck = play.rules().deck.all_cards();
  for (Suit s = 0; s < kSuitCount; ++s) {
    CardSet cards = deck & suit_mask(s);
    std::array<Card, kMaxRanks>& o = order[s];
    int n = 0;
    while (cards) o[std::size_t(n++)] = pop_lowest(cards);
    // Strongest first: the fewer cards beat it, the stronger.
    std::sort(o.begin(), o.begin() + n, [&](Card a, Card b) { return count(play.stronger(a)) < count(play.stronger(b)); });
    length[s] = std::uint8_t(n);
    for (int place = 0; place < n; ++place) {
      const Card card = o[std::size_t(place)];
      points[s][std::size_t(place)] = std::uint8_t(play.card_points(card));
      this->place[card] = std::uint8_t(place);
      const int rank = rank_of(card);
      for (int byte = 0; byte < 256; ++byte) {
        if ((byte >> (rank & 7)) & 1) to_order_[s][std::size_t(rank >> 3)][std::size_t(byte)] |= std::uint16_t(1u << place);
        if ((byte >> (place & 7)) & 1) points_of_[s][std::size_t(place >> 3)][std::size_t(byte)] += std::uint16_t(play.card_points(card));
      }
    }
  }
  if (play.conventions().trump_jack_exempt) unmergeable = play.trump_jack();
  for (Suit s = 0; s < kSuitCount && merge; ++s)
    for (int place = 1; place < length[s]; ++place)
      for (int above = 0; above < place; ++above)
        if (points[s][std::size_t(above)] == points[s][std::size_t(place)] &&
            ((card_bit(order[s][std::size_t(above)]) | card_bit(order[s][std::size_t(place)])) & unmergeable) == 0)
          may_merge[s] |= 1u << place;
}

void representatives(const SuitOrders& orders, CardSet legal, CardSet in_play, MoveList& out) {
  out.count = 0;
  for (Suit s = 0; s < kSuitCount; ++s) {
    const CardSet suit = legal & suit_mask(s);
    if (suit == 0) continue;
    if ((suit & (suit - 1)) == 0) {  // one card: nothing to merge
      out.cards[std::size_t(out.count)] = Card(std::countr_zero(suit));
      out.stands_for[std::size_t(out.count)] = suit;
      ++out.count;
      continue;
    }
    std::uint32_t places = orders.to_order(s, legal);
    if ((places & orders.may_merge[s]) == 0) {  // no card to merge: each stands alone
      for (; places != 0; places &= places - 1) {
        const Card card = orders.order[s][std::size_t(std::countr_zero(places))];
        out.cards[std::size_t(out.count)] = card;
        out.stands_for[std::size_t(out.count)] = card_bit(card);
        ++out.count;
      }
      continue;
    }
    const std::uint32_t held = orders.to_order(s, in_play);
    int last = -1;  // the place of the last legal card, strongest first
    while (places != 0) {
      const int place = std::countr_zero(places);
      places &= places - 1;
      const Card card = orders.order[s][std::size_t(place)];
      const CardSet bit = card_bit(card);
      // Merged with the card before when nothing in play lies between them and their points are equal.
      const std::uint32_t between = last < 0 ? 0 : held & ((1u << place) - 1) & ~((2u << last) - 1);
      if (orders.merge && last >= 0 && between == 0 && orders.points[s][std::size_t(place)] == orders.points[s][std::size_t(last)] &&
          ((bit | card_bit(orders.order[s][std::size_t(last)])) & orders.unmergeable) == 0) {
        out.stands_for[std::size_t(out.count - 1)] |= bit;
      } else {
        out.cards[std::size_t(out.count)] = card;
        out.stands_for[std::size_t(out.count)] = bit;
        ++out.count;
      }
      last = place;
    }
  }
}

OrderingView::OrderingView(const PlayContext& play, const Trick& trick, CardSet remaining, CardSet partner, Seat player)
    : play(play), trick(trick), remaining(remaining), partner(partner) {
  if (trick.empty()) return;
  const Card best = trick.winning_card();
  beats_best = play.stronger(best);
  best_is_trump = (play.trumps() & card_bit(best)) != 0;
  partner_wins = team_of(trick.winner()) == team_of(player);
}

namespace {

// Higher is tried first.
int ordering_score(const OrderingView& v, Card card) {
  const PlayContext& play = v.play;
  const int points = play.card_points(card);
  const bool trump = (play.trumps() & card_bit(card)) != 0;
  if (v.trick.empty()) {
    // Trumps the opponents cannot meet win later anyway, and cut the suits the side is void in.
    if (trump && !v.opponents_trumps) return -10 - points;
    const CardSet above = play.stronger(card) & v.remaining;
    if (above == 0 && (v.cut_suits & card_bit(card)) != 0) return 10 - points;  // a master an opponent may cut
    if (above == 0) return 60 + points - (trump ? 8 : 0);                         // a master: cash it
    if ((v.partner_cut_suits & card_bit(card)) != 0) return 45 - points;  // low in a suit the partner may cut
    if ((above & ~v.partner) == 0) return 40 - points;     // the partner holds what beats it: lead low to him
    // Low, the more of what beats it the partner holds the better: the likelier he takes the trick.
    return 20 - points - (trump ? 8 : 0) + 4 * count(above & v.partner);
  }
  // As add_card decides: the card beats the winning card, or cuts it.
  const bool wins = (v.beats_best & card_bit(card)) != 0 || (trump && !v.best_is_trump);
  if (v.trick.count == 3) {
    if (wins || v.partner_wins) return 100 + points;  // the trick is ours: load it
    return -points;                                   // lost: throw the cheapest
  }
  // The second and third players: a card that wins and that the opponent still to play cannot
  // beat takes the trick, so load it; one he may beat, the cheapest. The same for the partner's card.
  if (wins) return (play.stronger(card) & v.opponent_after) == 0 ? 60 + points : 50 - (trump ? 20 : 0) - points / 4;
  if (v.partner_wins) return (v.beats_best & v.opponent_after) == 0 ? 45 + points : 30 - points;
  return -points - (trump ? 20 : 0);
}

}  // namespace

void order_moves(const OrderingView& view, Card first, MoveList& moves) {
  const CardSet first_bit = first == kNoCard ? CardSet{0} : card_bit(first);
  std::array<int, kMaxRanks> score;  // only the first moves.count are written and read
  for (int i = 0; i < moves.count; ++i) {
    const Card card = moves.cards[std::size_t(i)];
    score[std::size_t(i)] = (moves.stands_for[std::size_t(i)] & first_bit) != 0 ? 1'000'000 : ordering_score(view, card);
  }
  // Insertion sort: a handful of moves.
  for (int i = 1; i < moves.count; ++i) {
    const Card c = moves.cards[std::size_t(i)];
    const CardSet f = moves.stands_for[std::size_t(i)];
    const int s = score[std::size_t(i)];
    int j = i - 1;
    for (; j >= 0 && score[std::size_t(j)] < s; --j) {
      moves.cards[std::size_t(j + 1)] = moves.cards[std::size_t(j)];
      moves.stands_for[std::size_t(j + 1)] = moves.stands_for[std::size_t(j)];
      score[std::size_t(j + 1)] = score[std::size_t(j)];
    }
    moves.cards[std::size_t(j + 1)] = c;
    moves.stands_for[std::size_t(j + 1)] = f;
    score[std::size_t(j + 1)] = s;
  }
}

void try_early(Card card, int place, MoveList& moves) {
  const CardSet bit = card == kNoCard ? CardSet{0} : card_bit(card);
  for (int i = place; i < moves.count; ++i) {
    if ((moves.stands_for[std::size_t(i)] & bit) == 0) continue;
    const Card c = moves.cards[std::size_t(i)];
    const CardSet f = moves.stands_for[std::size_t(i)];
    for (int j = i; j > place; --j) {
      moves.cards[std::size_t(j)] = moves.cards[std::size_t(j - 1)];
      moves.stands_for[std::size_t(j)] = moves.stands_for[std::size_t(j - 1)];
    }
    moves.cards[std::size_t(place)] = c;
    moves.stands_for[std::size_t(place)] = f;
    return;
  }
}

}  // namespace belote::best_play
