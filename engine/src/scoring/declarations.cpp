// Finding the announcements a hand declares, from the compiled tables.
#include "belote/evaluator.h"

namespace belote {

namespace {

StrengthKey with_trump(const KindTables& t, StrengthKey key, bool in_trumps) {
  return key && in_trumps ? key | t.trump_bit : key;
}

// Without card reuse, a carré and a sequence may not share a card: try each
// subset of the hand's carrés with the best sequences of the cards left, and
// keep the one worth the most (ties: the stronger best announcement).
RankMask choose_carres(const KindTables& t, const RankMask (&suits)[kSuitCount], RankMask carres, Suit trump) {
  RankMask chosen = 0;
  std::int32_t best_points = -1;
  StrengthKey best_key = 0;
  for (RankMask subset = carres;; subset = (subset - 1) & carres) {
    std::int32_t points = 0;
    StrengthKey key = 0;
    for (RankMask rest = subset; rest; rest &= rest - 1) {
      const int rank = std::countr_zero(rest);
      points += t.carre_points[rank];
      key = std::max(key, t.carre_keys[rank]);
    }
    for (Suit s = 0; s < kSuitCount; ++s) {
      const SuitDeclaration& d = t.declaration(suits[s] & ~subset);
      points += d.points;
      key = std::max(key, with_trump(t, d.best, s == trump));
    }
    if (points > best_points || (points == best_points && key > best_key)) {
      best_points = points;
      best_key = key;
      chosen = subset;
    }
    if (subset == 0) break;
  }
  return chosen;
}

}  // namespace

void declare_hand(const Ruleset& rules, CardSet hand, int kind, Suit trump, SeatAnnouncements& out) {
  const KindTables& t = rules.tables.kinds[std::size_t(kind)];
  out.clear();
  RankMask suits[kSuitCount];
  for (Suit s = 0; s < kSuitCount; ++s) suits[s] = suit_ranks(hand, s);
  const RankMask carres = suits[0] & suits[1] & suits[2] & suits[3] & t.scoring_carres;
  RankMask reserved = 0;  // cards a declared carré keeps from the sequences
  if (carres) [[unlikely]] {  // about one hand in a hundred with the classic deck
    const RankMask chosen = rules.announcements.card_reuse ? carres : choose_carres(t, suits, carres, trump);
    if (!rules.announcements.card_reuse) reserved = chosen;
    for (RankMask rest = chosen; rest; rest &= rest - 1) {
      const Rank rank = Rank(std::countr_zero(rest));
      out.add(Announcement{true, 0, rank, 4, t.carre_points[rank], t.carre_keys[rank], t.carre_contest[rank]});
    }
  }
  // Most hands declare no sequence: one test for the four suits spares a
  // hard-to-predict branch per suit.
  const SuitDeclaration* by_suit[kSuitCount];
  int runs = 0;
  for (Suit s = 0; s < kSuitCount; ++s) {
    by_suit[s] = &t.declaration(suits[s] & ~reserved);
    runs |= by_suit[s]->count;
  }
  if (runs == 0) return;
  for (Suit s = 0; s < kSuitCount; ++s) {
    const SuitDeclaration& d = *by_suit[s];
    for (int i = 0; i < d.count; ++i) {
      const Run run = d.runs[i];
      const Rank top = Rank(run.low + run.length - 1);
      out.add(Announcement{false, s, top, run.length, t.sequence_points[run.length],
                           with_trump(t, t.sequence_keys[run.length][top], s == trump), t.sequence_contest[run.length]});
    }
  }
}

int announcement_count(const Ruleset& rules, CardSet hand, int kind, Suit trump) {
  const KindTables& t = rules.tables.kinds[std::size_t(kind)];
  if (four_of_a_kind(hand) & t.scoring_carres) [[unlikely]] {  // which carrés count is declare_hand's choice
    SeatAnnouncements held;
    declare_hand(rules, hand, kind, trump, held);
    return held.count;
  }
  int count = 0;
  for (Suit s = 0; s < kSuitCount; ++s) count += t.declaration(suit_ranks(hand, s)).count;
  return count;
}

int belotes_held(const Ruleset& rules, CardSet hand, int kind, Suit trump) {
  const KindTables& t = rules.tables.kinds[std::size_t(kind)];
  const RankMask ranks = t.belote_ranks;
  switch (t.belote_suits) {
    case BeloteSuits::trump_suit: return (suit_ranks(hand, trump) & ranks) == ranks ? 1 : 0;
    case BeloteSuits::every_suit: {
      int held = 0;
      for (Suit s = 0; s < kSuitCount; ++s) held += (suit_ranks(hand, s) & ranks) == ranks;
      return held;
    }
    case BeloteSuits::nowhere: return 0;
  }
  return 0;
}

}  // namespace belote
