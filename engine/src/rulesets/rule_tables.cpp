#include "belote/rule_tables.h"

#include <algorithm>
#include <bit>
#include <numeric>

#include "belote/ruleset.h"

namespace belote {

namespace {

// Bits a criterion needs in a key: category ranks (up to 2 × 16 kinds), points
// up to 10,000, a flag, a length, a height; the first speaker is not a
// property of an announcement (the evaluator settles it) and takes none.
unsigned width_of(Criterion criterion) {
  switch (criterion) {
    case Criterion::category: return 6;
    case Criterion::points: return 14;
    case Criterion::kind:
    case Criterion::sequence_first:
    case Criterion::trump: return 1;
    case Criterion::length: return 5;
    case Criterion::height: return 4;
    case Criterion::first_speaker: return 0;
  }
  return 0;
}

KeyLayout make_layout(const std::vector<Criterion>& compare) {
  KeyLayout layout;
  unsigned shift = 1;  // bit 0 marks an announcement
  for (auto it = compare.rbegin(); it != compare.rend(); ++it) {
    const unsigned width = width_of(*it);
    if (width == 0) continue;
    layout.fields[std::size_t(layout.count++)] = KeyField{*it, std::uint8_t(shift), std::uint8_t(width)};
    if (*it == Criterion::trump) layout.trump_bit = StrengthKey{1} << shift;
    shift += width;
  }
  std::reverse(layout.fields.begin(), layout.fields.begin() + layout.count);
  return layout;
}

// The rank of a kind in the category order: strongest group highest, 0 when not listed.
unsigned category_of(const Ruleset& rules, AnnouncementKind kind) {
  const auto& groups = rules.announcements.categories;
  for (std::size_t g = 0; g < groups.size(); ++g)
    if (std::find(groups[g].begin(), groups[g].end(), kind) != groups[g].end()) return unsigned(groups.size() - g);
  return 0;
}

std::uint8_t contest_of(const Ruleset& rules, AnnouncementKind kind) {
  const auto& contests = rules.announcements.contests;
  for (std::size_t c = 0; c < contests.size(); ++c)
    if (contests[c].members.holds(kind)) return std::uint8_t(c);
  return 0;
}

// The key of an announcement of `kind` worth `points`, with its length and height.
StrengthKey key_of(const Ruleset& rules, const KeyLayout& layout, AnnouncementKind kind, int points, unsigned length,
                   unsigned height) {
  StrengthKey key = 1;
  key |= layout.field(Criterion::category, category_of(rules, kind));
  key |= layout.field(Criterion::points, unsigned(points));
  key |= layout.field(Criterion::kind, kind.carre ? 1 : 0);
  key |= layout.field(Criterion::sequence_first, kind.carre ? 0 : 1);
  key |= layout.field(Criterion::length, kind.carre ? 0 : length);
  key |= layout.field(Criterion::height, height);
  return key;
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
std::vector<SuitDeclaration> compile_suit_declarations(const Ruleset& rules, const KindTables& t) {
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

KindTables compile_kind(const Ruleset& rules, const KeyLayout& layout, const ContractKind& kind) {
  KindTables t;
  const int rank_count = rules.deck.rank_count();
  for (int length = 0; length <= rank_count; ++length) {
    const int entry = rules.sequences.entry_for(length);
    if (entry == 0 || !kind.declared.holds({false, entry})) continue;
    const int points = rules.sequences.points_by_length[entry];
    if (points <= 0) continue;
    t.sequence_points[length] = points;
    t.sequence_contest[length] = contest_of(rules, {false, entry});
    // Every top card gets a key, even one too low for the run's length: a sheet
    // may record what a table declared, and the comparison reads only the top.
    for (int top = 0; top < rank_count; ++top) {
      const int low = std::max(0, top + 1 - length);
      const unsigned height = unsigned(kind.sequence_order == SequenceOrder::natural ? top : rank_count - 1 - low);
      t.sequence_keys[length][top] = key_of(rules, layout, {false, entry}, points, unsigned(length), height);
    }
  }
  for (Rank rank = 0; rank < rank_count; ++rank) {
    const RankMask bit = RankMask{1} << rank;
    const int points = kind.carre_points[rank];
    // A carré worth nothing is not an announcement; a voiding carré voids in every kind.
    if ((rules.carres.voiding_ranks & bit) || points <= 0 || !kind.declared.holds({true, rank})) continue;
    t.scoring_carres |= bit;
    t.carre_points[rank] = points;
    t.carre_contest[rank] = contest_of(rules, {true, rank});
    const auto place = std::find(kind.carre_order.begin(), kind.carre_order.end(), rank);
    t.carre_keys[rank] = key_of(rules, layout, {true, rank}, points, 4, unsigned(place - kind.carre_order.begin()));
  }
  if (kind.trumps == Trumps::one_suit && kind.trump_breaks_ties) t.trump_bit = layout.trump_bit;
  t.belote_ranks = rules.belote.ranks;
  t.belote_points = rules.belote.points;
  t.belote_suits = kind.belote;
  t.total_card_points = kind.total_card_points();
  t.capot_points = kind.capot_points;
  for (Suit trump = 0; trump < kSuitCount; ++trump) {
    for (Suit s = 0; s < kSuitCount; ++s)
      for (Rank r = 0; r < rank_count; ++r)
        t.card_points[trump][make_card(s, r)] = std::int16_t(kind.card_points(make_card(s, r), trump) * kind.card_multiplier);
  }
  for (Suit trump = 0; trump < kSuitCount; ++trump)
    for (Suit s = 0; s < kSuitCount; ++s) {
      const std::vector<Rank>& order = kind.is_trump(s, trump) ? kind.trump_order : kind.plain_order;
      // The order is weakest first: each card is beaten by the ranks after it.
      for (std::size_t place = 0; place < order.size(); ++place) {
        CardSet above = 0;
        for (std::size_t higher = place + 1; higher < order.size(); ++higher) above |= card_bit(make_card(s, order[higher]));
        t.stronger[trump][make_card(s, order[place])] = above;
      }
    }
  t.last_trick_points = kind.last_trick_points * kind.card_multiplier;
  std::vector<int> announcements(t.sequence_points.begin(), t.sequence_points.end());
  announcements.insert(announcements.end(), t.carre_points.begin(), t.carre_points.end());
  t.announcement_totals = ReachableTotals::of(std::move(announcements), kMaxTeamAnnouncementPoints);
  return t;
}

// Roem is read up to what every trick of a hand could hold.
ReachableTotals roem_sums(const Ruleset& rules) {
  const RoemRules& roem = rules.roem;
  std::vector<int> values(roem.runs.begin(), roem.runs.end());
  values.push_back(roem.stuk);
  values.insert(values.end(), roem.four_of_a_kind.begin(), roem.four_of_a_kind.end());
  return ReachableTotals::of(std::move(values), rules.deck.hand_size * roem.most_per_trick());
}

}  // namespace

ReachableTotals ReachableTotals::of(std::vector<int> values, int most) {
  ReachableTotals out;
  std::erase_if(values, [](int v) { return v <= 0; });
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  out.parts = values;
  if (values.empty()) return out;
  for (int v : values) out.unit = std::gcd(out.unit, v);
  // In units, past (lowest - 1)(highest - 1) every total is a sum of the values;
  // a ruleset's odd values make that bound large, and no total past `most` is asked.
  const std::int64_t lowest = values.front() / out.unit, highest = values.back() / out.unit;
  const std::int64_t bound = std::min(lowest * highest, std::int64_t(std::max(most, 0) / out.unit));
  out.complete = bound == lowest * highest;
  out.reached.assign(std::size_t(bound + 1), false);
  out.reached[0] = true;
  for (std::size_t total = 1; total < out.reached.size(); ++total)
    for (int v : values)
      if (std::size_t(v / out.unit) <= total && out.reached[total - std::size_t(v / out.unit)]) {
        out.reached[total] = true;
        break;
      }
  return out;
}

bool ReachableTotals::holds(int total) const {
  if (total == 0) return true;
  if (total < 0 || unit == 0 || total % unit != 0) return false;
  const std::size_t units = std::size_t(total / unit);
  return units < reached.size() ? bool(reached[units]) : complete;
}

StrengthKey KeyLayout::field(Criterion criterion, unsigned value) const {
  for (int i = 0; i < count; ++i)
    if (fields[std::size_t(i)].criterion == criterion)
      return StrengthKey(std::min(value, (1u << fields[std::size_t(i)].width) - 1)) << fields[std::size_t(i)].shift;
  return 0;
}

std::optional<Criterion> KeyLayout::deciding(StrengthKey a, StrengthKey b) const {
  for (int i = 0; i < count; ++i) {
    const KeyField& f = fields[std::size_t(i)];
    const StrengthKey mask = ((StrengthKey{1} << f.width) - 1) << f.shift;
    if ((a & mask) != (b & mask)) return f.criterion;
  }
  return std::nullopt;
}

RuleTables RuleTables::compile(const Ruleset& rules) {
  RuleTables t;
  t.rank_count = rules.deck.rank_count();
  t.layout = make_layout(rules.announcements.compare);
  t.voiding_carres = rules.carres.voiding_ranks;
  for (const ContractKind& kind : rules.kinds) {
    KindTables k = compile_kind(rules, t.layout, kind);
    // Kinds that value and rank sequences alike share one declaration table.
    for (const KindTables& earlier : t.kinds) {
      if (earlier.sequence_points == k.sequence_points && earlier.sequence_keys == k.sequence_keys) {
        k.suit_declarations = earlier.suit_declarations;
        break;
      }
    }
    if (!k.suit_declarations)
      k.suit_declarations = std::make_shared<const std::vector<SuitDeclaration>>(compile_suit_declarations(rules, k));
    k.most_hand_announcements =
        most_announced_by_a_hand(k, t.rank_count, rules.deck.hand_size, rules.announcements.card_reuse);
    t.most_team_announcements = std::max(t.most_team_announcements, 2 * k.most_hand_announcements);
    t.kinds.push_back(std::move(k));
  }
  t.roem_totals = roem_sums(rules);
  return t;
}

}  // namespace belote
