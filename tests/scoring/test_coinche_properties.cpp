// Coinche over random deals: a scorer written here from the rule book's
// coinche family (contracts.md), independent of the engine's contract
// scoring, agrees with the engine on every deal of coinche and its overlays.
// Only the announcements each seat declares and their strength come from the
// engine (they are the announcements' rules, not the contract's).
#include <fmt/format.h>

#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include "hand_built.h"

BOOST_AUTO_TEST_SUITE(test_coinche_properties)

namespace bdata = boost::unit_test::data;
using namespace belote;
using namespace belote::test;

namespace {

const std::uint64_t kDeals = scaled(20'000);
constexpr std::uint64_t kSeed = 20250214;

// The rule book's coinche, and what each overlay changes.
struct Table {
  std::string ruleset;
  bool announcements = true;  ///< contree: nobody declares sequences or carrés
  bool rounded = true;        ///< coinche-sans-arrondi: exact points
  bool bid_alone = false;     ///< coinche-contrat-seul: an undoubled made contract writes the bid
};
std::ostream& operator<<(std::ostream& out, const Table& t) { return out << t.ruleset; }

const std::vector<Table> kTables{
    {"coinche"},
    {"contree", false},
    {"coinche-sans-arrondi", true, false},
    {"coinche-contrat-seul", true, true, true},
};

struct Tally {
  std::uint64_t deals = 0, made = 0, failed = 0, doubled_made = 0, doubled_failed = 0, capots = 0;
  std::uint64_t capot_bid_made = 0, named_bid_failed = 0, no_trick = 0, rounded_up_at_five = 0;
  std::uint64_t announced = 0, belotes = 0, sans_atout = 0, tout_atout = 0;
  std::uint64_t violations = 0;
  std::vector<std::string> first_violations;

  void violation(const Deal& deal, std::string what) {
    if (++violations <= 5) first_violations.push_back(fmt::format("{}: {}", deal.id, what));
  }
  void add(Tally& other) {
    for (auto [mine, theirs] : {std::pair{&deals, &other.deals}, {&made, &other.made}, {&failed, &other.failed},
                                {&doubled_made, &other.doubled_made}, {&doubled_failed, &other.doubled_failed},
                                {&capots, &other.capots}, {&capot_bid_made, &other.capot_bid_made},
                                {&named_bid_failed, &other.named_bid_failed}, {&no_trick, &other.no_trick},
                                {&rounded_up_at_five, &other.rounded_up_at_five}, {&announced, &other.announced},
                                {&belotes, &other.belotes}, {&sans_atout, &other.sans_atout},
                                {&tout_atout, &other.tout_atout}, {&violations, &other.violations}})
      *mine += *theirs;
    for (auto& text : other.first_violations)
      if (first_violations.size() < 5) first_violations.push_back(std::move(text));
  }
};

// Belote 20 for each king and queen of one suit in one hand: the trump suit
// in a suit contract, every suit in tout-atout, none in sans-atout.
PerTeam<int> belotes(const Ruleset& rules, const Deal& deal, const std::string& kind) {
  PerTeam<int> points{};
  if (kind == "sans-atout") return points;
  for (Suit suit = 0; suit < kSuitCount; ++suit) {
    if (kind == "couleur" && suit != deal.trump) continue;
    const CardSet pair = suit_cards(rules.belote.ranks, suit);
    for (Seat seat : kSeats)
      if ((deal.hands[seat] & pair) == pair) points[team_of(seat)] += 20;
  }
  return points;
}

// To the nearest ten, 5 up.
int nearest_ten(int points) { return (points + 5) / 10 * 10; }

void check_deal(const Table& table, const Ruleset& rules, const Deal& deal, const Outcome& out, Tally& tally) {
  ++tally.deals;
  const std::string& kind = rules.kinds[deal.kind].name;
  const Team takers = team_of(deal.taker);
  const Team defenders = other(takers);

  // The announcements: the team with the strictly stronger best scores all of its own.
  PerTeam<int> announcements{};
  PerTeam<StrengthKey> best{};
  PerTeam<int> declared{};
  for (Seat seat : kSeats) {
    best[team_of(seat)] = std::max(best[team_of(seat)], out.announcements[seat].best);
    declared[team_of(seat)] += out.announcements[seat].points;
  }
  if (!table.announcements && (declared[Team::NS] || declared[Team::EW])) tally.violation(deal, "announcements in contrée");
  if (best[Team::NS] != best[Team::EW]) {
    const Team winner = best[Team::NS] > best[Team::EW] ? Team::NS : Team::EW;
    announcements[winner] = declared[winner];
  }
  const PerTeam<int> belote = belotes(rules, deal, kind);

  // Card points; a team taking every trick counts 250.
  PerTeam<int> cards = deal.result.points;
  std::optional<Team> capot;
  for (Team team : kTeams) {
    if (deal.result.tricks[team] == 8) {
      capot = team;
      cards[team] = 250;
      cards[other(team)] = 0;
    }
  }
  const auto total = [&](Team team) { return cards[team] + announcements[team] + belote[team]; };

  // The contract: a trick, then the bid's condition.
  const std::string named = deal.named_bid >= 0 ? rules.bids.named[std::size_t(deal.named_bid)].name : "";
  const int bid = named == "capot" ? 250 : named == "generale" ? 500 : deal.bid;
  bool made = deal.result.tricks[takers] >= 1;
  if (named == "capot") made = made && capot == takers;
  else if (named == "generale") made = made && deal.result.seat_tricks[deal.taker] == 8;
  else made = made && total(takers) >= bid;

  const int factor = deal.doubling == 0 ? 1 : rules.doubling[deal.doubling - 1u].name == "coinche" ? 2 : 4;
  PerTeam<int> written{};
  if (factor > 1) {
    // The side that wins the contract writes (160 + bid) × factor, its undoubled announcements and its belote.
    const Team winner = made ? takers : defenders;
    written[winner] = (160 + bid) * factor + (made ? announcements[takers] : announcements[Team::NS] + announcements[Team::EW]) +
                      belote[winner];
    written[other(winner)] = belote[other(winner)];
  } else if (made && table.bid_alone) {
    written[takers] = bid + announcements[takers] + belote[takers];
    written[defenders] = announcements[defenders] + belote[defenders];
  } else if (made) {
    written[takers] = total(takers) + bid;
    written[defenders] = total(defenders);
  } else {
    written[takers] = belote[takers];
    written[defenders] = (capot == defenders ? 250 : 160) + bid + announcements[Team::NS] + announcements[Team::EW] +
                         belote[defenders];
  }
  PerTeam<int> score = written;
  if (table.rounded)
    for (Team team : kTeams) score[team] = nearest_ten(written[team]);

  const ContractResult expected = made ? ContractResult::made : ContractResult::failed;
  if (out.contract != expected)
    tally.violation(deal, fmt::format("contract {}, expected {}", contract_name(out.contract), contract_name(expected)));
  if (out.score != score || out.suspended != 0)
    tally.violation(deal, fmt::format("{} {} bid {} ×{}: NS {} EW {}, expected NS {} EW {}", kind, name(takers), bid,
                                      factor, out.score[Team::NS], out.score[Team::EW], score[Team::NS], score[Team::EW]));
  if (out.scored_announcements != announcements) tally.violation(deal, "scored announcements");
  if (out.belote_points != belote) tally.violation(deal, "belote points");

  ++(made ? (factor > 1 ? tally.doubled_made : tally.made) : (factor > 1 ? tally.doubled_failed : tally.failed));
  if (capot) ++tally.capots;
  if (named == "capot" && made) ++tally.capot_bid_made;
  if (!named.empty() && !made) ++tally.named_bid_failed;
  if (deal.result.tricks[takers] == 0) ++tally.no_trick;
  if (table.rounded && (written[Team::NS] % 10 == 5 || written[Team::EW] % 10 == 5)) ++tally.rounded_up_at_five;
  if (announcements[Team::NS] || announcements[Team::EW]) ++tally.announced;
  if (belote[Team::NS] || belote[Team::EW]) ++tally.belotes;
  if (kind == "sans-atout") ++tally.sans_atout;
  if (kind == "tout-atout") ++tally.tout_atout;
}

}  // namespace

BOOST_DATA_TEST_CASE(an_independent_scorer_agrees_on_random_deals, bdata::make(kTables), table) {
  const auto rules = ruleset(table.ruleset);
  const RandomDeals random(*rules, kSeed);
  Tally all;
  sample_in_chunks<Tally>(
      kDeals, 2,
      [&](std::uint64_t begin, std::uint64_t end, Tally& tally) {
        Deal deal;
        Outcome out;
        for (std::uint64_t i = begin; i < end; ++i) {
          random.make(i, deal);
          evaluate(*rules, deal, out);
          check_deal(table, *rules, deal, out, tally);
        }
      },
      [&](Tally& partial) { all.add(partial); });

  BOOST_TEST(all.deals == kDeals);
  BOOST_TEST(all.violations == 0u);
  for (const auto& text : all.first_violations) BOOST_TEST_MESSAGE(text);
  // The deals reach every branch the scorer has.
  BOOST_TEST(all.made > 0u);
  BOOST_TEST(all.failed > 0u);
  BOOST_TEST(all.doubled_made > 0u);
  BOOST_TEST(all.doubled_failed > 0u);
  BOOST_TEST(all.capots > 0u);
  BOOST_TEST(all.capot_bid_made > 0u);
  BOOST_TEST(all.named_bid_failed > 0u);
  BOOST_TEST(all.no_trick > 0u);
  BOOST_TEST(all.belotes > 0u);
  BOOST_TEST(all.sans_atout > 0u);
  BOOST_TEST(all.tout_atout > 0u);
  // (coinche-contrat-seul writes only tens: bids, announcements and belotes.)
  if (table.rounded && !table.bid_alone) BOOST_TEST(all.rounded_up_at_five > 0u);
  if (table.announcements) BOOST_TEST(all.announced > 0u);
}

BOOST_AUTO_TEST_SUITE_END()  // test_coinche_properties
