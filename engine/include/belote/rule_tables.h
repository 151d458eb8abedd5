// Lookup tables compiled from a ruleset when it is loaded.
//
// Scoring a deal then reads tables only: the sequences a suit holds come from
// one table indexed by the suit's 16-bit rank mask, carrés from an AND of the
// four suit masks, and announcement strength is a precomputed integer key.
// Each contract kind has its own tables (card points, announcement values,
// keys), since kinds may value and rank announcements differently.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "belote/card_set.h"

namespace belote {

struct Ruleset;
enum class Criterion : std::uint8_t;
enum class BeloteSuits;

/// Orders announcements: a larger key is a stronger announcement, 0 is none.
///
/// The key holds one field per criterion of `announcements.compare`, the first
/// criterion in the highest bits, and a low bit set for every announcement (so
/// that a real announcement is never 0). The layout says where each field is.
using StrengthKey = std::uint32_t;

/// Where one criterion sits in a strength key.
struct KeyField {
  Criterion criterion;
  std::uint8_t shift = 0;
  std::uint8_t width = 0;
};

/// The fields of a ruleset's strength keys, highest first.
struct KeyLayout {
  std::array<KeyField, 8> fields{};
  int count = 0;
  /// The bit of the `trump` criterion, 0 when the comparison has none.
  StrengthKey trump_bit = 0;

  /// The value one criterion contributes to a key (0 when the criterion is not compared).
  StrengthKey field(Criterion criterion, unsigned value) const;
  /// The criterion of the highest field in which two keys differ; none when they are equal.
  std::optional<Criterion> deciding(StrengthKey a, StrengthKey b) const;
};

inline constexpr int kMaxRunsPerSuit = 6;
/// Contests a ruleset may hold (`announcements.contests`).
inline constexpr int kMaxContests = 4;

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

/// The totals that sums of some values reach, each value used as often as
/// wanted: what a team's announcements or roem can add up to.
struct ReachableTotals {
  /// The distinct values, lowest first (none: only 0 is reached).
  std::vector<int> parts;
  /// Their greatest common divisor; every total reached is a multiple of it.
  int unit = 0;
  /// Whether each multiple of the unit is reached, up to the bound past which
  /// every multiple is (Schur's bound on the Frobenius number), or up to the
  /// highest total that may be asked, where that comes first.
  std::vector<bool> reached;
  /// Whether `reached` goes to Schur's bound: every multiple past it is reached.
  bool complete = true;

  /// The sums of `values` from 0 to `most`.
  static ReachableTotals of(std::vector<int> values, int most);
  bool holds(int total) const;
};

/// The tables of one contract kind.
struct KindTables {
  /// Best sequence declaration of a suit, by the suit's rank mask (shared by
  /// kinds that value and rank sequences alike).
  std::shared_ptr<const std::vector<SuitDeclaration>> suit_declarations;
  /// Strength key of a run (trump bit clear), by length and top rank.
  std::array<std::array<StrengthKey, kMaxRanks>, kMaxRanks + 1> sequence_keys{};
  std::array<std::int32_t, kMaxRanks + 1> sequence_points{};
  /// The contest a sequence of each length, or a carré of each rank, takes part in.
  std::array<std::uint8_t, kMaxRanks + 1> sequence_contest{};
  std::array<std::uint8_t, kMaxRanks> carre_contest{};
  std::array<std::int32_t, kMaxRanks> carre_points{};
  std::array<StrengthKey, kMaxRanks> carre_keys{};
  /// Ranks whose carré is an announcement in this kind (worth points, not voiding).
  RankMask scoring_carres = 0;
  /// Set in the key of a sequence in trumps; 0 where trumps break no tie.
  StrengthKey trump_bit = 0;
  /// The belote: its ranks, its points, and the suits it lives in.
  RankMask belote_ranks = 0;
  std::int32_t belote_points = 0;
  BeloteSuits belote_suits{};
  /// Card points of a whole deal, and of a team that takes every trick.
  std::int32_t total_card_points = 0;
  std::int32_t capot_points = 0;
  /// Card points by card, for each choice of trump suit.
  std::array<std::array<std::int16_t, 64>, kSuitCount> card_points{};
  /// The cards that beat each card in the trick order of its suit (the same
  /// suit only), for each choice of trump suit: the play's legal cards and
  /// trick winners are a few ANDs with these.
  std::array<std::array<CardSet, 64>, kSuitCount> stronger{};
  /// The last trick's bonus, card multiplier included.
  std::int32_t last_trick_points = 0;
  /// What one team's announcements can add up to in this kind.
  ReachableTotals announcement_totals;

  const SuitDeclaration& declaration(RankMask suit) const { return (*suit_declarations)[suit]; }
  /// The most one hand can declare in this kind: its carrés and sequences at their best.
  std::int32_t most_hand_announcements = 0;
};

/// The most one hand of `hand_size` cards can declare in a compiled kind (announcement_maxima.cpp).
std::int32_t most_announced_by_a_hand(const KindTables& kind, int rank_count, int hand_size, bool card_reuse);

struct RuleTables {
  int rank_count = 0;
  KeyLayout layout;
  /// Ranks whose carré annuls the deal, in every kind.
  RankMask voiding_carres = 0;
  /// One entry per kind of the ruleset, in its order.
  std::vector<KindTables> kinds;
  /// What one team's roem can add up to: runs, stuks and four of a kind.
  ReachableTotals roem_totals;
  /// The most a team's two hands can declare in any kind: what a deal may write for a team's announcements.
  std::int32_t most_team_announcements = 0;

  static RuleTables compile(const Ruleset& ruleset);
};

}  // namespace belote
