// The public face of the search: a position checked and solved, the best
// cards found by a zero-window test of each card, and a line of best play.
#include "belote/solve.h"

#include <algorithm>
#include <array>
#include <optional>

#include <fmt/format.h>

#include "solve/play_value.h"
#include "solve/search.h"
#include "solve/transposition_table.h"

namespace belote {

using best_play::MoveList;
using best_play::PlayValue;
using best_play::Search;
using best_play::SearchStopped;
using best_play::SimilarPositions;
using best_play::TranspositionTable;

SolvePosition SolvePosition::start(const PerSeat<CardSet>& hands, Seat first, Team takers) {
  SolvePosition p;
  p.hands = hands;
  p.trick.leader = first;
  p.takers = takers;
  return p;
}

SolvePosition SolvePosition::of(const PlayedMene& mene, Team takers) {
  SolvePosition p;
  for (Seat s : kSeats) p.hands[s] = mene.hand(s);
  p.trick = mene.current();
  p.takers = takers;
  for (int i = 0; i < mene.tricks_played(); ++i) {
    const PlayedTrick& t = mene.trick(i);
    p.points[team_of(t.winner)] += t.points + t.roem;
    ++p.tricks[team_of(t.winner)];
  }
  return p;
}

std::string check_position(const PlayContext& play, const SolvePosition& position) {
  const CardSet deck = play.rules().deck.all_cards();
  CardSet in_trick = 0;
  for (int i = 0; i < position.trick.count; ++i) in_trick |= card_bit(position.trick.cards[std::size_t(i)]);
  if (count(in_trick) != position.trick.count) return "a card is played twice in the trick";
  CardSet held = 0;
  for (Seat s : kSeats) {
    if ((position.hands[s] & in_trick) != 0) return fmt::format("{} holds a card already played", name(s));
    if ((position.hands[s] & ~deck) != 0) return fmt::format("{} holds a card that is not in the deck", name(s));
    if ((position.hands[s] & held) != 0) return "a card is in two hands";
    held |= position.hands[s];
  }
  if (position.trick.complete()) return "the trick in progress is complete";
  // Each seat that has played to the trick holds one card fewer than those still to play:
  // the tricks left are what most seats' hands say, so that the odd hand out is the one named.
  std::array<int, 4> implied{};
  for (int i = 0; i < 4; ++i)
    implied[std::size_t(i)] = count(position.hands[position.trick.seat_at(i)]) + (i < position.trick.count ? 1 : 0);
  const int tricks_done = position.tricks[Team::NS] + position.tricks[Team::EW];
  const auto support = [&](int candidate) {  // seats agreeing, then agreement with the tricks played
    return std::pair(std::count(implied.begin(), implied.end(), candidate), tricks_done + candidate == play.hand_size());
  };
  int left = implied[0];
  for (int candidate : implied)
    if (support(candidate) > support(left)) left = candidate;
  for (int i = 0; i < 4; ++i) {
    const Seat s = position.trick.seat_at(i);
    const int expected = left - (i < position.trick.count ? 1 : 0);
    if (count(position.hands[s]) != expected)
      return fmt::format("{} holds {} cards where {} were expected", name(s), count(position.hands[s]), expected);
  }
  if (tricks_done + left != play.hand_size())
    return fmt::format("{} tricks played and {} to play make no mène of {} tricks", tricks_done, left, play.hand_size());
  if (left == 0) return "no card left to play";
  return "";
}

std::string SolveResult::message() const {
  switch (status) {
    case SolveStatus::solved: return "";
    case SolveStatus::node_limit: return fmt::format("the search stopped at its limit of nodes ({} searched) before it was solved", nodes);
    case SolveStatus::time_limit: return fmt::format("the search stopped at its time limit ({} nodes searched) before it was solved", nodes);
    case SolveStatus::stopped: return fmt::format("the search was stopped by its caller ({} nodes searched) before it was solved", nodes);
  }
  return "";
}

struct Solver::Table {
  // The cards a move order is learnt on: each seat's (those it played to the trick
  // in progress included) and the trumps. Killers name cards in the tricks they
  // win, so they carry over only where the same cards play the same way.
  struct LearntOn {
    PerSeat<CardSet> cards{};
    CardSet trumps = 0;
    bool all_trumps = false;

    LearntOn() = default;
    LearntOn(const PlayContext& play, const SolvePosition& position)
        : cards(position.hands), trumps(play.trumps()), all_trumps(play.all_trumps()) {
      for (int i = 0; i < position.trick.count; ++i)
        cards[position.trick.seat_at(i)] |= card_bit(position.trick.cards[std::size_t(i)]);
    }
    bool operator==(const LearntOn&) const = default;
  };

  // The budget is shared: on the benchmark's deals neither table fills (docs/solve.md, "Similar positions").
  explicit Table(std::size_t bytes) : table(bytes / 2), similar(bytes - bytes / 2) {}
  TranspositionTable table;
  SimilarPositions similar;
  // The move order the last solve learnt, and on what (SolveHint::reuse_order).
  Search::Killers killers{};
  LearntOn learnt_on;
  bool learnt = false;
};

Solver::Solver(SolveOptions options) : options_(options), table_(std::make_unique<Table>(options.max_table_bytes)) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

namespace {

// Whether playing `card` keeps the value `target` (the takers' points from here):
// a zero-window test, which the table makes cheap after the search.
bool keeps(Search& search, Card card, int target) {
  const bool maximise = search.takers_to_play();
  const int gained = search.play(card);
  const int goal = target - gained;
  const bool ok = maximise ? search.value(goal - 1, goal) >= goal : search.value(goal, goal + 1) <= goal;
  search.undo();
  return ok;
}

// Every legal card's exact value (what it gives included), by move of `list`: each
// sought by the driver from a guess, the first from the caller's (else the search's own
// from the position it leads to), each next from the best value so far. The best card's
// search bounds the others, and together they prove the position's value: a search of
// the value first, and of each card after it, cost more (docs/solve.md, "The search").
std::array<int, kMaxRanks> value_each_card(Search& search, const MoveList& list, int lower, int upper, std::optional<int> expected) {
  std::array<int, kMaxRanks> values{};
  const bool maximise = search.takers_to_play();
  for (int i = 0; i < list.count; ++i) {
    const int gained = search.play(list.cards[std::size_t(i)]);
    const int lo = lower - gained, hi = upper - gained;
    std::optional<int> guess;
    if (i > 0) guess = maximise ? *std::max_element(values.begin(), values.begin() + i) - gained
                                : *std::min_element(values.begin(), values.begin() + i) - gained;
    else if (expected) guess = *expected - gained;
    else guess = search.guess(lo, hi);
    values[std::size_t(i)] = gained + (guess ? search.exact_from(*guess, lo, hi) : search.exact(lo, hi));
    search.undo();
  }
  return values;
}

}  // namespace

SolveResult Solver::solve(const PlayContext& play, const SolvePosition& position, const SolveHint& hint) {
  table_->table.clear();
  table_->similar.clear();
  const PlayValue value(play);
  Search search(value, options_.table ? &table_->table : nullptr, &table_->similar, options_);
  search.set_position(position);
  const Table::LearntOn learnt_on(play, position);
  if (hint.reuse_order && table_->learnt && table_->learnt_on == learnt_on) search.set_killers(table_->killers);
  SolveResult result;
  try {
    // The value lies between nothing and everything left, the capot's value included.
    CardSet in_play = 0;
    for (Seat s : kSeats) in_play |= position.hands[s];
    for (int i = 0; i < position.trick.count; ++i) in_play |= card_bit(position.trick.cards[std::size_t(i)]);
    const auto [lower, upper] = value.range(value.card_points(in_play) + play.last_trick_points(),
                                            value.most_roem((count(in_play) + 3) / 4), position.tricks[other(position.takers)] == 0);
    const std::optional<int> hinted =
        hint.expected ? std::optional(*hint.expected - position.points[position.takers]) : std::nullopt;
    int future = 0;
    if (options_.card_values) {
      // Every card's value gives the position's value (the best of them) and the best cards.
      MoveList list;
      search.moves(list);
      const std::array<int, kMaxRanks> values = value_each_card(search, list, lower, upper, hinted);
      const bool maximise = search.takers_to_play();
      future = maximise ? *std::max_element(values.begin(), values.begin() + list.count)
                        : *std::min_element(values.begin(), values.begin() + list.count);
      for (int i = 0; i < list.count; ++i) {
        CardSet same = list.stands_for[std::size_t(i)];
        if (options_.best_cards && values[std::size_t(i)] == future) result.best_cards |= same;
        result.valued |= same;
        while (same) result.card_value[pop_lowest(same)] = std::int16_t(position.points[position.takers] + values[std::size_t(i)]);
      }
    } else {
      // The driver's tests start from a guess where there is one: the caller's, else the search's own.
      const std::optional<int> expected = hinted ? hinted : search.guess(lower, upper);
      future = expected ? search.exact_from(*expected, lower, upper) : search.exact(lower, upper);
      if (options_.best_cards) {
        MoveList list;
        search.moves(list);
        for (int i = 0; i < list.count; ++i)
          if (keeps(search, list.cards[std::size_t(i)], future)) result.best_cards |= list.stands_for[std::size_t(i)];
      }
    }
    result.takers_points = position.points[position.takers] + future;
    if (options_.line) {
      int target = future;
      while (!search.over()) {
        MoveList list;
        search.moves(list);
        for (int i = 0; i < list.count; ++i) {
          const Card card = list.cards[std::size_t(i)];
          if (i + 1 < list.count && !keeps(search, card, target)) continue;
          result.line.push_back(card);
          target -= search.play(card);
          break;
        }
      }
    }
  } catch (const SearchStopped& stopped) {
    result.status = stopped.status;
  }
  table_->killers = search.killers();
  table_->learnt_on = learnt_on;
  table_->learnt = true;
  result.nodes = search.nodes();
  return result;
}

SolveTest Solver::test(const PlayContext& play, const SolvePosition& position, int threshold) {
  table_->table.clear();
  table_->similar.clear();
  const PlayValue value(play);
  Search search(value, options_.table ? &table_->table : nullptr, &table_->similar, options_);
  search.set_position(position);
  SolveTest result;
  const int goal = threshold - position.points[position.takers];
  try {
    const int v = search.value(goal - 1, goal);
    result.at_least = v >= goal;
    result.bound = position.points[position.takers] + v;
  } catch (const SearchStopped& stopped) {
    result.status = stopped.status;
  }
  result.nodes = search.nodes();
  return result;
}

std::vector<SolveResult> Solver::solve_worlds(const PlayContext& play, std::span<const SolvePosition> worlds) {
  std::vector<SolveResult> results;
  results.reserve(worlds.size());
  for (const SolvePosition& world : worlds) results.push_back(solve(play, world));
  return results;
}

SolveResult solve(const PlayContext& play, const SolvePosition& position, const SolveOptions& options) {
  return Solver(options).solve(play, position);
}

}  // namespace belote
