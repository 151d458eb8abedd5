// What scoring a deal gives: the sheet's numbers and the facts behind them.
#pragma once

#include <optional>

#include "belote/announcement.h"
#include "belote/rule_tables.h"
#include "belote/seat.h"

namespace belote {

enum class ContractResult : std::uint8_t { none, made, failed, litige };

/// Why the winner of the announcements is who it is.
enum class WinReason : std::uint8_t {
  nobody_announced,
  uncontested,        ///< only one team announced
  stronger,           ///< decided by `deciding_field`
  tie_nobody,         ///< exact tie, and the ruleset gives it to nobody
  tie_first_speaker,  ///< exact tie, won by the first of the holders to speak
  given,              ///< team_points deals: the sheet says who scores
};

/// Everything an outcome holds but the seats' announcement lists. (At 80
/// bytes or less, clearing it is a few vector stores rather than a slow loop.)
struct OutcomeFacts {
  bool is_void = false;
  Seat void_seat = Seat::N;  ///< who holds the voiding carré
  Rank void_rank = 0;

  std::optional<Seat> belote_seat;
  std::optional<Team> belote_team;

  std::optional<Team> winner;  ///< team holding the strongest announcement
  WinReason win_reason = WinReason::nobody_announced;
  StrengthField deciding_field = StrengthField::none;
  std::optional<Seat> best_holder;  ///< the seat holding the winning announcement
  PerTeam<StrengthKey> best;        ///< each team's strongest announcement
  bool lost_to_trick_rule = false;  ///< the winner took too few tricks to score

  PerTeam<int> scored_announcements;
  PerTeam<int> belote_points;
  PerTeam<int> card_points;  ///< capot applied
  std::optional<Team> capot;
  PerTeam<int> contract_totals;  ///< what the contract compared
  ContractResult contract = ContractResult::none;
  bool contract_tied = false;  ///< the comparison was equal

  PerTeam<int> score;
  int suspended = 0;  ///< the takers' points held over by a litige
};

struct Outcome : OutcomeFacts {
  /// What each seat declares (valued by the ruleset), before deciding who scores.
  PerSeat<SeatAnnouncements> announcements;

  /// Ready for another deal, as `*this = Outcome{}` but with each announcement
  /// list only emptied: zeroing the lists' storage costs as much as reading four hands.
  void reset() {
    static_cast<OutcomeFacts&>(*this) = OutcomeFacts{};
    for (SeatAnnouncements& seat : announcements.values) seat.clear();
  }
};

}  // namespace belote
