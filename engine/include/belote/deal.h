// A deal (one mène) as the engine scores it.
//
// Either the four hands are given, and the announcements are found from the
// cards, or the announcements are given as declared at the table (a score
// sheet), or only the points each team scores for its announcements.
#pragma once

#include <array>
#include <cstdint>
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
  /// Tricks per seat, when the deal gives them (a bid that the taker alone must make needs them).
  PerSeat<int> seat_tricks;
  bool seat_tricks_given = false;
  /// Roem per team from the tricks (klaverjas; [roem]), the pit aside: the scorer adds it.
  PerTeam<int> roem;
  /// A played mène with a revoke (`[play.revoke]`): the seat whose card first
  /// broke a duty of the play, and that card's trick, from 1.
  std::optional<Seat> revoke;
  int revoke_trick = 0;
  friend bool operator==(const DealResult&, const DealResult&) = default;
};

struct Deal {
  std::string id;
  /// The contract kind, an index into Ruleset::kinds (0 for a ruleset that names none).
  std::uint8_t kind = 0;
  /// Whether the deal named its kind (a deal may give only its trump suit).
  bool kind_given = false;
  /// The trump suit, in a kind with one trump suit.
  Suit trump = 0;
  /// The bid, where the ruleset has bids: its value (a named bid's value for a
  /// named bid), and which named bid it is (-1 for a numeric bid).
  int bid = 0;
  std::int8_t named_bid = -1;
  /// The doubling level: 0 when not doubled, else 1 + its index in Ruleset::doubling.
  std::uint8_t doubling = 0;
  /// Points held over from earlier deals, coming into this one (in the sheet's units).
  int held_over = 0;
  Seat taker = Seat::N;
  /// Speaks first and leads the first trick; N when the deal does not say.
  Seat first = Seat::N;
  bool first_given = false;
  DealForm form = DealForm::hands;

  PerSeat<CardSet> hands;                 ///< form == hands, or a played mène of any form
  /// form == declared: the announcements as declared (points are set when scored).
  PerSeat<SeatAnnouncements> declared;
  /// form == team_points: what each team scores for its announcements.
  PerTeam<int> team_announcements;
  /// form == declared: the belotes each seat declares (a pair of the belote's
  /// cards each: one at most in the trump suit, one per suit where every suit is trumps).
  PerSeat<std::uint8_t> belotes;
  /// form == team_points: the team holding the belote, as a paper sheet gives it.
  std::optional<Team> belote_team;

  DealResult result;

  /// A played mène: its cards in play order, trick after trick from `first`
  /// (the explanation replays them); none for a deal written with its result.
  std::array<Card, kSuitCount * kMaxRanks> played{};
  std::uint8_t played_count = 0;
  /// A played mène whose players say what they announce: the cards a belote
  /// word was said with (the explanation says why a pair held did not count).
  CardSet belote_words = 0;

  /// Whether the four hands are known: dealt as hands, or played card by card
  /// (a played mène gives them whatever it says of the announcements).
  bool gives_hands() const { return form == DealForm::hands || played_count > 0; }

  /// The seat declaring the deal's only belote, if exactly one is declared.
  std::optional<Seat> belote_holder() const {
    std::optional<Seat> holder;
    int total = 0;
    for (Seat seat : kSeats) {
      total += belotes[seat];
      if (belotes[seat]) holder = seat;
    }
    return total == 1 ? holder : std::nullopt;
  }

  /// As `*this = Deal{}`, for readers that fill deals by the million: the id
  /// keeps its storage, and the announcements as declared are cleared (no
  /// one reads past their counts) rather than a kilobyte rewritten.
  void reset();

  /// Equal deals score alike: every field, the announcements by their declared order.
  friend bool operator==(const Deal&, const Deal&) = default;
};

}  // namespace belote
