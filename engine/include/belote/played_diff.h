// Two rulesets compared in play (docs/diff.md, `belote diff A B --random N --played PLAYERS`): the
// same deals, from the same seeds, played by the same players under each, one
// mène a deal; how often and by how much the result changes. A change comes
// from the rules (the scoring, what is legal) and from the players' choices,
// which the rules may move: each player is seeded alike under both.
//
// A deal is its first mène dealt, under both rulesets: where everyone passes
// (or the deal is void) under one of them, that is its result there (nobody
// scores), never the next mène, whose cards are another deal's.
//
// The figures depend only on (rulesets, players, seed, count), never on the threads.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "belote/arena.h"

namespace belote {

/// What one ruleset gave the deals of a played diff that the result leaves out.
struct PlayedDiffSide {
  /// Deals dealt again (everyone passed, or a void deal): nobody scored.
  std::uint64_t redealt = 0;
  /// Deals ending in a litige, and the points they held over: left out of the
  /// result, as an arena leaves them out (no later mène is played to win them).
  std::uint64_t held_over = 0;
  long long held_points = 0;
  PlayedDiffSide& operator+=(const PlayedDiffSide& other);
  friend bool operator==(const PlayedDiffSide&, const PlayedDiffSide&) = default;
};

struct PlayedDiff {
  std::uint64_t deals = 0;
  /// Deals whose result (N–S's points less E–W's) differs.
  std::uint64_t differing = 0;
  /// Deals where another seat took the contract (or nobody, where everyone passed under one
  /// ruleset only), and where the same taker's contract ended otherwise (made, failed…).
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
  /// Under A, and under B.
  std::array<PlayedDiffSide, 2> sides{};
  void merge(const PlayedDiff& other, std::size_t keep);
  /// The mean change per deal, with its 95% interval.
  Estimate mean_change() const { return mean_estimate(deals, double(change), double(change_squares)); }
  friend bool operator==(const PlayedDiff&, const PlayedDiff&) = default;
};

/// A deal's first mène dealt under one ruleset, as a played diff sees it.
struct FirstMene {
  /// Dealt again (everyone passed, or void): no taker, nobody scores.
  bool redealt = false;
  std::optional<Seat> taker;
  ContractResult result = ContractResult::none;
  /// N–S's points less E–W's, and the points a litige held over (left out).
  long long result_points = 0;
  int held_over = 0;
  /// The mène as a deal line, named "deal-N-play-1-mene-1" (none for a redeal, which has no play).
  std::string record;
};

/// Deals 0 to count − 1 of `seed` (arena_deal_seed), each played for its first
/// mène under `a` and under `b`, N–S by `ns`'s players and E–W by `ew`'s. Throws
/// ArenaError, naming a deal, when a player fails. `stop()` (optional), asked
/// as play_table asks it, ends the run early (an interrupted call): the result
/// then holds the first deals, those played whole before it came.
PlayedDiff played_diff(const Ruleset& a, const Ruleset& b, const SeatActorMaker& ns, const SeatActorMaker& ew,
                       std::uint64_t seed, std::uint64_t count, unsigned threads, std::size_t examples,
                       const std::function<void(std::uint64_t, std::uint64_t)>& progress = {},
                       const std::function<bool()>& stop = {});

/// Deal `deal` played under `rules`, as played_diff plays it (its record kept): to show an example.
/// None when `stop` cut it short.
std::optional<FirstMene> played_deal(const Ruleset& rules, const SeatActorMaker& ns, const SeatActorMaker& ew,
                                     std::uint64_t seed, std::uint64_t deal, const std::function<bool()>& stop = {});

}  // namespace belote
