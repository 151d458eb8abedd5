// A played mène in a deal (`play`): its tricks checked card by card, in the
// two passes of the rule book (play.md section 6), and the facts the scorer
// uses derived from them (section 4.1).
#pragma once

#include <optional>
#include <string>

#include "belote/deal.h"
#include "belote/diagnostic.h"
#include "belote/ruleset.h"
#include "io/deal_checker.h"
#include "io/input_node.h"

namespace belote {

/// What the play gives the deal.
struct PlayedFacts {
  /// The cards each seat played: its hand.
  PerSeat<CardSet> hands;
  /// Card points with the last trick, tricks per team and per seat.
  DealResult result;
  /// Per seat, the belote pairs said in time (play.belote_call), for a deal whose players say what they announce.
  PerSeat<std::uint8_t> belotes_said;
  /// The cards a belote word was said with.
  CardSet belote_words = 0;
  /// The cards in play order.
  std::array<Card, kSuitCount * kMaxRanks> order{};
  std::uint8_t count = 0;
};

/// The revoke a played mène states (`revoke`): the seat whose card broke a duty
/// of [play], and the trick where it did (0: not stated).
struct StatedRevoke {
  Seat seat = Seat::N;
  int trick = 0;
  const InputNode* at = nullptr;  ///< the key, where its errors point
  std::string key;                ///< its name in messages ("deal.revoke")
};

/// Reads `play` for a deal whose kind, trump and first seat are in `deal`; with
/// `hands_given`, the cards are checked against `deal.hands`. Reports the first
/// fault, as play.md section 6 words it, and returns false. An illegal card is
/// a fault unless `revoke` states it: then the first illegal card must be that
/// seat's (in that trick), and it is the deal's revoke.
bool read_played_mene(const Ruleset& rules, const InputNode& play, const Deal& deal, bool hands_given,
                      const std::optional<StatedRevoke>& revoke, PlayedFacts& facts, Diagnostics& errors,
                      const LocateError& located);

}  // namespace belote
