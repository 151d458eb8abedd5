// Reading a position of the play: the cards a player holds and the trick so
// far, from a JSON line or a value built in code, with precise errors.
//
//   {"trump": "H", "hand": "AS 7S JH 9H 8D", "trick": ["N KS"]}
//
// `kind` (under a ruleset that names its kinds) and `trump` say what the deal
// is played in, as in a deal; `trick` lists the cards played so far, each
// with its seat, in play order; `seat`, optional, is checked against the seat
// the trick gives (it is required only to say who leads an empty trick).
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "belote/diagnostic.h"
#include "belote/play.h"

namespace belote {

struct Position {
  int kind = 0;
  Suit trump = 0;
  CardSet hand = 0;
  /// The hand's cards in the order they were given: legal cards are listed in it.
  std::vector<Card> hand_order;
  Trick trick;
  /// The seat to play.
  Seat seat = Seat::N;
};

class PositionReader {
 public:
  explicit PositionReader(const Ruleset& rules) : rules_(rules) {}
  /// One JSON line; `line_number` is 1-based and appears in errors.
  bool read_json_line(std::string_view line, const std::string& display, long line_number, Position& position,
                      Diagnostics& errors) const;
  /// A value built in code (the command line's options): errors name the key only.
  bool read_json(const nlohmann::json& value, const std::string& display, Position& position, Diagnostics& errors) const;

 private:
  const Ruleset& rules_;
};

/// The cards of `cards` in the position's hand order.
std::vector<Card> in_hand_order(const Position& position, CardSet cards);
/// The legal cards of a position as a JSON object: {"seat", "legal", "rule"},
/// the cards in hand order.
std::string legal_cards_json(const Ruleset& rules, const Position& position);

}  // namespace belote
