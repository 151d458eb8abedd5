// Where a team's belote is written: with the classic rules, by its holders
// unless failed takers give it away (contract.failed_belote) or a litige
// holds it over; with [scoring] tables, by whichever side's terms count it.
#include "belote/evaluator.h"

#include <algorithm>

#include "explanation/narrator.h"
#include "scoring/contract_scoring.h"

namespace belote {

namespace {

using W = ScoringTerm::What;

// Whether `terms`, written for `side`, count a belote held by `holder`.
bool counts_belote(const std::vector<ScoringTerm>& terms, Team side, Team holder) {
  return std::any_of(terms.begin(), terms.end(), [&](const ScoringTerm& term) {
    if (term.what == W::all || term.what == W::all_belote) return true;
    return side == holder && (term.what == W::own || term.what == W::own_belote);
  });
}

}  // namespace

Narrator::BeloteFate Narrator::belote_fate(Team holder) const {
  const Team takers = team_of(deal.taker);
  const std::optional<std::string_view> table = scoring_table();
  if (!table) {
    if (holder != takers) return {};
    if (out.contract == ContractResult::failed && rules.contract.failed_belote == Beneficiary::defenders)
      return {BeloteFate::to_other, "", ""};
    if (out.contract == ContractResult::litige) return {BeloteFate::held_over, "", ""};
    return {};
  }
  const ResultScoring& terms = rules.scoring.of(scored_result(out.contract, out.factor > 1));
  const auto side_name = [&](Team side) -> std::string_view { return side == takers ? "takers" : "defenders"; };
  const auto terms_of = [&](Team side) -> const std::vector<ScoringTerm>& { return side == takers ? terms.takers : terms.defenders; };
  if (counts_belote(terms_of(holder), holder, holder)) return {};
  if (counts_belote(terms_of(other(holder)), other(holder), holder)) return {BeloteFate::to_other, *table, side_name(other(holder))};
  if (out.contract == ContractResult::litige && counts_belote(terms.held, takers, holder))
    return {BeloteFate::held_over, *table, "held"};
  return {BeloteFate::nobody, *table, side_name(holder)};
}

void Narrator::put_belote_fate(Team holder, const BeloteFate& fate) {
  if (fate.table.empty()) {
    if (fate.where == BeloteFate::to_other)
      put(FMT_COMPILE("the failed takers give their {} to the defenders {} (contract.failed_belote)"), belote_name(),
          name(other(holder)));
    else if (fate.where == BeloteFate::held_over)
      put(FMT_COMPILE("the takers' {} is held over with their points in the litige (contract.on_tie)"), belote_name());
    return;
  }
  switch (fate.where) {
    case BeloteFate::stays: return;
    case BeloteFate::to_other:
      put(FMT_COMPILE("{} do not write their {}: it counts in what {} write (scoring.{}.{})"), name(holder), belote_name(),
          name(other(holder)), fate.table, fate.side);
      return;
    case BeloteFate::held_over:
      put(FMT_COMPILE("{}'s {} is held over (scoring.{}.held)"), name(holder), belote_name(), fate.table);
      return;
    case BeloteFate::nobody:
      put(FMT_COMPILE("nobody writes {}'s {} (scoring.{}.{})"), name(holder), belote_name(), fate.table, fate.side);
      return;
  }
}

void Narrator::put_belote_goes_to(Team team) {
  const BeloteFate fate = belote_fate(team);
  if (fate.where != BeloteFate::stays) {
    put_words("; ");
    put_belote_fate(team, fate);
  } else {
    put(FMT_COMPILE(" to {}, whatever happens to the announcements"), name(team));
  }
}

}  // namespace belote
