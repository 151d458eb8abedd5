#include "belote/solved_diff.h"

#include <algorithm>
#include <cstdlib>

#include "belote/parallel_sample.h"
#include "belote/random_deals.h"
#include "belote/solve.h"
#include "belote/solver_pool.h"

namespace belote {

void SolvedDiff::merge(const SolvedDiff& other, std::size_t keep) {
  deals += other.deals;
  differing += other.differing;
  unsolved += other.unsolved;
  change += other.change;
  size += other.size;
  // Chunks merge in order: an equal size found later keeps the earlier deal.
  if (std::abs(other.largest) > std::abs(largest)) {
    largest = other.largest;
    largest_at = other.largest_at;
  }
  if (by_tens.size() < other.by_tens.size()) by_tens.resize(other.by_tens.size());
  for (std::size_t i = 0; i < other.by_tens.size(); ++i) by_tens[i] += other.by_tens[i];
  for (std::uint64_t e : other.examples)
    if (examples.size() < keep) examples.push_back(e);
}

SolvedDiff random_solved_diff(const Ruleset& a, const Ruleset& b, std::uint64_t seed, std::uint64_t count, unsigned threads,
                              std::size_t examples, std::uint64_t max_nodes,
                              const std::function<void(std::uint64_t, std::uint64_t)>& progress, const std::function<bool()>& stop) {
  const RandomDeals random_a(a, seed), random_b(b, seed);
  SolvedDiff total;
  SolverPool solvers(SolveOptions{.max_nodes = max_nodes, .best_cards = false});
  sample_in_chunks<SolvedDiff>(
      count, threads,
      [&](std::uint64_t begin, std::uint64_t end, SolvedDiff& partial) {
        const SolverPool::Lease lease = solvers.borrow();
        Solver& solver = *lease;
        Deal deal_a, deal_b;
        const auto best = [&](const Ruleset& rules, const Deal& deal, const SolveHint& hint) {
          return solver.solve(PlayContext(rules, deal.kind, deal.trump),
                              SolvePosition::start(deal.hands, deal.first, team_of(deal.taker)), hint);
        };
        for (std::uint64_t i = begin; i < end; ++i) {
          random_a.make(i, deal_a, false);
          random_b.make(i, deal_b, false);
          ++partial.deals;
          const SolveResult ra = best(a, deal_a, {});
          // The same deal under the other ruleset mostly plays alike: its value and move order are a good start.
          SolveHint hint{.reuse_order = true};
          if (ra.status == SolveStatus::solved) hint.expected = ra.takers_points;
          const SolveResult rb = best(b, deal_b, hint);
          if (ra.status != SolveStatus::solved || rb.status != SolveStatus::solved) {
            ++partial.unsolved;
            continue;
          }
          const int change = rb.takers_points - ra.takers_points;
          if (change == 0) continue;
          ++partial.differing;
          partial.change += change;
          partial.size += std::uint64_t(std::abs(change));
          if (std::abs(change) > std::abs(partial.largest)) {
            partial.largest = change;
            partial.largest_at = i;
          }
          const std::size_t bin = std::size_t(std::abs(change) / 10);
          if (partial.by_tens.size() <= bin) partial.by_tens.resize(bin + 1);
          ++partial.by_tens[bin];
          if (partial.examples.size() < examples) partial.examples.push_back(i);
        }
      },
      [&](SolvedDiff& partial) { total.merge(partial, examples); }, progress, stop, kSlowSampleChunk);
  return total;
}

}  // namespace belote
