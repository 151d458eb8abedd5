// The generic evaluator, step by step as in the rule book.
#include "belote/evaluator.h"

namespace belote {

namespace {

// Steps 1-2, deal with hands: voiding carrés, each seat's announcements, the belote.
void read_hands(const Ruleset& rules, const Deal& deal, Outcome& out) {
  const RuleTables& t = rules.tables;
  for (Seat seat : kSeats) {
    const CardSet hand = deal.hands[seat];
    if (const RankMask voiding = four_of_a_kind(hand) & t.voiding_carres) {
      out.is_void = true;
      out.void_seat = seat;
      out.void_rank = Rank(std::countr_zero(voiding));
      return;
    }
  }
  for (Seat seat : kSeats) {
    const CardSet hand = deal.hands[seat];
    declare_hand(rules, hand, deal.trump, out.announcements[seat]);
    if ((suit_ranks(hand, deal.trump) & t.belote_ranks) == t.belote_ranks) out.belote_seat = seat;
  }
}

// Steps 1-2, deal as declared: the same, valuing each declaration by the ruleset.
void read_declared(const Ruleset& rules, const Deal& deal, Outcome& out) {
  const RuleTables& t = rules.tables;
  for (Seat seat : kSeats) {
    for (const Announcement& a : deal.declared[seat]) {
      if (a.carre && (t.voiding_carres >> a.top & 1)) {
        out.is_void = true;
        out.void_seat = seat;
        out.void_rank = a.top;
        return;
      }
    }
  }
  for (Seat seat : kSeats) {
    SeatAnnouncements& mine = out.announcements[seat];
    mine.clear();
    for (Announcement a : deal.declared[seat]) {
      a.points = a.carre ? t.carre_points[a.top] : t.sequence_points[a.length];
      if (a.points <= 0) continue;  // a carré worth nothing is not an announcement
      a.key = a.carre ? t.carre_keys[a.top] : t.sequence_keys[a.length][a.top] | (a.suit == deal.trump ? kTrumpBit : 0);
      mine.add(a);
    }
  }
  out.belote_seat = deal.belote_seat;
}

// Step 3: which team holds the strongest announcement, and what it scores.
void decide_announcements(const Ruleset& rules, const Deal& deal, Outcome& out) {
  if (deal.form == DealForm::team_points) {
    out.scored_announcements = deal.team_announcements;
    for (Team team : kTeams) {
      if (deal.team_announcements[team] > 0) {
        out.winner = team;
        out.win_reason = WinReason::given;
      }
    }
    return;
  }
  for (Team team : kTeams) {
    for (Seat seat : kSeats)
      if (team_of(seat) == team) out.best[team] = std::max(out.best[team], out.announcements[seat].best);
  }
  const StrengthKey ns = out.best[Team::NS];
  const StrengthKey ew = out.best[Team::EW];
  StrengthKey winning_key = 0;
  if (ns == 0 && ew == 0) {
    out.win_reason = WinReason::nobody_announced;
  } else if (ns == 0 || ew == 0) {
    out.win_reason = WinReason::uncontested;
    winning_key = std::max(ns, ew);
  } else if (ns != ew) {
    out.win_reason = WinReason::stronger;
    out.deciding_field = deciding_field(ns, ew);
    winning_key = std::max(ns, ew);
  } else if (rules.announcements.exact_tie == ExactTie::nobody) {
    out.win_reason = WinReason::tie_nobody;
  } else {
    out.win_reason = WinReason::tie_first_speaker;
    winning_key = ns;
  }
  if (winning_key == 0) return;

  // The holder: the first to speak among the seats holding the winning key.
  Seat seat = deal.first;
  for (int i = 0; i < 4; ++i, seat = next_in_play(seat)) {
    if (out.announcements[seat].best == winning_key) break;
  }
  out.best_holder = seat;
  const Team winner = team_of(seat);
  out.winner = winner;
  if (deal.result.tricks[winner] < rules.announcements.min_tricks) {
    out.lost_to_trick_rule = true;
    return;
  }
  for (Seat s : kSeats)
    if (team_of(s) == winner) out.scored_announcements[winner] += out.announcements[s].points;
}

// Step 4: card points, with the capot value for a team that took every trick.
void count_card_points(const Ruleset& rules, const Deal& deal, Outcome& out) {
  out.card_points = deal.result.points;
  for (Team team : kTeams) {
    if (deal.result.tricks[team] == rules.deck.hand_size) {
      out.capot = team;
      out.card_points[team] = rules.contract.capot_points;
      out.card_points[other(team)] = 0;
    }
  }
}

int total(const Outcome& out, Team team) {
  return out.card_points[team] + out.scored_announcements[team] + out.belote_points[team];
}

// Steps 5-8: the contract, then what each team writes on the sheet.
void score_contract(const Ruleset& rules, const Deal& deal, Outcome& out) {
  const ContractRules& c = rules.contract;
  const Team takers = team_of(deal.taker);
  const Team defenders = other(takers);
  for (Team team : kTeams) {
    out.contract_totals[team] = out.card_points[team] +
                                (c.counts_announcements ? out.scored_announcements[team] : 0) +
                                (c.counts_belote ? out.belote_points[team] : 0);
  }
  const int difference = out.contract_totals[takers] - out.contract_totals[defenders];
  out.contract_tied = difference == 0;
  if (difference > 0) out.contract = ContractResult::made;
  else if (difference < 0) out.contract = ContractResult::failed;
  else out.contract = c.on_tie == ContractTie::litige ? ContractResult::litige
                      : c.on_tie == ContractTie::made ? ContractResult::made
                                                      : ContractResult::failed;

  switch (out.contract) {
    case ContractResult::made:
      for (Team team : kTeams) out.score[team] = total(out, team);
      break;
    case ContractResult::failed: {
      out.score[defenders] = failed_card_points(rules, deal) + out.scored_announcements[defenders] +
                             out.belote_points[defenders];
      const Team announcements_to = c.failed_announcements == Beneficiary::takers ? takers : defenders;
      const Team belote_to = c.failed_belote == Beneficiary::takers ? takers : defenders;
      out.score[announcements_to] += out.scored_announcements[takers];
      out.score[belote_to] += out.belote_points[takers];
      break;
    }
    case ContractResult::litige:
      out.score[defenders] = total(out, defenders);
      out.suspended = total(out, takers);
      break;
    case ContractResult::none:
      break;
  }
}

}  // namespace

int failed_card_points(const Ruleset& rules, const Deal& deal) {
  // Rule book, step 7: "all the card points" are the deck's total, or the capot
  // value when the takers took no trick (even if they were capot themselves).
  const Team takers = team_of(deal.taker);
  return deal.result.tricks[takers] == 0 ? rules.contract.capot_points : rules.tables.total_card_points;
}

void evaluate(const Ruleset& rules, const Deal& deal, Outcome& out) {
  out.reset();
  switch (deal.form) {
    case DealForm::hands: read_hands(rules, deal, out); break;
    case DealForm::declared: read_declared(rules, deal, out); break;
    case DealForm::team_points: out.belote_seat = deal.belote_seat; break;
  }
  if (out.is_void) return;
  out.belote_team = out.belote_seat ? std::optional(team_of(*out.belote_seat)) : deal.belote_team;
  if (out.belote_team) out.belote_points[*out.belote_team] = rules.belote.points;

  decide_announcements(rules, deal, out);
  count_card_points(rules, deal, out);
  score_contract(rules, deal, out);
}

}  // namespace belote
