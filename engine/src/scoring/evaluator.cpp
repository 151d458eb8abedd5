// The generic evaluator, step by step as in the rule book.
#include "belote/evaluator.h"

#include "scoring/contract_scoring.h"

namespace belote {

namespace {

// Step 1 from the hands: a seat dealt a voiding carré annuls the deal. It is no
// announcement, so it voids a mène whether or not anything was said (a played
// mène's hands are known; a declared deal written without hands has none).
bool voided_by_hands(const Ruleset& rules, const Deal& deal, Outcome& out) {
  for (Seat seat : kSeats) {
    if (const RankMask voiding = four_of_a_kind(deal.hands[seat]) & rules.tables.voiding_carres) {
      out.is_void = true;
      out.void_seat = seat;
      out.void_rank = Rank(std::countr_zero(voiding));
      return true;
    }
  }
  return false;
}

// Steps 1-2, deal with hands: voiding carrés, each seat's announcements, the belote.
void read_hands(const Ruleset& rules, const Deal& deal, Outcome& out) {
  const RuleTables& t = rules.tables;
  if (voided_by_hands(rules, deal, out)) return;
  const KindTables& kind = t.kinds[deal.kind];
  const RankMask belote = kind.belote_ranks;
  for (Seat seat : kSeats) {
    const CardSet hand = deal.hands[seat];
    declare_hand(rules, hand, deal.kind, deal.trump, out.announcements[seat]);
    // The belote in the trump suit, the common case, without a call.
    out.belotes[seat] = kind.belote_suits == BeloteSuits::trump_suit
                            ? std::uint8_t((suit_ranks(hand, deal.trump) & belote) == belote)
                            : std::uint8_t(belotes_held(rules, hand, deal.kind, deal.trump));
  }
}

// Steps 1-2, deal as declared: the same, valuing each declaration by the ruleset.
void read_declared(const Ruleset& rules, const Deal& deal, Outcome& out) {
  const KindTables& t = rules.tables.kinds[deal.kind];
  if (rules.tables.voiding_carres && voided_by_hands(rules, deal, out)) return;
  for (Seat seat : kSeats) {
    for (const Announcement& a : deal.declared[seat]) {
      if (a.carre && (rules.tables.voiding_carres >> a.top & 1)) {
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
      a.key = a.carre ? t.carre_keys[a.top] : t.sequence_keys[a.length][a.top] | (a.suit == deal.trump ? t.trump_bit : 0);
      a.contest = a.carre ? t.carre_contest[a.top] : t.sequence_contest[a.length];
      mine.add(a);
    }
  }
  out.belotes = deal.belotes;
}

// Step 3 for one contest: which team holds its strongest announcement, and what each scores.
void decide_contest(const Ruleset& rules, const Deal& deal, const Outcome& out, int c, ContestOutcome& contest) {
  const AnnouncementRules& a = rules.announcements;
  for (Seat seat : kSeats)
    contest.best[team_of(seat)] = std::max(contest.best[team_of(seat)], out.announcements[seat].contest_best[c]);
  const StrengthKey ns = contest.best[Team::NS];
  const StrengthKey ew = contest.best[Team::EW];
  StrengthKey winning_key = 0;
  // The first speaker settles equal keys when the comparison or the tie rule says so.
  const bool speaker_decides = !a.compare.empty() && a.compare.back() == Criterion::first_speaker;
  if (ns == 0 && ew == 0) {
    contest.win_reason = WinReason::nobody_announced;
  } else if (ns == 0 || ew == 0) {
    contest.win_reason = WinReason::uncontested;
    winning_key = std::max(ns, ew);
  } else if (ns != ew) {
    contest.win_reason = WinReason::stronger;
    contest.deciding = rules.tables.layout.deciding(ns, ew);
    winning_key = std::max(ns, ew);
  } else if (speaker_decides) {
    contest.win_reason = WinReason::stronger;
    contest.deciding = Criterion::first_speaker;
    winning_key = ns;
  } else if (a.exact_tie == ExactTie::first_speaker) {
    contest.win_reason = WinReason::tie_first_speaker;
    winning_key = ns;
  } else if (a.exact_tie == ExactTie::both) {
    contest.win_reason = WinReason::tie_both;
  } else {
    contest.win_reason = WinReason::tie_nobody;
  }
  const auto own_points = [&](Team team) {
    int points = 0;
    for (Seat s : kSeats)
      if (team_of(s) == team) points += out.announcements[s].contest_points[c];
    return points;
  };
  if (contest.win_reason == WinReason::tie_both) {
    for (Team team : kTeams)
      if (deal.result.tricks[team] >= a.min_tricks) contest.scored[team] = own_points(team);
    return;
  }
  if (winning_key == 0) return;

  // The holder: the first to speak among the seats holding the winning key.
  Seat seat = deal.first;
  for (int i = 0; i < 4; ++i, seat = next_in_play(seat)) {
    if (out.announcements[seat].contest_best[c] == winning_key) break;
  }
  contest.best_holder = seat;
  const Team winner = team_of(seat);
  contest.winner = winner;
  if (deal.result.tricks[winner] < a.min_tricks) {
    contest.lost_to_trick_rule = true;
    return;
  }
  contest.scored[winner] = own_points(winner);
}

// Step 3: each contest decided; the deal's winner is the winner of the contest
// holding the strongest announcement (with one contest, simply its winner).
void decide_announcements(const Ruleset& rules, const Deal& deal, Outcome& out) {
  if (deal.form == DealForm::team_points) {
    out.scored_announcements = deal.team_announcements;
    // The sheet says who scores; when both teams do (separate contests), neither is the winner.
    const bool both = deal.team_announcements[Team::NS] > 0 && deal.team_announcements[Team::EW] > 0;
    for (Team team : kTeams) {
      if (deal.team_announcements[team] > 0 && !both) out.winner = team;
      if (deal.team_announcements[team] > 0) out.win_reason = WinReason::given;
    }
    return;
  }
  const int contests = int(rules.announcements.contests.size());
  out.contest_count = std::uint8_t(contests);
  StrengthKey strongest = 0;
  for (int c = 0; c < contests; ++c) {
    ContestOutcome& contest = out.contests[std::size_t(c)];
    contest = ContestOutcome{};
    decide_contest(rules, deal, out, c, contest);
    for (Team team : kTeams) out.scored_announcements[team] += contest.scored[team];
    const StrengthKey top = std::max(contest.best[Team::NS], contest.best[Team::EW]);
    if (c == 0 || top > strongest) {
      strongest = top;
      out.main_contest = std::uint8_t(c);
    }
  }
  const ContestOutcome& main = out.contests[out.main_contest];
  out.winner = main.winner;
  out.win_reason = main.win_reason;
  out.deciding = main.deciding;
  out.best_holder = main.best_holder;
  out.best = main.best;
  out.lost_to_trick_rule = main.lost_to_trick_rule;
}

// Step 4: card points, with the capot value for a team that took every trick;
// the roem of the tricks, with the pit for that team.
void count_card_points(const Ruleset& rules, const Deal& deal, Outcome& out) {
  out.card_points = deal.result.points;
  out.roem = deal.result.roem;
  for (Team team : kTeams) {
    if (deal.result.tricks[team] == rules.deck.hand_size) {
      out.capot = team;
      out.card_points[team] = rules.tables.kinds[deal.kind].capot_points;
      out.card_points[other(team)] = 0;
      out.pit = rules.roem.pit > 0;
      out.roem[team] += rules.roem.pit;
    }
  }
}

}  // namespace

void decide_declared_contests(const Ruleset& rules, const Deal& deal, Outcome& out) {
  out.reset();
  read_declared(rules, deal, out);
  if (!out.is_void) decide_announcements(rules, deal, out);
}

int failed_card_points(const Ruleset& rules, const Deal& deal) {
  // Rule book, step 7: "all the card points" are the deck's total, or the capot
  // value when the takers took no trick (even if they were capot themselves).
  const Team takers = team_of(deal.taker);
  const KindTables& kind = rules.tables.kinds[deal.kind];
  return deal.result.tricks[takers] == 0 ? kind.capot_points : kind.total_card_points;
}

void evaluate(const Ruleset& rules, const Deal& deal, Outcome& out) {
  out.reset();
  switch (deal.form) {
    case DealForm::hands: read_hands(rules, deal, out); break;
    case DealForm::declared: read_declared(rules, deal, out); break;
    case DealForm::team_points: out.belotes = deal.belotes; break;
  }
  if (out.is_void) {
    out.held_in = deal.held_over;
    out.suspended = deal.held_over;  // a void deal holds them over again
    return;
  }
  int belotes = 0;
  for (Seat seat : kSeats) {
    belotes += out.belotes[seat];
    out.belote_points[team_of(seat)] += out.belotes[seat] * rules.belote.points;
    if (out.belotes[seat]) out.belote_seat = seat;
  }
  if (belotes != 1) out.belote_seat.reset();
  out.belote_team = out.belote_seat ? std::optional(team_of(*out.belote_seat)) : deal.belote_team;
  if (deal.form == DealForm::team_points && deal.belote_team) out.belote_points[*deal.belote_team] += rules.belote.points;
  if (rules.belote.points == 0) {  // a belote worth nothing is not held by anyone
    out.belotes = {};
    out.belote_seat.reset();
    out.belote_team.reset();
  }

  decide_announcements(rules, deal, out);
  count_card_points(rules, deal, out);
  score_contract(rules, deal, out);
}

}  // namespace belote
