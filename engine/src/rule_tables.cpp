#include "belote/rule_tables.h"

#include <algorithm>
#include <cassert>

#include "belote/ruleset.h"

namespace belote {

StrengthField deciding_field(StrengthKey a, StrengthKey b) {
  if (a == b) return StrengthField::none;
  if (key_primary(a) != key_primary(b)) return StrengthField::primary;
  if (key_is_carre(a) != key_is_carre(b)) return StrengthField::carre_over_sequence;
  if (key_length(a) != key_length(b)) return StrengthField::length;
  if (key_height(a) != key_height(b)) return StrengthField::height;
  return StrengthField::trump;
}

namespace {

// The primary strength of a kind: its category's rank (strongest group
// highest) or its points, by the ruleset's style.
unsigned primary_of(const Ruleset& rules, AnnouncementKind kind, int points) {
  if (rules.announcements.strength == StrengthStyle::points) return unsigned(points);
  const auto& groups = rules.announcements.categories;
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (std::find(groups[g].begin(), groups[g].end(), kind) != groups[g].end())
      return unsigned(groups.size() - g);
  }
  return 0;  // unreachable for a validated ruleset: every scoring kind is listed
}

bool better(std::int32_t points, StrengthKey best, const SuitDeclaration& than) {
  return points > than.points || (points == than.points && best > than.best);
}

// Best declaration of every suit mask, by dynamic programming over masks in
// increasing order: a mask's lowest card either starts a run or is left out,
// and what remains is a smaller mask already solved. Without split runs, a run
// of the mask is one announcement, declared whole: leaving one of its cards out
// would split it (9 cards as tierce + cent), which the rule book forbids. A
// declared run is shorter than the hand's run only when a carré took its
// cards, and those are not in the mask.
std::vector<SuitDeclaration> compile_suit_declarations(const Ruleset& rules, const RuleTables& t) {
  const int ranks = rules.deck.rank_count();
  const int shortest = rules.sequences.shortest();
  const bool whole_runs = !rules.sequences.split_long_runs;
  std::vector<SuitDeclaration> table(std::size_t{1} << ranks);
  for (RankMask mask = 1; mask < table.size(); ++mask) {
    const int low = std::countr_zero(mask);
    int run = 0;
    while (low + run < ranks && (mask >> (low + run) & 1)) ++run;
    const bool whole = whole_runs && run >= shortest;
    // Declaring nothing from the lowest card: leave it out, or (whole runs) its whole run.
    SuitDeclaration best = table[whole ? mask & ~run_mask(low, run) : mask & (mask - 1)];
    const int first_length = whole ? run : shortest;
    const int last_length = whole_runs ? run : std::min(run, rules.sequences.longest());
    for (int length = first_length; length <= last_length; ++length) {
      const RankMask rest = mask & ~run_mask(low, length);
      const SuitDeclaration& tail = table[rest];
      if (tail.count >= kMaxRunsPerSuit) continue;
      const StrengthKey key = t.sequence_keys[length][low + length - 1];
      const std::int32_t points = tail.points + t.sequence_points[length];
      const StrengthKey strongest = std::max(key, tail.best);
      if (t.sequence_points[length] <= 0 || !better(points, strongest, best)) continue;
      best = tail;
      best.runs[best.count++] = Run{std::uint8_t(low), std::uint8_t(length)};
      best.points = points;
      best.best = strongest;
    }
    table[mask] = best;
  }
  return table;
}

}  // namespace

RuleTables RuleTables::compile(const Ruleset& rules) {
  RuleTables t;
  const Deck& deck = rules.deck;
  t.rank_count = deck.rank_count();

  for (int length = 0; length <= t.rank_count; ++length) {
    const int entry = rules.sequences.entry_for(length);
    if (entry == 0) continue;
    const int points = rules.sequences.points_by_length[entry];
    if (points <= 0) continue;
    t.sequence_points[length] = points;
    const unsigned primary = primary_of(rules, AnnouncementKind{false, entry}, points);
    for (int top = length - 1; top < t.rank_count; ++top)
      t.sequence_keys[length][top] = make_key(primary, false, unsigned(length), unsigned(top));
  }

  for (Rank rank = 0; rank < t.rank_count; ++rank) {
    const RankMask bit = RankMask{1} << rank;
    if (rules.carres.voiding_ranks & bit) {
      t.voiding_carres |= bit;
      continue;
    }
    const int points = rules.carres.points_by_rank[rank];
    if (points <= 0) continue;  // a carré worth nothing is not an announcement
    t.scoring_carres |= bit;
    t.carre_points[rank] = points;
    const auto place = std::find(rules.carres.order.begin(), rules.carres.order.end(), rank);
    const unsigned height = unsigned(place - rules.carres.order.begin());
    t.carre_keys[rank] = make_key(primary_of(rules, AnnouncementKind{true, rank}, points), true, 0, height);
  }

  t.belote_ranks = rules.belote.ranks;
  t.belote_points = rules.belote.points;
  t.total_card_points = deck.total_card_points();

  for (Suit trump = 0; trump < kSuitCount; ++trump) {
    for (Suit s = 0; s < kSuitCount; ++s)
      for (Rank r = 0; r < t.rank_count; ++r)
        t.card_points[trump][make_card(s, r)] = std::int16_t(deck.card_points(make_card(s, r), trump));
  }

  t.suit_declarations = compile_suit_declarations(rules, t);
  return t;
}

}  // namespace belote
