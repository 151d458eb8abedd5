// A mène played card by card: tricks closed, points and tricks counted (play.md 1).
#include "belote/play.h"

namespace belote {

PlayedMene::PlayedMene(const PlayContext& play, const PerSeat<CardSet>& hands, Seat first)
    : play_(play), hands_(hands) {
  current_.leader = first;
}

void PlayedMene::play(Card card) {
  hands_[current_.to_play()] &= ~card_bit(card);
  add_card(play_, current_, card);
  if (!current_.complete()) return;
  PlayedTrick& done = tricks_[std::size_t(tricks_done_++)];
  done.trick = current_;
  done.winner = current_.winner();
  done.points = trick_points(play_, current_);
  if (over()) done.points += play_.last_trick_points();
  done.roem = trick_roem(play_, card_bit(current_.cards[0]) | card_bit(current_.cards[1]) | card_bit(current_.cards[2]) |
                                    card_bit(current_.cards[3]))
                  .points;
  points_[team_of(done.winner)] += done.points;
  roem_[team_of(done.winner)] += done.roem;
  ++team_tricks_[team_of(done.winner)];
  ++seat_tricks_[done.winner];
  current_ = Trick{};
  current_.leader = done.winner;
}

std::optional<Team> PlayedMene::capot() const {
  if (!over()) return std::nullopt;
  for (Team team : kTeams)
    if (team_tricks_[team] == tricks_done_) return team;
  return std::nullopt;
}

std::optional<Seat> PlayedMene::every_trick_seat() const {
  if (!over()) return std::nullopt;
  for (Seat seat : kSeats)
    if (seat_tricks_[seat] == tricks_done_) return seat;
  return std::nullopt;
}

}  // namespace belote
