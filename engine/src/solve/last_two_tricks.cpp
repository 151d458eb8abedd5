// A plain fail-soft alpha-beta over the first of the two tricks, every legal
// card tried (two at most); the last trick is played out as dealt.
#include "solve/last_two_tricks.h"

#include <algorithm>
#include <bit>
#include <climits>

namespace belote::best_play {

struct LastTwoTricks::Walk {
  const LastTwoTricks& self;
  PerSeat<CardSet> hands;
  Team takers;
  bool swept;
  std::uint64_t positions = 0;

  // The last trick, one card in each hand, led by the first trick's winner.
  int last(Seat leader, bool first_won) const {
    Trick t;
    t.leader = leader;
    for (int i = 0; i < 4; ++i) add_card(self.play_, t, Card(std::countr_zero(hands[t.seat_at(i)])));
    if (team_of(t.winner()) != takers) return 0;
    return self.value_.trick(t, true) + (swept && first_won ? self.value_.sweep_bonus() : 0);
  }

  // The card at place `Place` of the first trick, each legal card tried; one function a place,
  // so that the four places are one loop nest with no call between them.
  template <int Place>
  int first(const Trick& trick, int points, int alpha, int beta) {
    const Seat player = trick.to_play();
    const bool maximise = team_of(player) == takers;
    int best = maximise ? INT_MIN : INT_MAX;
    for (CardSet legal = legal_cards(self.play_, hands[player], trick); legal != 0;) {
      const Card card = pop_lowest(legal);
      const int with_card = points + self.play_.card_points(card);
      Trick next = trick;
      add_card(self.play_, next, card);
      hands[player] &= ~card_bit(card);
      ++positions;
      int v;
      if constexpr (Place == 3) {
        const Seat winner = next.winner();
        const bool won = team_of(winner) == takers;
        v = (won ? self.value_.trick(next, with_card, false) : 0) + last(winner, won);
      } else {
        v = first<Place + 1>(next, with_card, alpha, beta);
      }
      hands[player] |= card_bit(card);
      if (maximise) {
        best = std::max(best, v);
        alpha = std::max(alpha, best);
      } else {
        best = std::min(best, v);
        beta = std::min(beta, best);
      }
      if (alpha >= beta) break;
    }
    return best;
  }
};

int LastTwoTricks::value(const PerSeat<CardSet>& hands, const Trick& trick, int trick_points, Team takers, bool swept, int alpha,
                         int beta, std::uint64_t& positions) const {
  Walk walk{*this, hands, takers, swept};
  int v = 0;
  switch (trick.count) {
    case 0: v = walk.first<0>(trick, trick_points, alpha, beta); break;
    case 1: v = walk.first<1>(trick, trick_points, alpha, beta); break;
    case 2: v = walk.first<2>(trick, trick_points, alpha, beta); break;
    default: v = walk.first<3>(trick, trick_points, alpha, beta); break;
  }
  positions += walk.positions;
  return v;
}

}  // namespace belote::best_play
