// The cards worth trying at a node of the search: one card of each set of
// equivalent cards, in the order most likely to cut the search short
// (docs/solve.md, "Equivalent cards" and "Move ordering").
#pragma once

#include <array>
#include <cstdint>

#include "belote/play.h"
#include "solve/play_value.h"

namespace belote::best_play {

/// What move generation reads of a kind, computed once per solve.
///
/// Each suit also has its "order space": a 16-bit mask whose bit i is the
/// suit's i-th strongest card in trick order, so that the masters of a suit
/// are its lowest bits and the cards between two cards are a range of bits.
/// Sets of cards go there and back by table lookups, a byte at a time.
struct SuitOrders {
  explicit SuitOrders(const PlayValue& value);
  /// Each suit's cards of the deck, strongest first in its trick order.
  std::array<std::array<Card, kMaxRanks>, kSuitCount> order{};
  /// The card points of each place of that order.
  std::array<std::array<std::uint8_t, kMaxRanks>, kSuitCount> points{};
  std::array<std::uint8_t, kSuitCount> length{};
  /// Each card's place in its suit's order.
  std::array<std::uint8_t, kSuitCount * kSuitStride> place{};
  /// Cards that may not stand for another: with `play.trump_jack_exempt`, the
  /// jack of trumps alone frees its holder from following.
  CardSet unmergeable = 0;
  /// By suit, the places whose card may stand with a stronger one (equal
  /// points, neither unmergeable): a suit whose legal cards have none needs no merging.
  std::array<std::uint32_t, kSuitCount> may_merge{};

  /// A suit's cards of a set, in order space.
  std::uint32_t to_order(Suit suit, CardSet cards) const {
    const RankMask ranks = suit_ranks(cards, suit);
    return std::uint32_t(to_order_[suit][0][ranks & 0xFF]) | to_order_[suit][1][ranks >> 8];
  }
  /// The card points of a set of a suit's places.
  int points_of(Suit suit, std::uint32_t places) const {
    return points_of_[suit][0][places & 0xFF] + points_of_[suit][1][(places >> 8) & 0xFF];
  }

 private:
  std::array<std::array<std::array<std::uint16_t, 256>, 2>, kSuitCount> to_order_{};
  std::array<std::array<std::array<std::uint16_t, 256>, 2>, kSuitCount> points_of_{};
};

/// The places of `side` (order space) above every place of the others in
/// `in_play`: the masters `side` holds in a suit.
inline std::uint32_t masters_of(std::uint32_t side, std::uint32_t in_play) {
  const std::uint32_t others = in_play & ~side;
  const std::uint32_t above = others == 0 ? ~std::uint32_t{0} : (others & (0u - others)) - 1;
  return side & in_play & above;
}

// Left uninitialised: one is made at every node, and only its first `count` are read.
struct MoveList {
  std::array<Card, kMaxRanks> cards;
  /// The cards each one stands for, itself included.
  std::array<CardSet, kMaxRanks> stands_for;
  /// How likely each is to cut the search short, higher first (score_moves).
  std::array<int, kMaxRanks> score;
  int count = 0;
};

class RoemReach;

/// The legal cards with each run of equivalent cards kept as its strongest
/// card: cards of one hand next to each other in trick order among the cards
/// still in play (`in_play`: the hands and the trick in progress) with equal points,
/// neither of which may still make roem (`roem`, null where none counts).
void representatives(const SuitOrders& orders, CardSet legal, CardSet in_play, MoveList& out, const RoemReach* roem = nullptr);

/// The position a move is ordered in.
struct OrderingView {
  OrderingView(const PlayContext& play, const Trick& trick, CardSet remaining, CardSet partner, Seat player)
      : play(play), trick(trick), remaining(remaining), partner(partner),
        free_trumping(play.trumps() != 0 && play.conventions().trump_instead_of_following) {
    if (trick.empty()) return;
    const Card led = trick.cards[0];
    led_plain = (play.trumps() & card_bit(led)) == 0;
    const Card best = trick.winning_card();
    beats_best = play.stronger(best);
    best_is_trump = (play.trumps() & card_bit(best)) != 0;
    partner_wins = team_of(trick.winner()) == team_of(player);
  }
  const PlayContext& play;
  const Trick& trick;
  /// The cards still in the hands, and those of the player's partner.
  CardSet remaining;
  CardSet partner;
  /// The cards of the opponent still to play to the trick, if any (set by the caller).
  CardSet opponent_after = 0;
  /// To lead: the plain suits an opponent may cut, void there with trumps, and
  /// those the partner may cut (set by the caller).
  CardSet cut_suits = 0;
  CardSet partner_cut_suits = 0;
  /// To lead: whether an opponent still holds a trump (set by the caller).
  bool opponents_trumps = false;
  /// Whether a player able to follow may trump instead (`play.trump_instead_of_following`): a
  /// trump played on a plain suit is then a choice, and a trump spent.
  bool free_trumping;
  /// With a trick under way: whether a plain suit was led, what beats its winning card,
  /// whether that is a trump, and whether the player's partner holds it.
  bool led_plain = false;
  CardSet beats_best = 0;
  bool best_is_trump = false;
  bool partner_wins = false;
};

/// No card: a table entry without a best move, or no move to try first.
inline constexpr Card kNoCard = 0xFF;

/// Scores the moves from place `from` on by the rules of thumb of docs/solve.md, highest first.
void score_moves(const OrderingView& view, MoveList& moves, int from);
/// Moves the move that stands for `card` (kNoCard: none), when it lies at `place` or after, to
/// `place`, the moves between keeping their order, and says whether there was one.
bool bring_forward(MoveList& moves, Card card, int place);
/// Brings the move of highest score from `place` on to `place`, the first of equals (the others keep
/// their order): moves are sorted one at a time as the search needs them, most nodes being cut off by their first.
void bring_best(MoveList& moves, int place);

}  // namespace belote::best_play
