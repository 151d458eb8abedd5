#include "solve/moves.h"

#include "solve/roem_reach.h"

#include <algorithm>
#include <bit>

namespace belote::best_play {

SuitOrders::SuitOrders(const PlayValue& value) {
  const PlayContext& play = value.context();
  const CardSet deck = play.rules().deck.all_cards();
  for (Suit s = 0; s < kSuitCount; ++s) {
    CardSet cards = deck & suit_mask(s);
    std::array<Card, kMaxRanks>& o = order[s];
    int n = 0;
    while (cards) o[std::size_t(n++)] = pop_lowest(cards);
    // Strongest first: the fewer cards beat it, the stronger.
    std::array<int, kSuitStride> beaten_by{};
    for (int i = 0; i < n; ++i) beaten_by[rank_of(o[std::size_t(i)])] = count(play.stronger(o[std::size_t(i)]));
    std::sort(o.begin(), o.begin() + n, [&](Card a, Card b) { return beaten_by[rank_of(a)] < beaten_by[rank_of(b)]; });
    length[s] = std::uint8_t(n);
    // Each byte's entry from the byte without its lowest bit: 256 steps a table. A
    // suit of eight ranks below 8 needs the tables of the first byte only (the others stay empty).
    std::array<std::array<std::uint16_t, 8>, 2> place_of_rank{}, points_at{};
    const bool two_bytes = n > 8 || suit_ranks(deck, s) > 0xFF;
    for (int place = 0; place < n; ++place) {
      const Card card = o[std::size_t(place)];
      points[s][std::size_t(place)] = std::uint8_t(play.card_points(card));
      this->place[card] = std::uint8_t(place);
      const int rank = rank_of(card);
      place_of_rank[std::size_t(rank >> 3)][std::size_t(rank & 7)] = std::uint16_t(1u << place);
      points_at[std::size_t(place >> 3)][std::size_t(place & 7)] = std::uint16_t(play.card_points(card));
    }
    for (std::size_t half = 0; half < (two_bytes ? 2u : 1u); ++half) {
      for (std::size_t byte = 1; byte < 256; ++byte) {
        const std::size_t rest = byte & (byte - 1), lowest = std::size_t(std::countr_zero(byte));
        to_order_[s][half][byte] = std::uint16_t(to_order_[s][half][rest] | place_of_rank[half][lowest]);
        points_of_[s][half][byte] = std::uint16_t(points_of_[s][half][rest] + points_at[half][lowest]);
      }
    }
  }
  if (play.conventions().trump_jack_exempt) unmergeable = play.trump_jack();
  for (Suit s = 0; s < kSuitCount; ++s)
    for (int place = 1; place < length[s]; ++place)
      for (int above = 0; above < place; ++above)
        if (points[s][std::size_t(above)] == points[s][std::size_t(place)] &&
            ((card_bit(order[s][std::size_t(above)]) | card_bit(order[s][std::size_t(place)])) & unmergeable) == 0)
          may_merge[s] |= 1u << place;
}

namespace {

// Compiled with and without roem, so that the rulesets without it pay nothing for it.
template <bool kRoem>
void representatives_of(const SuitOrders& orders, CardSet legal, CardSet in_play, MoveList& out, [[maybe_unused]] const RoemReach* roem) {
  out.count = 0;
  // The suits with a legal card only (a player following has one).
  for (CardSet rest = legal; rest != 0;) {
    const Suit s = suit_of(Card(std::countr_zero(rest)));
    const CardSet suit = legal & suit_mask(s);
    rest &= ~suit;
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
    // A card that may still make roem stands for no other, nor another for it: roem names ranks.
    std::uint32_t apart = 0;
    if constexpr (kRoem) apart = roem->may_make(s, held, in_play);
    int last = -1;  // the place of the last legal card, strongest first
    while (places != 0) {
      const int place = std::countr_zero(places);
      places &= places - 1;
      const Card card = orders.order[s][std::size_t(place)];
      const CardSet bit = card_bit(card);
      // Merged with the card before when nothing in play lies between them and their points are equal.
      const std::uint32_t between = last < 0 ? 0 : held & ((1u << place) - 1) & ~((2u << last) - 1);
      if (last >= 0 && between == 0 && orders.points[s][std::size_t(place)] == orders.points[s][std::size_t(last)] &&
          ((bit | card_bit(orders.order[s][std::size_t(last)])) & orders.unmergeable) == 0 && ((apart >> place | apart >> last) & 1) == 0) {
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

}  // namespace

void representatives(const SuitOrders& orders, CardSet legal, CardSet in_play, MoveList& out, const RoemReach* roem) {
  if (roem != nullptr) representatives_of<true>(orders, legal, in_play, out, roem);
  else representatives_of<false>(orders, legal, in_play, out, nullptr);
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
  // Trumping a plain suit by choice spends a trump: the cheapest one that does the job, after the
  // plain cards that load a trick the side wins, and none on a trick the partner already wins.
  const bool cut_by_choice = v.free_trumping && trump && v.led_plain;
  if (v.trick.count == 3) {
    if (cut_by_choice && v.partner_wins) return -points - 30;
    if (cut_by_choice && wins) return 90 - points;
    if (wins || v.partner_wins) return 100 + points;  // the trick is ours: load it
    return -points;                                   // lost: throw the cheapest
  }
  // The second and third players: a card that wins and that the opponent still to play cannot
  // beat takes the trick, so load it; one he may beat, the cheapest. The same for the partner's card.
  // A trump by choice: the cheapest that wins, before one the opponent may overtrump.
  if (cut_by_choice && wins) return (play.stronger(card) & v.opponent_after) == 0 ? 55 - points : 25 - points;
  if (wins) return (play.stronger(card) & v.opponent_after) == 0 ? 60 + points : 50 - (trump ? 20 : 0) - points / 4;
  if (v.partner_wins) return (v.beats_best & v.opponent_after) == 0 ? 45 + points : 30 - points;
  return -points - (trump ? 20 : 0);
}

}  // namespace

void score_moves(const OrderingView& view, MoveList& moves, int from) {
  for (int i = from; i < moves.count; ++i) moves.score[std::size_t(i)] = ordering_score(view, moves.cards[std::size_t(i)]);
}

namespace {

// Moves the move at `from` to `place` (at or before it), the moves between shifted back a place;
// their scores too when `scored` (they are set from `place` on).
void move_back(MoveList& moves, int from, int place, bool scored) {
  const Card c = moves.cards[std::size_t(from)];
  const CardSet f = moves.stands_for[std::size_t(from)];
  const int s = scored ? moves.score[std::size_t(from)] : 0;
  for (int j = from; j > place; --j) {
    moves.cards[std::size_t(j)] = moves.cards[std::size_t(j - 1)];
    moves.stands_for[std::size_t(j)] = moves.stands_for[std::size_t(j - 1)];
    if (scored) moves.score[std::size_t(j)] = moves.score[std::size_t(j - 1)];
  }
  moves.cards[std::size_t(place)] = c;
  moves.stands_for[std::size_t(place)] = f;
  if (scored) moves.score[std::size_t(place)] = s;
}

}  // namespace

bool bring_forward(MoveList& moves, Card card, int place) {
  if (card == kNoCard) return false;
  const CardSet bit = card_bit(card);
  for (int i = place; i < moves.count; ++i) {
    if ((moves.stands_for[std::size_t(i)] & bit) == 0) continue;
    move_back(moves, i, place, false);
    return true;
  }
  return false;
}

void bring_best(MoveList& moves, int place) {
  // Without a branch on the scores, which the processor cannot foresee.
  int best = place, best_score = moves.score[std::size_t(place)];
  for (int i = place + 1; i < moves.count; ++i) {
    const int score = moves.score[std::size_t(i)];
    const bool higher = score > best_score;
    best = higher ? i : best;
    best_score = higher ? score : best_score;
  }
  // The others keep their order, as a stable sort leaves them.
  if (best != place) move_back(moves, best, place, true);
}

}  // namespace belote::best_play
