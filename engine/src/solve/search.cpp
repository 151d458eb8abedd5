#include "solve/search.h"

#include "solve/sure_points.h"

#include <algorithm>
#include <climits>

namespace belote::best_play {

namespace {

constexpr std::uint64_t kClockEvery = std::uint64_t{1} << 14;  // nodes between looks at the clock
// Table bounds are 16 bits: a ruleset whose values could leave that range searches without the table
// (as does a deck whose positions do not fit the table's keys).
constexpr int kTableLimit = 32000;

}  // namespace

Search::Search(const PlayValue& value, TranspositionTable* table, const SolveOptions& limits)
    : value_(value), play_(value.context()), orders_(value), keys_(play_.rules().deck.rank_count()), table_(table),
      limits_(limits), start_(std::chrono::steady_clock::now()) {
  const int widest = play_.total_points() + value_.most_roem(play_.hand_size()) + std::abs(value_.sweep_bonus());
  if (widest >= kTableLimit || !TableKeys::fits(play_.rules().deck.rank_count())) table_ = nullptr;
}

void Search::set_position(const SolvePosition& position) {
  hands_ = position.hands;
  remaining_ = 0;
  for (Seat s : kSeats) remaining_ |= hands_[s];
  remaining_points_ = value_.card_points(remaining_);
  trick_ = position.trick;
  takers_ = position.takers;
  swept_ = position.tricks[other(position.takers)] == 0;
  depth_ = 0;
}

void Search::count_node() {
  ++nodes_;
  if ((nodes_ & (kClockEvery - 1)) != 0) return;
  if (limits_.max_nodes != 0 && nodes_ >= limits_.max_nodes) throw SearchStopped{SolveStatus::node_limit};
  if (limits_.max_milliseconds != 0) {
    const auto spent = std::chrono::steady_clock::now() - start_;
    if (std::chrono::duration_cast<std::chrono::milliseconds>(spent).count() >= std::int64_t(limits_.max_milliseconds))
      throw SearchStopped{SolveStatus::time_limit};
  }
}

int Search::play(Card card) {
  const Seat seat = trick_.to_play();
  undo_[std::size_t(depth_++)] = {trick_, seat, card, swept_};
  hands_[seat] &= ~card_bit(card);
  remaining_ &= ~card_bit(card);
  remaining_points_ -= play_.card_points(card);
  add_card(play_, trick_, card);
  if (!trick_.complete()) return 0;
  const Seat winner = trick_.winner();
  const int worth = value_.trick(trick_, remaining_ == 0);
  trick_ = Trick{};
  trick_.leader = winner;
  if (team_of(winner) != takers_) {
    swept_ = false;
    return 0;
  }
  return worth;
}

void Search::undo() {
  const Undo& u = undo_[std::size_t(--depth_)];
  hands_[u.seat] |= card_bit(u.card);
  remaining_ |= card_bit(u.card);
  remaining_points_ += play_.card_points(u.card);
  trick_ = u.trick;
  swept_ = u.swept;
}

void Search::moves(MoveList& out) const {
  const Seat player = trick_.to_play();
  const CardSet legal = legal_cards(play_, hands_[player], trick_);
  CardSet in_play = remaining_;
  for (int i = 0; i < trick_.count; ++i) in_play |= card_bit(trick_.cards[std::size_t(i)]);
  representatives(orders_, play_, legal, in_play, out);
}

int Search::node(int alpha, int beta) {
  if (trick_.count == 0 && remaining_ == 0) return swept_ ? value_.sweep_bonus() : 0;
  // The last player's node is not worth a probe: its children are closed tricks, each probed.
  if (trick_.count == 3) {
    count_node();
    MoveList list;
    moves(list);
    Card best = kNoCard;
    return expand(alpha, beta, kNoCard, list, best);
  }
  return bounded(alpha, beta);
}

// The last trick: one card each, nothing to choose.
int Search::last_trick() const {
  Trick t = trick_;
  for (int i = 0; i < 4; ++i) add_card(play_, t, Card(std::countr_zero(hands_[t.to_play()])));
  if (team_of(t.winner()) != takers_) return 0;
  return value_.trick(t, true) + (swept_ ? value_.sweep_bonus() : 0);
}

int Search::bounded(int alpha, int beta) {
  count_node();
  if (trick_.count == 0 && count(remaining_) == 4) return last_trick();
  CardSet trick_cards = 0;
  int trick_points = 0;
  for (int i = 0; i < trick_.count; ++i) {
    trick_cards |= card_bit(trick_.cards[std::size_t(i)]);
    trick_points += play_.card_points(trick_.cards[std::size_t(i)]);
  }
  // The table's bucket is fetched from memory while the bounds are worked out.
  const std::uint64_t key = table_ != nullptr ? keys_.key(remaining_ | trick_cards, trick_, swept_) : 0;
  if (table_ != nullptr) table_->prefetch(key);
  // What is left to take bounds the value: all of it, or nothing, the bonus of
  // taking every trick on the side where it falls while it is still possible.
  const int tricks_left = (count(remaining_) + trick_.count + 3) / 4;
  const int rest = remaining_points_ + trick_points + play_.last_trick_points() + value_.most_roem(tricks_left);
  int lower = 0, upper = rest;
  if (swept_) {
    lower = std::min(lower, rest + value_.sweep_bonus());
    upper = std::max(upper, rest + value_.sweep_bonus());
  }
  if (trick_.count == 0) {
    // The leader's side is sure of its masters' points; the defenders' trick also ends the takers' sweep.
    if (const int sure = sure_points(play_, orders_, hands_, trick_.leader); sure > 0) {
      if (team_of(trick_.leader) != takers_) upper = std::min(upper, rest - sure);
      else if (!swept_ || value_.sweep_bonus() >= 0) lower = std::max(lower, sure);
    }
  }
  // A side's master trumps win the tricks they fall in: the takers' points are
  // theirs; the defenders' are not, and end the takers' sweep.
  {
    const CardSet takers_hands = hands_[takers_ == Team::NS ? Seat::N : Seat::E] | hands_[takers_ == Team::NS ? Seat::S : Seat::W];
    const CardSet in_play = remaining_ | trick_cards;
    const MasterTrumps ours = master_trumps(play_, orders_, takers_hands, in_play);
    const MasterTrumps theirs = master_trumps(play_, orders_, remaining_ & ~takers_hands, in_play);
    if (ours.points > 0 && (!swept_ || value_.sweep_bonus() >= 0)) lower = std::max(lower, ours.points);
    if (theirs.count > 0) upper = std::min(upper, rest - theirs.points);
  }
  // The bounds alone may settle the node before the table's memory is read.
  if (lower >= beta) return lower;
  if (upper <= alpha) return upper;
  MoveList list;
  moves(list);
  if (list.count == 1) {  // a forced card: its child's entry is as good as this node's would be
    const int gained = play(list.cards[0]);
    const int v = gained + node(alpha - gained, beta - gained);
    undo();
    return v;
  }
  Card first = kNoCard;
  if (table_ != nullptr) {
    if (const TableEntry* e = table_->find(key)) {
      lower = std::max<int>(lower, e->lower);
      upper = std::min<int>(upper, e->upper);
      first = e->move;
    }
  }
  if (lower >= beta) return lower;
  if (upper <= alpha) return upper;
  if (lower == upper) return lower;
  const int a = std::max(alpha, lower), b = std::min(beta, upper);
  Card best = kNoCard;
  const int v = std::clamp(expand(a, b, first, list, best), lower, upper);
  if (table_ != nullptr) {
    if (v <= a) upper = v;
    else if (v >= b) lower = v;
    else lower = upper = v;
    table_->store(key, count(remaining_), lower, upper, best);
  }
  return v;
}

void Search::prefetch_children(const MoveList& list) const {
  CardSet unplayed = remaining_;
  for (int i = 0; i < trick_.count; ++i) unplayed |= card_bit(trick_.cards[std::size_t(i)]);
  for (int i = 0; i < list.count; ++i) {
    Trick next = trick_;
    add_card(play_, next, list.cards[std::size_t(i)]);
    if (next.count == 3) continue;  // the last player's node reads no table
    bool swept = swept_;
    CardSet cards = unplayed;
    if (next.complete()) {
      for (Card c : next.cards) cards &= ~card_bit(c);
      swept = swept && team_of(next.winner()) == takers_;
      const Seat winner = next.winner();
      next = Trick{};
      next.leader = winner;
    }
    table_->prefetch(keys_.key(cards, next, swept));
  }
}

int Search::expand(int alpha, int beta, Card first, MoveList& list, Card& best_card) {
  if (table_ != nullptr) prefetch_children(list);
  const Seat player = trick_.to_play();
  const OrderingView view{play_, trick_, remaining_, hands_[Seat((index(player) + 2) & 3)], player};
  order_moves(view, first, list);
  const bool maximise = team_of(player) == takers_;
  int best = maximise ? INT_MIN : INT_MAX;
  for (int i = 0; i < list.count; ++i) {
    const Card card = list.cards[std::size_t(i)];
    const int gained = play(card);
    const int v = gained + node(alpha - gained, beta - gained);
    undo();
    if (maximise ? v > best : v < best) {
      best = v;
      best_card = card;
    }
    if (maximise) alpha = std::max(alpha, best);
    else beta = std::min(beta, best);
    if (alpha >= beta) break;
  }
  return best;
}

int Search::exact(int lower, int upper) {
  // Zero-window tests, each halving the interval the value is known to lie in
  // (the bound a test proves may halve it further).
  while (lower < upper) {
    const int mid = lower + (upper - lower + 1) / 2;
    const int g = node(mid - 1, mid);
    if (g >= mid) lower = g;
    else upper = g;
  }
  return lower;
}

}  // namespace belote::best_play
