#include "belote/solve_line.h"

namespace belote {

std::vector<LineTrick> line_tricks(const PlayContext& play, const Trick& at, int tricks_played, const std::vector<Card>& line) {
  std::vector<LineTrick> tricks;
  Trick trick = at;
  if (!trick.empty()) tricks.push_back({tricks_played + 1, trick.leader, {trick.cards.begin(), trick.cards.begin() + trick.count}});
  for (Card card : line) {
    if (trick.empty()) tricks.push_back({tricks_played + int(tricks.size()) + 1, trick.leader, {}});
    tricks.back().cards.push_back(card);
    add_card(play, trick, card);
    if (trick.complete()) {
      const Seat winner = trick.winner();
      trick = Trick{};
      trick.leader = winner;
    }
  }
  return tricks;
}

}  // namespace belote
