// The belot.exe round-scoring records (tests/data/belot-exe/golden_score.json):
// 2,500 rounds the program scored, each with its contract, declarer,
// doubling, the cards each seat took, the last trick, the declarations and
// the tens hanging from earlier rounds. The shipped `bulgare` ruleset,
// loaded by name, writes on the board exactly the tens the program added.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>
#include <map>
#include <nlohmann/json.hpp>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_belot_exe_scoring)

using namespace belote;
using namespace belote::test;
using nlohmann::json;

namespace {

const json& rounds() {
  static const json records = json::parse(read_file(tests_dir() / "data" / "belot-exe" / "golden_score.json"))["scoring"];
  return records;
}

// The program's seats 1 to 4 are S, E, N, W (play goes S → E → N → W, as at our tables).
Seat seat_of(int program_seat) {
  static constexpr std::array<Seat, 4> seats{Seat::S, Seat::E, Seat::N, Seat::W};
  return seats.at(std::size_t(program_seat - 1));
}

// The suit index of the `taken` cards is the program's own: 0 C, 1 D, 2 S, 3 H.
const std::array<std::string, 4> kTakenSuits{"C", "D", "S", "H"};

std::string rank_token(int number) {
  static const std::map<int, std::string> names{{11, "J"}, {12, "Q"}, {13, "K"}, {14, "A"}};
  return number <= 10 ? std::to_string(number) : names.at(number);
}

// The round as a declared deal of the ruleset: the card points each side took
// (kind's values, last trick, multiplier) and each seat's declarations.
Deal deal_of(const Ruleset& rules, const json& round, int index) {
  const Deck& deck = rules.deck;
  Deal deal;
  deal.id = fmt::format("round-{}", index);
  deal.form = DealForm::declared;
  const std::string contract = round["contract"];
  static const std::map<std::string, std::string> suits{{"Clubs", "C"}, {"Diamonds", "D"}, {"Hearts", "H"}, {"Spades", "S"}};
  if (const auto suit = suits.find(contract); suit != suits.end()) {
    deal.trump = *deck.parse_suit(suit->second);
    deal.kind = std::uint8_t(*rules.suit_kind(deal.trump));
  } else {
    deal.kind = std::uint8_t(*rules.find_kind(contract == "NoTrumps" ? "no-trumps" : "all-trumps"));
  }
  const ContractKind& kind = rules.kinds[deal.kind];
  deal.taker = seat_of(round["declarer"]);
  deal.first = Seat::S;
  const int level = round["level"];
  if (level > 1) deal.doubling = std::uint8_t(*rules.find_doubling(level == 2 ? "kontra" : "rekontra") + 1);
  deal.held_over = round["hanging"];

  for (const auto& [seat_text, cards] : round["taken"].items()) {
    const Team team = team_of(seat_of(std::stoi(seat_text)));
    for (const auto& card : cards) {
      const auto parsed = deck.parse_card(rank_token(card[1]) + kTakenSuits.at(std::size_t(card[0])));
      BOOST_TEST_REQUIRE(parsed.has_value());
      deal.result.points[team] += kind.card_points(*parsed, deal.trump);
    }
    deal.result.tricks[team] += int(cards.size()) / 4;
  }
  deal.result.points[team_of(seat_of(round["lastTrick"]))] += kind.last_trick_points;
  for (Team team : kTeams) deal.result.points[team] *= kind.card_multiplier;

  // The declaration slots: carré, carré, tierce, tierce, quarte, quarte, quinte, each a top rank or 0.
  // Their suits are not recorded, and the program compares no suit: any suit will do.
  static constexpr std::array<int, 7> kLength{4, 4, 3, 3, 4, 4, 5};
  for (const auto& [seat_text, slots] : round["decl"].items()) {
    SeatAnnouncements& declared = deal.declared[seat_of(std::stoi(seat_text))];
    for (std::size_t slot = 0; slot < slots.size(); ++slot) {
      const int top = slots[slot];
      if (top == 0) continue;
      const Rank rank = *deck.parse_rank(rank_token(top));
      const bool carre = slot < 2;
      declared.items[declared.count++] = Announcement{carre, Suit(slot % kSuitCount), rank, std::uint8_t(kLength[slot]), 0, 0};
    }
  }
  return deal;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_records_are_all_there) { BOOST_TEST(rounds().size() == 2500u); }

BOOST_AUTO_TEST_CASE(every_round_writes_the_programs_tens_on_the_board) {
  const auto rules = ruleset("bulgare");
  int index = 0, mismatches = 0;
  std::map<std::string, int> seen;  // what the records reach, so that a test of nothing cannot pass
  for (const json& round : rounds()) {
    const Deal deal = deal_of(*rules, round, index);
    const Outcome out = evaluate(*rules, deal);
    const PerTeam<int> board{{round["board"][0].get<int>(), round["board"][1].get<int>()}};
    if (out.score != board) {
      if (++mismatches <= 10)
        BOOST_TEST_MESSAGE(fmt::format("round {} ({} {} level {} hanging {}): board NS {} EW {}, the ruleset writes NS {} EW {}",
                                       index, std::string(round["contract"]), int(round["declarer"]), int(round["level"]),
                                       int(round["hanging"]), board[Team::NS], board[Team::EW], out.score[Team::NS],
                                       out.score[Team::EW]));
    }
    ++seen[std::string(contract_name(out.contract)) + (out.factor > 1 ? " doubled" : "")];
    if (out.capot) ++seen["capot"];
    if (deal.held_over) ++seen["hanging in"];
    ++index;
  }
  BOOST_TEST(mismatches == 0);
  for (const auto& [what, count] : seen) BOOST_TEST_MESSAGE(what << ": " << count);
  for (const char* what : {"made", "failed", "litige", "made doubled", "failed doubled", "litige doubled", "capot", "hanging in"})
    BOOST_TEST(seen[what] > 0, what);
}

BOOST_AUTO_TEST_SUITE_END()  // test_belot_exe_scoring
