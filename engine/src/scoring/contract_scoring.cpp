#include "scoring/contract_scoring.h"

#include "scoring/rounding.h"

namespace belote {

namespace {

int own(const Outcome& out, Team team) {
  return out.card_points[team] + out.scored_announcements[team] + out.belote_points[team] + out.roem[team];
}

// Step 5: the test the takers face.
ContractResult decide(const Ruleset& rules, const Deal& deal, Outcome& out) {
  const ContractRules& c = rules.contract;
  const Team takers = team_of(deal.taker);
  const Team defenders = other(takers);
  if (c.test == ContractTest::none) return ContractResult::no_contract;
  if (deal.result.tricks[takers] < c.min_tricks) return ContractResult::failed;
  if (deal.named_bid >= 0) {
    // A bid of every trick is made by its trick condition, whatever the points.
    switch (rules.bids.named[std::size_t(deal.named_bid)].needs) {
      case BidNeeds::every_trick:
        return deal.result.tricks[takers] == rules.deck.hand_size ? ContractResult::made : ContractResult::failed;
      case BidNeeds::taker_every_trick:
        return deal.result.seat_tricks[deal.taker] == rules.deck.hand_size ? ContractResult::made : ContractResult::failed;
      case BidNeeds::points:
        break;
    }
  }
  const int mine = out.contract_totals[takers];
  const int theirs = out.contract_totals[defenders];
  switch (c.test) {
    case ContractTest::more_than_defenders:
      out.contract_tied = mine == theirs;
      if (mine != theirs) return mine > theirs ? ContractResult::made : ContractResult::failed;
      return c.on_tie == ContractTie::litige ? ContractResult::litige
             : c.on_tie == ContractTie::made ? ContractResult::made
                                             : ContractResult::failed;
    case ContractTest::reach_bid:
      return mine >= deal.bid ? ContractResult::made : ContractResult::failed;
    case ContractTest::reach_bid_not_below_defenders:
      return mine >= deal.bid && mine >= theirs ? ContractResult::made : ContractResult::failed;
    case ContractTest::none:
      break;
  }
  return ContractResult::no_contract;
}

int sum(const std::vector<ScoringTerm>& terms, Team side, const Outcome& out, const Deal& deal, const Ruleset& rules) {
  int total = 0;
  for (const ScoringTerm& term : terms) total += term_value(term, side, out, deal, rules);
  return total;
}

// Who receives the points held over from earlier deals: nobody after a tie.
std::optional<Team> held_receiver(const Ruleset& rules, const Deal& deal, const Outcome& out) {
  const Team takers = team_of(deal.taker);
  switch (rules.contract.held_over_to) {
    case HeldOverTo::contract_winner:
      if (out.contract == ContractResult::made) return takers;
      if (out.contract == ContractResult::failed) return other(takers);
      return std::nullopt;
    case HeldOverTo::higher_score:
      // More points before rounding: two sides may round to the same tens.
      if (out.contract == ContractResult::litige || out.written_raw[Team::NS] == out.written_raw[Team::EW]) return std::nullopt;
      return out.written_raw[Team::NS] > out.written_raw[Team::EW] ? Team::NS : Team::EW;
  }
  return std::nullopt;
}

}  // namespace

ScoredResult scored_result(ContractResult result, bool doubled) {
  const ScoredResult undoubled = result == ContractResult::failed   ? ScoredResult::failed
                                 : result == ContractResult::litige ? ScoredResult::tied
                                                                    : ScoredResult::made;
  return doubled ? ScoredResult(int(undoubled) + 3) : undoubled;
}

int term_value(const ScoringTerm& term, Team side, const Outcome& out, const Deal& deal, const Ruleset& rules) {
  using W = ScoringTerm::What;
  const Team them = other(side);
  const bool side_capot = out.capot == side;
  int value = 0;
  switch (term.what) {
    case W::own: value = own(out, side); break;
    case W::own_cards: value = out.card_points[side]; break;
    case W::own_announcements: value = out.scored_announcements[side]; break;
    case W::own_belote: value = out.belote_points[side]; break;
    case W::all: value = own(out, side) + own(out, them); break;
    case W::all_cards: {
      const KindTables& kind = rules.tables.kinds[deal.kind];
      value = side_capot ? kind.capot_points : kind.total_card_points;
      break;
    }
    case W::all_announcements: value = out.scored_announcements[side] + out.scored_announcements[them]; break;
    case W::all_belote: value = out.belote_points[side] + out.belote_points[them]; break;
    case W::own_roem: value = out.roem[side]; break;
    case W::all_roem: value = out.roem[side] + out.roem[them]; break;
    case W::bid: value = out.contract_value; break;
    case W::fixed: value = side_capot && term.capot >= 0 ? term.capot : term.fixed; break;
  }
  return term.times_factor ? value * out.factor : value;
}

void score_contract(const Ruleset& rules, const Deal& deal, Outcome& out) {
  const ContractRules& c = rules.contract;
  const ContractKind& kind = rules.kinds[deal.kind];
  const Team takers = team_of(deal.taker);
  const Team defenders = other(takers);
  for (Team team : kTeams) {
    out.contract_totals[team] = out.card_points[team] +
                                (c.counts_announcements ? out.scored_announcements[team] : 0) +
                                (c.counts_belote ? out.belote_points[team] : 0) + (c.counts_roem ? out.roem[team] : 0);
  }
  out.factor = deal.doubling ? rules.doubling[deal.doubling - 1u].factor : 1;
  out.contract_value = deal.bid * kind.bid_multiplier;
  out.contract = decide(rules, deal, out);

  // Steps 6-8: the terms of the result, the kind's multiplier, rounding, units.
  if (deal.result.revoke && rules.play.revoke.given) {
    // A revoke ([play.revoke]): the team that revoked loses the contract, and each side writes the rule's terms.
    const Team offenders = team_of(*deal.result.revoke);
    if (out.contract != ContractResult::no_contract) out.contract = offenders == takers ? ContractResult::failed : ContractResult::made;
    out.contract_tied = false;
    out.written_raw[offenders] = sum(rules.play.revoke.offenders, offenders, out, deal, rules) * kind.score_multiplier;
    out.written_raw[other(offenders)] = sum(rules.play.revoke.others, other(offenders), out, deal, rules) * kind.score_multiplier;
    out.held_raw = 0;
  } else {
    const ResultScoring& terms = rules.scoring.of(scored_result(out.contract, out.factor > 1));
    out.written_raw[takers] = sum(terms.takers, takers, out, deal, rules) * kind.score_multiplier;
    out.written_raw[defenders] = sum(terms.defenders, defenders, out, deal, rules) * kind.score_multiplier;
    out.held_raw = out.contract == ContractResult::litige ? sum(terms.held, takers, out, deal, rules) * kind.score_multiplier : 0;
  }
  const Amounts raw{out.written_raw[takers], out.written_raw[defenders], out.held_raw};
  const Amounts rounded = rules.rounding.step > 1 ? round_amounts(rules.rounding, kind.rounding_up_from, raw) : raw;
  out.rounded[takers] = rounded.takers;
  out.rounded[defenders] = rounded.defenders;
  out.held_rounded = rounded.held;
  const int unit = rules.rounding.unit;
  for (Team team : kTeams) {
    int written = unit == 1 ? out.rounded[team] : out.rounded[team] / unit;
    // Some tables write a doubled deal as an even count of units.
    if (out.factor > 1 && kind.doubled_even && (written & 1)) written += kind.doubled_even;
    out.score[team] = written;
  }
  out.suspended = unit == 1 ? out.held_rounded : out.held_rounded / unit;

  // Points held over from earlier deals go to this deal's winner, or wait again.
  out.held_in = deal.held_over;
  out.held_to = held_receiver(rules, deal, out);
  if (out.held_to) out.score[*out.held_to] += deal.held_over;
  else out.suspended += deal.held_over;
}

}  // namespace belote
