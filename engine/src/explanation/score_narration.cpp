// The explanation's steps about the contract and the score: whether the
// takers made it, what each team writes, and how it is rounded.
#include "belote/evaluator.h"

#include "scoring/contract_scoring.h"
#include "explanation/narrator.h"
#include "scoring/rounding.h"

namespace belote {

void Narrator::put_bid() {
  if (deal.named_bid >= 0) {
    const NamedBid& bid = rules.bids.named[std::size_t(deal.named_bid)];
    put(FMT_COMPILE("{} ({})"), bid.name, bid.value);
  } else {
    put(FMT_COMPILE("{}"), deal.bid);
  }
}

// "On card points + announcements + belote (contract.basis)"
void Narrator::put_basis() {
  const ContractRules& c = rules.contract;
  put(FMT_COMPILE("On card points{}{}{}{} (contract.basis)"), c.counts_announcements ? " + announcements" : "",
      c.counts_belote ? " + " : "", c.counts_belote ? belote_name() : "", c.counts_roem ? " + roem" : "");
}

void Narrator::contract() {
  if (revoke()) return;
  const Team takers = team_of(deal.taker);
  const Team defenders = other(takers);
  const ContractRules& c = rules.contract;
  if (out.contract == ContractResult::no_contract) {
    write(StepKind::contract,
          FMT_COMPILE("{} chose the trump (taker {}); there is no contract to make or fail "
                      "(contract.test = none)."),
          name(takers), name(deal.taker));
    return;
  }
  // Who took the contract, at what bid and doubling: the start of the step.
  put(FMT_COMPILE("{} took the contract (taker {})"), name(takers), name(deal.taker));
  if (rules.bids.any()) {
    put_words(" at ");
    put_bid();
    if (kind().bid_multiplier > 1)
      put(FMT_COMPILE(", worth {} in {} ({})"), out.contract_value, kind().name, kind_key("bid_multiplier"));
  }
  if (deal.doubling) {
    const DoublingLevel& level = rules.doubling[deal.doubling - 1u];
    put(FMT_COMPILE(", {} ×{} (doubling.levels)"), level.name, level.factor);
  }
  if (deal.result.tricks[takers] < c.min_tricks) {
    write(StepKind::contract,
          FMT_COMPILE(". They took {} trick{}, fewer than the {} the takers need (contract.min_tricks): "
                      "failed."),
          deal.result.tricks[takers], plural(deal.result.tricks[takers]), c.min_tricks);
    return;
  }
  if (deal.named_bid >= 0) {
    const NamedBid& bid = rules.bids.named[std::size_t(deal.named_bid)];
    if (bid.needs != BidNeeds::points) {
      const bool alone = bid.needs == BidNeeds::taker_every_trick;
      write(StepKind::contract, FMT_COMPILE(". {} needs every trick {} (bids.named.{}.needs): {}, {}."), bid.name,
            alone ? "to the taker alone" : "to the takers", bid.name, contract_name(out.contract),
            out.contract == ContractResult::made ? "they did" : "they did not");
      return;
    }
  }
  if (c.test == ContractTest::none) {
    text.clear();  // no test: no step
    return;
  }
  put_words(". ");
  put_basis();
  const int mine = out.contract_totals[takers];
  const int theirs = out.contract_totals[defenders];
  switch (c.test) {
    case ContractTest::more_than_defenders:
      put(FMT_COMPILE(": {} {} against {} {}, "), name(takers), mine, name(defenders), theirs);
      if (!out.contract_tied)
        put_words(out.contract == ContractResult::made ? "made: more than the defenders" : "failed: less than the defenders");
      else if (out.contract == ContractResult::litige)
        put_words("an exact tie: litige (contract.on_tie)");
      else
        put(FMT_COMPILE("an exact tie, which counts as {} (contract.on_tie)"), contract_name(out.contract));
      add(StepKind::contract, ".");
      break;
    case ContractTest::reach_bid:
      write(StepKind::contract, FMT_COMPILE(": {} {} against the bid {}, {} (contract.test = reach-bid)."), name(takers), mine,
            deal.bid, out.contract == ContractResult::made ? "made: at least the bid" : "failed: short of the bid");
      break;
    case ContractTest::reach_bid_not_below_defenders:
      write(StepKind::contract,
            FMT_COMPILE(": {} {} against the bid {} and {} {}, {} (contract.test = reach-bid-not-below-defenders)."),
            name(takers), mine, deal.bid, name(defenders), theirs,
            out.contract == ContractResult::made ? "made: at least the bid, and not below the defenders"
            : mine < deal.bid                    ? "failed: short of the bid"
                                                 : "failed: below the defenders");
      break;
    case ContractTest::none:
      break;
  }
}

// "71 + 20 belote = 91", or just "81" when there is nothing to add.
void Narrator::put_sum(Team team) {
  const int total = out.card_points[team] + out.scored_announcements[team] + out.belote_points[team] + out.roem[team];
  put(FMT_COMPILE("{}"), out.card_points[team]);
  if (out.scored_announcements[team]) put(FMT_COMPILE(" + {} announcements"), out.scored_announcements[team]);
  if (out.belote_points[team]) put(FMT_COMPILE(" + {} {}"), out.belote_points[team], belote_name());
  if (out.roem[team]) put(FMT_COMPILE(" + {} roem"), out.roem[team]);
  if (total != out.card_points[team]) put(FMT_COMPILE(" = {}"), total);
}

void Narrator::classic_score() {
  const Team takers = team_of(deal.taker);
  const Team defenders = other(takers);
  switch (out.contract) {
    case ContractResult::no_contract:
    case ContractResult::made:
      put_words("Each team scores its own: NS ");
      put_sum(Team::NS);
      put_words(", EW ");
      put_sum(Team::EW);
      add(StepKind::score, ".");
      break;
    case ContractResult::failed: {
      put(FMT_COMPILE("The defenders {} score all the card points ({})"), name(defenders), failed_card_points(rules, deal));
      if (out.scored_announcements[defenders]) put(FMT_COMPILE(" + their announcements {}"), out.scored_announcements[defenders]);
      if (out.belote_points[defenders]) put(FMT_COMPILE(" + their {} {}"), belote_name(), out.belote_points[defenders]);
      put_words(".");
      const auto share = [&](int points, Beneficiary who, std::string_view what, std::string_view key) {
        if (!points) return;
        if (who == Beneficiary::takers)
          put(FMT_COMPILE(" The takers keep their {} ({}; {})."), what, points, key);
        else
          put(FMT_COMPILE(" The takers' {} ({}) go to the defenders ({})."), what, points, key);
      };
      share(out.scored_announcements[takers], rules.contract.failed_announcements, "announcements", "contract.failed_announcements");
      share(out.belote_points[takers], rules.contract.failed_belote, belote_name(), "contract.failed_belote");
      // What each side writes here; the kind's multiplier, rounding, units and held-over points follow in their own steps.
      write(StepKind::score, FMT_COMPILE(" NS {}, EW {}."), written(Team::NS), written(Team::EW));
      break;
    }
    case ContractResult::litige:
      put(FMT_COMPILE("Litige: the defenders {} score {} now; the takers' points ("), name(defenders), written(defenders));
      put_sum(takers);
      add(StepKind::score, ") are held over for the winner of the next mène.");
      break;
    case ContractResult::none:
      break;
  }
}

void Narrator::put_term(const ScoringTerm& term, Team side) {
  using W = ScoringTerm::What;
  const int value = term_value(term, side, out, deal, rules) / (term.times_factor ? out.factor : 1);
  switch (term.what) {
    case W::own: put(FMT_COMPILE("their total {}"), value); return;
    case W::own_cards: put(FMT_COMPILE("their card points {}"), value); return;
    case W::own_announcements: put(FMT_COMPILE("their announcements {}"), value); return;
    case W::own_belote: put(FMT_COMPILE("their {} {}"), belote_name(), value); return;
    case W::all: put(FMT_COMPILE("both teams' totals {}"), value); return;
    case W::all_cards: put(FMT_COMPILE("all the card points {}"), value); return;
    case W::all_announcements: put(FMT_COMPILE("every scored announcement {}"), value); return;
    case W::all_belote: put(FMT_COMPILE("every {} {}"), belote_name(), value); return;
    case W::own_roem: put(FMT_COMPILE("their roem {}"), value); return;
    case W::all_roem: put(FMT_COMPILE("all the roem {}"), value); return;
    case W::bid: put(FMT_COMPILE("the contract {}"), value); return;
    case W::fixed: put(FMT_COMPILE("{}{}"), value, out.capot == side && term.capot >= 0 ? " (capot)" : ""); return;
  }
}

// "their total 102 + the contract 100 = 202", a times_factor group in parentheses.
void Narrator::put_terms(const std::vector<ScoringTerm>& terms, Team side, int total) {
  // Terms worth nothing are left out (a belote nobody holds), unless nothing else is written.
  // Undoubled, a times_factor group is written as plain terms: "× 1" says nothing.
  const auto written = [&](const ScoringTerm& term, bool times_factor) {
    return (term.times_factor && out.factor > 1) == times_factor && term_value(term, side, out, deal, rules) != 0;
  };
  int plain = 0;
  int doubled = 0;
  for (const ScoringTerm& term : terms) {
    plain += written(term, false);
    doubled += written(term, true);
  }
  if (plain == 0 && doubled == 0) {
    put_words("nothing");
    return;
  }
  std::string_view separator;
  for (const ScoringTerm& term : terms) {
    if (!written(term, false)) continue;
    put_words(separator);
    put_term(term, side);
    separator = " + ";
  }
  if (doubled) {
    put(FMT_COMPILE("{}("), separator);
    separator = "";
    for (const ScoringTerm& term : terms) {
      if (!written(term, true)) continue;
      put_words(separator);
      put_term(term, side);
      separator = " + ";
    }
    put(FMT_COMPILE(") × {}"), out.factor);
  }
  if (plain != 1 || doubled) put(FMT_COMPILE(" = {}"), total);
}

void Narrator::score() {
  const ScoredResult result = scored_result(out.contract, out.factor > 1);
  const ResultScoring& terms = rules.scoring.of(result);
  const std::optional<std::string_view> table = scoring_table();
  if (deal.result.revoke && rules.play.revoke.given) {
    const Team offenders = team_of(*deal.result.revoke);
    const int multiplier = kind().score_multiplier;
    put(FMT_COMPILE("The team that revoked, {}, writes "), name(offenders));
    put_terms(rules.play.revoke.offenders, offenders, out.written_raw[offenders] / multiplier);
    put(FMT_COMPILE(" (play.revoke.offenders); {} write "), name(other(offenders)));
    put_terms(rules.play.revoke.others, other(offenders), out.written_raw[other(offenders)] / multiplier);
    add(StepKind::score, " (play.revoke.others).");
  } else if (!table) {
    classic_score();
  } else {
    const Team takers = team_of(deal.taker);
    const Team defenders = other(takers);
    const int multiplier = kind().score_multiplier;
    put(FMT_COMPILE("The takers {} write "), name(takers));
    put_terms(terms.takers, takers, out.written_raw[takers] / multiplier);
    put(FMT_COMPILE(" (scoring.{}.takers); the defenders {} write "), *table, name(defenders));
    put_terms(terms.defenders, defenders, out.written_raw[defenders] / multiplier);
    put(FMT_COMPILE(" (scoring.{}.defenders)."), *table);
    if (out.contract == ContractResult::litige) {
      put_words(" Held over: ");
      put_terms(terms.held, takers, out.held_raw / multiplier);
      put(FMT_COMPILE(" (scoring.{}.held)."), *table);
    }
    end_step(StepKind::score);
  }
  if (kind().score_multiplier > 1) {
    put(FMT_COMPILE("{} counts ×{} ({}): NS {}, EW {}"), kind().name, kind().score_multiplier, kind_key("score_multiplier"),
        out.written_raw[Team::NS], out.written_raw[Team::EW]);
    if (out.held_raw) put(FMT_COMPILE(", held over {}"), out.held_raw);
    add(StepKind::score, ".");
  }
  rounding();
  held_over();
}

namespace {

// A rounding threshold for a person: "5 up", or what a threshold at either end
// means ("always down" where it is the step itself).
std::string threshold_words(int up_from, int step) {
  if (up_from >= step) return "always down";
  if (up_from <= 1) return "any remainder up";
  return fmt::format(FMT_COMPILE("{} up"), up_from);
}

}  // namespace

// How the amounts were rounded: "each side on its own, 5 up (rounding.up_from)"...
void Narrator::put_rounding_path(const RoundingRules& r) {
  const bool own_threshold = kind().given.has(KindKey::rounding_up_from);
  const KeyText threshold_key = key_of(own_threshold, "rounding_up_from", "rounding.up_from");
  const Team takers = team_of(deal.taker);
  const Amounts path = round_amounts(r, kind().rounding_up_from, Amounts{out.written_raw[takers], out.written_raw[other(takers)], out.held_raw});
  switch (path.path) {
    case RoundingPath::each:
      put(FMT_COMPILE("each side on its own, {} ({})"), threshold_words(kind().rounding_up_from, r.step), threshold_key);
      break;
    case RoundingPath::lone:
      put(FMT_COMPILE("written alone, to {} {} ({}, rounding.up_from)"),
          2 * r.up_from == r.step || 2 * r.up_from == r.step + 1 ? "the nearest" : "a multiple of", r.step,
          threshold_words(r.up_from, r.step));
      break;
    case RoundingPath::equal:
      put(FMT_COMPILE("equal amounts, each on its own (rounding.sides = leader), {} ({})"),
          threshold_words(kind().rounding_up_from, r.step), threshold_key);
      break;
    case RoundingPath::leader:
    case RoundingPath::leader_kept_nonzero:
      put(FMT_COMPILE("the leader rounds {} ({}), the other takes the rest of the deal's total rounded to the nearest {} "
                      "(rounding.sides = leader)"),
          threshold_words(kind().rounding_up_from, r.step), threshold_key, r.step);
      if (path.path == RoundingPath::leader_kept_nonzero)
        put(FMT_COMPILE(", never to nothing: one {} from the leader (rounding.keep_nonzero)"), r.step);
      break;
  }
}

void Narrator::rounding() {
  const RoundingRules& r = rules.rounding;
  if (r.step > 1 && (out.rounded != out.written_raw || out.held_rounded != out.held_raw)) {
    put(FMT_COMPILE("Rounded to a multiple of {} (rounding.step), "), r.step);
    put_rounding_path(r);
    put_words(": ");
    std::string_view separator;
    for (Team team : kTeams) {
      if (out.rounded[team] == out.written_raw[team]) continue;
      put(FMT_COMPILE("{}{} {} {} {}"), separator, name(team), out.written_raw[team], arrow(), out.rounded[team]);
      separator = ", ";
    }
    if (out.held_rounded != out.held_raw) put(FMT_COMPILE("{}held over {} {} {}"), separator, out.held_raw, arrow(), out.held_rounded);
    add(StepKind::score, ".");
  }
  if (r.unit > 1) {
    put(FMT_COMPILE("The sheet counts in units of {} (rounding.unit): NS {}, EW {}"), r.unit, out.rounded[Team::NS] / r.unit,
        out.rounded[Team::EW] / r.unit);
    if (out.held_rounded) put(FMT_COMPILE(", held over {}"), out.held_rounded / r.unit);
    add(StepKind::score, ".");
  }
  if (out.factor > 1 && kind().doubled_even) {
    for (Team team : kTeams) {
      const int before = out.rounded[team] / r.unit;
      const int after = out.score[team] - (out.held_to == team ? out.held_in : 0);
      if (before != after)
        write(StepKind::score, FMT_COMPILE("A doubled deal is written as an even number ({} = \"{}\"): {} {} {} {}."),
              kind_key("doubled_even"), kind().doubled_even > 0 ? "up" : "down", name(team), before, arrow(), after);
    }
  }
}

void Narrator::held_over() {
  if (out.held_in == 0) return;
  // Held-over amounts are in the sheet's units: say which when they are not points.
  const int unit = rules.rounding.unit;
  if (unit == 1) put(FMT_COMPILE("The {} point{} held over"), out.held_in, plural(out.held_in));
  else put(FMT_COMPILE("The {} unit{} of {} (rounding.unit) held over"), out.held_in, plural(out.held_in), unit);
  if (out.held_to)
    write(StepKind::score, FMT_COMPILE(" from earlier deals go to {} (contract.held_over_to): NS {}, EW {}."), name(*out.held_to),
          out.score[Team::NS], out.score[Team::EW]);
  else if (out.is_void)  // told with the void deal: nobody writes anything
    add(StepKind::void_deal, " from earlier deals wait for the next deal.");
  else
    write(StepKind::score, FMT_COMPILE(" from earlier deals wait again, with this deal's: {} held over."), out.suspended);
}

// The [scoring] table that decided what each side writes: the result's own,
// or the undoubled one a doubled result falls back to; none for the classic rules.
std::optional<std::string_view> Narrator::scoring_table() const {
  static constexpr std::array<std::string_view, kScoredResults> names{"made", "failed", "tied",
                                                                      "made-doubled", "failed-doubled", "tied-doubled"};
  const auto result = std::size_t(scored_result(out.contract, out.factor > 1));
  if (rules.scoring.given[result]) return names[result];
  if (result >= 3 && rules.scoring.given[result - 3]) return names[result - 3];
  return std::nullopt;
}

int Narrator::written(Team team) const { return out.written_raw[team] / kind().score_multiplier; }

}  // namespace belote
