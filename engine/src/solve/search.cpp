#include "solve/search.h"

#include "solve/sure_points.h"

#include <algorithm>
#include <climits>
#include <cstring>

namespace belote::best_play {

namespace {

constexpr std::uint64_t kClockEvery = std::uint64_t{1} << 14;  // nodes between looks at the clock
// Table bounds are 16 bits: a ruleset whose values could leave that range searches without the table
// (as does a deck whose positions do not fit the table's keys).
constexpr int kTableLimit = 32000;
// The cards in play (the hands' and the trick's) with two and with three tricks left.
constexpr int kTwoTricks = 8;
constexpr int kThreeTricks = 12;

/// What a child's bounds, what its card gives included, say at a node searching (alpha, beta)
/// whose best so far is `best`: it cuts the node off, it cannot change the result (its bound
/// then goes into `best`, which stays fail-soft), or it must be searched.
enum class Verdict { cuts, passed_over, search };
Verdict judge(bool maximise, int lower, int upper, int alpha, int beta, int& best) {
  if (maximise) {
    if (lower >= beta) return best = lower, Verdict::cuts;
    if (upper > std::max(alpha, best)) return Verdict::search;
    best = std::max(best, upper);
  } else {
    if (upper <= alpha) return best = upper, Verdict::cuts;
    if (lower < std::min(beta, best)) return Verdict::search;
    best = std::min(best, lower);
  }
  return Verdict::passed_over;
}

/// A child's bound with what its card gives added; none (INT_MIN, INT_MAX: similar positions
/// give a bound only where it is of use) stays none.
int with_worth(int worth, int bound) { return bound == INT_MIN || bound == INT_MAX ? bound : worth + bound; }

/// The bounds of a child whose card gives `worth` that `judge` can use: a lower bound that cuts the
/// node off or passes the child over, an upper bound likewise.
UsefulBounds verdict_bounds(bool maximise, int worth, int alpha, int beta, int best) {
  const std::int64_t lower = maximise ? beta : std::min(beta, best), upper = maximise ? std::max(alpha, best) : alpha;
  return {int(std::clamp<std::int64_t>(lower - worth, INT_MIN, INT_MAX)), int(std::clamp<std::int64_t>(upper - worth, INT_MIN, INT_MAX))};
}

}  // namespace

Search::Search(const PlayValue& value, TranspositionTable* table, SimilarPositions* similar, const SolveOptions& limits)
    : value_(value), play_(value.context()), orders_(value), last_two_(value), keys_(play_.rules().deck.rank_count()), table_(table),
      similar_(similar), limits_(limits), node_limit_(limits.max_nodes != 0 ? limits.max_nodes : UINT64_MAX),
      start_(std::chrono::steady_clock::now()) {
  next_look_ = next_look();
  const PlayRules& conventions = play_.conventions();
  if (play_.trumps() != 0 && conventions.trump_instead_of_following && conventions.must_trump == PlayDuty::never) free_play_ |= kFreeUntilTrumped;
  if (play_.trumps() != 0 && conventions.raise_on_trump_lead == PlayDuty::never) free_play_ |= kTrumpLeadFree;
  if (conventions.trump_jack_exempt) exempt_jack_ = play_.trump_jack();
  free_trumping_ = play_.trumps() != 0 && conventions.trump_instead_of_following;
  const int widest = play_.total_points() + value_.most_roem(play_.hand_size()) + std::abs(value_.sweep_bonus());
  if (widest >= kTableLimit || !TableKeys::fits(play_.rules().deck.rank_count())) {
    table_ = nullptr;
    keys_ = TableKeys(0);  // keys unused, and kept within their 64 bits
  }
  // Similar positions bound each other's values by their cards' points and the roem still possible.
  if (table_ == nullptr || !ShapeCodes::fits(play_.rules().deck.rank_count())) similar_ = nullptr;
  if (value_.roem()) roem_reach_ = &roem_;
}

void Search::set_position(const SolvePosition& position) {
  hands_ = position.hands;
  remaining_ = 0;
  for (Seat s : kSeats) remaining_ |= hands_[s];
  cards_left_ = count(remaining_);
  remaining_points_ = value_.card_points(remaining_);
  trick_ = position.trick;
  unplayed_ = remaining_;
  trick_points_ = 0;
  for (int i = 0; i < trick_.count; ++i) {
    const Card card = trick_.cards[std::size_t(i)];
    unplayed_ |= card_bit(card);
    trick_points_ += play_.card_points(card);
  }
  PerSeat<CardSet> not_played = hands_;
  for (int i = 0; i < trick_.count; ++i) not_played[trick_.seat_at(i)] |= card_bit(trick_.cards[std::size_t(i)]);
  suits_left_.set(orders_, unplayed_);
  if (similar_ != nullptr) shape_codes_.set(orders_, not_played);
  if (roem_reach_ != nullptr) roem_.set(play_, orders_, not_played);
  takers_ = position.takers;
  swept_ = position.tricks[other(position.takers)] == 0;
  depth_ = 0;
  // The killers of the depths this position can reach: no more cards than it holds.
  std::fill_n(killer_.begin(), kKillersASlot * std::size_t(cards_left_ + 1) * kKillersByDepth, kNoCard);
}

std::uint64_t Search::next_look() const {
  // The node limit, and with a time limit or a caller's stop the next node they are looked at.
  const bool looks = limits_.max_milliseconds != 0 || limits_.stop;
  const std::uint64_t clock = !looks ? UINT64_MAX : (nodes_ | (kClockEvery - 1)) + 1;
  return std::min(node_limit_, clock);
}

void Search::look_at_limits() {
  if (nodes_ >= node_limit_) throw SearchStopped{SolveStatus::node_limit};
  if ((nodes_ & (kClockEvery - 1)) == 0) {
    if (limits_.max_milliseconds != 0) {
      const auto spent = std::chrono::steady_clock::now() - start_;
      if (std::chrono::duration_cast<std::chrono::milliseconds>(spent).count() >= std::int64_t(limits_.max_milliseconds))
        throw SearchStopped{SolveStatus::time_limit};
    }
    if (limits_.stop && limits_.stop()) throw SearchStopped{SolveStatus::stopped};
  }
  next_look_ = next_look();
}

void Search::count_walked(std::uint64_t positions) {
  // At once when neither limit can be met among them; otherwise one by one,
  // so that the limits are looked at where they always are.
  if (nodes_ + positions < next_look_) {
    nodes_ += positions;
    return;
  }
  for (; positions > 0; --positions) count_node();
}

int Search::play(Card card) {
  const Seat seat = trick_.to_play();
  // Field by field: a whole Undo built aside and copied in stalls on its partly written bytes (measured).
  Undo& u = undo_[std::size_t(depth_++)];
  u.trick = trick_;
  u.seat = seat;
  u.card = card;
  const CardSet bit = card_bit(card);
  const int points = play_.card_points(card);
  hands_[seat] &= ~bit;
  remaining_ &= ~bit;
  --cards_left_;
  remaining_points_ -= points;
  trick_points_ += points;
  add_card(play_, trick_, card);
  if (!trick_.complete()) return 0;
  // What only the closing of a trick changes is saved by the card that closes it.
  u.unplayed = unplayed_;
  u.trick_points = trick_points_ - points;
  u.swept = swept_;
  if (similar_ != nullptr) {  // kept only where it is read
    u.suits_left = suits_left_;
    for (Card c : trick_.cards) suits_left_.remove(suit_of(c), orders_.place[c]);
  }
  const Seat winner = trick_.winner();
  u.won_with = trick_.winning_card();
  // Worked out for the takers' tricks only (the roem of the others' counts for nothing).
  const bool won = team_of(winner) == takers_;
  const int worth = won ? value_.trick(trick_, trick_points_, cards_left_ == 0) : 0;
  trick_ = Trick{};
  trick_.leader = winner;
  unplayed_ = remaining_;
  trick_points_ = 0;
  if (!won) swept_ = false;
  return worth;
}

void Search::undo() {
  const Undo& u = undo_[std::size_t(--depth_)];
  const int points = play_.card_points(u.card);
  hands_[u.seat] |= card_bit(u.card);
  remaining_ |= card_bit(u.card);
  ++cards_left_;
  remaining_points_ += points;
  trick_ = u.trick;
  if (u.trick.count != 3) {
    trick_points_ -= points;
    return;
  }
  // The card closed a trick.
  unplayed_ = u.unplayed;
  trick_points_ = u.trick_points;
  swept_ = u.swept;
  if (similar_ != nullptr) suits_left_ = u.suits_left;
}

CardSet Search::free_playable(CardSet hand, CardSet follow) const {
  // legal_play's cases A to C where free trumping leaves them simple; legal_play itself for the
  // others (a trump on a plain lead, where the undertrump ban may refuse the lower trumps).
  const CardSet trumps = play_.trumps();
  if ((card_bit(trick_.cards[0]) & trumps) != 0) {
    if ((free_play_ & kTrumpLeadFree) != 0 && follow != 0) return follow == exempt_jack_ ? hand : follow;
  } else if ((free_play_ & kFreeUntilTrumped) != 0 && (card_bit(trick_.winning_card()) & trumps) == 0) {
    return follow != 0 ? follow | (hand & trumps) : hand;  // no trump on the trick: nothing for the undertrump ban
  }
  return legal_play(play_, hand, trick_, trick_.to_play()).cards;
}

void Search::moves(MoveList& out) const {
  representatives(orders_, playable(), unplayed_, out, roem_reach_);
}

int Search::child_value(Card card, int alpha, int beta) {
  const int gained = play(card);
  const int v = gained + node(alpha - gained, beta - gained);
  undo();
  return v;
}

int Search::node(int alpha, int beta) {
  if (trick_.count == 0 && cards_left_ == 0) return swept_ ? value_.sweep_bonus() : 0;
  const int in_play = cards_left_ + trick_.count;
  // The last two tricks: a few lines walked outright cost less than nodes with bounds and a table.
  if (in_play == kTwoTricks) {
    count_node();
    if (trick_.count == 0 && table_ != nullptr)
      return two_tricks(keys_.cards(unplayed_), trick_.leader, swept_, similar_ != nullptr ? shape() : PositionShape{}, suits_left_);
    std::uint64_t walked = 0;
    const int v = last_two_.value(hands_, trick_, trick_points_, takers_, swept_, alpha, beta, walked);
    count_walked(walked);
    return v;
  }
  if (in_play == kThreeTricks && trick_.count == 3 && table_ != nullptr) return closing_into_two(alpha, beta);
  // Within a trick no table is read: transpositions happen between tricks, and a node within one is
  // reached only through the node that began its trick, whose entry and ordering serve it (measured).
  if (trick_.count > 0) {
    count_node();
    const CardSet legal = playable();
    if ((legal & (legal - 1)) == 0) return child_value(Card(std::countr_zero(legal)), alpha, beta);  // one card: nothing to merge
    MoveList list;
    representatives(orders_, legal, unplayed_, list, roem_reach_);
    if (list.count == 1) return child_value(list.cards[0], alpha, beta);  // a forced card: nothing to order
    Card best = kNoCard;
    return expand(alpha, beta, kNoCard, list, best);
  }
  return bounded(alpha, beta);
}

int Search::roem_left(int tricks) const {
  if (roem_reach_ == nullptr || similar_ == nullptr) return value_.most_roem(tricks);  // each suit's cards left are kept only with similar positions
  std::uint64_t left;
  static_assert(sizeof(std::array<std::uint16_t, kSuitCount>) == sizeof left);
  std::memcpy(&left, suits_left_.all_left().data(), sizeof left);
  return roem_.all(left, tricks);
}

// The last trick: one card each, nothing to choose.
int Search::last_trick() const { return last_trick_value(value_, hands_, trick_, takers_, swept_); }

int Search::two_tricks(std::uint64_t key_cards, Seat leader, bool swept, const PositionShape& shape, const SuitsLeft& unplayed) {
  // Solved once with the full window and stored exact: every later test reads it.
  const std::uint64_t key = TableKeys::key(key_cards, leader, swept);
  if (const TableEntry* e = table_->find(key); e != nullptr && e->lower == e->upper) return e->lower;
  Trick trick;
  trick.leader = leader;
  std::uint64_t walked = 0;
  const int v = last_two_.value(hands_, trick, 0, takers_, swept, INT_MIN, INT_MAX, walked);
  count_walked(walked);
  table_->store(key, kTwoTricks, v, v, kNoCard);
  if (similar_ != nullptr) similar_->store(orders_, shape, unplayed, kTwoTricks, v, v, kNoCard);
  return v;
}

int Search::closing_into_two(int alpha, int beta) {
  count_node();
  const Seat player = trick_.to_play();
  const bool maximise = team_of(player) == takers_;
  const std::uint64_t closed = keys_.cards(remaining_);  // the key's cards once the trick closes, but for the last card
  // Every child's winner, worth and key first, so that their buckets load while the others are worked out.
  struct Child {
    Card card;
    Seat winner;
    bool won;
    int worth;
    std::uint64_t key_cards;
    SuitsLeft unplayed;
    PositionShape shape;
  };
  std::array<Child, kMaxRanks> children;
  int n = 0;
  for (CardSet legal = playable(); legal != 0; ++n) {
    Child& c = children[std::size_t(n)];
    c.card = pop_lowest(legal);
    Trick t = trick_;
    add_card(play_, t, c.card);
    c.winner = t.winner();
    c.won = team_of(c.winner) == takers_;
    c.worth = c.won ? value_.trick(t, trick_points_ + play_.card_points(c.card), false) : 0;
    c.key_cards = closed & ~keys_.card(c.card);
    table_->prefetch(TableKeys::key(c.key_cards, c.winner, swept_ && c.won));
  }
  // The children whose trick gives the player's side the most first: the likeliest to cut the node off.
  for (int i = 1; i < n; ++i) {
    const Child c = children[std::size_t(i)];
    int j = i - 1;
    for (; j >= 0 && (maximise ? children[std::size_t(j)].worth < c.worth : children[std::size_t(j)].worth > c.worth); --j)
      children[std::size_t(j + 1)] = children[std::size_t(j)];
    children[std::size_t(j + 1)] = c;
  }
  int best = maximise ? INT_MIN : INT_MAX;
  std::optional<Closing> closing;  // worked out at the first child the table has not solved
  // The children the table has solved first: a cut-off among them spares solving the others.
  std::uint32_t solved = 0;
  for (int i = 0; i < n; ++i) {
    const Child& c = children[std::size_t(i)];
    const TableEntry* e = table_->find(TableKeys::key(c.key_cards, c.winner, swept_ && c.won));
    if (e == nullptr || e->lower != e->upper) {
      if (similar_ != nullptr) {  // its shape, for the loop below
        Child& u = children[std::size_t(i)];
        if (!closing) closing = this->closing();
        u.unplayed = closing->left;
        u.unplayed.remove(suit_of(u.card), orders_.place[u.card]);
        u.shape = closed_shape(*closing, u.unplayed, u.winner, u.won, u.card);
        if (similar_->may_hold(u.shape)) similar_->prefetch(u.shape);
      }
      continue;
    }
    solved |= 1u << i;
    count_node();
    const int v = c.worth + e->lower;
    if (maximise ? v > best : v < best) best = v;
    if (maximise ? best >= beta : best <= alpha) return best;
  }
  for (int i = 0; i < n; ++i) {
    if ((solved >> i) & 1) continue;
    const Child& c = children[std::size_t(i)];
    count_node();
    // Similar positions may bound the child enough: a cut-off, or a child that cannot change the result.
    int lower = INT_MIN, upper = INT_MAX;
    // Only the bounds that decide the child are wanted, but for its exact value where the window
    // leaves room for one that decides nothing (a zero window leaves none).
    const UsefulBounds useful = verdict_bounds(maximise, c.worth, alpha, beta, best);
    const bool room = std::int64_t(useful.lower) - useful.upper > 1;
    // (a sibling solved before may have stored the shape since)
    if (similar_ != nullptr && similar_->may_hold(c.shape) &&
        similar_->bound(orders_, roem_reach_, c.shape, c.unplayed, lower, upper, nullptr, room ? UsefulBounds{} : useful) && lower < upper) {
      const Verdict verdict = judge(maximise, with_worth(c.worth, lower), with_worth(c.worth, upper), alpha, beta, best);
      if (verdict == Verdict::cuts) return best;
      if (verdict == Verdict::passed_over) continue;
    }
    int v;
    if (lower == upper) {
      v = c.worth + lower;
    } else {
      // The card leaves the hand for the walk, and comes back even where a limit stops the search.
      struct TakenOut {
        CardSet& hand;
        CardSet card;
        ~TakenOut() { hand |= card; }
      } const taken_out{hands_[player], card_bit(c.card)};
      hands_[player] &= ~taken_out.card;
      v = c.worth + two_tricks(c.key_cards, c.winner, swept_ && c.won, c.shape, c.unplayed);
    }
    if (maximise ? v > best : v < best) best = v;
    if (maximise ? best >= beta : best <= alpha) break;
  }
  return best;
}

PositionShape Search::shape() const { return shape_codes_.shape(suits_left_, shape_flags(trick_.leader, swept_, unplayed_)); }

int Search::bounded(int alpha, int beta) {
  count_node();
  if (cards_left_ == 4) return last_trick();
  // One table is read, its bucket fetched from memory while the bounds are worked out: the
  // similar positions' when it is on, as it holds what the other would (a position is similar
  // to itself, with no points between them) and more; reading both cost more than it saved (measured).
  const bool similar = similar_ != nullptr;
  TranspositionTable* const table = similar ? nullptr : table_;
  std::uint64_t key = 0;
  PositionShape shape{};
  bool may_hold = false;
  if (similar) {
    shape = this->shape();
    may_hold = similar_->may_hold(shape);
    if (may_hold) similar_->prefetch(shape);
  } else if (table != nullptr) {
    key = TableKeys::key(keys_.cards(unplayed_), trick_.leader, swept_);
    table->prefetch(key);
  }
  // What is left to take bounds the value: all of it, or nothing, the bonus of
  // taking every trick on the side where it falls while it is still possible.
  const int tricks_left = cards_left_ / 4;
  const int points_left = remaining_points_ + play_.last_trick_points();
  const int roem = roem_left(tricks_left);
  const int rest = points_left + roem;
  auto [lower, upper] = value_.range(points_left, roem, swept_);
  // With three tricks left or more (below, the exact last two tricks):
  if (cards_left_ >= kThreeTricks) {
    // The leader's side is sure of the tricks its leader's line takes (trumps drawn, masters
    // cashed); the other side, of its master trumps. The defenders' trick also ends the takers' sweep.
    const Seat leader = trick_.leader;
    const bool takers_lead = team_of(leader) == takers_;
    const bool may_raise = !swept_ || value_.sweep_bonus() >= 0;  // more tricks never lower the value
    const LeadersSure sure = leaders_sure_points(play_, orders_, hands_, leader);
    const CardSet takers_hands = hands_[takers_ == Team::NS ? Seat::N : Seat::E] | hands_[takers_ == Team::NS ? Seat::S : Seat::W];
    if (takers_lead) {
      if (sure.every_trick) lower = std::max(lower, points_left + (swept_ ? value_.sweep_bonus() : 0));
      else if (sure.points > 0 && may_raise) lower = std::max(lower, sure.points);
      const MasterTrumps theirs = master_trumps(play_, orders_, remaining_ & ~takers_hands, unplayed_);
      if (theirs.any) upper = std::min(upper, rest - theirs.points);
    } else {
      if (sure.every_trick) upper = std::min(upper, 0);
      else if (sure.any) upper = std::min(upper, rest - sure.points);
      const MasterTrumps ours = master_trumps(play_, orders_, takers_hands, unplayed_);
      if (ours.points > 0 && may_raise) lower = std::max(lower, ours.points);
    }
  }
  // The bounds alone may settle the node before the table's memory is read.
  if (lower >= beta) return lower;
  if (upper <= alpha) return upper;
  // A forced card is never stored (its child is), so a position in the table has a choice.
  const TableEntry* entry = table != nullptr ? table->find(key) : nullptr;
  MoveList list;
  if (entry == nullptr && !similar) {
    moves(list);
    // A forced card: its child's entry is as good as this node's would be.
    if (list.count == 1) return child_value(list.cards[0], alpha, beta);
  } else if (entry != nullptr) {
    lower = std::max<int>(lower, entry->lower);
    upper = std::min<int>(upper, entry->upper);
  }
  if (lower >= beta) return lower;
  if (upper <= alpha) return upper;
  if (lower == upper) return lower;
  // The positions of the same shape bound this one, and their best card is worth trying first;
  // the moves are generated only when they do not settle it.
  Card hint = entry != nullptr ? entry->move : kNoCard;
  if (similar) {
    if (may_hold && similar_->bound(orders_, roem_reach_, shape, suits_left_, lower, upper, &hint, UsefulBounds{beta, alpha})) {
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
      if (lower == upper) return lower;
    }
    moves(list);
    if (list.count == 1) return child_value(list.cards[0], alpha, beta);
  }
  const int a = std::max(alpha, lower), b = std::min(beta, upper);
  Card best = kNoCard;
  const int v = std::clamp(entry != nullptr ? expand_from(a, b, entry->move, best) : expand(a, b, hint, list, best), lower, upper);
  if (table_ != nullptr) {
    if (v <= a) upper = v;
    else if (v >= b) lower = v;
    else lower = upper = v;
    if (table != nullptr) table->store(key, cards_left_, lower, upper, best);
    if (similar) {
      // The card that cut the node off, or that gave its exact value, is kept for the positions of
      // its shape; where every card failed, the best of them is a poor first guess there (measured).
      const bool cut = takers_to_play() ? v >= b : v <= a;
      const bool exact = v > a && v < b;
      similar_->store(orders_, shape, suits_left_, cards_left_, lower, upper, cut || exact ? best : kNoCard);
    }
  }
  return v;
}

OrderingView Search::ordering_view(Seat player) const {
  OrderingView view{play_, trick_, remaining_, hands_[Seat((index(player) + 2) & 3)], player};
  // The opponent still to play: after the second player, the leader's partner; after the third, the fourth.
  if (trick_.count == 1 || trick_.count == 2) view.opponent_after = hands_[trick_.seat_at(trick_.count == 1 ? 2 : 3)];
  if (trick_.count == 0 && play_.trumps() != 0) {
    view.cut_suits = cut_suits(trick_.seat_at(1)) | cut_suits(trick_.seat_at(3));
    view.partner_cut_suits = cut_suits(trick_.seat_at(2));
    // A player who may trump instead of following may cut any plain suit while he holds a trump.
    if (view.free_trumping) {
      const CardSet trumps = play_.trumps();
      if (((hands_[trick_.seat_at(1)] | hands_[trick_.seat_at(3)]) & trumps) != 0) view.cut_suits = ~trumps;
      if ((hands_[trick_.seat_at(2)] & trumps) != 0) view.partner_cut_suits = ~trumps;
    }
    view.opponents_trumps = ((hands_[trick_.seat_at(1)] | hands_[trick_.seat_at(3)]) & play_.trumps()) != 0;
  }
  return view;
}

CardSet Search::cut_suits(Seat seat) const {
  const CardSet hand = hands_[seat], trumps = play_.trumps();
  if ((hand & trumps) == 0) return 0;
  CardSet suits = 0;
  for (Suit s = 0; s < kSuitCount; ++s)
    if ((hand & suit_mask(s)) == 0) suits |= suit_mask(s);
  return suits & ~trumps;
}

std::size_t Search::killer_slot() const {
  // Within a trick, the card that cuts depends on the card winning it so far and on whose it is; a
  // lead, on the card that won the trick before (measured).
  std::size_t slot = std::size_t(cards_left_) * kKillersByDepth;
  if (trick_.count == 0) {
    if (depth_ > 0) slot += 1 + std::size_t(undo_[std::size_t(depth_ - 1)].won_with) * 2;
  } else {
    const bool ours = team_of(trick_.winner()) == team_of(trick_.to_play());
    slot += 1 + std::size_t(trick_.winning_card()) * 2 + (ours ? 1 : 0);
  }
  return kKillersASlot * slot;
}

void Search::prefetch_children(const MoveList& list) const {
  if (trick_.count != 3) return;  // only positions between tricks read a table
  for (int i = 0; i < list.count; ++i) {
    const Card card = list.cards[std::size_t(i)];
    Trick next = trick_;  // the card closes the trick
    add_card(play_, next, card);
    const Seat winner = next.winner();
    const bool swept = swept_ && team_of(winner) == takers_;
    table_->prefetch(TableKeys::key(keys_.cards(remaining_ & ~card_bit(card)), winner, swept));
  }
}

int Search::expand_from(int alpha, int beta, Card first, Card& best_card) {
  // The table's card alone first: it often decides the node before the others are generated and ordered.
  const bool maximise = takers_to_play();
  const int v = child_value(first, alpha, beta);
  best_card = first;
  if (maximise ? v >= beta : v <= alpha) return v;
  MoveList list;
  moves(list);
  // The others, in the order they would have had after it.
  int kept = 0;
  for (int i = 0; i < list.count; ++i) {
    if ((list.stands_for[std::size_t(i)] & card_bit(first)) != 0) continue;
    list.cards[std::size_t(kept)] = list.cards[std::size_t(i)];
    list.stands_for[std::size_t(kept)] = list.stands_for[std::size_t(i)];
    ++kept;
  }
  list.count = kept;
  Card other = kNoCard;
  const int rest = expand(maximise ? std::max(alpha, v) : alpha, maximise ? beta : std::min(beta, v), kNoCard, list, other);
  if (maximise ? rest > v : rest < v) {
    best_card = other;
    return rest;
  }
  return v;
}

bool Search::bound_closed_tricks(const MoveList& list, int alpha, int beta, int& best, Card& best_card, CardSet& passed_over) {
  const bool maximise = takers_to_play();
  const Closing closing = this->closing();
  // Every child's shape first, so that the buckets that may hold it load while the others are worked out.
  // (What a card gives is worked out later, for those children alone.) Left uninitialised, as a
  // MoveList: only the children of the moves are written and read.
  struct Child {
    bool won;
    SuitsLeft left;
    PositionShape shape;
  };
  std::array<Child, kMaxRanks> children;
  std::uint32_t held = 0;  // the children whose shape may be stored
  for (int i = 0; i < list.count; ++i) {
    const Card card = list.cards[std::size_t(i)];
    Child& c = children[std::size_t(i)];
    const Seat winner = closing_winner(closing, card);
    const bool won = c.won = team_of(winner) == takers_;
    c.left = closing.left;
    c.left.remove(suit_of(card), orders_.place[card]);
    c.shape = closed_shape(closing, c.left, winner, won, card);
    if (similar_->may_hold(c.shape)) {
      similar_->prefetch(c.shape);
      held |= 1u << i;
    }
  }
  for (; held != 0; held &= held - 1) {
    const int i = std::countr_zero(held);
    const Child& c = children[std::size_t(i)];
    const Card card = list.cards[std::size_t(i)];
    int worth = 0;
    if (c.won) {
      Trick trick = trick_;
      add_card(play_, trick, card);
      worth = value_.trick(trick, trick_points_ + play_.card_points(card), false);
    }
    int lower = INT_MIN, upper = INT_MAX;
    if (!similar_->bound(orders_, roem_reach_, c.shape, c.left, lower, upper, nullptr, verdict_bounds(maximise, worth, alpha, beta, best)))
      continue;
    const int before = best;
    const Verdict verdict = judge(maximise, with_worth(worth, lower), with_worth(worth, upper), alpha, beta, best);
    if (best != before) best_card = list.cards[std::size_t(i)];
    if (verdict == Verdict::cuts) return true;
    if (verdict == Verdict::passed_over) passed_over |= list.stands_for[std::size_t(i)];
  }
  return false;
}

int Search::expand(int alpha, int beta, Card first, MoveList& list, Card& best_card) {
  if (table_ != nullptr && similar_ == nullptr) prefetch_children(list);  // else no table is read between tricks
  const Seat player = trick_.to_play();
  const std::size_t slot = killer_slot();
  Card& killer = killer_[slot];
  Card& second_killer = killer_[slot + 1];
  // The killer first, ahead of a similar position's card too (measured), then under free trumping,
  // where the node has four moves or more, the killer it replaced, then that card, all before the
  // others are scored: they often cut the node off alone. Then each next move is picked when it is needed.
  int scored_from = bring_forward(list, killer, 0) ? 1 : 0;
  if (free_trumping_ && list.count > 3 && bring_forward(list, second_killer, scored_from)) ++scored_from;
  if (bring_forward(list, first, scored_from)) ++scored_from;
  const bool maximise = team_of(player) == takers_;
  int best = maximise ? INT_MIN : INT_MAX;
  // The last card of a trick: similar positions may already bound the positions it closes into.
  CardSet passed_over = 0;
  if (similar_ != nullptr && trick_.count == 3 && bound_closed_tricks(list, alpha, beta, best, best_card, passed_over)) return best;
  for (int i = 0; i < list.count; ++i) {
    if (i >= scored_from && i + 1 < list.count) {  // the last move needs no picking
      if (i == scored_from) score_moves(ordering_view(player), list, i);
      bring_best(list, i);
    }
    const Card card = list.cards[std::size_t(i)];
    if (passed_over & card_bit(card)) continue;
    const int v = child_value(card, alpha, beta);
    if (maximise ? v > best : v < best) {
      best = v;
      best_card = card;
    }
    if (maximise) alpha = std::max(alpha, best);
    else beta = std::min(beta, best);
    if (alpha >= beta) {
      if (i > 0 && card != killer) {
        second_killer = killer;
        killer = card;
      }
      break;
    }
  }
  return best;
}

std::optional<int> Search::guess(int lower, int upper) {
  // Three tricks down, with at least three left below: the tricks the rules of thumb play
  // seldom stray far from the value, and the tests of that smaller position teach the
  // killers and fill the tables that the search from here then reads (measured).
  constexpr int kTricksDown = 3, kTricksBelow = 3;
  // Where that position needs more nodes (every card legal at most nodes, rules of thumb
  // that stray), the guess is given up: it would cost more than it spares (measured).
  constexpr std::uint64_t kMostNodes = 8192;
  if (cards_left_ + trick_.count <= 4 * (kTricksBelow + 1)) return std::nullopt;
  const int depth = depth_;
  int gained = 0, closed = 0;
  while (trick_.count != 0 || (closed < kTricksDown && cards_left_ > 4 * kTricksBelow)) {
    MoveList list;
    moves(list);
    score_moves(ordering_view(trick_.to_play()), list, 0);
    bring_best(list, 0);
    if (trick_.count == 3) ++closed;
    gained += play(list.cards[0]);
  }
  const std::uint64_t limit = node_limit_;
  node_limit_ = std::min(limit, nodes_ + kMostNodes);
  next_look_ = next_look();
  std::optional<int> value;
  try {
    value = gained + exact(lower, upper);  // the interval from here holds the value of any position below
  } catch (const SearchStopped& stopped) {
    if (stopped.status != SolveStatus::node_limit || nodes_ >= limit) throw;  // the caller's limit, not the guess's
  }
  node_limit_ = limit;
  next_look_ = next_look();
  // A search given up stops where it is: every card it played is taken back.
  while (depth_ > depth) undo();
  return value;
}

int Search::exact_from(int guess, int lower, int upper) {
  if (lower >= upper) return lower;
  // A test at the guess, then steps doubling away from it on the side the value lies,
  // until it is bracketed: the tests stay near the value, where a good guess puts them.
  guess = std::clamp(guess, lower + 1, upper);
  const int g = node(guess - 1, guess);
  const bool up = g >= guess;
  (up ? lower : upper) = g;
  for (int step = 1; lower < upper; step *= 2) {
    const int t = up ? std::min(upper, lower + step) : std::max(lower + 1, upper - step + 1);
    const int v = node(t - 1, t);
    (v >= t ? lower : upper) = v;
    if ((v >= t) != up) break;  // bracketed
  }
  return exact(lower, upper);
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
