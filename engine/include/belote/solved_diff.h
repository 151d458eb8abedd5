// Two rulesets compared on random deals solved with best play: how often the
// takers' best points differ (a play convention changes the result), by how
// much, with the first differing deals to replay.
//
// Each ruleset draws deal i its way from the same seed (the same hands, trump,
// taker and leader; the kind its conventions allow), so the figures depend only
// on (rulesets, seed, count), never on the threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "belote/ruleset.h"

namespace belote {

struct SolvedDiff {
  std::uint64_t deals = 0;
  std::uint64_t differing = 0;
  /// Deals left out: a search stopped at the node limit under either ruleset.
  std::uint64_t unsolved = 0;
  /// Sum of the changes (B's best points minus A's), and of their sizes.
  std::int64_t change = 0;
  std::uint64_t size = 0;
  /// The largest change in size, and the deal where it first happened.
  int largest = 0;
  std::uint64_t largest_at = 0;
  /// Differing deals by the size of the change / 10.
  std::vector<std::uint64_t> by_tens;
  /// The first differing deals' indices, at most as many as asked for.
  std::vector<std::uint64_t> examples;
  void merge(const SolvedDiff& other, std::size_t keep);
};

/// `progress(done, count)` is told after each chunk of deals; `stop()` true ends the run early, the
/// result then holds the deals of the chunks done, the first `deals` of the sample (parallel_sample.h).
SolvedDiff random_solved_diff(const Ruleset& a, const Ruleset& b, std::uint64_t seed, std::uint64_t count, unsigned threads,
                              std::size_t examples, std::uint64_t max_nodes = 0,
                              const std::function<void(std::uint64_t, std::uint64_t)>& progress = {},
                              const std::function<bool()>& stop = {});

}  // namespace belote
