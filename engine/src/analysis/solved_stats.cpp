// Random deals solved on every core, in chunks of a few deals (a deal takes
// milliseconds, not nanoseconds), merged in order.
#include "belote/solved_stats.h"

#include <algorithm>

#include "belote/parallel_sample.h"
#include "belote/random_deals.h"
#include "belote/solve.h"
#include "belote/solver_pool.h"

namespace belote {

namespace {

template <class T>
void add_all(std::vector<T>& into, const std::vector<T>& from) {
  if (into.size() < from.size()) into.resize(from.size());
  for (std::size_t i = 0; i < from.size(); ++i) into[i] += from[i];
}

}  // namespace

void PointsTally::add(int value) {
  ++deals;
  points += std::uint64_t(std::max(0, value));
  const std::size_t bin = std::size_t(std::max(0, value) / 10);
  if (by_tens.size() <= bin) by_tens.resize(bin + 1);
  ++by_tens[bin];
}

void PointsTally::merge(const PointsTally& other) {
  deals += other.deals;
  points += other.points;
  add_all(by_tens, other.by_tens);
}

void SolvedStats::merge(const SolvedStats& other) {
  deals += other.deals;
  unsolved += other.unsolved;
  if (by_kind.size() < other.by_kind.size()) by_kind.resize(other.by_kind.size());
  for (std::size_t k = 0; k < other.by_kind.size(); ++k) by_kind[k].merge(other.by_kind[k]);
  if (by_trumps.size() < other.by_trumps.size()) by_trumps.resize(other.by_trumps.size());
  for (std::size_t t = 0; t < other.by_trumps.size(); ++t) by_trumps[t].merge(other.by_trumps[t]);
  add_all(reaching_bid, other.reaching_bid);
}

SolvedStats random_solved_stats(const Ruleset& rules, std::uint64_t seed, std::uint64_t count, unsigned threads,
                                std::uint64_t max_nodes) {
  const RandomDeals random(rules, seed);
  SolvedStats total;
  total.by_kind.resize(rules.kinds.size());
  total.reaching_bid.resize(rules.bids.numbers.size());
  SolverPool solvers(SolveOptions{.max_nodes = max_nodes, .best_cards = false});
  sample_in_chunks<SolvedStats>(
      count, threads,
      [&](std::uint64_t begin, std::uint64_t end, SolvedStats& partial) {
        const SolverPool::Lease lease = solvers.borrow();
        Solver& solver = *lease;
        partial.by_kind.resize(rules.kinds.size());
        partial.reaching_bid.resize(rules.bids.numbers.size());
        Deal deal;
        for (std::uint64_t i = begin; i < end; ++i) {
          random.make(i, deal, false);
          const PlayContext play(rules, deal.kind, deal.trump);
          const Team takers = team_of(deal.taker);
          const SolveResult r = solver.solve(play, SolvePosition::start(deal.hands, deal.first, takers));
          ++partial.deals;
          if (r.status != SolveStatus::solved) {
            ++partial.unsolved;
            continue;
          }
          partial.by_kind[deal.kind].add(r.takers_points);
          if (play.trumps() != 0) {
            const std::size_t held = std::size_t(belote::count(play.trumps() & (deal.hands[Seat(index(takers))] | deal.hands[Seat(index(takers) + 2)])));
            if (partial.by_trumps.size() <= held) partial.by_trumps.resize(held + 1);
            partial.by_trumps[held].add(r.takers_points);
          }
          for (std::size_t b = 0; b < rules.bids.numbers.size(); ++b)
            if (r.takers_points >= rules.bids.numbers[b]) ++partial.reaching_bid[b];
        }
      },
      [&](SolvedStats& partial) { total.merge(partial); }, {}, {}, kSlowSampleChunk);
  return total;
}

}  // namespace belote
