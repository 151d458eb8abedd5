// Fuzz target: the whole evaluation. The bytes choose a deal the readers
// would accept (a permutation of the deck's cards; the kind, trump, bid,
// doubling and held-over points the ruleset allows; taker, first, a trick
// split and card points consistent with the kind; or the same hands'
// announcements as declared at the table; or only each team's announcement
// points), and it is scored under every shipped ruleset, checking the
// properties of fuzz::check_outcome.
#include <cstddef>
#include <cstdint>
#include <fuzzer/FuzzedDataProvider.h>
#include <utility>
#include <vector>

#include "fuzz_support.h"

using namespace belote;

namespace {

Seat any_seat(FuzzedDataProvider& bytes) { return Seat(bytes.ConsumeIntegralInRange(0, 3)); }

// The deck's cards dealt in an order the bytes choose.
void deal_cards(const Deck& deck, FuzzedDataProvider& bytes, Deal& deal) {
  std::vector<Card> cards;
  CardSet all = deck.all_cards();
  while (all) cards.push_back(pop_lowest(all));
  for (std::size_t i = cards.size(); i > 1; --i)
    std::swap(cards[i - 1], cards[bytes.ConsumeIntegralInRange<std::size_t>(0, i - 1)]);
  for (std::size_t i = 0; i < cards.size(); ++i) deal.hands[kSeats[i / std::size_t(deck.hand_size)]] |= card_bit(cards[i]);
}

// The contract as the ruleset allows it: kind and trump, bid, doubling, points held over.
void choose_contract(const Ruleset& rules, FuzzedDataProvider& bytes, Deal& deal) {
  deal.trump = Suit(bytes.ConsumeIntegralInRange(0, kSuitCount - 1));
  if (rules.kinds_named) {
    deal.kind = std::uint8_t(bytes.ConsumeIntegralInRange<std::size_t>(0, rules.kinds.size() - 1));
    deal.kind_given = true;
    const ContractKind& kind = rules.kinds[deal.kind];
    // A kind with one trump suit is played with one of its own suits.
    for (int turn = 0; kind.trumps == Trumps::one_suit && !kind.in_suit(deal.trump) && turn < kSuitCount; ++turn)
      deal.trump = Suit((deal.trump + 1) % kSuitCount);
  } else {
    deal.kind = std::uint8_t(rules.suit_kind(deal.trump).value_or(0));
  }
  const std::size_t bids = rules.bids.numbers.size() + rules.bids.named.size();
  if (bids > 0) {
    const std::size_t choice = bytes.ConsumeIntegralInRange<std::size_t>(0, bids - 1);
    if (choice < rules.bids.numbers.size()) {
      deal.bid = rules.bids.numbers[choice];
    } else {
      deal.named_bid = std::int8_t(choice - rules.bids.numbers.size());
      deal.bid = rules.bids.named[std::size_t(deal.named_bid)].value;
    }
  }
  deal.doubling = std::uint8_t(bytes.ConsumeIntegralInRange<std::size_t>(0, rules.doubling.size()));
  if (bytes.ConsumeBool()) deal.held_over = bytes.ConsumeIntegralInRange(0, 1000);
}

// Taker, first speaker, and a trick split and card points consistent with the kind.
void play_out(const Ruleset& rules, FuzzedDataProvider& bytes, Deal& deal) {
  const int hand_size = rules.deck.hand_size;
  deal.taker = any_seat(bytes);
  deal.first_given = bytes.ConsumeBool();
  if (deal.first_given) deal.first = any_seat(bytes);
  const int total = rules.tables.kinds[deal.kind].total_card_points;
  const int ns_tricks = bytes.ConsumeIntegralInRange(0, hand_size);
  const int ns_points = ns_tricks == 0 ? 0 : ns_tricks == hand_size ? total : bytes.ConsumeIntegralInRange(0, total);
  deal.result.tricks[Team::NS] = ns_tricks;
  deal.result.tricks[Team::EW] = hand_size - ns_tricks;
  deal.result.points[Team::NS] = ns_points;
  deal.result.points[Team::EW] = total - ns_points;
  if (rules.bids.any()) {
    // Each team's tricks to one of its seats, the taker's to the taker or its partner.
    deal.result.seat_tricks_given = true;
    for (Team team : kTeams) {
      const Seat seat = bytes.ConsumeBool() ? kSeats[std::size_t(team)] : kSeats[std::size_t(team) + 2];
      deal.result.seat_tricks[seat] = deal.result.tricks[team];
    }
  }
}

// The hands' announcements as declared at the table: some of what each hand holds, the belote perhaps.
void declare(const Ruleset& rules, FuzzedDataProvider& bytes, Deal& deal) {
  deal.form = DealForm::declared;
  for (Seat seat : kSeats) {
    const CardSet hand = deal.hands[seat];
    SeatAnnouncements held;
    declare_hand(rules, hand, deal.kind, deal.trump, held);
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
    // The belote, in each suit where the kind has one (none where the ruleset scores none: klaverjas).
    const KindTables& kind = rules.tables.kinds[deal.kind];
    const RankMask belote = rules.belote.points > 0 ? kind.belote_ranks : 0;
    for (Suit suit = 0; belote && suit < kSuitCount; ++suit) {
      const bool lives = kind.belote_suits == BeloteSuits::every_suit ||
                         (kind.belote_suits == BeloteSuits::trump_suit && suit == deal.trump);
      if (lives && (suit_ranks(hand, suit) & belote) == belote && bytes.ConsumeBool()) ++deal.belotes[seat];
    }
  }
  deal.hands = {};
}

// Only what each team writes for its announcements, and who had the belote.
void team_points(const Ruleset& rules, FuzzedDataProvider& bytes, Deal& deal) {
  deal.form = DealForm::team_points;
  deal.hands = {};
  const Team scoring = bytes.ConsumeBool() ? Team::NS : Team::EW;
  // Points a deal may write: at most what two hands can declare, and a total the kind's announcements add up to.
  const KindTables& kind = rules.tables.kinds[deal.kind];
  const int points = bytes.ConsumeIntegralInRange(0, int(rules.tables.most_team_announcements));
  deal.team_announcements[scoring] = kind.announcement_totals.holds(points) ? points : 0;
  // A belote only in a kind that has one, under a ruleset that scores one.
  const bool has_belote = rules.belote.points > 0 && kind.belote_ranks != 0 && kind.belote_suits != BeloteSuits::nowhere;
  switch (has_belote ? bytes.ConsumeIntegralInRange(0, 2) : 0) {
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
    // The same bytes deal the same cards under every ruleset (they share a deck shape).
    FuzzedDataProvider bytes(data, size);
    Deal deal;
    deal.id = "fuzz";
    deal_cards(rules.deck, bytes, deal);
    choose_contract(rules, bytes, deal);
    play_out(rules, bytes, deal);
    switch (bytes.ConsumeIntegralInRange(0, 2)) {
      case 0: break;
      case 1: declare(rules, bytes, deal); break;
      default: team_points(rules, bytes, deal); break;
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
