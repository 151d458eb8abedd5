// Properties of the evaluator over many random deals, for every shipped
// ruleset: the sheet adds up by the ruleset's policies, one team at most
// scores announcements, a void deal scores nothing, the outcome follows the
// seats when they rotate, ignores which non-trump suit is which, and the same
// input always gives the same bytes.
#include <fmt/format.h>

#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "hand_built.h"

BOOST_AUTO_TEST_SUITE(test_properties)

namespace bdata = boost::unit_test::data;
using namespace belote;
using namespace belote::test;

namespace {

// Fewer under $BELOTE_TEST_SCALE (the sanitizer build), never fewer in the normal build.
const std::uint64_t kDeals = scaled(40'000);
constexpr std::uint64_t kSeed = 20240611;
// Writing JSON is much slower than scoring: the bytes are compared on every 8th deal.
constexpr std::uint64_t kJsonEvery = 8;

// What one chunk of deals found: how often each situation came up, and the
// first few property violations (checked on the main thread afterwards).
struct Tally {
  std::uint64_t deals = 0, made = 0, failed = 0, litige = 0, tied = 0, voided = 0, capots = 0;
  std::uint64_t contested = 0, trick_rule = 0, taker_announcements_failed = 0, json_compared = 0;
  std::uint64_t violations = 0;
  std::vector<std::string> first_violations;

  void violation(const Deal& deal, std::string what) {
    if (++violations <= 5) first_violations.push_back(fmt::format("{}: {}", deal.id, what));
  }
  void add(Tally& other) {
    for (auto [mine, theirs] : {std::pair{&deals, &other.deals},
                                {&made, &other.made},
                                {&failed, &other.failed},
                                {&litige, &other.litige},
                                {&tied, &other.tied},
                                {&voided, &other.voided},
                                {&capots, &other.capots},
                                {&contested, &other.contested},
                                {&trick_rule, &other.trick_rule},
                                {&taker_announcements_failed, &other.taker_announcements_failed},
                                {&json_compared, &other.json_compared},
                                {&violations, &other.violations}})
      *mine += *theirs;
    for (auto& text : other.first_violations)
      if (first_violations.size() < 5) first_violations.push_back(std::move(text));
  }
};

Seat seat_after(Seat seat) { return next_in_play(seat); }

// Every hand moves one seat on in play order (N's hand to W, W's to S, ...),
// and the taker, the first speaker and the result's teams with them.
Deal rotated(const Deal& deal) {
  Deal out = deal;
  for (Seat seat : kSeats) out.hands[seat_after(seat)] = deal.hands[seat];
  out.taker = seat_after(deal.taker);
  out.first = seat_after(deal.first);
  for (Team team : kTeams) {
    out.result.points[other(team)] = deal.result.points[team];
    out.result.tricks[other(team)] = deal.result.tricks[team];
  }
  return out;
}

// The cards of two suits exchanged in every hand, and nothing else.
Deal suits_swapped(const Deal& deal, Suit a, Suit b) {
  Deal out = deal;
  for (Seat seat : kSeats) {
    const CardSet hand = deal.hands[seat];
    const CardSet others = hand & ~(suit_cards(0xFFFFu, a) | suit_cards(0xFFFFu, b));
    out.hands[seat] = others | suit_cards(suit_ranks(hand, a), b) | suit_cards(suit_ranks(hand, b), a);
  }
  return out;
}

// The belote holder, found from the cards without the evaluator.
std::optional<Seat> belote_holder(const Ruleset& rules, const Deal& deal) {
  const CardSet belote = suit_cards(rules.belote.ranks, deal.trump);
  for (Seat seat : kSeats)
    if ((deal.hands[seat] & belote) == belote) return seat;
  return std::nullopt;
}

bool holds_voiding_carre(const Ruleset& rules, const Deal& deal) {
  for (Seat seat : kSeats)
    if (four_of_a_kind(deal.hands[seat]) & rules.carres.voiding_ranks) return true;
  return false;
}

// The sheet, recomputed from the rule book's steps 3 to 8 and the outcome's
// per-seat announcements and winner.
void check_sheet(const Ruleset& rules, const Deal& deal, const Outcome& out, Tally& tally) {
  const Team takers = team_of(deal.taker);
  const Team defenders = other(takers);
  const ContractRules& c = rules.contract;

  // Step 3: the team with the stronger best announcement, or the tie rule.
  PerTeam<StrengthKey> best{};
  for (Seat seat : kSeats) best[team_of(seat)] = std::max(best[team_of(seat)], out.announcements[seat].best);
  const bool tie = best[Team::NS] == best[Team::EW];
  const bool winner_ok =
      out.winner ? best[*out.winner] > best[other(*out.winner)] ||
                       (tie && best[*out.winner] && rules.announcements.exact_tie == ExactTie::first_speaker)
                 : tie && (best[Team::NS] == 0 || rules.announcements.exact_tie == ExactTie::nobody);
  if (!winner_ok) tally.violation(deal, "the announcement winner does not hold the strongest announcement");

  PerTeam<int> announcements{}, belote{}, cards = deal.result.points;
  if (out.winner && deal.result.tricks[*out.winner] >= rules.announcements.min_tricks) {
    for (Seat seat : kSeats)
      if (team_of(seat) == *out.winner) announcements[*out.winner] += out.announcements[seat].points;
  }
  if (const auto holder = belote_holder(rules, deal)) belote[team_of(*holder)] = rules.belote.points;
  for (Team team : kTeams) {
    if (deal.result.tricks[team] == rules.deck.hand_size) {
      cards[team] = c.capot_points;
      cards[other(team)] = 0;
    }
  }
  const auto total = [&](Team team) { return cards[team] + announcements[team] + belote[team]; };
  const auto compared = [&](Team team) {
    return cards[team] + (c.counts_announcements ? announcements[team] : 0) + (c.counts_belote ? belote[team] : 0);
  };
  const int difference = compared(takers) - compared(defenders);
  const ContractResult on_tie = c.on_tie == ContractTie::litige ? ContractResult::litige
                                : c.on_tie == ContractTie::made ? ContractResult::made
                                                                : ContractResult::failed;
  const ContractResult contract = difference > 0   ? ContractResult::made
                                  : difference < 0 ? ContractResult::failed
                                                   : on_tie;

  PerTeam<int> score{};
  int suspended = 0;
  switch (contract) {
    case ContractResult::made:
      for (Team team : kTeams) score[team] = total(team);
      break;
    case ContractResult::failed: {
      // "All the card points": the deck's total, or the capot value when the takers took no trick.
      const int all_cards = deal.result.tricks[takers] == 0 ? c.capot_points : rules.deck.total_card_points();
      score[defenders] = all_cards + announcements[defenders] + belote[defenders];
      (c.failed_announcements == Beneficiary::takers ? score[takers] : score[defenders]) += announcements[takers];
      (c.failed_belote == Beneficiary::takers ? score[takers] : score[defenders]) += belote[takers];
      if (announcements[takers] > 0) ++tally.taker_announcements_failed;
      break;
    }
    case ContractResult::litige:
      score[defenders] = total(defenders);
      suspended = total(takers);
      break;
    case ContractResult::none:  // computed above as made, failed or litige only
    case ContractResult::no_contract:
      break;
  }

  if (out.contract != contract)
    tally.violation(deal,
                    fmt::format("contract {}, expected {}", contract_name(out.contract), contract_name(contract)));
  if (out.score != score || out.suspended != suspended)
    tally.violation(
        deal, fmt::format("score NS {} EW {} suspended {}, expected NS {} EW {} suspended {}", out.score[Team::NS],
                          out.score[Team::EW], out.suspended, score[Team::NS], score[Team::EW], suspended));
  if (out.scored_announcements != announcements) tally.violation(deal, "scored announcements differ from the winner's");
  if (out.belote_seat != belote_holder(rules, deal)) tally.violation(deal, "belote holder");
  if (cards[Team::NS] + cards[Team::EW] != (out.capot ? c.capot_points : rules.deck.total_card_points()))
    tally.violation(deal, "card points do not add up");
  if (out.scored_announcements[Team::NS] > 0 && out.scored_announcements[Team::EW] > 0)
    tally.violation(deal, "both teams score announcements");

  ++(contract == ContractResult::made ? tally.made : contract == ContractResult::failed ? tally.failed : tally.litige);
  if (difference == 0) ++tally.tied;
  if (out.capot) ++tally.capots;
  if (out.best[Team::NS] && out.best[Team::EW]) ++tally.contested;
  if (out.lost_to_trick_rule) ++tally.trick_rule;
}

void check_rotation(const Ruleset& rules, const Deal& deal, const Outcome& out, Outcome& turned, Tally& tally) {
  evaluate(rules, rotated(deal), turned);
  bool same = turned.is_void == out.is_void && turned.contract == out.contract && turned.suspended == out.suspended;
  for (Team team : kTeams) same = same && turned.score[other(team)] == out.score[team];
  same = same && turned.winner == (out.winner ? std::optional(other(*out.winner)) : std::nullopt);
  same = same && turned.belote_seat == (out.belote_seat ? std::optional(seat_after(*out.belote_seat)) : std::nullopt);
  if (!out.is_void)
    for (Seat seat : kSeats) same = same && turned.announcements[seat_after(seat)] == out.announcements[seat];
  if (!same) tally.violation(deal, "rotating the seats does not rotate the outcome");
}

void check_suit_swap(const Ruleset& rules, const Deal& deal, const Outcome& out, Outcome& swapped, Tally& tally) {
  Suit plain[kSuitCount];
  int n = 0;
  for (Suit s = 0; s < kSuitCount; ++s)
    if (s != deal.trump) plain[n++] = s;
  evaluate(rules, suits_swapped(deal, plain[0], plain[2]), swapped);
  bool same = swapped.is_void == out.is_void && swapped.contract == out.contract && swapped.score == out.score &&
              swapped.suspended == out.suspended && swapped.winner == out.winner &&
              swapped.belote_seat == out.belote_seat && swapped.best == out.best;
  for (Seat seat : kSeats)
    same = same && swapped.announcements[seat].points == out.announcements[seat].points &&
           swapped.announcements[seat].best == out.announcements[seat].best &&
           swapped.announcements[seat].count == out.announcements[seat].count;
  if (!same) tally.violation(deal, "swapping two non-trump suits changes the outcome");
}

// What a hand declares: no sequence shares a card with another (nor with a
// carré when cards may not serve twice), and without split runs each sequence
// is a whole run of the cards the declared carrés leave free.
void check_declarations(const Ruleset& rules, const Deal& deal, const Outcome& out, Tally& tally) {
  const bool reuse = rules.announcements.card_reuse;
  for (Seat seat : kSeats) {
    const CardSet hand = deal.hands[seat];
    CardSet carres = 0, sequences = 0;
    for (const Announcement& a : out.announcements[seat])
      if (a.carre) carres |= a.cards();
    const CardSet free = reuse ? hand : hand & ~carres;
    for (const Announcement& a : out.announcements[seat]) {
      if ((a.cards() & ~hand) || (!a.carre && (a.cards() & (sequences | (reuse ? 0 : carres)))))
        tally.violation(deal, fmt::format("{} declares a card twice or one it does not hold", name(seat)));
      if (a.carre) continue;
      sequences |= a.cards();
      const bool open_below = a.low() == 0 || !contains(free, make_card(a.suit, Rank(a.low() - 1)));
      const bool open_above =
          a.top + 1 == rules.deck.rank_count() || !contains(free, make_card(a.suit, Rank(a.top + 1)));
      if (!rules.sequences.split_long_runs && !(open_below && open_above))
        tally.violation(deal, fmt::format("{} declares part of a run", name(seat)));
    }
  }
}

void check_deal(const Ruleset& rules, const Deal& deal, std::uint64_t number, Outcome& out, Outcome& scratch,
                Tally& tally) {
  ++tally.deals;
  evaluate(rules, deal, out);
  if (out.is_void != holds_voiding_carre(rules, deal)) tally.violation(deal, "void deal not recognised");
  if (out.is_void) {
    ++tally.voided;
    if (out.score != PerTeam<int>{} || out.suspended != 0 || out.contract != ContractResult::none || out.winner)
      tally.violation(deal, "a void deal scores");
  } else {
    check_sheet(rules, deal, out, tally);
    check_declarations(rules, deal, out, tally);
  }
  check_rotation(rules, deal, out, scratch, tally);
  check_suit_swap(rules, deal, out, scratch, tally);
  if (number % kJsonEvery == 0) {
    // `scratch` last held another deal's outcome: evaluating into it must leave nothing behind.
    evaluate(rules, deal, scratch);
    if (outcome_json(rules, deal, out).dump() != outcome_json(rules, deal, scratch).dump())
      tally.violation(deal, "the same deal gives different JSON");
    ++tally.json_compared;
  }
}

// Checks kDeals random deals on two threads; the tally does not depend on the thread count.
Tally check_random_deals(const Ruleset& rules) {
  const RandomDeals random(rules.deck, kSeed);
  Tally all;
  sample_in_chunks<Tally>(
      kDeals, 2,
      [&](std::uint64_t begin, std::uint64_t end, Tally& tally) {
        Deal deal;
        Outcome out, scratch;
        for (std::uint64_t i = begin; i < end; ++i) {
          random.make(i, deal);
          check_deal(rules, deal, i, out, scratch, tally);
        }
      },
      [&](Tally& partial) { all.add(partial); });
  return all;
}

// Checks the properties on random deals and that the deals reached every branch they speak of.
void check_properties(const Ruleset& rules) {
  const Tally all = check_random_deals(rules);

  BOOST_TEST(all.deals == kDeals);
  BOOST_TEST(all.violations == 0u);
  for (const auto& text : all.first_violations) BOOST_TEST_MESSAGE(text);
  // The deals reach every branch the properties speak of.
  BOOST_TEST(all.made > 0u);
  BOOST_TEST(all.failed > 0u);
  BOOST_TEST(all.tied > 0u);
  BOOST_TEST(all.capots > 0u);
  BOOST_TEST(all.contested > 0u);
  BOOST_TEST(all.taker_announcements_failed > 0u);
  BOOST_TEST(all.json_compared >= kDeals / kJsonEvery);
  if (rules.contract.on_tie == ContractTie::litige) BOOST_TEST(all.litige > 0u);
  if (rules.carres.voiding_ranks) BOOST_TEST(all.voided > 0u);
  if (rules.announcements.min_tricks > 0) BOOST_TEST(all.trick_rule > 0u);
}

}  // namespace

BOOST_DATA_TEST_CASE(random_deals_keep_the_properties, bdata::make(classic_contract_ruleset_names()), name) {
  check_properties(*ruleset(name));
}

BOOST_AUTO_TEST_CASE(a_36_card_deck_keeps_the_properties) {
  check_properties(*variant("classique", kDeck36Toml));
  check_properties(*variant("traditionnelle", kDeck36Toml));
}

BOOST_AUTO_TEST_CASE(rotating_and_swapping_change_the_deal_as_intended) {
  // The transformations themselves, on one deal: a test of the test's tools.
  const auto rules = ruleset("classique");
  Deal deal;
  RandomDeals(rules->deck, kSeed).make(0, deal);
  const Deal turned = rotated(deal);
  BOOST_TEST(turned.hands[Seat::W] == deal.hands[Seat::N]);
  BOOST_TEST(turned.hands[Seat::N] == deal.hands[Seat::E]);
  BOOST_TEST(turned.taker == next_in_play(deal.taker));
  BOOST_TEST(turned.result.points[Team::EW] == deal.result.points[Team::NS]);
  const Deal back = rotated(rotated(rotated(turned)));
  for (Seat seat : kSeats) BOOST_TEST(back.hands[seat] == deal.hands[seat]);

  const Suit a = Suit((deal.trump + 1) % kSuitCount), b = Suit((deal.trump + 2) % kSuitCount);
  const Deal swapped = suits_swapped(deal, a, b);
  for (Seat seat : kSeats) {
    BOOST_TEST(count(swapped.hands[seat]) == count(deal.hands[seat]));
    BOOST_TEST(suit_ranks(swapped.hands[seat], a) == suit_ranks(deal.hands[seat], b));
    BOOST_TEST(suit_ranks(swapped.hands[seat], deal.trump) == suit_ranks(deal.hands[seat], deal.trump));
  }
}

BOOST_AUTO_TEST_SUITE_END()  // test_properties
