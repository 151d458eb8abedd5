// What an announcement step says about cards that count nothing: an
// announcement declared at the table that this ruleset values at nothing,
// and the cards of a long run that splitting it left out.
#include <bit>

#include "explanation/narrator.h"

namespace belote {

namespace {

// Whether a declared announcement counts nothing in the deal's kind (the evaluator leaves it out).
bool worth_nothing(const KindTables& t, const Announcement& a) {
  return (a.carre ? t.carre_points[a.top] : t.sequence_points[a.length]) <= 0;
}

}  // namespace

bool Narrator::declared_worth_nothing(Seat seat) const {
  if (deal.form != DealForm::declared) return false;
  const KindTables& t = rules.tables.kinds[deal.kind];
  for (const Announcement& a : deal.declared[seat])
    if (worth_nothing(t, a)) return true;
  return false;
}

// "carré of 8 (8S 8H 8D 8C), which counts nothing under this ruleset (carres.points gives 8 no points)".
void Narrator::put_worth_nothing(Seat seat, bool after_others) {
  const KindTables& t = rules.tables.kinds[deal.kind];
  std::string_view separator = after_others ? "; and " : "";
  for (const Announcement& a : deal.declared[seat]) {
    if (!worth_nothing(t, a)) continue;
    put(FMT_COMPILE("{}{} ({}), which counts nothing under this ruleset ("), separator, label(a), cards(a.cards()));
    const int entry = a.carre ? a.top : rules.sequences.entry_for(a.length);
    if (!kind().declared.holds(AnnouncementKind{a.carre, entry}))
      put(FMT_COMPILE("not declared in {}: {}"), kind().name, kind_key("announcements"));
    else if (a.carre)
      put(FMT_COMPILE("{} gives {} no points"), key_of(kind().given.has(KindKey::carre_points), "carre_points", "carres.points"),
          rules.deck.rank_name(a.top));
    else
      put(FMT_COMPILE("sequences.points gives {} cards no points"), entry);
    put_words(")");
    separator = ", ";
  }
}

// "; its run of 7 (8H to AH) is split (sequences.split_long_runs): 8H 9H count nothing".
void Narrator::put_split_runs(Seat seat) {
  if (deal.form != DealForm::hands || !rules.sequences.split_long_runs) return;
  const SeatAnnouncements& mine = out.announcements[seat];
  CardSet declared = 0;
  CardSet in_carres = 0;
  for (const Announcement& a : mine) {
    declared |= a.cards();
    if (a.carre) in_carres |= a.cards();
  }
  // Without card reuse a carré's cards are taken out before the runs are looked for.
  const CardSet hand = deal.hands[seat] & (rules.announcements.card_reuse ? ~CardSet{0} : ~in_carres);
  const int longest = rules.sequences.longest();
  for (Suit suit = 0; suit < kSuitCount; ++suit) {
    RankMask ranks = suit_ranks(hand, suit);
    while (ranks) {
      const int low = std::countr_zero(ranks);
      const int length = std::countr_one(unsigned(ranks >> low));
      const auto run = RankMask(((1u << length) - 1u) << low);
      ranks = RankMask(ranks & ~run);
      const CardSet run_cards = suit_cards(run, suit);
      if (length <= longest || !(run_cards & declared)) continue;
      put(FMT_COMPILE("; {}'s run of {} ({} to {}) is split (sequences.split_long_runs)"), name(seat), length,
          CardText{rules.deck, make_card(suit, Rank(low)), style}, CardText{rules.deck, make_card(suit, Rank(low + length - 1)), style});
      if (const CardSet left = run_cards & ~declared)
        put(FMT_COMPILE(": {} count{} nothing"), cards(left), std::popcount(left) == 1 ? "s" : "");
    }
  }
}

}  // namespace belote
