// Figures over random deals: how often announcements score, deals are voided,
// and contracts are made, failed or tied, under one ruleset.
//
// The deals are RandomDeals of one seed (random hands, trumps, takers and
// trick results), so the figures depend only on (ruleset, seed, count), never
// on the number of threads.
#pragma once

#include <cstdint>
#include <functional>

#include "belote/ruleset.h"
#include "belote/seat.h"

namespace belote {

struct DealStats {
  std::uint64_t deals = 0;
  std::uint64_t void_deals = 0;
  /// Deals where the team scores announcements (points above 0).
  PerTeam<std::uint64_t> announcements_scored;
  /// Deals (not void) where neither team scores announcements.
  std::uint64_t no_announcements_scored = 0;
  /// Deals whose best announcements tied exactly and went to nobody.
  std::uint64_t exact_ties = 0;
  /// Deals whose announcement winner took too few tricks to score them.
  std::uint64_t lost_to_trick_rule = 0;
  std::uint64_t made = 0;
  std::uint64_t failed = 0;
  std::uint64_t litige = 0;
  /// Deals scored without a contract (a ruleset whose contract.test is "none").
  std::uint64_t no_contract = 0;

  void merge(const DealStats& other);
  friend bool operator==(const DealStats&, const DealStats&) = default;
};

/// Scores deals [0, count) of the seed's random sequence on `threads` threads.
/// `stop()` (optional), asked between chunks, ends the count early (an interrupted call).
DealStats random_deal_stats(const Ruleset& rules, std::uint64_t seed, std::uint64_t count, unsigned threads,
                            const std::function<bool()>& stop = {});

}  // namespace belote
