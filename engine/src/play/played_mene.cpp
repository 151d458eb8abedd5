// A mène played card by card: tricks closed, points and tricks counted (play.md 1).
#include "belote/play.h"

#include <fmt/format.h>

namespace belote {

PlayedMene::PlayedMene(const PlayContext& play, const PerSeat<CardSet>& hands, Seat first)
    : play_(play), hands_(hands) {
  tricks_[0].trick.leader = first;
}

void PlayedMene::close_trick() {
  PlayedTrick& done = tricks_[std::size_t(tricks_done_)];
  const Trick& trick = done.trick;
  ++tricks_done_;
  // Worked out in locals and stored once: a store of a card's byte would have them read again.
  const Seat winner = trick.winner();
  const Team team = team_of(winner);
  int points = play_.card_points(trick.cards[0]) + play_.card_points(trick.cards[1]) + play_.card_points(trick.cards[2]) +
               play_.card_points(trick.cards[3]);
  if (over()) points += play_.last_trick_points();
  // Without a [roem] every trick's is zero: not worth reading its cards for.
  const int roem = play_.counts_roem() ? trick_roem(play_, card_bit(trick.cards[0]) | card_bit(trick.cards[1]) |
                                                               card_bit(trick.cards[2]) | card_bit(trick.cards[3]))
                                              .points
                                        : 0;
  done.winner = winner;
  done.points = points;
  done.roem = roem;
  points_[team] += points;
  roem_[team] += roem;
  ++team_tricks_[team];
  ++seat_tricks_[winner];
  tricks_[std::size_t(tricks_done_)].trick.leader = winner;
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

std::string illegal_card_message(const PlayedMene& mene, Card card) {
  const PlayContext& play = mene.context();
  const Seat seat = mene.to_play();
  const LegalPlay legal = mene.legal_why();
  std::string key = legal_rule_key(play.conventions(), legal.rule);
  std::string_view reason = legal_rule_reason(legal.rule);
  // The duty the card breaks first: following suit before any duty to trump,
  // and trumping at all before overtrumping.
  const CardSet led = suit_mask(mene.current().led());
  if ((mene.hand(seat) & led) && !(led & card_bit(card))) {
    key = "follow suit";
    reason = legal_rule_reason(LegalRule::follow_suit);
  } else if (legal.rule == LegalRule::overtrump && !(play.trumps() & card_bit(card))) {
    key = legal_rule_key(play.conventions(), LegalRule::must_trump);
    reason = legal_rule_reason(LegalRule::must_trump);
  }
  const Deck& deck = play.rules().deck;
  return fmt::format("trick {}, {}: {} is not legal ({}): {}; legal: {}", mene.trick_number(), name(seat),
                     deck.card_name(card), key, reason, deck.cards_text(legal.cards));
}

}  // namespace belote
