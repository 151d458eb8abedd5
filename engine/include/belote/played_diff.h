// Two rulesets compared in play (docs/diff.md, `belote diff A B --random N --played PLAYERS`): the
// same deals, from the same seeds, played by the same players under each, one
// mène a deal; how often and by how much the result changes. A change comes
// from the rules (the scoring, what is legal) and from the players' choices,
// which the rules may move: each player is seeded alike under both.
//
// The figures depend only on (rulesets, players, seed, count), never on the threads.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "belote/arena.h"

namespace belote {

struct PlayedDiff {
  std::uint64_t deals = 0;
  /// Deals whose result (N–S's points less E–W's) differs.
  std::uint64_t differing = 0;
  /// Deals where another seat took the contract, and where the same taker's contract ended otherwise (made, failed…).
  std::uint64_t taker_changed = 0;
  std::uint64_t result_changed = 0;
  /// Σ and Σ² of the change (B's result less A's) over every deal, and Σ of its size.
  long long change = 0;
  long long change_squares = 0;
  long long size = 0;
  /// The largest change in size, and the deal where it first happened.
  long long largest = 0;
  std::uint64_t largest_at = 0;
  /// The first differing deals' numbers, at most as many as asked for.
  std::vector<std::uint64_t> examples;
  void merge(const PlayedDiff& other, std::size_t keep);
  /// The mean change per deal, with its 95% interval.
  Estimate mean_change() const { return mean_estimate(deals, double(change), double(change_squares)); }
  friend bool operator==(const PlayedDiff&, const PlayedDiff&) = default;
};

/// Deals 0 to count − 1 of `seed` (arena_deal_seed), each played for one mène
/// under `a` and under `b`, N–S by `ns`'s players and E–W by `ew`'s. Throws
/// ArenaError, naming a deal, when a player fails.
PlayedDiff played_diff(const Ruleset& a, const Ruleset& b, const SeatActorMaker& ns, const SeatActorMaker& ew,
                       std::uint64_t seed, std::uint64_t count, unsigned threads, std::size_t examples,
                       const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

/// Deal `deal` played under `rules`, as played_diff plays it (its records kept): to show an example.
TablePlay played_deal(const Ruleset& rules, const SeatActorMaker& ns, const SeatActorMaker& ew, std::uint64_t seed,
                      std::uint64_t deal);

}  // namespace belote
