#include "belote/seat.h"

#include "common/text_util.h"

namespace belote {

std::optional<Seat> parse_seat(std::string_view text) {
  for (Seat seat : kSeats)
    if (iequals(text, name(seat))) return seat;
  return std::nullopt;
}

std::optional<Team> parse_team(std::string_view text) {
  for (Team team : kTeams)
    if (iequals(text, name(team))) return team;
  return std::nullopt;
}

}  // namespace belote
