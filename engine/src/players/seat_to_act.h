// The sentence that refuses a seat's view for advice when another seat is to
// act: the observation reader's and advise()'s, in the same words.
#pragma once

#include <fmt/format.h>

#include <string>

#include "belote/seat.h"

namespace belote {

inline std::string not_the_seat_to_act(Seat viewed, Seat to_act) {
  return fmt::format("the view is {}'s, but {} is to act: advice is for the seat to act", name(viewed), name(to_act));
}

}  // namespace belote
