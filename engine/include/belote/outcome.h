// What scoring a deal gives: the sheet's numbers and the facts behind them.
#pragma once

#include <cstring>
#include <optional>
#include <type_traits>

#include "belote/announcement.h"
#include "belote/rule_tables.h"
#include "belote/ruleset.h"
#include "belote/seat.h"

namespace belote {

/// What became of the contract: `none` for a void deal, `no_contract` where the ruleset has none.
enum class ContractResult : std::uint8_t { none, made, failed, litige, no_contract };

/// Why the winner of a contest of announcements is who it is.
enum class WinReason : std::uint8_t {
  nobody_announced,
  uncontested,        ///< only one team announced
  stronger,           ///< decided by `deciding_field`
  tie_nobody,         ///< exact tie, and the ruleset gives it to nobody
  tie_first_speaker,  ///< exact tie, won by the first of the holders to speak
  tie_both,           ///< exact tie, and the ruleset lets both teams score their own
  given,              ///< team_points deals: the sheet says who scores
};

/// One contest of announcements (a ruleset has one, or one per group of announcements).
struct ContestOutcome {
  std::optional<Team> winner;  ///< team holding the contest's strongest announcement
  WinReason win_reason = WinReason::nobody_announced;
  /// The criterion of announcements.compare that told the teams' best apart.
  std::optional<Criterion> deciding;
  std::optional<Seat> best_holder;  ///< the seat holding the winning announcement
  PerTeam<StrengthKey> best;        ///< each team's strongest announcement in the contest
  bool lost_to_trick_rule = false;  ///< the winner took too few tricks to score
  PerTeam<int> scored;              ///< what each team scores in this contest
};

/// Everything an outcome holds but the seats' announcement lists and the
/// contests. (Small enough that clearing it is a few vector stores rather than a slow loop.)
struct OutcomeFacts {
  bool is_void = false;
  Seat void_seat = Seat::N;  ///< who holds the voiding carré
  Rank void_rank = 0;

  /// The belotes each seat holds (or declares), and the holder when there is exactly one.
  PerSeat<std::uint8_t> belotes;
  std::optional<Seat> belote_seat;
  /// The team of the belote's holder, or the team a paper sheet gives it to.
  std::optional<Team> belote_team;

  /// The contest of the deal's strongest announcement (the only one, for most
  /// rulesets): its winner is the deal's, as the rule book reports it.
  std::optional<Team> winner;  ///< team holding the strongest announcement
  WinReason win_reason = WinReason::nobody_announced;
  std::optional<Criterion> deciding;  ///< the criterion that told the teams' best apart
  std::optional<Seat> best_holder;    ///< the seat holding the winning announcement
  PerTeam<StrengthKey> best;          ///< each team's strongest announcement
  bool lost_to_trick_rule = false;    ///< the winner took too few tricks to score
  std::uint8_t main_contest = 0;      ///< the contest these facts come from

  PerTeam<int> scored_announcements;
  PerTeam<int> belote_points;
  PerTeam<int> card_points;  ///< capot applied
  std::optional<Team> capot;
  /// Roem per team ([roem]): the tricks' roem, and the pit for a team that took every trick.
  PerTeam<int> roem;
  bool pit = false;  ///< the capot team received `roem.pit`
  PerTeam<int> contract_totals;  ///< what the contract compared
  ContractResult contract = ContractResult::none;
  bool contract_tied = false;  ///< the comparison was equal

  int contract_value = 0;  ///< the bid times the kind's bid_multiplier (0 without bids)
  int factor = 1;          ///< the doubling factor (1 when not doubled)
  /// What each side writes before the kind's multiplier, rounding and units, and what a tie holds over.
  PerTeam<int> written_raw;
  int held_raw = 0;
  /// After the multiplier and rounding, in points (before units and held-over points).
  PerTeam<int> rounded;
  int held_rounded = 0;
  /// Points held over coming in, and the team that receives them (none: held over again).
  int held_in = 0;
  std::optional<Team> held_to;

  /// What each team writes on the sheet, in its units, held-over points received included.
  PerTeam<int> score;
  /// Points held over for a later deal, in the sheet's units (a litige: the takers' points, with what came in).
  int suspended = 0;
};

struct Outcome : OutcomeFacts {
  /// What each seat declares (valued by the ruleset), before deciding who scores.
  PerSeat<SeatAnnouncements> announcements;
  /// Each contest of the ruleset, in its order.
  std::array<ContestOutcome, kMaxContests> contests{};
  std::uint8_t contest_count = 0;

  /// Ready for another deal, as `*this = Outcome{}` but with each announcement
  /// list only emptied: zeroing the lists' storage costs as much as reading four hands.
  void reset() {
    // Copied from a fresh one: GCC clears a block of more than 64 bytes with
    // `rep stos`, slow to start, where a copy of constant bytes is a few vector stores.
    static_assert(std::is_trivially_copyable_v<OutcomeFacts>);
    static const OutcomeFacts fresh{};
    std::memcpy(static_cast<OutcomeFacts*>(this), &fresh, sizeof(OutcomeFacts));
    for (SeatAnnouncements& seat : announcements.values) seat.clear();
    contest_count = 0;
  }
};

}  // namespace belote
