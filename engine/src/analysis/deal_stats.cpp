#include "belote/deal_stats.h"

#include "belote/evaluator.h"
#include "belote/parallel_sample.h"
#include "belote/random_deals.h"
#include "common/field_sums.h"

namespace belote {

namespace {

void count(const Outcome& out, DealStats& stats) {
  ++stats.deals;
  if (out.is_void) {
    ++stats.void_deals;
    return;
  }
  bool scored = false;
  for (Team team : kTeams) {
    if (out.scored_announcements[team] <= 0) continue;
    ++stats.announcements_scored[team];
    scored = true;
  }
  if (!scored) ++stats.no_announcements_scored;
  if (out.win_reason == WinReason::tie_nobody) ++stats.exact_ties;
  if (out.lost_to_trick_rule) ++stats.lost_to_trick_rule;
  switch (out.contract) {
    case ContractResult::made: ++stats.made; break;
    case ContractResult::failed: ++stats.failed; break;
    case ContractResult::litige: ++stats.litige; break;
    case ContractResult::no_contract: ++stats.no_contract; break;
    case ContractResult::none: break;
  }
}

}  // namespace

void DealStats::merge(const DealStats& other) { add_fields(fields<10>(*this), fields<10>(other)); }

DealStats random_deal_stats(const Ruleset& rules, std::uint64_t seed, std::uint64_t count_of_deals, unsigned threads,
                            const std::function<bool()>& stop) {
  const RandomDeals random(rules, seed);
  DealStats total;
  sample_in_chunks<DealStats>(
      count_of_deals, threads,
      [&](std::uint64_t begin, std::uint64_t end, DealStats& partial) {
        Deal deal;
        Outcome outcome;
        for (std::uint64_t i = begin; i < end; ++i) {
          random.make(i, deal, false);
          evaluate(rules, deal, outcome);
          count(outcome, partial);
        }
      },
      [&](DealStats& partial) { total.merge(partial); }, {}, stop);
  return total;
}

}  // namespace belote
