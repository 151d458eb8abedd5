// Fuzz target: a seat's view (`belote advise`'s position file: the bot
// protocol's `act` message or its observation) under the shipped ruleset with
// an auction that the first byte chooses. Any text is read or refused with
// bounded messages; a view read back is the seat to act's, at a table in
// play whose seat holds the view's hand and has an action to take.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "belote/observation_reader.h"
#include "fuzz_support.h"

using namespace belote;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  const Ruleset& rules = fuzz::chosen_ruleset(text, true);
  SeatPosition position;
  Diagnostics errors;
  if (!ObservationReader(rules).read(text, "view.json", position, errors)) {
    BELOTE_FUZZ_CHECK(!errors.empty());
    fuzz::check_bounded(errors);
    fuzz::format_all(errors);
    return 0;
  }
  BELOTE_FUZZ_CHECK(position.table.has_value());
  const Table& table = *position.table;
  BELOTE_FUZZ_CHECK(!table.over());
  BELOTE_FUZZ_CHECK(table.to_act() == position.seen.seat);
  BELOTE_FUZZ_CHECK(table.observe(position.seen.seat).hand == position.seen.hand);
  BELOTE_FUZZ_CHECK(!table.legal().list(table.actions(), rules).empty());
  return 0;
}
