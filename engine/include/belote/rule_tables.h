// Lookup tables compiled from a ruleset when it is loaded.
//
// Scoring a deal then reads tables only: the sequences a suit holds come from
// one table indexed by the suit's 16-bit rank mask, carrés from an AND of the
// four suit masks, and announcement strength is a precomputed integer key.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "belote/card_set.h"

namespace belote {

struct Ruleset;

/// Orders announcements: a larger key is a stronger announcement, 0 is none.
///
///   bits 11-26  primary: category rank or points, by the ruleset's style
///   bit  10     1 for a carré (a carré beats a sequence at equal primary)
///   bits 5-9    sequence length
///   bits 1-4    sequence top rank, or a carré's place in the carré order
///   bit  0      1 for a sequence in trumps
using StrengthKey = std::uint32_t;

/// Which field of two strength keys first tells them apart.
enum class StrengthField : std::uint8_t { none, primary, carre_over_sequence, length, height, trump };

constexpr StrengthKey kTrumpBit = 1;
constexpr StrengthKey make_key(unsigned primary, bool carre, unsigned length, unsigned height) {
  return (primary << 11) | (unsigned(carre) << 10) | (length << 5) | (height << 1);
}
constexpr unsigned key_primary(StrengthKey key) { return key >> 11; }
constexpr bool key_is_carre(StrengthKey key) { return (key >> 10) & 1; }
constexpr unsigned key_length(StrengthKey key) { return (key >> 5) & 31; }
constexpr unsigned key_height(StrengthKey key) { return (key >> 1) & 15; }
constexpr bool key_in_trumps(StrengthKey key) { return key & kTrumpBit; }
StrengthField deciding_field(StrengthKey a, StrengthKey b);

inline constexpr int kMaxRunsPerSuit = 6;

/// A run of consecutive ranks in one suit.
struct Run {
  std::uint8_t low = 0;
  std::uint8_t length = 0;
  friend bool operator==(const Run&, const Run&) = default;
};

/// The sequences one suit's cards are declared as, chosen to score the most.
struct SuitDeclaration {
  std::uint8_t count = 0;
  std::array<Run, kMaxRunsPerSuit> runs{};
  std::int32_t points = 0;
  /// Strongest run's key, trump bit clear; 0 when the suit declares nothing.
  StrengthKey best = 0;
};

struct RuleTables {
  int rank_count = 0;
  /// Best sequence declaration of a suit, by the suit's rank mask.
  std::vector<SuitDeclaration> suit_declarations;
  /// Strength key of a run (trump bit clear), by length and top rank.
  std::array<std::array<StrengthKey, kMaxRanks>, kMaxRanks + 1> sequence_keys{};
  std::array<std::int32_t, kMaxRanks + 1> sequence_points{};
  std::array<std::int32_t, kMaxRanks> carre_points{};
  std::array<StrengthKey, kMaxRanks> carre_keys{};
  /// Ranks whose carré is an announcement (worth points, not voiding).
  RankMask scoring_carres = 0;
  /// Ranks whose carré annuls the deal.
  RankMask voiding_carres = 0;
  RankMask belote_ranks = 0;
  std::int32_t belote_points = 0;
  /// Card points of a whole deal (the deck's total with the last trick).
  std::int32_t total_card_points = 0;
  /// Card points by card, for each choice of trump suit.
  std::array<std::array<std::int16_t, 64>, kSuitCount> card_points{};

  static RuleTables compile(const Ruleset& ruleset);
};

}  // namespace belote
