// Reading one seat's view of a mène back: the `observation` of the bot
// protocol (observation_json, docs/table.md), alone or in its `act` message,
// with precise errors. What was seen (the calls, the cards played with the
// words said, the announcements declared, the seat's own cards) is replayed
// on a table dealt one world the seat cannot tell from the real one, so that
// the engine's own rules say whether each action was legal, and what the
// file derives (the phase, the seat to act, the contract, the trick, the
// points) must agree with that replay.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "belote/diagnostic.h"
#include "belote/table.h"

namespace belote {

/// A seat's view read back, and the table at that point.
struct SeatPosition {
  /// What the seat has seen: table.observe(seat), with the sheet's figures
  /// (mènes played, totals, points held over) that the file gives.
  Observation seen;
  /// The mène replayed in one world that agrees with `seen`: its legal
  /// actions and their words are the seat's, whatever the hidden cards.
  std::optional<Table> table;
};

/// Whether `value` is a seat's view (an `act` message or an observation) rather than a game's record.
bool is_seat_view(const nlohmann::json& value);

class ObservationReader {
 public:
  explicit ObservationReader(const Ruleset& rules) : rules_(rules) {}

  /// Reads `text`, an `act` message or an observation (JSON, one line or
  /// more); errors are placed at line and column in `display`. With
  /// `to_act`, the view must be the seat to act's (advice is for it).
  bool read(std::string_view text, const std::string& display, SeatPosition& out, Diagnostics& errors, bool to_act = true) const;

 private:
  const Ruleset& rules_;
};

}  // namespace belote
