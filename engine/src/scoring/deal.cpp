#include "belote/deal.h"

namespace belote {

// Every field of Deal, as Deal{} has it (test_json_line_reader checks that none is missed).
void Deal::reset() {
  id.clear();
  kind = 0;
  kind_given = false;
  trump = 0;
  bid = 0;
  named_bid = -1;
  doubling = 0;
  held_over = 0;
  taker = Seat::N;
  first = Seat::N;
  first_given = false;
  form = DealForm::hands;
  hands = {};
  for (SeatAnnouncements& seat : declared.values) seat.clear();
  team_announcements = {};
  belotes = {};
  belote_team.reset();
  result = DealResult{};
  played = {};  // a reader that declined half way may have written cards without a count
  played_count = 0;
  belote_words = 0;
}

}  // namespace belote
