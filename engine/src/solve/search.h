// The search: fail-soft alpha-beta over the cards of a deal, with a
// transposition table (docs/solve.md, "The search").
//
// A node's value is what the takers will take from the trick in progress
// (its cards already played included) to the end of the mène, the value of
// taking every trick included: the points of tricks already closed are not
// part of it, so the table's entries hold for any way of reaching a position.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>

#include "belote/solve.h"
#include "solve/last_two_tricks.h"
#include "solve/moves.h"
#include "solve/play_value.h"
#include "solve/roem_reach.h"
#include "solve/similar_positions.h"
#include "solve/transposition_table.h"

namespace belote::best_play {

/// Thrown out of a search that reaches its node or time limit.
struct SearchStopped {
  SolveStatus status;
};

class Search {
 public:
  /// `table` may be null: a search without a table (for the tests' slower exact search);
  /// `similar` too, and it is unused without `table`.
  Search(const PlayValue& value, TranspositionTable* table, SimilarPositions* similar, const SolveOptions& limits);

  void set_position(const SolvePosition& position);

  /// The value of the current position within (alpha, beta), fail-soft: a
  /// result <= alpha is an upper bound, >= beta a lower bound.
  int value(int alpha, int beta) { return node(alpha, beta); }
  /// The exact value, known to lie in [lower, upper], by zero-window searches.
  int exact(int lower, int upper);
  /// The same, the first test at `guess` and the next ones stepping away from it.
  int exact_from(int guess, int lower, int upper);
  /// A guess of the value in [lower, upper]: the position a few tricks down the line the
  /// ordering rules play, solved exactly, and what those tricks gave. None for a small
  /// position, nor where that position costs more nodes than a guess is worth.
  std::optional<int> guess(int lower, int upper);

  static constexpr std::size_t kKillersByDepth = 1 + 2 * kSuitCount * kSuitStride;
  /// Two killer cards a slot: the last, then the one it replaced.
  static constexpr std::size_t kKillersASlot = 2;
  using Killers = std::array<Card, kKillersASlot * (4 * kMaxRanks + 1) * kKillersByDepth>;
  /// What the search learnt of the move order, for a search of the same cards to start from.
  const Killers& killers() const { return killer_; }
  void set_killers(const Killers& killers) { killer_ = killers; }

  /// The cards the player to play may try, equivalent cards merged.
  void moves(MoveList& out) const;
  /// Plays a card of the player to play, and returns what it gave the takers
  /// (a trick's worth when it closes one they win).
  int play(Card card);
  void undo();

  bool over() const { return cards_left_ == 0 && trick_.count == 0; }
  Seat to_play() const { return trick_.to_play(); }
  bool takers_to_play() const { return team_of(trick_.to_play()) == takers_; }
  std::uint64_t nodes() const { return nodes_; }

 private:
  /// The cards the player to play may play: play.h's legal_cards (its inlined cases first), where
  /// it would call legal_play under free trumping (free_play_), free_playable.
  CardSet playable() const {
    const CardSet hand = hands_[trick_.to_play()];
    if (trick_.count == 0) return hand;
    const CardSet follow = hand & suit_mask(trick_.led());
    if (follow != 0 && (follow & play_.trumps()) == 0 && play_.plain_follow_only()) return follow;
    if (follow == 0 && (hand & play_.trumps()) == 0) return hand;
    return free_play_ != 0 ? free_playable(hand, follow) : legal_play(play_, hand, trick_, trick_.to_play()).cards;
  }
  /// The cases free trumping makes common, answered from the conventions read once (`follow`: the
  /// cards of `hand` in the led suit); legal_play for the others.
  CardSet free_playable(CardSet hand, CardSet follow) const;
  int node(int alpha, int beta);
  /// The value of the position after `card` (what it gives included), within (alpha, beta).
  int child_value(Card card, int alpha, int beta);
  /// A node between tricks with its bounds: static, then a table's (the similar positions' when they are on).
  int bounded(int alpha, int beta);
  int last_trick() const;
  /// At most how much roem the takers can still make between tricks, `tricks` tricks left.
  int roem_left(int tricks) const;
  /// The exact value of the position between tricks with two tricks left,
  /// its cards' key `key_cards`, its shape `shape` of `unplayed`: from the table, or solved and stored.
  int two_tricks(std::uint64_t key_cards, Seat leader, bool swept, const PositionShape& shape, const SuitsLeft& unplayed);
  /// The last card of the third trick from the end: each legal card closes
  /// the trick into a position of two tricks, whose exact value is cheap.
  int closing_into_two(int alpha, int beta);
  /// The shape of the position between tricks (docs/solve.md, "Similar positions"), where similar positions are on.
  PositionShape shape() const;
  /// At the last card of a trick: each suit's cards left once the trick closes, but for that card.
  SuitsLeft left_once_closed() const {
    SuitsLeft left = suits_left_;
    for (int i = 0; i < 3; ++i) left.remove(suit_of(trick_.cards[std::size_t(i)]), orders_.place[trick_.cards[std::size_t(i)]]);
    return left;
  }
  /// What the positions between tricks that the last card of a trick closes it into share, worked
  /// out once for all its cards: each suit's cards left but for the card, their shape's codes, the
  /// cards that would take the trick from the card winning it so far (as add_card decides), and
  /// the named cards left in the hands.
  struct Closing {
    SuitsLeft left;
    std::array<std::uint32_t, kSuitCount> codes;
    CardSet takes;
    CardSet named;
  };
  Closing closing() const {
    const Card best = trick_.winning_card();
    const bool best_is_trump = (play_.trumps() & card_bit(best)) != 0;
    Closing c{left_once_closed(), {}, play_.stronger(best) | (best_is_trump ? 0 : play_.trumps()), remaining_ & orders_.unmergeable};
    if (similar_ != nullptr) c.codes = shape_codes_.codes(c.left);
    return c;
  }
  /// Who takes the trick that `last` closes: without a branch, as add_card (no predictor guesses it).
  Seat closing_winner(const Closing& closing, Card last) const {
    const unsigned takes = 0u - unsigned((closing.takes & card_bit(last)) != 0);
    return trick_.seat_at(int(trick_.winning ^ ((trick_.winning ^ 3u) & takes)));
  }
  /// The shape of the position between tricks that `last` closes the trick into: `left`, the cards
  /// left then; `winner`, who takes the trick; `won`, whether the takers do.
  PositionShape closed_shape(const Closing& closing, const SuitsLeft& left, Seat winner, bool won, Card last) const {
    const Suit suit = suit_of(last);
    return shape_codes_.shape_with(closing.codes, suit, left.left(suit), shape_flags(winner, swept_ && won, closing.named & ~card_bit(last)));
  }
  /// A shape's flags: the leader, the takers' sweep, and whether the card a rule names is among `unplayed`.
  std::uint8_t shape_flags(Seat leader, bool swept, CardSet unplayed) const {
    const bool named_in_play = (unplayed & orders_.unmergeable) != 0;
    return std::uint8_t(index(leader) | (swept ? 4 : 0) | (named_in_play ? 8 : 0));
  }
  /// Starts loading the table's buckets of the children of `list`'s moves.
  void prefetch_children(const MoveList& list) const;
  /// The last card of a trick: reads what similar positions say of each position between tricks
  /// it closes into. True when one cuts the node off (its value in `best`); the moves whose child
  /// cannot change the result go to `passed_over`, their bound to `best`.
  bool bound_closed_tricks(const MoveList& list, int alpha, int beta, int& best, Card& best_card, CardSet& passed_over);
  /// Searches the moves of `list` (this node's), best first; `best_card` gets the best one.
  int expand(int alpha, int beta, Card first, MoveList& list, Card& best_card);
  /// The same, the table's best card `first` searched before the others are generated.
  int expand_from(int alpha, int beta, Card first, Card& best_card);
  /// Counts a node: the limits are looked at from time to time only (next_look_).
  void count_node() {
    if (++nodes_ >= next_look_) look_at_limits();
  }
  void look_at_limits();
  /// The node at which the limits are next looked at.
  std::uint64_t next_look() const;
  /// What move ordering reads of the position for `player`, the player to play.
  OrderingView ordering_view(Seat player) const;
  /// The plain suits `seat` may cut: void there, with trumps.
  CardSet cut_suits(Seat seat) const;
  /// Where the killer card of the node is kept (killer_), the second one after it.
  std::size_t killer_slot() const;
  /// Counts the positions a walk of the last two tricks went through, each a node.
  void count_walked(std::uint64_t positions);

  const PlayValue& value_;
  const PlayContext& play_;
  SuitOrders orders_;
  LastTwoTricks last_two_;
  TableKeys keys_;
  TranspositionTable* table_;
  /// Null when there is no table, or the deck's suits do not fit a shape.
  SimilarPositions* similar_;
  SolveOptions limits_;
  /// From the [play] conventions, with a trump suit, read once (free_playable): kFreeUntilTrumped, a
  /// player may trump instead of following and need not trump when void
  /// (`play.trump_instead_of_following`, `play.must_trump = "never"`), so until a trump falls on a
  /// plain lead he may play the suit or a trump, any card when void; kTrumpLeadFree, a trump lead
  /// binds nobody to go over it (`play.raise_on_trump_lead = "never"`). `exempt_jack_`: the jack of
  /// trumps where `play.trump_jack_exempt` frees its lone holder from following.
  static constexpr std::uint8_t kFreeUntilTrumped = 1, kTrumpLeadFree = 2;
  std::uint8_t free_play_ = 0;
  CardSet exempt_jack_ = 0;
  /// Whether a player able to follow may trump instead (`play.trump_instead_of_following`, with a
  /// trump suit): nearly every card is then legal, and a second killer card pays (measured).
  bool free_trumping_ = false;
  /// The node that stops the search (limits_.max_nodes, or never); the clock is looked at every so many nodes.
  std::uint64_t node_limit_;
  std::uint64_t next_look_ = 0;
  std::chrono::steady_clock::time_point start_;

  // The position, with what every node reads of it kept up to date card by
  // card rather than worked out again at each node.
  PerSeat<CardSet> hands_;
  /// The cards in the hands, and those with the trick in progress.
  CardSet remaining_ = 0;
  CardSet unplayed_ = 0;
  int cards_left_ = 0;  ///< count(remaining_)
  int remaining_points_ = 0;
  int trick_points_ = 0;  ///< the card points of the trick in progress
  Trick trick_;
  /// Each suit's cards not yet played, in trick order (unplayed_ by suit): with the codes below, the
  /// shape between tricks. Kept up to date where similar positions are on.
  SuitsLeft suits_left_{};
  /// The shape's codes of the position solved, when similar positions are on.
  ShapeCodes shape_codes_;
  /// The roem its cards may still make, and `roem_reach_` pointing to it where roem counts (else null).
  RoemReach roem_;
  const RoemReach* roem_reach_ = nullptr;
  Team takers_ = Team::NS;
  /// Whether the defenders have taken no trick yet.
  bool swept_ = true;
  std::uint64_t nodes_ = 0;
  /// By cards left in the hands (which also tell the place in the trick) and, within a
  /// trick, by the card winning it so far and whether it is the player's side's (to lead,
  /// by the card that won the trick before), the last card
  /// that cut a node off after the card tried first failed: tried first at its siblings,
  /// which differ in a card played before and often fall to the same card. A cut by the
  /// first card leaves it be: that card needed no help. The killer it replaced is kept
  /// beside it (killer_slot() and the place after), tried second under free trumping where the
  /// node has four moves or more.
  Killers killer_{};

  struct Undo {
    Trick trick;
    Seat seat;
    Card card;
    /// Saved only by a card that closes a trick: within one, these do not change
    /// (the trick's points go back by the card's), the shape only when it is read.
    CardSet unplayed;
    int trick_points;
    bool swept;
    SuitsLeft suits_left;
    /// The card that won the trick closed.
    Card won_with;
  };
  std::array<Undo, 4 * kMaxRanks + 1> undo_{};
  int depth_ = 0;
};

}  // namespace belote::best_play
