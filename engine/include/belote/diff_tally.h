// Outcome differences counted over many deals: what `belote diff` sums up.
//
// A tally is filled deal by deal, or chunk by chunk and merged in order (see
// parallel_sample.h); either way the figures are the same.
#pragma once

#include <array>
#include <cstdint>

#include "belote/outcome_diff.h"
#include "belote/seat.h"

namespace belote {

/// How one team's score moves from ruleset A to ruleset B.
struct ScoreChangeTally {
  std::int64_t sum = 0;       ///< of B − A, over every deal
  std::int64_t sum_abs = 0;   ///< of |B − A|
  std::uint64_t changed = 0;  ///< deals where it moved
  int largest = 0;            ///< the move of largest size (the first met, on a tie)
  std::uint64_t largest_at = 0;  ///< the ordinal of its deal

  friend bool operator==(const ScoreChangeTally&, const ScoreChangeTally&) = default;
};

struct DiffTally {
  std::uint64_t deals = 0;
  std::uint64_t differing = 0;
  /// Differing deals by their most significant kind of change (they add up to `differing`).
  std::array<std::uint64_t, kDiffKinds.size()> by_kind{};
  /// Differing deals by field (a deal counts once in each field that changed).
  std::array<std::uint64_t, kDiffFields.size()> by_field{};
  PerTeam<ScoreChangeTally> score_change;

  /// Counts one deal; `ordinal` says which one (its index in a sample, or its rank in the input).
  void add(const OutcomeDiff& diff, std::uint64_t ordinal);
  /// Adds the tally of deals that all come after this tally's.
  void merge(const DiffTally& later);

  std::uint64_t count(DiffKind kind) const { return kind == DiffKind::none ? deals - differing : by_kind[int(kind) - 1]; }
  std::uint64_t count(DiffField field) const { return by_field[int(field)]; }
  /// Mean of B − A over every deal.
  double mean_change(Team team) const { return deals ? double(score_change[team].sum) / double(deals) : 0.0; }
  /// Mean of |B − A| over the deals where the team's score moved.
  double mean_move(Team team) const {
    const ScoreChangeTally& t = score_change[team];
    return t.changed ? double(t.sum_abs) / double(t.changed) : 0.0;
  }

  friend bool operator==(const DiffTally&, const DiffTally&) = default;
};

}  // namespace belote
