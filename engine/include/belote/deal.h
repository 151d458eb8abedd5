// A deal (one mène) as the engine scores it.
//
// Either the four hands are given, and the announcements are found from the
// cards, or the announcements are given as declared at the table (a score
// sheet), or only the points each team scores for its announcements.
#pragma once

#include <optional>
#include <string>

#include "belote/announcement.h"
#include "belote/card_set.h"
#include "belote/seat.h"

namespace belote {

enum class DealForm {
  hands,       ///< the 32 cards; announcements and belote are found from them
  declared,    ///< each seat's announcements and the belote holder, as declared
  team_points, ///< the points each team writes for its announcements, and the belote's team
};

struct DealResult {
  PerTeam<int> points;  ///< card points with the last trick
  PerTeam<int> tricks;
  friend bool operator==(const DealResult&, const DealResult&) = default;
};

struct Deal {
  std::string id;
  Suit trump = 0;
  Seat taker = Seat::N;
  /// Speaks first and leads the first trick; N when the deal does not say.
  Seat first = Seat::N;
  bool first_given = false;
  DealForm form = DealForm::hands;

  PerSeat<CardSet> hands;                 ///< form == hands
  /// form == declared: the announcements as declared (points are set when scored).
  PerSeat<SeatAnnouncements> declared;
  /// form == team_points: what each team scores for its announcements.
  PerTeam<int> team_announcements;
  /// form != hands: who holds the belote.
  std::optional<Seat> belote_seat;
  std::optional<Team> belote_team;

  DealResult result;
};

}  // namespace belote
