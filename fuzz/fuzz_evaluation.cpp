// Fuzz target: the whole evaluation. The bytes choose a deal the readers
// would accept (a permutation of the deck's cards, trump, taker, first, a
// trick split and card points consistent with it; or the same hands'
// announcements as declared at the table; or only each team's announcement
// points), and it is scored under every shipped ruleset, checking that the
// sheet adds up and that at most one team scores announcements.
#include <cstddef>
#include <cstdint>
#include <fuzzer/FuzzedDataProvider.h>
#include <utility>
#include <vector>

#include "fuzz_support.h"

using namespace belote;

namespace {

/// Points a team may write for its announcements on a score sheet (the reader's bound).
constexpr int kMaxTeamPoints = 100000;

Seat any_seat(FuzzedDataProvider& bytes) { return Seat(bytes.ConsumeIntegralInRange(0, 3)); }

// The deck's cards dealt in an order the bytes choose, and a result the reader accepts.
void deal_cards(const Deck& deck, FuzzedDataProvider& bytes, Deal& deal) {
  std::vector<Card> cards;
  CardSet all = deck.all_cards();
  while (all) cards.push_back(pop_lowest(all));
  for (std::size_t i = cards.size(); i > 1; --i)
    std::swap(cards[i - 1], cards[bytes.ConsumeIntegralInRange<std::size_t>(0, i - 1)]);
  for (std::size_t i = 0; i < cards.size(); ++i) deal.hands[kSeats[i / std::size_t(deck.hand_size)]] |= card_bit(cards[i]);

  deal.trump = Suit(bytes.ConsumeIntegralInRange(0, kSuitCount - 1));
  deal.taker = any_seat(bytes);
  deal.first_given = bytes.ConsumeBool();
  if (deal.first_given) deal.first = any_seat(bytes);
  const int total = deck.total_card_points();
  const int ns_tricks = bytes.ConsumeIntegralInRange(0, deck.hand_size);
  const int ns_points = ns_tricks == 0 ? 0 : ns_tricks == deck.hand_size ? total : bytes.ConsumeIntegralInRange(0, total);
  deal.result.tricks[Team::NS] = ns_tricks;
  deal.result.tricks[Team::EW] = deck.hand_size - ns_tricks;
  deal.result.points[Team::NS] = ns_points;
  deal.result.points[Team::EW] = total - ns_points;
}

// The hands' announcements as declared at the table: some of what each hand holds, the belote perhaps.
void declare(const Ruleset& rules, FuzzedDataProvider& bytes, Deal& deal) {
  deal.form = DealForm::declared;
  for (Seat seat : kSeats) {
    const CardSet hand = deal.hands[seat];
    SeatAnnouncements held;
    declare_hand(rules, hand, deal.trump, held);
    SeatAnnouncements& said = deal.declared[seat];
    said.clear();
    CardSet used = 0;
    for (const Announcement& a : held) {
      if (!bytes.ConsumeBool()) continue;
      said.items[said.count++] = Announcement{a.carre, a.suit, a.top, a.length, 0, 0};
      used |= a.cards();
    }
    // A carré that voids the deal is declared too (no hand-found list holds it).
    RankMask voiding = four_of_a_kind(hand) & rules.carres.voiding_ranks;
    while (voiding && said.count < kMaxAnnouncementsPerSeat) {
      const Announcement carre{true, 0, Rank(std::countr_zero(voiding)), 4, 0, 0};
      voiding &= voiding - 1;
      if ((carre.cards() & used) && !rules.announcements.card_reuse) continue;
      if (bytes.ConsumeBool()) said.items[said.count++] = carre;
    }
    const RankMask belote = rules.belote.ranks;
    if ((suit_ranks(hand, deal.trump) & belote) == belote && bytes.ConsumeBool()) deal.belotes[seat] = 1;
  }
  deal.hands = {};
}

// Only what each team writes for its announcements, and who had the belote.
void team_points(FuzzedDataProvider& bytes, Deal& deal) {
  deal.form = DealForm::team_points;
  deal.hands = {};
  const Team scoring = bytes.ConsumeBool() ? Team::NS : Team::EW;
  deal.team_announcements[scoring] = bytes.ConsumeIntegralInRange(0, kMaxTeamPoints);
  switch (bytes.ConsumeIntegralInRange(0, 2)) {
    case 0: break;
    case 1: deal.belotes[any_seat(bytes)] = 1; break;
    default: deal.belote_team = bytes.ConsumeBool() ? Team::NS : Team::EW; break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto& rulesets = fuzz::shipped_rulesets();
  // Writing and reading back costs far more than scoring: one ruleset, chosen by the bytes, does it.
  const std::size_t written = size == 0 ? 0 : data[size - 1] % rulesets.size();
  Outcome outcome, again;
  for (std::size_t r = 0; r < rulesets.size(); ++r) {
    const Ruleset& rules = *rulesets[r];
    // The same bytes make the same deal under every ruleset (they share a deck shape).
    FuzzedDataProvider bytes(data, size);
    Deal deal;
    deal.id = "fuzz";
    deal_cards(rules.deck, bytes, deal);
    switch (bytes.ConsumeIntegralInRange(0, 2)) {
      case 0: break;
      case 1: declare(rules, bytes, deal); break;
      default: team_points(bytes, deal); break;
    }
    evaluate(rules, deal, outcome);
    fuzz::check_outcome(rules, deal, outcome);
    // Scoring again into a used outcome gives the same answer.
    evaluate(rules, deal, again);
    BELOTE_FUZZ_CHECK(again.score == outcome.score && again.suspended == outcome.suspended &&
                      again.contract == outcome.contract && again.winner == outcome.winner &&
                      again.announcements == outcome.announcements);
    if (r == written) fuzz::score_write_and_read_back(rules, deal);
  }
  return 0;
}
