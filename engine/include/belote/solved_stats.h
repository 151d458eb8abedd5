// Figures over random deals solved with best play (solve.h): the takers' best
// points by kind and by the trumps their side holds, and how often they reach
// each numeric bid of the ruleset, counting card points only (what depends on
// play; announcements and the belote are not played for).
//
// The deals are RandomDeals of one seed (hands, kind, trump, taker, leader),
// so the figures depend only on (ruleset, seed, count), never on the threads.
#pragma once

#include <cstdint>
#include <vector>

#include "belote/ruleset.h"

namespace belote {

/// The takers' best points over some deals: count, sum, and a histogram by tens.
struct PointsTally {
  std::uint64_t deals = 0;
  std::uint64_t points = 0;
  /// Deals by the takers' best points / 10.
  std::vector<std::uint64_t> by_tens;
  void add(int value);
  void merge(const PointsTally& other);
  double mean() const { return deals ? double(points) / double(deals) : 0.0; }
};

struct SolvedStats {
  std::uint64_t deals = 0;
  /// By kind (Ruleset::kinds).
  std::vector<PointsTally> by_kind;
  /// Deals of a one-suit kind by the trumps the takers' side holds (0 to a deck's suit).
  std::vector<PointsTally> by_trumps;
  /// For each of the ruleset's numeric bids (BidRules::numbers), deals whose best points reach it.
  std::vector<std::uint64_t> reaching_bid;
  /// Deals whose search stopped at the node limit (not counted above).
  std::uint64_t unsolved = 0;
  void merge(const SolvedStats& other);
};

/// Solves deals [0, count) of the seed's random sequence on `threads` threads;
/// `max_nodes` bounds each deal's search (0: none).
SolvedStats random_solved_stats(const Ruleset& rules, std::uint64_t seed, std::uint64_t count, unsigned threads,
                                std::uint64_t max_nodes = 0);

}  // namespace belote
