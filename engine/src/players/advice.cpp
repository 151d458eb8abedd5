// Sampled double dummy: worlds drawn uniformly among those the seat cannot
// tell apart, each solved exactly, every legal action's figures averaged
// (docs/players.md).
#include "belote/advice.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <map>
#include <span>
#include <stdexcept>
#include <tuple>

#include <fmt/format.h>

#include "belote/auction_memory.h"
#include "belote/evaluator.h"
#include "belote/parallel_sample.h"
#include "belote/solve.h"
#include "belote/solver_pool.h"
#include "belote/worlds.h"
#include "players/seat_to_act.h"

namespace belote {

namespace advice_impl {

// The mène's result when the takers end with `points` (the solver's value: card
// points, the capot's value when they take every trick). Tricks are not known
// from a value: a side with no point is taken to have no trick.
DealResult result_of_value(const PlayContext& play, Team takers, int points) {
  DealResult result;
  const int total = play.total_points();
  const int n = play.hand_size();
  const int capot = play.capot_points();
  if (capot > total && points >= capot) {
    result.points[takers] = total;
    result.tricks[takers] = n;
  } else {
    const int mine = std::clamp(points, 0, total);
    result.points[takers] = mine;
    result.points[other(takers)] = total - mine;
    const int tricks = mine == 0 ? 0 : mine == total ? n : std::clamp(int(std::lround(double(mine) * n / total)), 1, n - 1);
    result.tricks[takers] = tricks;
    result.tricks[other(takers)] = n - tricks;
  }
  return result;
}

// The mène's result when it is played along `line` from the deal's start: where the
// value counts roem, the value alone cannot say which part is roem, nor what roem the
// other side makes, and the line says both.
DealResult result_of_line(const PlayContext& play, const PerSeat<CardSet>& hands, Seat first, const std::vector<Card>& line) {
  PlayedMene mene(play, hands, first);
  for (Card card : line) mene.play(card);
  DealResult result;
  result.points = mene.points();
  result.tricks = mene.tricks_won();
  result.seat_tricks = mene.tricks_by_seat();
  result.seat_tricks_given = true;
  result.roem = mene.roem();
  return result;
}

// The deal the evaluator scores when the mène ends with `result`.
Deal advice_deal(const Ruleset& rules, const PlayContext& play, const AuctionOutcome& contract, const PerSeat<CardSet>& hands,
                 const DealResult& result, int held_over) {
  Deal deal;
  set_contract(rules, play, contract, deal);
  deal.held_over = held_over;
  deal.form = DealForm::hands;
  deal.hands = hands;
  deal.result = result;
  return deal;
}

// What the takers' value is worth to `team` in card points.
int advice_team_points(const PlayContext& play, Team takers, Team team, int value) {
  if (team == takers) return value;
  const int capot = play.capot_points();
  if (capot > play.total_points() && value >= capot) return 0;
  return play.total_points() - value;
}

// The nodes one contract's solve may take in the auction before it is estimated instead.
constexpr std::uint64_t kAuctionSolveNodes = 300000;
// The tests that may spare a contract's solve in the auction (screened): more spare fewer solves than they cost.
constexpr int kScreeningTests = 2;

// The takers' card points where the solve stopped at its budget: the kind's points shared
// in proportion to each side's cards weighed by points and rank (a trump counts ten more).
int estimated_points(const PlayContext& play, const PerSeat<CardSet>& hands, Team takers) {
  PerTeam<double> weight;
  const int ranks = play.rules().deck.rank_count();
  for (Seat s : kSeats)
    for (CardSet rest = hands[s]; rest;) {
      const Card c = pop_lowest(rest);
      weight[team_of(s)] += play.card_points(c) + 10.0 * (ranks - count(play.stronger(c))) / ranks + (contains(play.trumps(), c) ? 10 : 0);
    }
  const double all = weight[Team::NS] + weight[Team::EW];
  return all > 0 ? int(std::lround(play.total_points() * weight[takers] / all)) : play.total_points() / 2;
}

struct ActionTally {
  double sum = 0, squares = 0;
  int made = 0, contracts = 0, count = 0;
  void add(double v) {
    sum += v;
    squares += v * v;
    ++count;
  }
};

class AdviceClock {
 public:
  explicit AdviceClock(std::uint64_t ms) : limit_(ms), start_(std::chrono::steady_clock::now()) {}
  bool out() const {
    return limit_ != 0 && std::chrono::steady_clock::now() - start_ >= std::chrono::milliseconds(limit_);
  }

 private:
  std::uint64_t limit_;
  std::chrono::steady_clock::time_point start_;
};

// The auction replayed from what the seat heard.
Auction advice_heard_auction(const Ruleset& rules, const Observation& seen) {
  const Seat first = seen.calls.empty() ? seen.to_act : seen.calls.front().seat;
  Auction auction(rules, seen.dealer, first, std::span(seen.proposals.data(), seen.proposals.size()));
  for (const Call& call : seen.calls) auction.apply(call);
  return auction;
}

// The contracts a call leads to if everybody passes after it: one, none for a
// redeal, or where a seat must choose (schieben; a forced choice, at once or
// once the others have passed), one per choice.
struct ReachedContracts {
  std::vector<AuctionOutcome> contracts;
  /// Whether the choice among them is the seat's own team's (else the other team picks).
  bool ours = true;
};

// Everybody passes, up to the auction's end or a seat that may not pass.
void advice_pass_while_allowed(Auction& auction) {
  for (int i = 0; i < 16 && !auction.ended(); ++i) {
    const LegalCalls legal = auction.legal();
    if (!legal.pass) return;
    auction.apply(Call{legal.seat, CallType::pass});
  }
}

std::optional<AuctionOutcome> advice_pass_out(Auction& auction) {
  advice_pass_while_allowed(auction);
  if (!auction.ended() || auction.outcome()->redeal) return std::nullopt;
  return auction.outcome();
}

ReachedContracts reached_contracts(const Ruleset& rules, const Auction& heard, const Call& call, Seat seat) {
  ReachedContracts out;
  Auction after = heard;
  if (after.apply(call)) return out;
  // The passes after the call may end at a seat that must choose: the first
  // speaker once all have passed (auction.on_all_pass = "forced-first-speaker").
  advice_pass_while_allowed(after);
  if (!after.ended() && !after.legal().pass) {
    const LegalCalls legal = after.legal();
    out.ours = team_of(legal.seat) == team_of(seat);
    for (const Call& choice : legal.list(rules.auction)) {
      if (choice.seat != legal.seat || (choice.type != CallType::choose && choice.type != CallType::bid)) continue;
      Auction chosen = after;
      if (chosen.apply(choice)) continue;
      if (const auto contract = advice_pass_out(chosen)) out.contracts.push_back(*contract);
    }
    return out;
  }
  if (after.ended() && !after.outcome()->redeal) out.contracts.push_back(*after.outcome());
  return out;
}

PlayContext advice_contract_play(const Ruleset& rules, const AuctionOutcome& contract) {
  const AuctionKind& kind = rules.auction.kinds[std::size_t(contract.kind)];
  return PlayContext(rules, kind.kind, Suit(kind.suit < 0 ? 0 : kind.suit));
}

void finish_advice(Advice& out, std::vector<ActionTally>& tallies, bool takers_side) {
  double best = -1e300;
  std::optional<double> best_chance;
  for (std::size_t i = 0; i < out.actions.size(); ++i) {
    ActionAdvice& a = out.actions[i];
    const ActionTally& t = tallies[i];
    if (t.count == 0) continue;
    a.valued = true;
    a.expected = t.sum / t.count;
    a.spread = std::sqrt(std::max(0.0, t.squares / t.count - a.expected * a.expected));
    if (t.contracts > 0) a.make_chance = double(t.made) / t.contracts;
    // The best mean; a tie goes to the better chance for the seat's side, then the first action.
    const double eps = 1e-9;
    const bool better_chance = a.make_chance && best_chance && (takers_side ? *a.make_chance > *best_chance : *a.make_chance < *best_chance);
    if (a.expected > best + eps || (std::abs(a.expected - best) <= eps && better_chance)) {
      best = a.expected;
      best_chance = a.make_chance;
      out.best = a.action;
    }
  }
}

// A contract's score in one world for the seat's team (ours less theirs), and whether it is made.
struct ScoredContract {
  double score = 0;
  bool made = false;
  bool operator==(const ScoredContract&) const = default;
};

// A contract's score where its solve can be spared: where every value the solve could give
// scores the same. The solve gives the takers' points (or, past its budget, estimated_points).
// Zero-window tests, each at the least points that score otherwise than the least the takers
// are known to make, and far cheaper than the value where it lies far from there, bound those
// points; where every value between the bounds scores alike, and the estimate too, that is the
// score, whatever the solve would find. The bounds are kept for the world's other contracts of
// the same solve. Where the tests cannot settle it, nothing.
template <class Scored>
std::optional<ScoredContract> screened(Solver& solver, const PlayContext& play, const AuctionOutcome& contract, const PerSeat<CardSet>& hands,
                                       AuctionMemory::SolvedWorld& world, const std::tuple<int, int, int>& key, const Scored& scored) {
  const Team takers = team_of(contract.taker);
  const int capot = play.capot_points();
  // Any value at or above it scores as it does, any below nothing as nothing (advice_deal).
  const int most = std::max(play.total_points(), capot);
  auto known = world.bounds.find(key);
  if (known == world.bounds.end()) {
    int lower = 0, upper = most;
    for (int tests = 0; tests < kScreeningTests; ++tests) {
      const ScoredContract low = scored(lower);
      int threshold = lower + 1;
      while (threshold <= upper && scored(threshold) == low) ++threshold;
      if (threshold > upper) break;
      const SolveTest test = solver.test(play, SolvePosition::start(hands, contract.first_lead, takers), threshold);
      if (test.status != SolveStatus::solved) break;
      (test.at_least ? lower : upper) = test.bound;
    }
    known = world.bounds.emplace(key, std::pair(lower, upper)).first;
  }
  const auto [lower, upper] = known->second;
  const ScoredContract low = scored(lower);
  for (int p = lower + 1; p <= upper; ++p)
    if (scored(p) != low) return std::nullopt;
  if (scored(estimated_points(play, hands, takers)) != low) return std::nullopt;
  return low;
}

// One world's figures for each legal action, summed in the worlds' order.
struct WorldFigures {
  struct Row {
    bool valued = false;
    double value = 0;
    /// Whether a contract is scored (and so counted in the chance to make it), and whether it is made.
    bool contract = false;
    bool made = false;
  };
  bool consistent = true;
  /// False where the caller's stop cut the world's solve short: the world is left out.
  bool solved = true;
  std::vector<Row> rows;
};

// Worlds drawn and solved a batch at a time: the drawn worlds a batch's memory, and the clock
// asked between draws as between solves.
constexpr int kWorldBatch = 256;

// Solves the worlds on `threads` threads (parallel_sample.h, a world a chunk) and sums their
// figures in the order drawn; past the clock or the caller's stop, the worlds after the last
// summed are left. `draw(begin, end)` draws worlds [begin, end) before they are solved, and
// returns the end of those it drew (fewer where the clock ran out: never none for the first).
// `summed` (where given) is set once a solved world's figures are summed.
template <class DrawWorlds, class SolveWorld>
void tally_worlds(int worlds, const AdviceOptions& options, const AdviceClock& clock, const DrawWorlds& draw,
                  const SolveWorld& solve_world, Advice& out, std::vector<ActionTally>& tallies, std::atomic<bool>* summed = nullptr) {
  const std::function<bool()>& stop = options.stop;
  const auto stopped = [&] { return clock.out() || (stop && stop()); };
  int merged = 0;
  std::function<void(std::uint64_t, std::uint64_t)> progress;
  if (options.progress) progress = [&](std::uint64_t, std::uint64_t) { options.progress(merged, worlds); };
  for (int begin = 0; begin < worlds;) {
    const int end = draw(begin, std::min(worlds, begin + kWorldBatch));
    bool cut = false;
    sample_in_chunks<WorldFigures>(
        std::uint64_t(end - begin), std::max(1u, options.threads),
        [&](std::uint64_t w, std::uint64_t, WorldFigures& figures) { solve_world(std::uint64_t(begin) + w, figures); },
        [&](WorldFigures& figures) {
          ++merged;
          if (!figures.solved) return;
          ++out.worlds;
          if (summed) *summed = true;
          if (!figures.consistent) ++out.inconsistent;
          for (std::size_t i = 0; i < figures.rows.size(); ++i) {
            const WorldFigures::Row& row = figures.rows[i];
            if (!row.valued) continue;
            tallies[i].add(row.value);
            if (!row.contract) continue;
            tallies[i].made += row.made ? 1 : 0;
            ++tallies[i].contracts;
          }
        },
        progress, [&] { return cut = stopped(); }, kSlowSampleChunk);
    // Cut, or drawn short by the clock (both asked after the batch's last world already).
    if (cut || end < std::min(worlds, begin + kWorldBatch)) break;
    begin = end;
  }
  out.stopped = out.worlds < worlds;
}

}  // namespace advice_impl

using namespace advice_impl;

Advice advise(const Ruleset& rules, const ActionSpace& space, const Observation& seen, const LegalActions& legal,
              const AdviceOptions& options) {
  // Figures from another seat's cards, or for no seat, would be wrong without a word.
  if (seen.phase == TablePhase::over) throw std::invalid_argument("the game is over: no seat is to act, and advice is for the seat to act");
  if (seen.seat != legal.seat) throw std::invalid_argument(not_the_seat_to_act(seen.seat, legal.seat));
  if (legal.count(space) == 0)
    throw std::invalid_argument(fmt::format("{} has no legal action: there is nothing to advise", name(legal.seat)));
  if (options.worlds < 1)
    throw std::invalid_argument(fmt::format("AdviceOptions::worlds is the number of worlds to draw, at least 1, not {}", options.worlds));
  Advice out;
  out.seat = legal.seat;
  out.auction = legal.auction;
  const std::vector<Action> actions = legal.list(space, rules);
  for (Action a : actions) out.actions.push_back(ActionAdvice{a});
  if (actions.empty()) return out;
  out.best = actions.front();
  WorldSampler sampler(rules, seen);
  const AdviceClock clock(options.max_milliseconds);
  std::vector<ActionTally> tallies(actions.size());
  const Team ours = team_of(legal.seat);
  const int worlds = options.worlds;

  if (!legal.auction) {
    const AuctionOutcome& contract = *seen.contract;
    const PlayContext play = advice_contract_play(rules, contract);
    const Team takers = team_of(contract.taker);
    Xoshiro256 rng(options.seed, 0x616476696365);
    SolveOptions solve_options;
    solve_options.best_cards = false;
    solve_options.card_values = true;
    // A world's solve is cut by the clock too, once a solved world is summed (at least one is).
    std::atomic<bool> one_summed{false};
    solve_options.stop = [&] { return (options.stop && options.stop()) || (one_summed && clock.out()); };
    SolverPool solvers(solve_options);
    // The worlds are drawn in order, a batch at a time, so that the threads change no figure.
    std::vector<World> drawn;
    int batch_begin = 0;
    const auto draw = [&](int begin, int end) {
      drawn.clear();
      batch_begin = begin;
      for (int w = begin; w < end; ++w) {
        if (w > 0 && clock.out()) return w;
        drawn.push_back(sampler.sample(rng, options.max_attempts));
      }
      return end;
    };
    const auto solve_world = [&](std::uint64_t w, WorldFigures& figures) {
      const World& world = drawn[std::size_t(w) - std::size_t(batch_begin)];
      figures.consistent = world.consistent;
      figures.rows.assign(actions.size(), {});
      PlayedMene mene(play, world.dealt, contract.first_lead);
      for (const auto& played : seen.cards) mene.play(played.second);
      const SolveResult r = solvers.borrow()->solve(play, SolvePosition::of(mene, takers));
      if (r.status != SolveStatus::solved) {
        figures.solved = false;
        return;
      }
      std::array<int, 64> made{};
      std::array<bool, 64> scored{};
      for (std::size_t i = 0; i < actions.size(); ++i) {
        const ActionKind kind = space.kind(actions[i]);
        if (kind != ActionKind::card && kind != ActionKind::card_word) continue;
        const Card card = space.card_of(actions[i]);
        const int value = r.card_value[card];
        WorldFigures::Row& row = figures.rows[i];
        row.valued = true;
        row.value = advice_team_points(play, takers, ours, value);
        if (rules.contract.test == ContractTest::none) continue;
        if (!scored[card]) {
          Outcome outcome;
          evaluate(rules, advice_deal(rules, play, contract, world.dealt, result_of_value(play, takers, value), seen.held_over), outcome);
          made[card] = outcome.contract == ContractResult::made ? 1 : 0;
          scored[card] = true;
        }
        row.contract = true;
        row.made = made[card] == 1;
      }
    };
    tally_worlds(worlds, options, clock, draw, solve_world, out, tallies, &one_summed);
    finish_advice(out, tallies, ours == takers);
    // The word is said with its card where it may be.
    if (space.kind(out.best) == ActionKind::card && contains(legal.word_cards, space.card_of(out.best)))
      out.best = space.card(space.card_of(out.best), true);
    if (legal.declare) out.best = space.declare(std::countr_zero(unsigned(legal.declare)));
    return out;
  }

  // The auction: every call valued by the contract it leads to when everybody passes after it.
  // A whole deal's solve may be dear (schieber's, where nearly every card is legal): past a
  // budget of nodes, the contract is valued by an estimate instead (estimated_points).
  SolveOptions auction_options;
  auction_options.best_cards = false;
  auction_options.max_nodes = kAuctionSolveNodes;
  const Auction heard = advice_heard_auction(rules, seen);
  std::vector<ReachedContracts> reach;
  for (Action a : actions) reach.push_back(space.kind(a) == ActionKind::call ? reached_contracts(rules, heard, space.call_of(a, legal.seat), legal.seat) : ReachedContracts{});
  // The worlds of the seat's cards and the seed (auction_memory.h): those kept from earlier
  // advice where there are, with what was solved in them; the rest drawn and kept.
  AuctionMemory fresh(1);
  AuctionMemory& memory = options.memory ? *options.memory : fresh;
  AuctionMemory::Worlds& kept = memory.of(AuctionMemory::Seen{&rules, seen.seat, seen.mene, sampler.hidden(), options.seed});
  if (!memory.solvers) memory.solvers.emplace(auction_options);
  SolveOptions line_options = auction_options;
  line_options.line = true;
  if (!memory.line_solvers) memory.line_solvers.emplace(line_options);
  // The worlds are drawn in order, a batch at a time (kept: solved in again by later advice), so
  // that the threads change no figure.
  const auto draw = [&](int begin, int end) {
    for (int w = begin; w < end; ++w) {
      if (std::size_t(w) < kept.worlds.size()) continue;
      if (w > 0 && clock.out()) return w;
      kept.worlds.push_back({sampler.sample(kept.rng, options.max_attempts), {}});
    }
    return end;
  };
  const auto solve_world = [&](std::uint64_t w, WorldFigures& figures) {
    // Each world is one thread's: what is solved in it is kept in it alone.
    AuctionMemory::SolvedWorld& kept_world = kept.worlds[std::size_t(w)];
    const World& world = kept_world.world;
    const SolverPool::Lease auction_solver = memory.solvers->borrow();
    const SolverPool::Lease auction_line_solver = memory.line_solvers->borrow();
    figures.consistent = world.consistent;
    figures.rows.assign(actions.size(), {});
    // The best play of each contract met, solved once per world: by kind, takers and first
    // lead, which are all a solve reads (partners' contracts of one kind are one solve).
    auto score = [&](const AuctionOutcome& contract, bool& made) {
      const PlayContext play = advice_contract_play(rules, contract);
      const Team takers = team_of(contract.taker);
      const auto key = std::make_tuple(int(contract.kind), int(takers), int(index(contract.first_lead)));
      const auto scored_result = [&](const DealResult& result) {
        Outcome outcome;
        evaluate(rules, advice_deal(rules, play, contract, world.dealt, result, seen.held_over), outcome);
        return ScoredContract{double(outcome.score[ours] - outcome.score[other(ours)]), outcome.contract == ContractResult::made};
      };
      const auto scored = [&](int points) { return scored_result(result_of_value(play, takers, points)); };
      auto it = kept_world.results.find(key);
      if (it == kept_world.results.end()) {
        // Under roem the score depends on the line of play, not on the takers' value alone:
        // bounds on the value settle nothing there.
        const bool screen = options.screen && !play.counts_roem();
        if (const std::optional<ScoredContract> known = !screen ? std::nullopt : screened(*auction_solver, play, contract, world.dealt, kept_world, key, scored)) {
          made = known->made;
          return known->score;
        }
        // Under roem the mène is scored from a line of best play (result_of_line).
        const SolveResult r = (play.counts_roem() ? *auction_line_solver : *auction_solver)
                                  .solve(play, SolvePosition::start(world.dealt, contract.first_lead, takers));
        DealResult result;
        if (r.status != SolveStatus::solved)
          result = result_of_value(play, takers, estimated_points(play, world.dealt, takers));
        else if (play.counts_roem())
          result = result_of_line(play, world.dealt, contract.first_lead, r.line);
        else
          result = result_of_value(play, takers, r.takers_points);
        it = kept_world.results.emplace(key, result).first;
      }
      const ScoredContract s = scored_result(it->second);
      made = s.made;
      return s.score;
    };
    for (std::size_t i = 0; i < actions.size(); ++i) {
      const ReachedContracts& r = reach[i];
      if (space.kind(actions[i]) != ActionKind::call) continue;
      WorldFigures::Row& row = figures.rows[i];
      row.valued = true;
      if (r.contracts.empty()) continue;  // a redeal: nothing scored
      double best = 0;
      bool best_made = false;
      for (std::size_t c = 0; c < r.contracts.size(); ++c) {
        bool made = false;
        const double v = score(r.contracts[c], made);
        if (c == 0 || (r.ours ? v > best : v < best)) {
          best = v;
          best_made = made;
        }
      }
      row.value = best;
      row.contract = rules.contract.test != ContractTest::none;
      row.made = best_made;
    }
  };
  tally_worlds(worlds, options, clock, draw, solve_world, out, tallies);
  finish_advice(out, tallies, true);
  return out;
}

}  // namespace belote
