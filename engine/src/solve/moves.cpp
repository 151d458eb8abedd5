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
  }
  if (play.conventions().trump_jack_exempt) unmergeable = play.trump_jack();
}

void representatives(const SuitOrders& orders, const PlayContext& play, CardSet legal, CardSet in_play, MoveList& out) {
  out.count = 0;
  for (Suit s = 0; s < kSuitCount; ++s) {
    if ((legal & suit_mask(s)) == 0) continue;
    bool previous_legal = false;
    int previous_points = 0;
    for (int i = 0; i < orders.length[s]; ++i) {
      const Card card = orders.order[s][std::size_t(i)];
      const CardSet bit = card_bit(card);
      if ((in_play & bit) == 0) continue;  // played in an earlier trick: no longer between two cards
      if ((legal & bit) == 0) {
        previous_legal = false;
        continue;
      }
      const int points = play.card_points(card);
      const Card previous = out.count > 0 ? out.cards[std::size_t(out.count - 1)] : Card(0);
      if (orders.merge && previous_legal && points == previous_points && ((bit | card_bit(previous)) & orders.unmergeable) == 0) {
        out.stands_for[std::size_t(out.count - 1)] |= bit;
      } else {
        out.cards[std::size_t(out.count)] = card;
        out.stands_for[std::size_t(out.count)] = bit;
        ++out.count;
      }
      previous_legal = true;
      previous_points = points;
    }
  }
}

namespace {

// Higher is tried first.
int ordering_score(const OrderingView& v, Card card) {
  const PlayContext& play = v.play;
  const int points = play.card_points(card);
  const bool trump = (play.trumps() & card_bit(card)) != 0;
  if (v.trick.empty()) {
    const CardSet above = play.stronger(card) & v.remaining;
    if (above == 0) return 60 + points - (trump ? 8 : 0);  // a master: cash it
    if ((above & ~v.partner) == 0) return 40 - points;     // the partner holds what beats it: lead low to him
    return 20 - points - (trump ? 8 : 0);
  }
  Trick after = v.trick;
  add_card(play, after, card);
  const bool wins = after.winning == v.trick.count;
  const bool partner_wins = team_of(v.trick.winner()) == team_of(v.player);
  if (v.trick.count == 3) {
    if (wins || partner_wins) return 100 + points;  // the trick is ours: load it
    return -points;                                 // lost: throw the cheapest
  }
  if (wins) return 50 - (trump ? 20 : 0) - points / 4;  // the cheapest card that wins
  if (partner_wins) return 30 + points;
  return -points - (trump ? 20 : 0);
}

}  // namespace

void order_moves(const OrderingView& view, Card first, MoveList& moves) {
  const CardSet first_bit = first == kNoCard ? CardSet{0} : card_bit(first);
  std::array<int, kMaxRanks> score{};
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

}  // namespace belote::best_play
