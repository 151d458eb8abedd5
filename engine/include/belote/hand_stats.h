// Exact figures over every hand of a ruleset's deck.
//
// The walk visits all C(cards, hand size) hands (10,518,300 for the classic
// deck) and counts, from the compiled tables, what each hand declares. A hand
// holding a carré that voids the deal declares nothing: the deal is annulled.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "belote/card_set.h"
#include "belote/ruleset.h"

namespace belote {

/// The walk refuses larger hand spaces (a 44-card deck has 7 billion hands).
inline constexpr std::uint64_t kMaxExhaustiveHands = 1'000'000'000;

struct KindCount {
  AnnouncementKind kind;
  /// Hands that declare at least one announcement of this kind.
  std::uint64_t hands = 0;
};

struct HandStats {
  std::uint64_t hands = 0;
  /// Every kind the ruleset scores: sequences by length, then carrés by rank.
  std::vector<KindCount> kinds;
  /// Hands by their total announcement points (the belote aside), indexed by points.
  std::vector<std::uint64_t> hands_by_points;
  /// The suit taken as trumps for the belote (the deck's first).
  Suit trump = 0;
  /// Hands holding the belote: in the trump suit, or in any suit where every suit holds one.
  std::uint64_t belote_hands = 0;
  /// Hands holding a carré that voids the deal.
  std::uint64_t voiding_hands = 0;

  /// Hands that declare at least one announcement.
  std::uint64_t hands_with_announcements() const;
  /// A hand's mean announcement points.
  double mean_points() const;
};

/// The number of hands the walk would visit for this ruleset's deck.
std::uint64_t exhaustive_hand_count(const Ruleset& rules);

/// Walks every hand of the ruleset's deck on the calling thread, for the
/// announcements of one contract kind (an index into Ruleset::kinds); nothing
/// (and no work) when the deck has more than `max_hands` hands. `stop()`
/// (optional), asked every few thousand groups of hands (a few milliseconds
/// apart), ends the walk early: nothing then either (an interrupted call).
std::optional<HandStats> exhaustive_hand_stats(const Ruleset& rules, int kind = 0,
                                               std::uint64_t max_hands = kMaxExhaustiveHands,
                                               const std::function<bool()>& stop = {});

}  // namespace belote
